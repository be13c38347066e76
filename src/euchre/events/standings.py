"""The standings of a progressive evening, and the ranking by tie-breaks a tournament's shares.

Standings (X-32, X-49: "the person with the highest score wins"): by total points, then by
the tie-breaks the organiser lists, in his order, from :data:`TIEBREAKS`:
``lone_hands`` (most lone hands made, as X-50 marks them on the card), ``rounds_won`` (most
tables won) and ``head_to_head`` (among the players still level, most tables won against
them: a round in which the player's side beat a side holding one of them counts once
for each of them there). Players level after every tie-break share the rank (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from euchre.events.errors import EventError
from euchre.events.movements import EVENT_TABLE
from euchre.events.tally import TableResult

LONE_HANDS = "lone_hands"

ROUNDS_WON = "rounds_won"

HEAD_TO_HEAD = "head_to_head"

TIEBREAKS: tuple[str, ...] = (LONE_HANDS, ROUNDS_WON, HEAD_TO_HEAD)
"""The tie-breaks of a progressive evening's standings, in the default order."""


Item = TypeVar("Item")

Criterion = Callable[[Item, Sequence[Item]], float]
"""A tie-break: a value for an item among the group still level with it (higher ranks
first)."""


def rank_groups(items: Sequence[Item], criteria: Sequence[Criterion[Item]]) -> list[list[Item]]:
    """``items`` in order of rank, as groups of equal rank: split by the first criterion
    (higher first), each part split again by the next among its own members, and so on.
    Items level on every criterion form one group, in their given order."""
    if len(items) <= 1 or not criteria:
        return [list(items)] if items else []
    first, rest = criteria[0], criteria[1:]
    values = {id(i): first(i, items) for i in items}
    out: list[list[Item]] = []
    for value in sorted({values[id(i)] for i in items}, reverse=True):
        part = [i for i in items if values[id(i)] == value]
        out.extend(rank_groups(part, rest))
    return out


def ranks(groups: Sequence[Sequence[Item]]) -> list[tuple[int, Item]]:
    """``(rank, item)`` in order, the rank shared within a group (1, 2, 2, 4)."""
    out: list[tuple[int, Item]] = []
    for group in groups:
        rank = len(out) + 1
        out.extend((rank, i) for i in group)
    return out


@dataclass(frozen=True)
class Standing:
    """One player's line in the standings of a progressive evening.

    Attributes:
        rank: from 1; level players share it.
        player: the player's number.
        name: the player's name.
        total: his points over the rounds played.
        rounds: his points in each round (None for a round without his table's result).
        rounds_won: tables he won.
        lone_hands: lone hands he made.
    """

    rank: int
    player: int
    name: str
    total: int
    rounds: tuple[int | None, ...]
    rounds_won: int
    lone_hands: int


def check_tiebreaks(tiebreaks: Iterable[str], known: Sequence[str] = TIEBREAKS) -> tuple[str, ...]:
    """The tie-breaks, checked: each known, none twice.

    Raises:
        EventError: an unknown or repeated tie-break (the message lists the known ones).
    """
    out = tuple(t.strip() for t in tiebreaks)
    for t in out:
        if t not in known:
            raise EventError(f"unknown tie-break {t!r}; tie-breaks: {', '.join(known)}")
    if len(set(out)) != len(out):
        raise EventError(f"a tie-break is listed twice: {', '.join(out)}")
    return out


def standings(names: Sequence[str], results: Iterable[TableResult], rounds: int,
              tiebreaks: Sequence[str] = TIEBREAKS) -> list[Standing]:
    """The standings of a progressive evening: by total points, then by ``tiebreaks`` in
    order (see the module docstring).

    Args:
        names: every player's name, by number.
        results: the tables' results (one per table and round).
        rounds: the rounds of the evening (the length of :attr:`Standing.rounds`).
        tiebreaks: names from :data:`TIEBREAKS`.

    Raises:
        EventError: an unknown tie-break, or a result of a round beyond ``rounds``.
    """
    tiebreaks = check_tiebreaks(tiebreaks)
    results = list(results)
    per_round: list[list[int | None]] = [[None] * rounds for _ in names]
    won = [0] * len(names)
    lone = [0] * len(names)
    for r in results:
        if not 1 <= r.round <= rounds:
            raise EventError(f"a result of round {r.round}; the evening has rounds 1..{rounds}")
        for seat, p in enumerate(r.seats):
            per_round[p][r.round - 1] = r.totals[seat]
            won[p] += r.won(p)
            lone[p] += r.lone_hands(p)
    total = [sum(x for x in row if x is not None) for row in per_round]

    def head_to_head(p: int, group: Sequence[int]) -> float:
        others = set(group) - {p}
        count = 0
        for r in results:
            if r.won(p):
                seat = r.seats.index(p)
                count += sum(1 for s in EVENT_TABLE.opponents(seat) if r.seats[s] in others)
        return count

    by_name: dict[str, Criterion[int]] = {
        LONE_HANDS: lambda p, _g: lone[p], ROUNDS_WON: lambda p, _g: won[p], HEAD_TO_HEAD: head_to_head}
    criteria: list[Criterion[int]] = [lambda p, _g: total[p], *(by_name[t] for t in tiebreaks)]
    return [Standing(rank, p, names[p], total[p], tuple(per_round[p]), won[p], lone[p])
            for rank, p in ranks(rank_groups(list(range(len(names))), criteria))]


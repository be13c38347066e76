"""Single and double elimination brackets: the matches, where each team goes, the standings.

Elimination brackets: ``P`` = the smallest power of two >= n; seeds are placed by the
standard order (1 v P, then recursively so that seeds 1 and 2 can meet only in the final:
for P = 8, 1 8 4 5 2 7 3 6), and the seeds above ``n`` are byes, so the top seeds have
them; a team facing a bye goes through without play. Double elimination: the losers of
the winners' bracket (W) drop into the losers' bracket (L): L round 1 pairs the losers of
W round 1; each later W round's losers meet the survivors of the losers' bracket (in
reverse order in every second drop, #interp, so that a team does not meet at once the
team it has just played), and between these drops the survivors play each other. The
grand final (GF) sets the winners' champion against the losers'; if the losers' champion
wins it, both have lost once and a second final (GF2) decides. Standings of a bracket:
the champion first, then teams by the round they went out in, later first (teams out in
the same round share the rank), teams still in before those out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from euchre.events.errors import EventError
from euchre.events.standings import Criterion, rank_groups, ranks
from euchre.events.tournament import DOUBLE_ELIMINATION, ELIMINATION, MatchResult, TeamStanding, _records, _standing

BYE = -1
"""The empty slot of a bracket (a seed beyond the number of teams)."""


Source = tuple[str, int | str]
"""Where a bracket slot's team comes from: ``("seed", k)`` (seed k from 1),
``("winner", match id)`` or ``("loser", match id)``."""


@dataclass(frozen=True)
class BracketMatch:
    """One match of an elimination bracket.

    Attributes:
        id: ``W{round}.{n}`` (winners' bracket), ``L{round}.{n}`` (losers'), ``GF``,
            ``GF2`` (the second grand final, played only if the losers' champion wins the
            first).
        round_name: the group of matches played at the same stage (``W1``, ``L3``, ``GF``).
        sources: where its two teams come from.
    """

    id: str
    round_name: str
    sources: tuple[Source, Source]


def seed_order(size: int) -> list[int]:
    """The seeds (from 1) in bracket order for a bracket of ``size`` (a power of two):
    ``[1, 2]``, then each seed ``s`` followed by ``2 size' + 1 - s`` (1 8 4 5 2 7 3 6 for 8).

    Raises:
        EventError: ``size`` is not a power of two.
    """
    if size < 1 or size & (size - 1):
        raise EventError(f"a bracket's size is a power of two, not {size}")
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


def bracket(format_name: str, teams: int) -> tuple[BracketMatch, ...]:
    """Every match of a single or double elimination bracket of ``teams`` seeded teams,
    in the order they can be played (module docstring).

    Raises:
        EventError: fewer than two teams, or a format that is not an elimination.
    """
    if format_name not in ELIMINATION:
        raise EventError(f"{format_name!r} is not an elimination; those are {', '.join(sorted(ELIMINATION))}")
    if teams < 2:
        raise EventError(f"a tournament needs at least two teams, not {teams}")
    size = 1 << (teams - 1).bit_length()
    levels = size.bit_length() - 1
    order = seed_order(size)
    matches: list[BracketMatch] = []
    w_rounds: list[list[str]] = []
    first = []
    for i in range(size // 2):
        mid = f"W1.{i + 1}"
        matches.append(BracketMatch(mid, "W1", (("seed", order[2 * i]), ("seed", order[2 * i + 1]))))
        first.append(mid)
    w_rounds.append(first)
    double = format_name == DOUBLE_ELIMINATION
    l_prev: list[str] = []
    l_round = 0

    def losers_round(sources: list[tuple[Source, Source]]) -> list[str]:
        nonlocal l_round
        l_round += 1
        ids = []
        for i, pair in enumerate(sources):
            mid = f"L{l_round}.{i + 1}"
            matches.append(BracketMatch(mid, f"L{l_round}", pair))
            ids.append(mid)
        return ids

    for k in range(2, levels + 1):
        if double:
            if k == 2:
                drops = w_rounds[0]
                l_prev = losers_round([(("loser", drops[2 * i]), ("loser", drops[2 * i + 1]))
                                       for i in range(len(drops) // 2)])
        prev = w_rounds[-1]
        ids = []
        for i in range(len(prev) // 2):
            mid = f"W{k}.{i + 1}"
            matches.append(BracketMatch(mid, f"W{k}", (("winner", prev[2 * i]), ("winner", prev[2 * i + 1]))))
            ids.append(mid)
        w_rounds.append(ids)
        if double:
            dropping = ids if k % 2 else list(reversed(ids))
            l_prev = losers_round([(("winner", l_prev[i]), ("loser", dropping[i])) for i in range(len(ids))])
            if k < levels:
                l_prev = losers_round([(("winner", l_prev[2 * i]), ("winner", l_prev[2 * i + 1]))
                                       for i in range(len(l_prev) // 2)])
    if double:
        final_w = w_rounds[-1][0]
        l_champion: Source = ("winner", l_prev[0]) if l_prev else ("loser", final_w)
        matches.append(BracketMatch("GF", "GF", (("winner", final_w), l_champion)))
        matches.append(BracketMatch("GF2", "GF2", (("winner", "GF"), ("loser", "GF"))))
    return tuple(matches)


@dataclass(frozen=True)
class BracketState:
    """A bracket with the results so far.

    Attributes:
        teams: per match id, its two teams as far as known (a team, :data:`BYE`, or None
            while undecided); GF2's are those of GF, and None while it is not needed.
        winners: per decided match, the team that went through (:data:`BYE` when both
            slots were byes).
        ready: the matches that can be played now (both teams known, neither a bye, no
            result yet), in bracket order.
        champion: the winner of the tournament, or None.
        out_in: per team knocked out, the round name in which it went out.
    """

    teams: dict[str, tuple[int | None, int | None]]
    winners: dict[str, int]
    ready: tuple[str, ...]
    champion: int | None
    out_in: dict[int, str]


def resolve(matches: Sequence[BracketMatch], teams: int, results: Mapping[str, int]) -> BracketState:
    """The state of a bracket of ``teams`` teams given the results.

    Args:
        matches: the bracket (:func:`bracket`).
        teams: the number of teams (seeds above it are byes).
        results: per match id played, the team that won it.

    Raises:
        EventError: a result for a match that is not ready, or naming a team that is not
            in it.
    """
    by_id = {m.id: m for m in matches}
    unknown = set(results) - set(by_id)
    if unknown:
        raise EventError(f"no such match {sorted(unknown)[0]!r} in this bracket")
    winners: dict[str, int] = {}
    losers: dict[str, int] = {}
    slots: dict[str, tuple[int | None, int | None]] = {}
    ready: list[str] = []
    losses: dict[int, int] = {}
    out_in: dict[int, str] = {}
    double = "GF" in by_id
    lives = 2 if double else 1

    def value(src: Source) -> int | None:
        kind, ref = src
        if kind == "seed":
            return int(ref) - 1 if int(ref) <= teams else BYE
        table = winners if kind == "winner" else losers
        return table.get(str(ref))

    champion: int | None = None
    for m in matches:
        if m.id == "GF2":
            gf = slots.get("GF", (None, None))
            if "GF" not in winners or winners["GF"] == gf[0]:
                slots[m.id] = (None, None)
                if "GF2" in results:
                    raise EventError("GF2 is played only when the losers' champion wins GF")
                continue
            a, b = gf
        else:
            a, b = value(m.sources[0]), value(m.sources[1])
        slots[m.id] = (a, b)
        if a is None or b is None:
            if m.id in results:
                raise EventError(f"match {m.id} cannot be entered yet: its teams are not both known")
            continue
        if a == BYE or b == BYE:
            if m.id in results:
                raise EventError(f"match {m.id} is a bye: nobody plays it")
            winners[m.id] = b if a == BYE else a
            losers[m.id] = BYE
            continue
        if m.id not in results:
            ready.append(m.id)
            continue
        w = results[m.id]
        if w not in (a, b):
            raise EventError(f"match {m.id} is between teams {a + 1} and {b + 1}, not won by team {w + 1}")
        winners[m.id], losers[m.id] = w, (b if w == a else a)
        loser = losers[m.id]
        losses[loser] = losses.get(loser, 0) + 1
        if losses[loser] >= lives or m.id == "GF2" or (m.id == "GF" and winners["GF"] == a):
            out_in[loser] = m.round_name
    if double:
        if "GF2" in winners:
            champion = winners["GF2"]
        elif "GF" in winners and winners["GF"] == slots["GF"][0]:
            champion = winners["GF"]
    else:
        champion = winners.get(matches[-1].id)
        if champion == BYE:  # pragma: no cover - two teams or more always give a final
            champion = None
    return BracketState(slots, winners, tuple(ready), champion, out_in)


def bracket_standings(names: Sequence[str], matches: Sequence[BracketMatch], results: Sequence[MatchResult]) -> list[TeamStanding]:
    """The standings of an elimination (module docstring): the champion, the teams still
    in (most matches won first), then the teams out, the later round first.

    Raises:
        EventError: results that do not fit the bracket (:func:`resolve`).
    """
    state = resolve(matches, len(names), {r.key: r.winning_team for r in results if r.winning_team is not None})
    recs = _records(len(names), results, ())
    round_order: list[str] = []
    for m in matches:
        if m.round_name not in round_order:
            round_order.append(m.round_name)

    def status(t: int) -> str:
        if state.champion == t:
            return "champion"
        return f"out in {state.out_in[t]}" if t in state.out_in else "in"

    def stage(t: int, _g: Sequence[int]) -> float:
        if state.champion == t:
            return 10_000
        if t not in state.out_in:
            return 5_000
        return round_order.index(state.out_in[t])

    criteria: list[Criterion[int]] = [stage, lambda t, _g: recs[t].won if t not in state.out_in else 0]
    return [_standing(rank, t, names[t], recs[t], recs[t].won, 0, status(t))
            for rank, t in ranks(rank_groups(list(range(len(names))), criteria))]


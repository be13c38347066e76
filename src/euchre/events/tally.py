"""The tally of a progressive evening: each player's points hand by hand and round by
round, who won each table, the standings with the organiser's tie-breaks, and their
export as CSV and JSON.

Scoring (X-32, RULES.md decision 24): every player records on his tally his side's
points of each hand, 1, 2 or 4, or X for nothing (``GameResult.player_points`` of a
``progressive-party`` round); a hand passed out is dealt again and is not one of the
round's hands. The organiser may add X-50's local twists (:class:`HouseScoring`): a lone
hand that makes it scores 5 for the loner and 4 for his partner, and a lone hand set gives
each opponent 3. #interp X-50's "makes it" is read as taking all five tricks (the lone
march, which scores 4 to both partners otherwise): a lone hand of three or four tricks
scores its usual 1.

A table is won by the side whose two players recorded more points in the round (X-49: "a
winner and loser are determined at each table"). Equal points are a tie that the sources
do not settle: #interp the organiser names the winners when he enters the scores, and
otherwise the sides cut (a seeded draw, the same for the same event seed).

Standings (X-32, X-49: "the person with the highest score wins"): by total points, then by
the tie-breaks the organiser lists, in his order, from :data:`TIEBREAKS`:
``lone_hands`` (most lone hands made, as X-50 marks them on the card), ``rounds_won`` (most
tables won) and ``head_to_head`` (among the players still level, most tables won against
them: a round in which the player's side beat a side holding one of them counts once
for each of them there). Players level after every tie-break share the rank (1, 2, 2, 4).
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any, TypeVar

from euchre.analysis.duplicate import derive_seed
from euchre.core.rules import Rules
from euchre.core.scoring import score_hand
from euchre.core.state import HandResult
from euchre.events.errors import EventError
from euchre.events.movements import EVENT_TABLE

SEATS = "NESW"

LONE_HANDS = "lone_hands"
ROUNDS_WON = "rounds_won"
HEAD_TO_HEAD = "head_to_head"
TIEBREAKS: tuple[str, ...] = (LONE_HANDS, ROUNDS_WON, HEAD_TO_HEAD)
"""The tie-breaks of a progressive evening's standings, in the default order."""


@dataclass(frozen=True)
class HouseScoring:
    """The organiser's scoring twists over the rules' (X-50); None keeps the rules' value.

    Attributes:
        lone_march_loner: the points the loner records for a lone march (X-50: 5).
        lone_march_partner: the points his partner records for it (X-50: 4).
        lone_euchred: the points each opponent records when a lone hand is euchred
            (X-50: 3).
    """

    lone_march_loner: int | None = None
    lone_march_partner: int | None = None
    lone_euchred: int | None = None

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None and (type(value) is not int or not 0 <= value <= 99):
                raise EventError(f"house scoring {f.name} must be a whole number of points 0..99 or none, not {value!r}")

    @property
    def is_plain(self) -> bool:
        """True when nothing differs from the rules."""
        return all(getattr(self, f.name) is None for f in fields(self))

    def to_dict(self) -> dict[str, int | None]:
        """The options by name (JSON)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HouseScoring:
        """The options from :meth:`to_dict`.

        Raises:
            EventError: an unknown name or a bad value.
        """
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise EventError(f"unknown house scoring {sorted(unknown)}; known: {sorted(names)}")
        return cls(**data)

    def describe(self) -> str:
        """The twists in words (empty when plain)."""
        parts = []
        if self.lone_march_loner is not None or self.lone_march_partner is not None:
            parts.append(f"a lone march scores {self.lone_march_loner if self.lone_march_loner is not None else 'its points'} "
                         f"for the loner and {self.lone_march_partner if self.lone_march_partner is not None else 'its points'} "
                         "for his partner")
        if self.lone_euchred is not None:
            parts.append(f"a lone hand euchred scores {self.lone_euchred} for each opponent")
        return "; ".join(parts)


X50 = HouseScoring(lone_march_loner=5, lone_march_partner=4, lone_euchred=3)
"""X-50's progressive scoring: 5 to a loner who makes it, 4 to his partner; a set loner
gives each opponent 3."""


@dataclass(frozen=True)
class HandTally:
    """One hand as the four players record it.

    Attributes:
        points: the points each seat records (N, E, S, W).
        loner: the seat of a lone hand that made its point (for the ``lone_hands``
            tie-break), or None.
        label: what happened, in words (``"march"``, ``"N alone: lone march"``), or
            empty for points entered as numbers.
    """

    points: tuple[int, int, int, int]
    loner: int | None = None
    label: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"points": list(self.points), "loner": self.loner, "label": self.label}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandTally:
        """From :meth:`to_dict`."""
        p = [int(x) for x in data["points"]]
        return cls((p[0], p[1], p[2], p[3]), data.get("loner"), str(data.get("label", "")))


def hand_points(rules: Rules, house: HouseScoring, maker: int, maker_tricks: int, alone: bool) -> HandTally:
    """The points each seat records for a hand played out.

    Args:
        rules: the rules (their points for a make, a march, a euchre and the lone hands:
            :func:`euchre.core.scoring.score_hand`).
        house: the organiser's twists.
        maker: the maker's seat (0 N .. 3 W); the loner when ``alone``.
        maker_tricks: the tricks (0..5) the makers took.
        alone: the maker played alone.

    Raises:
        EventError: a seat or trick count out of range.
    """
    if not 0 <= maker <= 3:
        raise EventError(f"the maker's seat is N, E, S or W, not {maker}")
    if not 0 <= maker_tricks <= 5:
        raise EventError(f"the makers take 0 to 5 tricks, not {maker_tricks}")
    makers_score, points, label = score_hand(rules, maker_tricks, alone, False)
    table = rules.table
    scorers = {maker, *table.mates[maker]} if makers_score else set(table.opponents(maker))
    per_seat = [points if s in scorers else 0 for s in range(table.seats)]
    if alone and makers_score and maker_tricks == 5:
        if house.lone_march_loner is not None:
            per_seat[maker] = house.lone_march_loner
        if house.lone_march_partner is not None:
            per_seat[table.partner[maker]] = house.lone_march_partner
    if alone and not makers_score and house.lone_euchred is not None:
        per_seat = [house.lone_euchred if s in scorers else 0 for s in range(table.seats)]
    who = f"{SEATS[maker]}{' alone' if alone else ''}"
    return HandTally((per_seat[0], per_seat[1], per_seat[2], per_seat[3]),
                     maker if alone and makers_score else None, f"{who}: {label}")


def hand_from_result(result: HandResult, rules: Rules, house: HouseScoring) -> HandTally | None:
    """The tally of a hand the engine played (None for a hand passed out or thrown in,
    which does not count: RULES.md decision 24). Without house twists each seat records
    its side's points of ``result.points`` exactly, as ``GameResult.player_points`` sums
    them; with them a lone march and a lone hand euchred are scored as
    :func:`hand_points` scores them."""
    if not result.played:
        return None
    table = rules.table
    team = table.team
    per_seat = [result.points[team[s]] for s in range(table.seats)]
    loner: int | None = None
    if result.alone is not None and result.maker is not None:
        maker_side = team[result.maker]
        if result.points[maker_side] > 0:
            loner = result.alone
        if result.defender_alone is None and not result.penalties:
            tricks = result.tricks[maker_side]
            if result.points[maker_side] > 0 and tricks == 5:
                if house.lone_march_loner is not None:
                    per_seat[result.alone] = house.lone_march_loner
                if house.lone_march_partner is not None:
                    per_seat[table.partner[result.alone]] = house.lone_march_partner
            elif result.points[maker_side] == 0 and house.lone_euchred is not None:
                per_seat = [house.lone_euchred if team[s] != maker_side else 0 for s in range(table.seats)]
    return HandTally((per_seat[0], per_seat[1], per_seat[2], per_seat[3]), loner, result.label)


_SEAT_HAND = re.compile(r"^\s*([nesw])\s+([0-5])(\s+alone)?\s*$", re.IGNORECASE)
_NUMBER = re.compile(r"^\s*(x|[0-9]{1,2})(\*?)\s*$", re.IGNORECASE)


def most_points(rules: Rules, house: HouseScoring) -> int:
    """The most points one player can record for one hand under ``rules`` and ``house``
    (a lone march, a euchre of a lone hand or of a lone defender, the house's lone
    scoring), so that a typed hand above it is refused."""
    return max(rules.points_march, rules.points_euchre, rules.points_lone_march, rules.points_lone_euchred,
               rules.points_defend_alone_euchre, house.lone_march_loner or 0, house.lone_march_partner or 0,
               house.lone_euchred or 0)


def parse_hand(text: str, rules: Rules, house: HouseScoring) -> HandTally:
    """One hand as typed by the organiser from a table's tally.

    Two forms:

    * what happened: the maker's seat and the tricks his side took, ``alone`` for a lone
      hand: ``N 3``, ``E 5 alone``, ``S 2`` (euchred); scored by the rules and ``house``;
    * the points each seat recorded, N E S W, by commas or spaces, ``X`` for nothing
      (X-32's tally marks): ``1,0,1,0``, ``X 2 X 2``; a ``*`` marks the player who made a
      lone hand (``5*,0,4,0``).

    Raises:
        EventError: neither form, or points that cannot be one hand's: more than one side
            scoring, partners recording different points (except a marked loner's lone
            march under ``house``), a marked loner on the side that did not score.
    """
    m = _SEAT_HAND.match(text)
    if m:
        return hand_points(rules, house, SEATS.index(m.group(1).upper()), int(m.group(2)), m.group(3) is not None)
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    cells = [_NUMBER.match(p) for p in parts]
    if len(parts) != 4 or any(c is None for c in cells):
        raise EventError(f"a hand is 'SEAT TRICKS [alone]' (e.g. 'N 3', 'E 5 alone') or four points N,E,S,W "
                         f"(e.g. '1,0,1,0', 'X,2,X,2', '5*,0,4,0'), not {text.strip()[:40]!r}")
    points = [0 if c.group(1).lower() == "x" else int(c.group(1)) for c in cells if c is not None]
    starred = [i for i, c in enumerate(cells) if c is not None and c.group(2)]
    if len(starred) > 1:
        raise EventError(f"only one player can make a lone hand in a hand: {text.strip()[:40]!r}")
    table = rules.table
    scoring = {table.team[s] for s in range(table.seats) if points[s]}
    if len(scoring) > 1:
        raise EventError(f"only one side scores on a hand (N-S or E-W): {text.strip()[:40]!r}")
    loner = starred[0] if starred else None
    if loner is not None and points[loner] == 0:
        raise EventError(f"the player marked * made a lone hand and records its points: {text.strip()[:40]!r}")
    for a, b in table.teams:
        if points[a] != points[b]:
            bonus = (loner in (a, b) and house.lone_march_loner is not None
                     and points[loner] == house.lone_march_loner
                     and points[table.partner[loner]] == (house.lone_march_partner if house.lone_march_partner is not None
                                                          else rules.points_lone_march))
            if not bonus:
                raise EventError(f"partners record the same points of a hand ({SEATS[a]} {points[a]}, {SEATS[b]} "
                                 f"{points[b]}), except a loner's lone march under the house scoring: "
                                 f"{text.strip()[:40]!r}")
    most = most_points(rules, house)
    if max(points) > most:
        raise EventError(f"no hand gives a player more than {most} points under these rules: {text.strip()[:40]!r}")
    return HandTally((points[0], points[1], points[2], points[3]), loner, "")


def parse_hands(text: str, rules: Rules, house: HouseScoring) -> list[HandTally]:
    """A table's hands separated by ``;`` (or new lines), each read by :func:`parse_hand`.

    Raises:
        EventError: a hand that cannot be read (the message says which, counting from 1).
    """
    out = []
    pieces = [p for p in re.split(r"[;\n]", text) if p.strip()]
    for i, piece in enumerate(pieces):
        try:
            out.append(parse_hand(piece, rules, house))
        except EventError as exc:
            raise EventError(f"hand {i + 1}: {exc}") from None
    if not out:
        raise EventError("no hands given; separate them by ';', e.g. 'N 3; E 5 alone; 1,0,1,0'")
    return out


@dataclass(frozen=True)
class TableResult:
    """One table's round, as it counts for the tally and the movement.

    Attributes:
        round: the round (from 1).
        table: the table (from 1).
        seats: the player in each seat N, E, S, W.
        hands: the hands in order (empty when only the totals were entered).
        totals: each seat's points in the round (N, E, S, W).
        winner: the side that won the table, 0 N-S or 1 E-W.
        decided_by: ``points``, ``organiser`` (a tie the organiser settled) or ``cut``
            (a tie settled by the seeded cut).
        source: ``entered`` (from a real table) or ``bots`` (played by the engine).
    """

    round: int
    table: int
    seats: tuple[int, int, int, int]
    hands: tuple[HandTally, ...]
    totals: tuple[int, int, int, int]
    winner: int
    decided_by: str
    source: str

    def side_points(self) -> tuple[int, int]:
        """Points per side (N-S, E-W): the sum of both partners' totals."""
        ns, ew = (sum(self.totals[s] for s in side) for side in EVENT_TABLE.teams)
        return ns, ew

    def lone_hands(self, player: int) -> int:
        """Lone hands ``player`` made at this table."""
        if player not in self.seats:
            return 0
        seat = self.seats.index(player)
        return sum(1 for h in self.hands if h.loner == seat)

    def won(self, player: int) -> bool:
        """True when ``player`` sat on the winning side."""
        return player in self.seats and EVENT_TABLE.team[self.seats.index(player)] == self.winner

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"round": self.round, "table": self.table, "seats": list(self.seats),
                "hands": [h.to_dict() for h in self.hands], "totals": list(self.totals), "winner": self.winner,
                "decided_by": self.decided_by, "source": self.source}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableResult:
        """From :meth:`to_dict`."""
        s = [int(x) for x in data["seats"]]
        t = [int(x) for x in data["totals"]]
        return cls(int(data["round"]), int(data["table"]), (s[0], s[1], s[2], s[3]),
                   tuple(HandTally.from_dict(h) for h in data["hands"]), (t[0], t[1], t[2], t[3]),
                   int(data["winner"]), str(data["decided_by"]), str(data["source"]))


def cut_for_winner(seed: int, round_number: int, table: int) -> int:
    """The side (0 N-S, 1 E-W) that wins the cut at a tied table: a seeded draw, the same
    for the same event seed, round and table."""
    return random.Random(derive_seed("cut", seed, round_number, table)).randrange(2)


def table_result(round_number: int, table: int, seats: Sequence[int], totals: Sequence[int],
                 hands: Sequence[HandTally] = (), winner: int | None = None, seed: int = 0,
                 source: str = "entered") -> TableResult:
    """A table's result from its players' totals.

    Args:
        round_number, table: where it was played.
        seats: the players N, E, S, W.
        totals: each seat's points in the round.
        hands: the hands, when known (their points must add up to ``totals``).
        winner: the side the organiser names as the winner (0 N-S, 1 E-W): needed only
            for a tie, and refused where the points say otherwise.
        seed: the event's seed (the cut at a tie nobody settled).
        source: ``entered`` or ``bots``.

    Raises:
        EventError: not four seats or totals, negative points, hands that do not add up,
            or a named winner against the points.
    """
    if len(seats) != 4 or len(totals) != 4:
        raise EventError("a table has four seats N, E, S, W, each with its points")
    if any(t < 0 for t in totals):
        raise EventError(f"points cannot be below 0: {list(totals)}")
    if hands:
        summed = [sum(h.points[s] for h in hands) for s in range(4)]
        if summed != list(totals):
            raise EventError(f"the hands add up to {summed}, not {list(totals)}")
    ns, ew = totals[0] + totals[2], totals[1] + totals[3]
    best = 0 if ns > ew else 1 if ew > ns else None
    if winner is not None and winner not in (0, 1):
        raise EventError(f"the winning side is 0 (N-S) or 1 (E-W), not {winner}")
    if best is not None:
        if winner is not None and winner != best:
            raise EventError(f"{'N-S' if best == 0 else 'E-W'} won the table on points ({ns} to {ew}); "
                             "name the winners only for a tie")
        decided, by = best, "points"
    elif winner is not None:
        decided, by = winner, "organiser"
    else:
        decided, by = cut_for_winner(seed, round_number, table), "cut"
    s, t = [int(x) for x in seats], [int(x) for x in totals]
    return TableResult(round_number, table, (s[0], s[1], s[2], s[3]), tuple(hands), (t[0], t[1], t[2], t[3]),
                       decided, by, source)


# ---------------------------------------------------------------------------- standings
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


# ---------------------------------------------------------------------------- exports
Row = TypeVar("Row")


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (OWASP's CSV injection list)."""


def _cell(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula (``=HYPERLINK(...)`` as a
    player's name) gets a leading apostrophe, which spreadsheets show as text;
    :func:`from_csv` takes it off again. Numbers stay numbers."""
    if isinstance(value, str) and value.startswith((*_FORMULA_START, "'")):
        return "'" + value
    return value


_BY_NAME = ("player", "team")
"""The fields of a standings row that number a player or a team: an export shows the
row's ``name`` there instead (a person reads a name, not an index into the event's list)."""


def _named(row: object) -> dict[str, Any]:
    """A standings row as its export shows it: the field that numbers the player (or the
    team) holds his name, and there is no separate ``name``."""
    values: dict[str, Any] = asdict(row)  # type: ignore[call-overload]
    key = next((k for k in _BY_NAME if k in values), None)
    if key is not None and "name" in values:
        values[key] = values.pop("name")
    return values


def _unnamed(values: dict[str, Any], cls: type[Row], names: Sequence[str]) -> dict[str, Any]:
    """The row's values with its name given back as its number (:func:`_named` undone).

    Raises:
        EventError: a name that is not one of ``names``.
    """
    known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    key = next((k for k in _BY_NAME if k in known), None)
    if key is None or "name" not in known:
        return values
    name = values[key]
    if name not in names:
        raise EventError(f"not a standings export of this event: {str(name)[:40]!r} is none of its "
                         f"{'players' if key == 'player' else 'teams'}")
    return {**values, key: list(names).index(name), "name": name}


def _column_values(row: object) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in _named(row).items():
        if isinstance(value, (tuple, list)):
            for i, v in enumerate(value):
                out[f"{name}_{i + 1}"] = "" if v is None else _cell(v)
        else:
            out[name] = _cell(value)
    return out


def to_csv(rows: Sequence[object]) -> str:
    """Rows of a standings dataclass (:class:`Standing`, or a tournament's) as CSV text:
    a header of the field names, the player's (team's) name in the ``player`` (``team``)
    column and no separate ``name`` column, a tuple field spread over ``NAME_1``,
    ``NAME_2``, ... columns, an unknown value (None) empty, a text that starts like a
    formula (or with an apostrophe) behind an apostrophe (:func:`_cell`)."""
    if not rows:
        return ""
    columns = list(_column_values(rows[0]))
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(_column_values(row))
    return buf.getvalue()


def _convert(text: str, kind: str) -> Any:
    """A CSV cell as the field's type (``int``, ``float``, either ``| None``, or text)."""
    optional = kind.endswith(" | None")
    base = kind.removesuffix(" | None")
    if optional and text == "":
        return None
    if base == "int":
        return int(text)
    if base == "float":
        return float(text)
    return text[1:] if text.startswith("'") else text  # the apostrophe of _cell


def from_csv(text: str, cls: type[Row], names: Sequence[str]) -> list[Row]:
    """The rows written by :func:`to_csv`, read back as ``cls``.

    Args:
        text: the CSV.
        cls: the row's dataclass.
        names: the event's players (for :class:`Standing`) or teams' names (for a
            tournament's rows), in order: a row's name gives back its number.

    Raises:
        EventError: a column missing, a value that is not of its field's type, or a name
            that is none of ``names``.
    """
    out = []
    for line in csv.DictReader(io.StringIO(text)):
        values: dict[str, Any] = {}
        try:
            for f in fields(cls):  # type: ignore[arg-type]
                kind = str(f.type)
                if f.name in _BY_NAME:
                    kind = "str"
                elif f.name == "name" and any(k in line for k in _BY_NAME):
                    continue
                if kind.startswith("tuple["):
                    inner = kind[len("tuple["):].split(",")[0].strip()
                    keys = sorted((k for k in line if re.fullmatch(rf"{f.name}_\d+", k)), key=lambda k: int(k.rpartition("_")[2]))
                    values[f.name] = tuple(_convert(line[k], inner) for k in keys)
                else:
                    values[f.name] = _convert(line[f.name], kind)
        except (KeyError, ValueError) as exc:
            raise EventError(f"not a standings CSV of {cls.__name__}: {exc}") from None
        out.append(cls(**_unnamed(values, cls, names)))
    return out


def to_json(rows: Sequence[object], **about: Any) -> str:
    """Rows of a standings dataclass as JSON text: ``{"standings": [...], **about}``
    (``about`` adds the event's name, its results, ...), keys sorted, indented; each
    row's ``player`` (``team``) is its name, as in :func:`to_csv`."""
    return json.dumps({**about, "standings": [_named(r) for r in rows]},
                      indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def from_json(text: str, cls: type[Row], names: Sequence[str]) -> list[Row]:
    """The rows of :func:`to_json`, read back as ``cls`` (lists become tuples; names
    given back as numbers, as :func:`from_csv` does).

    Raises:
        EventError: not JSON of standings, or a name that is none of ``names``.
    """
    try:
        data = json.loads(text)
        return [cls(**_unnamed({k: tuple(v) if isinstance(v, list) else v for k, v in row.items()}, cls, names))
                for row in data["standings"]]
    except (ValueError, KeyError, TypeError) as exc:
        raise EventError(f"not a standings JSON of {cls.__name__}: {exc}") from None

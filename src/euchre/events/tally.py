"""The result of a progressive evening's table in a round: each side's points, and who won it.

A table is won by the side whose two players recorded more points in the round (X-49: "a
winner and loser are determined at each table"). Equal points are a tie that the sources
do not settle: #interp the organiser names the winners when he enters the scores, and
otherwise the sides cut (a seeded draw, the same for the same event seed).

Each hand's points are :mod:`euchre.events.hand_tally`'s (X-32's scoring, X-50's
twists); the standings :mod:`euchre.events.standings`'; their export as CSV and JSON
:mod:`euchre.events.spreadsheet`'s.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from euchre.analysis.duplicate import derive_seed
from euchre.events.errors import EventError
from euchre.events.hand_tally import HandTally
from euchre.events.movements import EVENT_TABLE


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


"""The rounds of a round robin and of a Swiss: who meets whom, and the bye.

Round robin: the circle method. With ``m`` teams (one more, a bye, when the count is
odd), team ``m - 1`` stays and the others turn: in round ``r`` (from 1) with ``q = r - 1``
the pairs are ``(q, m - 1)`` and ``((q + k) mod (m - 1), (q - k) mod (m - 1))`` for ``k = 1
.. m/2 - 1``; ``m - 1`` rounds, every pair of teams meets once. A bye is a rest and scores
nothing (every team has one).

Swiss: the Monrad system (the Danish Swiss system): before each round the teams are put
in order of the standings (match points, then the tie-breaks, then seeding; round 1 the
seeding alone) and paired 1 v 2, 3 v 4, ... except that no two teams meet twice: the
highest unpaired team meets the highest-placed team it has not met such that all the rest
can still be paired without a rematch (a search with backtracking). Only when no pairing
avoids every rematch does the top unpaired team meet the highest team it has not met, or
else the next in order. With an odd number of teams the bye goes to the lowest-placed team
that has not had one (FIDE Handbook C.04.1: no team receives the pairing-allocated bye
twice) whose absence lets the rest pair without a rematch; it counts as a win (2 match
points, no game points), as FIDE scores that bye. Rounds: ``ceil(log2 n)`` by default.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from euchre.events.errors import EventError

SEARCH_LIMIT = 200_000
"""Steps the Swiss pairing search may take before it gives up avoiding rematches."""


@dataclass(frozen=True)
class Pairing:
    """One match of a round: ``teams[0]`` sits North-South, ``teams[1]`` East-West.

    Attributes:
        table: the table, from 1.
        teams: the two teams.
    """

    table: int
    teams: tuple[int, int]


@dataclass(frozen=True)
class TournamentRound:
    """The pairings of one round of a round robin or a Swiss.

    Attributes:
        round: from 1.
        pairings: the matches, table 1 first.
        bye: the team that does not play this round, or None.
    """

    round: int
    pairings: tuple[Pairing, ...]
    bye: int | None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"round": self.round, "pairings": [[p.table, *p.teams] for p in self.pairings], "bye": self.bye}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TournamentRound:
        """From :meth:`to_dict`."""
        return cls(int(data["round"]), tuple(Pairing(int(t), (int(a), int(b))) for t, a, b in data["pairings"]),
                   None if data["bye"] is None else int(data["bye"]))


def round_robin_rounds(teams: int) -> int:
    """The rounds of a round robin of ``teams`` teams (every pair meets once)."""
    return teams - 1 if teams % 2 == 0 else teams


def round_robin_round(teams: int, round_number: int) -> TournamentRound:
    """Round ``round_number`` of a round robin by the circle method (module docstring).

    Raises:
        EventError: fewer than two teams, or a round outside 1..:func:`round_robin_rounds`.
    """
    if teams < 2:
        raise EventError(f"a tournament needs at least two teams, not {teams}")
    if not 1 <= round_number <= round_robin_rounds(teams):
        raise EventError(f"a round robin of {teams} teams has rounds 1..{round_robin_rounds(teams)}, not {round_number}")
    m = teams + teams % 2
    k_mod = m - 1
    q = round_number - 1
    pairs = [(q, m - 1)] + [((q + k) % k_mod, (q - k) % k_mod) for k in range(1, m // 2)]
    bye = None
    playing = []
    for a, b in pairs:
        if b == teams:  # the empty place of an odd count
            bye = a
        elif a == teams:
            bye = b
        else:
            playing.append((a, b))
    return TournamentRound(round_number, tuple(Pairing(i + 1, p) for i, p in enumerate(playing)), bye)


def swiss_round(round_number: int, order: Sequence[int], met: Collection[frozenset[int]],
                had_bye: Collection[int]) -> TournamentRound:
    """A Swiss round by the Monrad system (module docstring).

    Args:
        round_number: from 1.
        order: every team, best placed first (the standings; the seeding in round 1).
        met: the pairs of teams that have played each other.
        had_bye: the teams that have had a bye.

    Raises:
        EventError: fewer than two teams.
    """
    teams = list(order)
    if len(teams) < 2:
        raise EventError(f"a tournament needs at least two teams, not {len(teams)}")
    met_set = set(met)
    bye: int | None = None
    if len(teams) % 2:
        candidates = [t for t in reversed(teams) if t not in had_bye] or list(reversed(teams))
        pairs = None
        for c in candidates:
            pairs = _pair_without_rematch([t for t in teams if t != c], met_set)
            if pairs is not None:
                bye = c
                break
        if pairs is None:
            bye = candidates[0]
            pairs = _pair_greedily([t for t in teams if t != bye], met_set)
    else:
        pairs = _pair_without_rematch(teams, met_set)
        if pairs is None:
            pairs = _pair_greedily(teams, met_set)
    return TournamentRound(round_number, tuple(Pairing(i + 1, p) for i, p in enumerate(pairs)), bye)


def _pair_without_rematch(teams: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """The Monrad pairing of ``teams`` (in order) with no rematch, or None if there is
    none (or the search ran past :data:`SEARCH_LIMIT` steps)."""
    steps = [0]

    def search(rest: list[int]) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        first = rest[0]
        for i in range(1, len(rest)):
            steps[0] += 1
            if steps[0] > SEARCH_LIMIT:
                return None
            opponent = rest[i]
            if frozenset((first, opponent)) in met:
                continue
            tail = search(rest[1:i] + rest[i + 1:])
            if tail is not None:
                return [(first, opponent), *tail]
        return None

    return search(list(teams))


def _pair_greedily(teams: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """Pairs in order where rematches cannot all be avoided: the top unpaired team meets
    the highest team it has not met, or else the next one."""
    rest = list(teams)
    out = []
    while rest:
        first = rest.pop(0)
        pick = next((t for t in rest if frozenset((first, t)) not in met), rest[0])
        rest.remove(pick)
        out.append((first, pick))
    return out


def swiss_rounds(teams: int) -> int:
    """The default number of Swiss rounds: ``ceil(log2 teams)``, at least 1."""
    return max(1, math.ceil(math.log2(teams))) if teams > 1 else 1


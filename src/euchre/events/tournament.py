"""Tournaments of fixed partnerships: round robin, Swiss, single and double elimination.

X-48 names the formats of euchre tournaments: "single/double elimination: teams play a
game to 10 points and are eliminated after losing either once or twice"; "round-robin:
teams play every other team once and the scores are tallied". A *team* is a partnership
of two players, numbered 0..n-1 in the order given (the seeding: team 0 is seed 1). A
*match* is one game of the event's rules (to the target; or a round of fixed hands)
between two teams at one table, the first team North-South.

Standings of a round robin or Swiss: match points (a win 2, a tie 1, a loss 0), then the
organiser's tie-breaks from :data:`TOURNAMENT_TIEBREAKS`: ``head_to_head`` (match points
in the matches among the teams still level), ``point_difference`` (game points for less
against), ``points_for``, ``buchholz`` (the sum of the match points of the teams met,
Swiss's usual tie-break); level teams share the rank.

The rounds of a round robin and of a Swiss are :mod:`euchre.events.pairings`'; the
elimination brackets :mod:`euchre.events.bracket`'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from euchre.events.errors import EventError
from euchre.events.movements import EVENT_TABLE
from euchre.events.standings import Criterion, check_tiebreaks, rank_groups, ranks

ROUND_ROBIN = "round_robin"
SWISS = "swiss"
SINGLE_ELIMINATION = "single_elimination"
DOUBLE_ELIMINATION = "double_elimination"
FORMATS: tuple[str, ...] = (ROUND_ROBIN, SWISS, SINGLE_ELIMINATION, DOUBLE_ELIMINATION)
"""The tournament formats."""
ELIMINATION: frozenset[str] = frozenset({SINGLE_ELIMINATION, DOUBLE_ELIMINATION})

HEAD_TO_HEAD = "head_to_head"
POINT_DIFFERENCE = "point_difference"
POINTS_FOR = "points_for"
BUCHHOLZ = "buchholz"
TOURNAMENT_TIEBREAKS: tuple[str, ...] = (HEAD_TO_HEAD, POINT_DIFFERENCE, POINTS_FOR, BUCHHOLZ)
"""The tie-breaks of a round robin's or a Swiss's standings."""

DEFAULT_TIEBREAKS: dict[str, tuple[str, ...]] = {
    ROUND_ROBIN: (HEAD_TO_HEAD, POINT_DIFFERENCE, POINTS_FOR),
    SWISS: (BUCHHOLZ, POINT_DIFFERENCE, POINTS_FOR),
}

WIN, TIE = 2, 1
"""Match points of a win and of a tie (a loss scores 0)."""


@dataclass(frozen=True)
class MatchResult:
    """A match played.

    Attributes:
        key: the match: ``"ROUND.TABLE"`` in a round robin or Swiss (``"2.3"``), the
            bracket match's id in an elimination (``"W1.2"``, ``"L3.1"``, ``"GF"``).
        teams: the two teams, the first North-South.
        score: the game points of each.
        winner: 0 (the first team), 1 (the second) or None for a tie.
        source: ``entered`` or ``bots``.
    """

    key: str
    teams: tuple[int, int]
    score: tuple[int, int]
    winner: int | None
    source: str = "entered"

    @property
    def winning_team(self) -> int | None:
        """The team that won, or None for a tie."""
        return None if self.winner is None else self.teams[self.winner]

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"key": self.key, "teams": list(self.teams), "score": list(self.score), "winner": self.winner,
                "source": self.source}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchResult:
        """From :meth:`to_dict`."""
        a, b = data["teams"]
        sa, sb = data["score"]
        return cls(str(data["key"]), (int(a), int(b)), (int(sa), int(sb)),
                   None if data["winner"] is None else int(data["winner"]), str(data.get("source", "entered")))


def match_result(key: str, teams: tuple[int, int], score: Sequence[int], winner: int | None = None,
                 needs_winner: bool = False, source: str = "entered") -> MatchResult:
    """A match's result from its score.

    Args:
        key: the match (see :class:`MatchResult`).
        teams: the two teams.
        score: the game points of each.
        winner: the winner named by the organiser (0 or 1), only for a tie.
        needs_winner: an elimination match, which cannot end in a tie.
        source: ``entered`` or ``bots``.

    Raises:
        EventError: not two scores of 0 or more, a named winner against the score, or a
            tie where a winner is needed.
    """
    if len(score) != 2 or any(type(s) is not int or s < 0 for s in score):
        raise EventError(f"a match's score is two whole numbers of points, 0 or more, not {list(score)}")
    best = 0 if score[0] > score[1] else 1 if score[1] > score[0] else None
    if winner is not None and winner not in (0, 1):
        raise EventError(f"the winner is 0 (the first team) or 1, not {winner}")
    if best is not None and winner is not None and winner != best:
        raise EventError(f"the score {score[0]}-{score[1]} names the winner; name one only for a tie")
    decided = best if best is not None else winner
    if decided is None and needs_winner:
        raise EventError(f"an elimination match needs a winner: {score[0]}-{score[1]} is a tie; "
                         "name the winners of the play-off")
    return MatchResult(key, teams, (score[0], score[1]), decided, source)


@dataclass(frozen=True)
class TeamStanding:
    """One team's line in a tournament's standings.

    Attributes:
        rank: from 1; level teams share it.
        team: the team's number.
        name: its name (the two players').
        played: matches played.
        won, tied, lost: of those.
        byes: rounds without a match.
        match_points: a win 2, a tie 1 (a Swiss bye 2); in a bracket the matches won.
        points_for, points_against: game points.
        point_difference: ``points_for - points_against``.
        buchholz: the match points of the teams met, summed.
        status: in a bracket ``champion``, ``in`` or ``out in ROUND``; else empty.
    """

    rank: int
    team: int
    name: str
    played: int
    won: int
    tied: int
    lost: int
    byes: int
    match_points: int
    points_for: int
    points_against: int
    point_difference: int
    buchholz: int
    status: str


@dataclass
class _Record:
    played: int = 0
    won: int = 0
    tied: int = 0
    lost: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0

    def match_points(self, bye_points: int) -> int:
        return WIN * self.won + TIE * self.tied + bye_points * self.byes


def _records(teams: int, results: Sequence[MatchResult], byes: Sequence[int]) -> list[_Record]:
    recs = [_Record() for _ in range(teams)]
    sides = range(len(EVENT_TABLE.teams))  # a match's N-S and E-W
    for r in results:
        for side in sides:
            rec = recs[r.teams[side]]
            rec.played += 1
            rec.points_for += r.score[side]
            rec.points_against += sum(r.score[other] for other in sides if other != side)
            if r.winner is None:
                rec.tied += 1
            elif r.winner == side:
                rec.won += 1
            else:
                rec.lost += 1
    for b in byes:
        recs[b].byes += 1
    return recs


def tournament_standings(names: Sequence[str], results: Sequence[MatchResult], byes: Sequence[int] = (),
                         tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS[ROUND_ROBIN], bye_points: int = 0,
                         seeding_last: bool = False) -> list[TeamStanding]:
    """The standings of a round robin or a Swiss (module docstring).

    Args:
        names: every team's name, by number.
        results: the matches played.
        byes: the team of each bye given so far (a team once per bye).
        tiebreaks: names from :data:`TOURNAMENT_TIEBREAKS`, in order.
        bye_points: the match points of a bye (0 in a round robin, 2 in a Swiss).
        seeding_last: break every remaining tie by the seeding (team number), as the
            Swiss pairing order needs; otherwise level teams share the rank.

    Raises:
        EventError: an unknown tie-break.
    """
    tiebreaks = check_tiebreaks(tiebreaks, TOURNAMENT_TIEBREAKS)
    recs = _records(len(names), results, byes)
    points = [r.match_points(bye_points) for r in recs]
    opponents: list[list[int]] = [[] for _ in names]
    for r in results:
        opponents[r.teams[0]].append(r.teams[1])
        opponents[r.teams[1]].append(r.teams[0])
    buchholz = [sum(points[o] for o in opponents[t]) for t in range(len(names))]

    def head_to_head(t: int, group: Sequence[int]) -> float:
        inside = set(group)
        total = 0
        for r in results:
            if t in r.teams and set(r.teams) <= inside and r.teams[0] != r.teams[1]:
                side = r.teams.index(t)
                total += TIE if r.winner is None else WIN if r.winner == side else 0
        return total

    by_name: dict[str, Criterion[int]] = {
        HEAD_TO_HEAD: head_to_head,
        POINT_DIFFERENCE: lambda t, _g: recs[t].points_for - recs[t].points_against,
        POINTS_FOR: lambda t, _g: recs[t].points_for,
        BUCHHOLZ: lambda t, _g: buchholz[t],
    }
    criteria: list[Criterion[int]] = [lambda t, _g: points[t], *(by_name[x] for x in tiebreaks)]
    if seeding_last:
        criteria.append(lambda t, _g: -t)
    return [_standing(rank, t, names[t], recs[t], points[t], buchholz[t], "")
            for rank, t in ranks(rank_groups(list(range(len(names))), criteria))]


def _standing(rank: int, team: int, name: str, rec: _Record, points: int, buchholz: int, status: str) -> TeamStanding:
    return TeamStanding(rank, team, name, rec.played, rec.won, rec.tied, rec.lost, rec.byes, points, rec.points_for,
                        rec.points_against, rec.points_for - rec.points_against, buchholz, status)


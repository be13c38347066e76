"""Tournaments of fixed partnerships: round robin, Swiss, single and double elimination.

X-48 names the formats of euchre tournaments: "single/double elimination: teams play a
game to 10 points and are eliminated after losing either once or twice"; "round-robin:
teams play every other team once and the scores are tallied". A *team* is a partnership
of two players, numbered 0..n-1 in the order given (the seeding: team 0 is seed 1). A
*match* is one game of the event's rules (to the target; or a round of fixed hands)
between two teams at one table, the first team North-South.

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

Standings of a round robin or Swiss: match points (a win 2, a tie 1, a loss 0), then the
organiser's tie-breaks from :data:`TOURNAMENT_TIEBREAKS`: ``head_to_head`` (match points
in the matches among the teams still level), ``point_difference`` (game points for less
against), ``points_for``, ``buchholz`` (the sum of the match points of the teams met,
Swiss's usual tie-break); level teams share the rank.

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

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from euchre.events.errors import EventError
from euchre.events.movements import EVENT_TABLE
from euchre.events.tally import Criterion, check_tiebreaks, rank_groups, ranks

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

BYE = -1
"""The empty slot of a bracket (a seed beyond the number of teams)."""

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


# ---------------------------------------------------------------------------- round robin
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


# ---------------------------------------------------------------------------- Swiss
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


# ---------------------------------------------------------------------------- standings
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


# ---------------------------------------------------------------------------- brackets
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

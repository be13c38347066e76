"""Tournaments of fixed partnerships (euchre.events.tournament): the round robin's circle
method, Swiss pairings by the Monrad system (no rematch where avoidable, the bye to the
lowest team without one), seeded elimination brackets with byes, and the standings with
their tie-breaks. Every expected pairing and rank is worked by hand in the docstrings."""

from __future__ import annotations

import itertools

import pytest

from euchre.events.bracket import BYE, bracket, bracket_standings, resolve, seed_order
from euchre.events.errors import EventError
from euchre.events.pairings import round_robin_round, round_robin_rounds, swiss_round
from euchre.events.spreadsheet import from_csv, from_json, to_csv, to_json
from euchre.events.tournament import (
    DOUBLE_ELIMINATION,
    SINGLE_ELIMINATION,
    MatchResult,
    TeamStanding,
    match_result,
    tournament_standings,
)

NAMES = ["A", "B", "C", "D", "E", "F"]


def pairs(r: object) -> list[tuple[int, int]]:
    return [p.teams for p in r.pairings]  # type: ignore[attr-defined]


def test_round_robin_circle_method_by_hand_four_teams() -> None:
    """m = 4, team 3 fixed: round 1 (0, 3) (1, 2); round 2 (1, 3) (2, 0); round 3 (2, 3)
    (0, 1)."""
    assert [pairs(round_robin_round(4, r)) for r in (1, 2, 3)] == [
        [(0, 3), (1, 2)], [(1, 3), (2, 0)], [(2, 3), (0, 1)]]
    assert round_robin_round(4, 1).bye is None


def test_round_robin_odd_count_gives_each_team_one_bye() -> None:
    """Five teams: a sixth place, empty; round 1 team 0 rests, (1, 4) and (2, 3) play."""
    first = round_robin_round(5, 1)
    assert (first.bye, pairs(first)) == (0, [(1, 4), (2, 3)])
    rounds = [round_robin_round(5, r) for r in range(1, round_robin_rounds(5) + 1)]
    assert sorted(r.bye for r in rounds if r.bye is not None) == [0, 1, 2, 3, 4]
    met = [frozenset(p) for r in rounds for p in pairs(r)]
    assert sorted(map(sorted, met)) == sorted(map(list, itertools.combinations(range(5), 2)))


@pytest.mark.parametrize("teams", [2, 3, 6, 7, 10])
def test_round_robin_every_pair_meets_once(teams: int) -> None:
    met = [frozenset(p) for r in range(1, round_robin_rounds(teams) + 1) for p in pairs(round_robin_round(teams, r))]
    assert len(met) == len(set(met)) == teams * (teams - 1) // 2


def rr_results() -> list[MatchResult]:
    """Round 1: A 10-4 D, B 10-8 C. Round 2: B 10-6 D, C 10-9 A. Round 3: C 10-2 D,
    A 10-5 B."""
    return [match_result("1.1", (0, 3), [10, 4]), match_result("1.2", (1, 2), [10, 8]),
            match_result("2.1", (1, 3), [10, 6]), match_result("2.2", (2, 0), [10, 9]),
            match_result("3.1", (2, 3), [10, 2]), match_result("3.2", (0, 1), [10, 5])]


def test_round_robin_standings_by_hand() -> None:
    """A, B and C each won twice (4 match points), D none. Head to head among A, B, C each
    beat one (2 each): still level. Point difference: A 29-19 = +10, C 28-21 = +7, B
    25-24 = +1. So A, C, B, D."""
    rows = tournament_standings(NAMES[:4], rr_results())
    assert [(s.rank, s.name, s.match_points, s.point_difference) for s in rows] == [
        (1, "A", 4, 10), (2, "C", 4, 7), (3, "B", 4, 1), (4, "D", 0, -18)]
    a = rows[0]
    assert (a.played, a.won, a.lost, a.points_for, a.points_against) == (3, 2, 1, 29, 19)


def test_tournament_tie_breaks_share_the_rank_when_level() -> None:
    """Buchholz: A, B and C each met the other two (4 each) and D (0): 8 each, level."""
    rows = tournament_standings(NAMES[:4], rr_results(), tiebreaks=["buchholz"])
    assert [(s.rank, s.name, s.buchholz) for s in rows][:3] == [(1, "A", 8), (1, "B", 8), (1, "C", 8)]
    with pytest.raises(EventError, match="tie-breaks: head_to_head"):
        tournament_standings(NAMES[:4], rr_results(), tiebreaks=["coin"])


def test_swiss_monrad_no_rematch_by_hand_six_teams() -> None:
    """Round 1 by seeding: A-B, C-D, E-F; A 10-5, D 10-7, E 10-9. Order for round 2:
    the winners A (+5), D (+3), E (+1) by point difference (their Buchholz is 0 each),
    then F (-1), C (-3), B (-5) (Buchholz 2 each). Monrad pairs A-D, then E-F, a
    rematch, so E meets C, and F meets B."""
    r1 = swiss_round(1, range(6), [], [])
    assert pairs(r1) == [(0, 1), (2, 3), (4, 5)]
    results = [match_result("1.1", (0, 1), [10, 5]), match_result("1.2", (2, 3), [7, 10]),
               match_result("1.3", (4, 5), [10, 9])]
    order = [s.team for s in tournament_standings(NAMES, results, tiebreaks=["buchholz", "point_difference"],
                                                  bye_points=2, seeding_last=True)]
    assert order == [0, 3, 4, 5, 2, 1]
    r2 = swiss_round(2, order, [frozenset(p) for p in pairs(r1)], [])
    assert pairs(r2) == [(0, 3), (4, 2), (5, 1)]


def test_swiss_backtracks_to_avoid_a_rematch_and_accepts_one_only_when_forced() -> None:
    """Order A B C D, A-B, C-D and B-D have met: A-C would leave B-D, so A meets D and
    B meets C. When everyone has met everyone, A-B and C-D again."""
    met = [frozenset(p) for p in [(0, 1), (2, 3), (1, 3)]]
    assert pairs(swiss_round(3, [0, 1, 2, 3], met, [])) == [(0, 3), (1, 2)]
    everyone = [frozenset(p) for p in itertools.combinations(range(4), 2)]
    assert pairs(swiss_round(4, [0, 1, 2, 3], everyone, [])) == [(0, 1), (2, 3)]


def test_swiss_bye_to_the_lowest_team_without_one() -> None:
    """Five teams: round 1 the bye to E (last), A-B and C-D. A 10-2, C 10-6. Order: A
    (+8), C (+4), E (the bye: 2 points, 0 difference), then D (Buchholz 2, -4), B (2,
    -8). Round 2: E has had the bye, so B (the lowest) rests; A-C, E-D."""
    r1 = swiss_round(1, range(5), [], [])
    assert (pairs(r1), r1.bye) == ([(0, 1), (2, 3)], 4)
    results = [match_result("1.1", (0, 1), [10, 2]), match_result("1.2", (2, 3), [10, 6])]
    rows = tournament_standings(NAMES[:5], results, byes=[4], tiebreaks=["buchholz", "point_difference"],
                                bye_points=2, seeding_last=True)
    assert [s.team for s in rows] == [0, 2, 4, 3, 1]
    assert rows[2].match_points == 2 and rows[2].byes == 1
    r2 = swiss_round(2, [s.team for s in rows], [frozenset(p) for p in pairs(r1)], [4])
    assert (pairs(r2), r2.bye) == ([(0, 2), (4, 3)], 1)


def test_match_results_are_checked() -> None:
    assert match_result("W1.1", (0, 1), [10, 7]).winning_team == 0
    assert match_result("1.1", (0, 1), [6, 6]).winner is None
    assert match_result("1.1", (0, 1), [6, 6], winner=1).winning_team == 1
    with pytest.raises(EventError, match="needs a winner"):
        match_result("W1.1", (0, 1), [6, 6], needs_winner=True)
    with pytest.raises(EventError, match="only for a tie"):
        match_result("1.1", (0, 1), [10, 6], winner=1)


def test_seed_order_is_the_standard_bracket() -> None:
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_single_elimination_of_five_teams_gives_the_top_seeds_byes() -> None:
    """Bracket of 8: 1-8, 4-5, 2-7, 3-6; seeds 6, 7 and 8 are byes, so seeds 1, 2 and 3
    (teams 0, 1, 2) go through and 4-5 is the only first-round match; 2 and 3 can play
    their second-round match at once. Then 1 meets the winner of 4-5."""
    matches = bracket(SINGLE_ELIMINATION, 5)
    assert [m.id for m in matches] == ["W1.1", "W1.2", "W1.3", "W1.4", "W2.1", "W2.2", "W3.1"]
    state = resolve(matches, 5, {})
    assert state.ready == ("W1.2", "W2.2")
    assert state.teams["W1.1"] == (0, BYE) and state.teams["W1.2"] == (3, 4)
    state = resolve(matches, 5, {"W1.2": 4})
    assert state.ready == ("W2.1", "W2.2")
    assert state.teams["W2.1"] == (0, 4) and state.teams["W2.2"] == (1, 2)
    state = resolve(matches, 5, {"W1.2": 4, "W2.1": 0, "W2.2": 2, "W3.1": 2})
    assert state.champion == 2
    results = [match_result("W1.2", (3, 4), [8, 10]), match_result("W2.1", (0, 4), [10, 3]),
               match_result("W2.2", (1, 2), [9, 10]), match_result("W3.1", (0, 2), [7, 10])]
    rows = bracket_standings(NAMES[:5], matches, results)
    assert [(s.rank, s.name, s.status) for s in rows] == [
        (1, "C", "champion"), (2, "A", "out in W3"), (3, "B", "out in W2"), (3, "E", "out in W2"), (5, "D", "out in W1")]
    with pytest.raises(EventError, match="bye"):
        resolve(matches, 5, {"W1.1": 0})
    with pytest.raises(EventError, match="not both known"):
        resolve(matches, 5, {"W2.1": 0})


def test_double_elimination_of_four_teams_by_hand() -> None:
    """W1.1 1-4 (A-D), W1.2 2-3 (B-C); L1.1 the two losers; W2.1 the two winners; L2.1
    the winner of L1.1 against the loser of W2.1; GF; GF2 only if the losers' champion
    wins GF. A beats D, C beats B; B beats D (D out); C beats A; A beats B (B out); A wins
    GF against C: both have lost once, so GF2: A wins it and C is out."""
    matches = bracket(DOUBLE_ELIMINATION, 4)
    assert [m.id for m in matches] == ["W1.1", "W1.2", "L1.1", "W2.1", "L2.1", "GF", "GF2"]
    played = {"W1.1": 0, "W1.2": 2, "L1.1": 1, "W2.1": 2, "L2.1": 0}
    state = resolve(matches, 4, played)
    assert state.teams["L1.1"] == (3, 1) and state.teams["L2.1"] == (1, 0)
    assert state.teams["GF"] == (2, 0) and state.ready == ("GF",)
    state = resolve(matches, 4, {**played, "GF": 0})
    assert state.ready == ("GF2",) and state.teams["GF2"] == (2, 0) and state.champion is None
    state = resolve(matches, 4, {**played, "GF": 0, "GF2": 0})
    assert state.champion == 0
    assert state.out_in == {3: "L1", 1: "L2", 2: "GF2"}
    # Had C won GF, C would be champion at once and there would be no GF2.
    state = resolve(matches, 4, {**played, "GF": 2})
    assert state.champion == 2 and state.ready == () and state.out_in[0] == "GF"
    with pytest.raises(EventError, match="GF2 is played only"):
        resolve(matches, 4, {**played, "GF": 2, "GF2": 2})


def test_double_elimination_with_a_bye_and_the_drops() -> None:
    """Three teams: W1.1 seed 1 against the bye, so A goes through and nobody drops from
    it; W1.2 B-C; its loser goes through L1.1 without play and meets the loser of W2.1."""
    matches = bracket(DOUBLE_ELIMINATION, 3)
    state = resolve(matches, 3, {"W1.2": 1})
    assert state.winners["L1.1"] == 2 and state.ready == ("W2.1",)
    state = resolve(matches, 3, {"W1.2": 1, "W2.1": 0})
    assert state.teams["L2.1"] == (2, 1)
    eight = bracket(DOUBLE_ELIMINATION, 8)
    assert [m.round_name for m in eight].count("L1") == 2 and [m.round_name for m in eight].count("L4") == 1
    # L2 (the first drop) takes W2's losers in reverse order.
    l2 = [m.sources for m in eight if m.round_name == "L2"]
    assert l2 == [(("winner", "L1.1"), ("loser", "W2.2")), (("winner", "L1.2"), ("loser", "W2.1"))]


def test_tournament_standings_export_and_read_back() -> None:
    rows = tournament_standings(NAMES[:4], rr_results())
    assert from_csv(to_csv(rows), TeamStanding, NAMES[:4]) == rows
    assert from_json(to_json(rows), TeamStanding, NAMES[:4]) == rows
    # The team column holds the team's name, not its number (issue 34). D lost all three
    # (4-10, 6-10, 2-10): 12 for, 30 against; A, B and C won two each (4 match points, a
    # win 2), so D's Buchholz is 4 + 4 + 4 = 12.
    lines = to_csv(rows).splitlines()
    assert lines[0] == ("rank,team,played,won,tied,lost,byes,match_points,points_for,points_against,"
                        "point_difference,buchholz,status")
    assert lines[-1] == "4,D,3,0,0,3,0,0,12,30,-18,12,"

"""The tally of a progressive evening (euchre.events.tally): hands as typed from a real
table, X-50's house scoring, who won a table, the standings and their tie-breaks, and the
CSV and JSON exports. Every expected total below is added up by hand from the hands
typed in the test (modern-standard's points, which progressive-party inherits: make 1,
march 2, lone make 1, lone march 4, euchre 2, lone hand euchred 2)."""

from __future__ import annotations

import json

import pytest

from euchre.core.presets import preset
from euchre.core.state import HandResult
from euchre.events.errors import EventError
from euchre.events.hand_tally import X50, HandTally, HouseScoring, hand_from_result, parse_hand, parse_hands
from euchre.events.movements import WINNERS_UP_LOSERS_DOWN, first_round, next_round
from euchre.events.spreadsheet import from_csv, from_json, to_csv, to_json
from euchre.events.standings import Standing, standings
from euchre.events.tally import TableResult, table_result

RULES = preset("progressive-party")
PLAIN = HouseScoring()
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def result(round_number: int, table: int, seats: tuple[int, int, int, int], hands: str,
           winner: int | None = None) -> TableResult:
    tallies = parse_hands(hands, RULES, PLAIN)
    totals = [sum(h.points[s] for h in tallies) for s in range(4)]
    return table_result(round_number, table, seats, totals, tallies, winner, seed=1)


def test_hands_typed_as_what_happened_score_by_the_rules() -> None:
    assert parse_hand("N 3", RULES, PLAIN).points == (1, 0, 1, 0)
    assert parse_hand("e 5", RULES, PLAIN).points == (0, 2, 0, 2)
    lone = parse_hand("S 5 alone", RULES, PLAIN)
    assert lone.points == (4, 0, 4, 0) and lone.loner == 2
    assert parse_hand("W 2", RULES, PLAIN).points == (2, 0, 2, 0)  # euchred: N-S score 2
    lone_make = parse_hand("E 4 alone", RULES, PLAIN)
    assert lone_make.points == (0, 1, 0, 1) and lone_make.loner == 1
    set_loner = parse_hand("N 0 alone", RULES, PLAIN)
    assert set_loner.points == (0, 2, 0, 2) and set_loner.loner is None


def test_hands_typed_as_points_with_x_for_nothing() -> None:
    """X-32's tally marks: 1, 2, 4 or X."""
    assert parse_hand("X,2,X,2", RULES, PLAIN).points == (0, 2, 0, 2)
    assert parse_hand("1 0 1 0", RULES, PLAIN) == HandTally((1, 0, 1, 0), None, "")
    assert parse_hand("4*,0,4,0", RULES, PLAIN).loner == 0
    for bad, why in [("1,1,1,1", "one side"), ("2,0,1,0", "same points"), ("1,0,1", "four points"),
                     ("5*,0,4,0", "same points"), ("0*,2,0,2", "marked"), ("N 6", "four points")]:
        with pytest.raises(EventError, match=why):
            parse_hand(bad, RULES, PLAIN)


def test_x50_house_scoring_loner_5_partner_4_set_loner_3() -> None:
    """X-50: a loner who makes it records 5, his partner 4; a set loner gives each
    opponent 3. A lone hand of three or four tricks keeps its 1 (#interp)."""
    assert parse_hand("S 5 alone", RULES, X50).points == (4, 0, 5, 0)
    assert parse_hand("W 1 alone", RULES, X50).points == (3, 0, 3, 0)
    assert parse_hand("E 3 alone", RULES, X50).points == (0, 1, 0, 1)
    assert parse_hand("N 5", RULES, X50).points == (2, 0, 2, 0)
    assert parse_hand("5*,0,4,0", RULES, X50) == HandTally((5, 0, 4, 0), 0, "")
    assert "5 for the loner" in X50.describe()
    with pytest.raises(EventError, match=r"0\.\.99"):
        HouseScoring(lone_euchred=-1)


def test_a_table_is_won_on_points_and_a_tie_by_the_organiser_or_the_cut() -> None:
    won = table_result(1, 1, (0, 1, 2, 3), (7, 2, 7, 2))
    assert (won.winner, won.decided_by, won.side_points()) == (0, "points", (14, 4))
    tie = table_result(1, 1, (0, 1, 2, 3), (3, 3, 3, 3), winner=1)
    assert (tie.winner, tie.decided_by) == (1, "organiser")
    cut = table_result(1, 2, (0, 1, 2, 3), (3, 3, 3, 3), seed=5)
    assert cut.decided_by == "cut" and cut.winner == table_result(1, 2, (0, 1, 2, 3), (3, 3, 3, 3), seed=5).winner
    with pytest.raises(EventError, match="name the winners only for a tie"):
        table_result(1, 1, (0, 1, 2, 3), (7, 2, 7, 2), winner=1)
    with pytest.raises(EventError, match="add up"):
        table_result(1, 1, (0, 1, 2, 3), (7, 2, 7, 2), [HandTally((1, 0, 1, 0))])


def small_evening() -> list[TableResult]:
    """Two tables, two rounds of four hands.

    Round 1, table 1 (N Ann 0, E Bob 1, S Cy 2, W Di 3): N 3 (N-S 1), E 5 (E-W 2), S 5
    alone (N-S 4, Cy's lone hand), W 2 (euchred: N-S 2). Ann 7, Cy 7, Bob 2, Di 2: N-S
    win. Table 2 (N Ed 4, E Flo 5, S Gus 6, W Hal 7): 1,0,1,0; X,2,X,2; E 4 alone (E-W 1,
    Flo's lone hand); N 0 alone (E-W 2). Ed 1, Gus 1, Flo 5, Hal 5: E-W win.

    Round 2 (winners up, losers down): table 1 N Ann, E Cy, S Flo, W Hal: N 3, E 3, S 5,
    W 5: Ann 3, Flo 3, Cy 3, Hal 3, a tie the organiser gives to E-W (Cy and Hal).
    Table 2 N Ed, E Gus, S Bob, W Di: N 5, N 5, E 3, S 3: Ed 5, Bob 5, Gus 1, Di 1.
    """
    r1 = first_round(WINNERS_UP_LOSERS_DOWN, 8)
    t1, t2 = r1.tables
    res1 = [result(1, 1, t1.seats, "N 3; E 5; S 5 alone; W 2"),
            result(1, 2, t2.seats, "1,0,1,0; X,2,X,2; E 4 alone; N 0 alone")]
    r2 = next_round(WINNERS_UP_LOSERS_DOWN, r1, [r.winner for r in res1])
    assert [t.seats for t in r2.tables] == [(0, 2, 5, 7), (4, 6, 1, 3)]
    res2 = [result(2, 1, r2.tables[0].seats, "N 3; E 3; S 5; W 5", winner=1),
            result(2, 2, r2.tables[1].seats, "N 5; N 5; E 3; S 3")]
    return res1 + res2


def test_standings_of_a_small_evening_by_hand() -> None:
    """Totals: Ann 7+3 = 10, Bob 2+5 = 7, Cy 7+3 = 10, Di 2+1 = 3, Ed 1+5 = 6, Flo 5+3 =
    8, Gus 1+1 = 2, Hal 5+3 = 8. Lone hands: Cy 1, Flo 1. Tables won: Ann 1, Bob 1, Cy 2,
    Di 0, Ed 1, Flo 1, Gus 0, Hal 2. Default tie-breaks (lone hands first): Cy before Ann,
    Flo before Hal."""
    rows = standings(NAMES, small_evening(), 2)
    assert [(s.rank, s.name, s.total) for s in rows] == [
        (1, "Cy", 10), (2, "Ann", 10), (3, "Flo", 8), (4, "Hal", 8), (5, "Bob", 7), (6, "Ed", 6), (7, "Di", 3), (8, "Gus", 2)]
    by_name = {s.name: s for s in rows}
    assert by_name["Ann"].rounds == (7, 3) and by_name["Bob"].rounds == (2, 5)
    assert {n: s.rounds_won for n, s in by_name.items()} == {
        "Ann": 1, "Bob": 1, "Cy": 2, "Di": 0, "Ed": 1, "Flo": 1, "Gus": 0, "Hal": 2}
    assert {n: s.lone_hands for n, s in by_name.items() if s.lone_hands} == {"Cy": 1, "Flo": 1}


def test_tie_breaks_in_the_order_the_organiser_chooses() -> None:
    """rounds_won: Cy (2) before Ann (1), Hal (2) before Flo (1). head_to_head: in round 2
    Cy (E) beat Ann (N) and Hal (W) beat Flo (S), so Cy and Hal go first. None: the level
    players share the rank."""
    results = small_evening()
    order = [(s.rank, s.name) for s in standings(NAMES, results, 2, ["rounds_won"])][:4]
    assert order == [(1, "Cy"), (2, "Ann"), (3, "Hal"), (4, "Flo")]
    order = [(s.rank, s.name) for s in standings(NAMES, results, 2, ["head_to_head"])][:4]
    assert order == [(1, "Cy"), (2, "Ann"), (3, "Hal"), (4, "Flo")]
    order = [(s.rank, s.name) for s in standings(NAMES, results, 2, [])][:4]
    assert order == [(1, "Ann"), (1, "Cy"), (3, "Flo"), (3, "Hal")]
    with pytest.raises(EventError, match="tie-breaks: lone_hands"):
        standings(NAMES, results, 2, ["coin"])


def test_a_round_not_yet_entered_shows_no_points() -> None:
    rows = standings(NAMES, small_evening()[:2], 3)
    assert {s.name: s.rounds for s in rows}["Ann"] == (7, None, None)


def test_csv_and_json_exports_read_back_equal() -> None:
    rows = standings(NAMES, small_evening(), 3)
    text = to_csv(rows)
    assert from_csv(text, Standing, NAMES) == rows
    assert from_json(to_json(rows, event="test"), Standing, NAMES) == rows
    with pytest.raises(EventError, match="'Cy' is none of its players"):
        from_csv(text, Standing, ["Ann", "Bob"])


def test_regression_the_csv_player_column_held_an_index_not_the_name() -> None:
    """The CSV's ``player`` column held the player's number (2 for Cy) beside a ``name``
    column; it holds his name, as the JSON's standings do. From small_evening's totals
    (three rounds planned, two played): Cy 7 + 3 = 10, two tables won, one lone hand,
    first on lone hands; Ann 7 + 3 = 10, one table won, none."""
    rows = standings(NAMES, small_evening(), 3)
    assert to_csv(rows).splitlines()[:3] == ["rank,player,total,rounds_1,rounds_2,rounds_3,rounds_won,lone_hands",
                                             "1,Cy,10,7,3,,2,1", "2,Ann,10,7,3,,1,0"]
    first = json.loads(to_json(rows))["standings"][0]
    assert first == {"rank": 1, "player": "Cy", "total": 10, "rounds": [7, 3, None], "rounds_won": 2, "lone_hands": 1}
    results = small_evening()
    assert [TableResult.from_dict(r.to_dict()) for r in results] == results


def test_a_played_hand_is_tallied_with_the_house_scoring() -> None:
    """The engine's results of a lone march by S and of E's lone hand euchred (two tricks):
    plain, each side records its points (4, and 2); under X-50 S records 5 and N 4, and N
    and S record 3 each. A hand passed out is not tallied."""
    march = HandResult(False, False, 2, 0, 2, None, (5, 0), (4, 0), "lone march")
    assert hand_from_result(march, RULES, PLAIN) == HandTally((4, 0, 4, 0), 2, "lone march")
    assert hand_from_result(march, RULES, X50) == HandTally((4, 0, 5, 0), 2, "lone march")
    euchred = HandResult(False, False, 1, 0, 1, None, (3, 2), (2, 0), "lone hand euchred")
    assert hand_from_result(euchred, RULES, PLAIN) == HandTally((2, 0, 2, 0), None, "lone hand euchred")
    assert hand_from_result(euchred, RULES, X50) == HandTally((3, 0, 3, 0), None, "lone hand euchred")
    passed = HandResult(True, False, None, None, None, None, (0, 0), (0, 0), "passed out")
    assert hand_from_result(passed, RULES, X50) is None


def test_regression_a_formula_as_a_name_went_into_the_csv_as_a_formula() -> None:
    """Regression: names such as ``=HYPERLINK(...)`` or ``+cmd|...`` were written as they
    are, which a spreadsheet runs; they are now written behind an apostrophe (shown as
    text) and read back as given, as is a name that starts with an apostrophe."""
    import dataclasses

    names = ['=HYPERLINK("//x.io","y")', "+cmd|'/C calc'!A0", "@SUM(1+1)", "-2+3", "'quoted", "Ann", "Bob", "Cy"]
    rows = [dataclasses.replace(r, name=names[r.player]) for r in standings(NAMES, small_evening(), 3)]
    text = to_csv(rows)
    cells = [line.split(",")[1] for line in text.splitlines()[1:]]
    assert all(not c.lstrip('"').startswith(("=", "+", "-", "@")) for c in cells)
    assert "'=HYPERLINK" in text and "''quoted" in text
    assert from_csv(text, Standing, names) == rows


def test_regression_a_hand_or_a_score_no_game_can_give_was_taken() -> None:
    """Regression (a tester's finding): a hand of 99 points a player, a score of 1990
    digits, ``1_000-0`` and Arabic-Indic digits were taken. A typed hand may give a player
    at most what one hand can under the rules and the house scoring (4 for a lone march
    here; 5 under X-50's), a score is ASCII digits, at most four a side."""
    from euchre.events.event import _score

    rules = preset("progressive-party")
    with pytest.raises(EventError, match="more than 4 points"):
        parse_hand("99,0,99,0", rules, PLAIN)
    with pytest.raises(EventError, match="more than 4 points"):
        parse_hand("9,0,9,0", rules, PLAIN)
    assert parse_hand("5*,0,4,0", rules, HouseScoring(5, 4, 3)).points == (5, 0, 4, 0)
    assert parse_hand("4,0,4,0", rules, PLAIN).points == (4, 0, 4, 0)
    with pytest.raises(EventError, match="a hand is"):
        parse_hand("٣,0,٣,0", rules, PLAIN)
    assert _score("7-5") == (7, 5) and _score(" 10 - 0 ") == (10, 0)
    for bad in ("1_000-0", "٣-٥", "12345-0", "9" * 1990 + "-0", "7", "-3-5"):
        with pytest.raises(EventError, match="a score is"):
            _score(bad)

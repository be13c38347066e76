"""The duplicate arena: pairing of deals, invariants, determinism across workers, the
statistics on hand-computed data, the plot, the ISMCTS adapter and ``euchre arena``."""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path
from typing import ClassVar

import pytest

from euchre.analysis.duplicate import (
    DuplicateDeal,
    DuplicateGame,
    MatchRecord,
    deal_for,
    play_duplicate_deal,
    play_hand,
    run_match,
    run_matches,
)
from euchre.analysis.plot import ShareBar, plot_shares
from euchre.bots import make_bot
from euchre.cli.arena import share_bars, share_interval, summarize
from euchre.core.actions import Action
from euchre.core.errors import EuchreError, RulesError
from euchre.core.hand import HandState
from euchre.core.presets import preset
from euchre.core.views import PlayerView, view_of
from test_cli import assert_one_line_error, run

RULES = preset("modern-standard")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


# ---------------------------------------------------------------- the pairing
class Spy:
    """A random bot that notes which play it is made for (bots are made in seat order,
    four per play), its side, and the hand it holds at its first decision."""

    made: ClassVar[int] = 0
    seats: ClassVar[int] = 4
    """Bots made per play (the table's seats)."""
    log: ClassVar[list[tuple[int, int, str, int, frozenset[int]]]] = []

    def __init__(self, side: str, seed: int) -> None:
        self.number = Spy.made
        Spy.made += 1
        self.side = side
        self.inner = make_bot("random", seed)
        self.seen = False

    @property
    def name(self) -> str:
        return f"spy-{self.side}"

    def choose(self, view: PlayerView) -> Action:
        if not self.seen:
            self.seen = True
            Spy.log.append((self.number // Spy.seats, self.number % Spy.seats, self.side, view.seat,
                            frozenset(view.hand)))
        return self.inner.choose(view)


def test_duplicate_deal_exchanges_the_cards() -> None:
    """Both plays deal the same cards from the same dealer; side A holds N-S's cards in
    the first and E-W's in the second (and B the others)."""
    for index in range(12):
        hand = deal_for(RULES, 7, index)
        again = deal_for(RULES, 7, index)
        assert hand.deal_hands == again.deal_hands and hand.upcard == again.upcard and hand.dealer == index % 4
        Spy.made, Spy.log = 0, []
        deal = play_duplicate_deal(RULES, functools.partial(Spy, "A"), functools.partial(Spy, "B"), 7, index)
        assert deal.dealer == hand.dealer and Spy.made == 8
        eldest = (hand.dealer + 1) % 4
        assert {(play, seat) for play, seat, *_ in Spy.log} >= {(0, eldest), (1, eldest)}
        for play, made_for, side, seat, cards in Spy.log:
            assert seat == made_for
            assert side == ("A" if seat % 2 == play else "B")
            if seat != hand.dealer:  # a non-dealer's first decision is with the dealt cards
                assert cards == frozenset(c for c in range(32) if hand.deal_hands[seat] >> c & 1)


TWO = preset("two-handed")


def test_two_handed_duplicate_deal_exchanges_the_players_cards() -> None:
    """At the two-handed table (one player a side) both plays deal the same cards from
    the same dealer (seat ``index % 2``); side A holds seat 0's cards in the first play and
    seat 1's in the second, B the other hand: two bots per play, made in seat order."""
    for index in range(8):
        hand = deal_for(TWO, 7, index)
        assert hand.dealer == index % 2
        Spy.made, Spy.seats, Spy.log = 0, 2, []
        try:
            deal = play_duplicate_deal(TWO, functools.partial(Spy, "A"), functools.partial(Spy, "B"), 7, index)
        finally:
            Spy.seats = 4
        assert deal.dealer == hand.dealer and Spy.made == 4
        eldest = 1 - hand.dealer
        assert {(play, seat) for play, seat, *_ in Spy.log} >= {(0, eldest), (1, eldest)}
        for play, made_for, side, seat, cards in Spy.log:
            assert seat == made_for
            assert side == ("A" if seat == play else "B")
            if seat != hand.dealer:
                assert cards == frozenset(c for c in range(32) if hand.deal_hands[seat] >> c & 1)


def test_two_handed_identical_bots_cancel_exactly() -> None:
    make = functools.partial(make_bot, "intermediate")
    record = run_match(TWO, make, make, deals=30, seed=11)
    assert all(d.a_points == d.b_points for d in record.deals)
    assert all(d.points[0] == d.points[1][::-1] for d in record.deals)
    assert sum(d.a_points for d in record.deals) > 0


def test_a_hand_needs_one_bot_per_seat_and_sides_of_the_table() -> None:
    from euchre.analysis.duplicate import seats_of
    from euchre.core.seats import Table

    make = functools.partial(make_bot, "random")
    with pytest.raises(EuchreError, match="needs 2 bots"):
        play_hand(deal_for(TWO, 1, 0), [make(s) for s in range(4)])
    with pytest.raises(EuchreError, match="needs 4 bots"):
        play_hand(deal_for(RULES, 1, 0), [make(s) for s in range(2)])
    with pytest.raises(EuchreError, match=r"sides 0\.\.2"):
        seats_of(3, make, make, [1, 2, 3], Table(3, ((0,), (1,), (2,))))
    with pytest.raises(EuchreError, match="one seed per seat"):
        seats_of(0, make, make, [1, 2], Table(3, ((0,), (1,), (2,))))
    assert [b.name for b in seats_of(1, functools.partial(make_bot, "beginner"), make, [1, 2], TWO.table)] == [
        "random", "beginner"]
    beginner = functools.partial(make_bot, "beginner")
    assert [b.name for b in seats_of(frozenset({0, 2}), beginner, make, [1, 2, 3], CUT.table)] == [
        "beginner", "random", "beginner"]


# ---------------------------------------------------------------- more than two sides
CUT = preset("cutthroat-3")


def test_arrangements_of_two_and_of_more_sides() -> None:
    """Two sides: A at the first, then at the second. Three players each for himself: A
    alone in seat 1, 2, 3, then everywhere but seat 1, 2, 3."""
    from euchre.analysis.duplicate import arrangements

    assert arrangements(RULES.table) == (frozenset({0}), frozenset({1}))
    assert arrangements(TWO.table) == (frozenset({0}), frozenset({1}))
    assert arrangements(CUT.table) == (frozenset({0}), frozenset({1}), frozenset({2}),
                                       frozenset({1, 2}), frozenset({0, 2}), frozenset({0, 1}))
    five = arrangements(preset("call-ace-5").table)
    assert len(five) == 10 and sum(len(a) for a in five) == 25  # A holds 5 x 5 player-hands


def test_cutthroat_duplicate_deal_gives_each_bot_every_seat_three_times() -> None:
    """At cutthroat each deal is played six times from the same dealer with the same
    cards; in the plays in order A holds seat 1, 2, 3 alone, then the two others; the
    bots are made in seat order, three per play."""
    for index in range(6):
        hand = deal_for(CUT, 7, index)
        assert hand.dealer == index % 3
        Spy.made, Spy.seats, Spy.log = 0, 3, []
        try:
            deal = play_duplicate_deal(CUT, functools.partial(Spy, "A"), functools.partial(Spy, "B"), 7, index)
        finally:
            Spy.seats = 4
        assert Spy.made == 18 and len(deal.points) == 6 and deal.held == (1, 1, 1, 2, 2, 2) and deal.side_hands == 9
        a_seats = [{0}, {1}, {2}, {1, 2}, {0, 2}, {0, 1}]
        for play, made_for, side, seat, cards in Spy.log:
            assert seat == made_for
            assert side == ("A" if seat in a_seats[play] else "B")
            if seat != hand.dealer:
                assert cards == frozenset(c for c in range(32) if hand.deal_hands[seat] >> c & 1)


@pytest.mark.parametrize("name", ["cutthroat-3", "call-ace-5"])
def test_identical_bots_cancel_exactly_at_tables_of_more_sides(name: str) -> None:
    """The same bot as A and B: every seat's cards are held by A in m plays and by B in
    m plays, with the same seed and the same choices, so every deal's points cancel."""
    make = functools.partial(make_bot, "intermediate")
    record = run_match(preset(name), make, make, deals=12, games=1, seed=3)
    assert all(d.a_points == d.b_points for d in record.deals)
    summary = summarize("x", "x", record)
    assert summary.share == 0.5 and summary.margin == 0.0 and summary.a_per_hand > 0
    m = preset(name).table.seats
    assert summary.side_hands == 12 * m * m and summary.hands == 12 * 2 * m
    assert summary.a_wins == summary.b_wins == m


def test_summary_at_a_table_of_three_players() -> None:
    """Worked by hand. Two deals at cutthroat, six plays each (A holds 1, 1, 1, 2, 2, 2
    players): A's points 3+0+1+2+4+3 = 13 and 1+0+0+2+0+2 = 5, B's 2+4+3+1+0+1 = 11 and
    0+2+1+0+3+0 = 6. Per player-hand (9 a deal): A 18/18 = 1.0, B 17/18; share 18/35;
    margin per deal (13-11)/9 and (5-6)/9, mean 1/18."""
    held = (1, 1, 1, 2, 2, 2)
    deals = (DuplicateDeal(0, 0, ((3, 2), (0, 4), (1, 3), (2, 1), (4, 0), (3, 1)), held),
             DuplicateDeal(1, 1, ((1, 0), (0, 2), (0, 1), (2, 0), (0, 3), (2, 0)), held))
    s = summarize("x", "y", MatchRecord(deals, ()))
    assert (s.deals, s.hands, s.side_hands, s.plays) == (2, 12, 18, 6)
    assert s.a_per_hand == 1.0 and s.b_per_hand == pytest.approx(17 / 18)
    assert s.share == pytest.approx(18 / 35)
    assert s.margin == pytest.approx(1 / 18)
    # Margins per deal 2/9 and -1/9: mean 1/18, sample variance (3/9)^2 / 2, and the
    # normal-approximation half-width 1.959964 * sqrt(variance / 2).
    assert s.margin_ci is not None
    half = 1.959964 * ((3 / 9) ** 2 / 2 / 2) ** 0.5
    assert s.margin_ci[0] == pytest.approx(1 / 18 - half, abs=1e-6)


def test_different_deals_differ_and_dealers_rotate() -> None:
    deals = [deal_for(RULES, 3, i) for i in range(8)]
    assert len({d.deal_hands for d in deals}) == 8
    assert [d.dealer for d in deals] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert deal_for(RULES, 4, 0).deal_hands != deals[0].deal_hands


@pytest.mark.parametrize("level", ["intermediate", "random"])
def test_identical_bots_cancel_exactly(level: str) -> None:
    """The same bot on both sides (the same seed per seat in both plays) makes the same
    choices with the same cards, so every duplicate deal's points cancel: 50% exactly."""
    make = functools.partial(make_bot, level)
    record = run_match(RULES, make, make, deals=40, seed=11)
    assert all(d.a_points == d.b_points for d in record.deals)
    assert all(d.points[0] == d.points[1][::-1] for d in record.deals)
    summary = summarize(level, level, record)
    assert summary.share == 0.5 and summary.share_ci == (0.5, 0.5)
    assert summary.margin == 0.0 and summary.a_per_hand == summary.b_per_hand > 0


def test_results_do_not_depend_on_workers() -> None:
    pairings = [(functools.partial(make_bot, "beginner"), functools.partial(make_bot, "random")),
                (functools.partial(make_bot, "intermediate"), functools.partial(make_bot, "beginner"))]
    kwargs = {"deals": 10, "games": 2, "seed": 5}
    one = run_matches(RULES.replace(game_target=5), pairings, workers=1, **kwargs)
    ticks: list[int] = []
    two = run_matches(RULES.replace(game_target=5), pairings, workers=2, progress=ticks.append, **kwargs)
    assert one == two
    assert sum(ticks) == 2 * (10 + 2)
    assert [d.index for d in one[0].deals] == list(range(10))


def test_bad_match_arguments() -> None:
    make = functools.partial(make_bot, "random")
    with pytest.raises(EuchreError, match="deals"):
        run_match(RULES, make, make, deals=-1)
    with pytest.raises(EuchreError, match="at least one"):
        run_match(RULES, make, make, deals=0)
    with pytest.raises(EuchreError, match="workers"):
        run_match(RULES, make, make, deals=1, workers=0)
    with pytest.raises(EuchreError, match="pairing"):
        run_matches(RULES, [], deals=1)


# ---------------------------------------------------------------- statistics
def test_share_interval_by_hand() -> None:
    # Points (A, B) per duplicate deal: (3,1), (1,1), (2,2), (2,0). Share R = 8/12 = 2/3;
    # mean points per deal 3; linearized z = R + (a - R t)/3 = 2/3 + (1/9, -1/9, -2/9, 2/9);
    # sample variance 10/81/3 = 10/243; half-width 1.959964 * sqrt(10/243/4) = 0.198799.
    share, ci = share_interval([(3, 1), (1, 1), (2, 2), (2, 0)])
    assert share == pytest.approx(2 / 3)
    assert ci is not None
    assert ci[0] == pytest.approx(0.467868, abs=1e-6) and ci[1] == pytest.approx(0.865466, abs=1e-6)
    assert share_interval([(0, 0), (0, 0)]) == (0.5, None)
    assert share_interval([(2, 1)]) == (2 / 3, None)
    low, high = share_interval([(4, 0), (4, 0), (2, 0)])[1] or (0.0, 0.0)
    assert low == high == 1.0


def test_summary_by_hand() -> None:
    deals = (DuplicateDeal(0, 0, ((3, 0), (0, 1))), DuplicateDeal(1, 1, ((1, 0), (0, 1))),
             DuplicateDeal(2, 2, ((2, 0), (0, 2))), DuplicateDeal(3, 3, ((0, 0), (2, 0))))
    games = (DuplicateGame(0, (0, 0), ((10, 4), (10, 7)), (9, 11)), DuplicateGame(1, (0, 1), ((10, 2), (8, 10)), (8, 12)))
    s = summarize("x", "y", MatchRecord(deals, games))
    assert (s.deals, s.hands, s.side_hands, s.plays) == (4, 8, 8, 2)
    assert s.a_per_hand == 1.0 and s.b_per_hand == 0.5  # 8 and 4 points over 8 hands
    assert s.share == pytest.approx(2 / 3)
    assert s.share_ci is not None and s.share_ci[0] == pytest.approx(0.467868, abs=1e-6)
    # Margin per hand per deal (a - b)/2 = 1, 0, 0, 1: mean 0.5, s^2 = 1/3, half 1.959964*sqrt(1/12).
    assert s.margin == 0.5
    assert s.margin_ci is not None
    assert s.margin_ci[0] == pytest.approx(0.5 - 0.565792, abs=1e-6) and s.margin_ci[1] == pytest.approx(1.065792, abs=1e-6)
    # Games: A won 3 of 4; Wilson: centre (0.75 + 0.48021) / 1.96042, half 0.326884.
    assert (s.games, s.a_wins, s.b_wins, s.unfinished) == (4, 3, 1, 0)
    assert s.win_ci is not None
    assert s.win_ci[0] == pytest.approx(0.300636, abs=1e-5) and s.win_ci[1] == pytest.approx(0.954405, abs=1e-5)
    assert s.running == pytest.approx((3 / 4, 4 / 6, 6 / 10, 8 / 12))


# ---------------------------------------------------------------- the plot
def test_plot_is_a_png(tmp_path: Path) -> None:
    path = tmp_path / "shares.png"
    bars = [ShareBar("a vs b", 0.6, 0.55, 0.65, (0.7, 0.62, 0.6)), ShareBar("a vs c", 0.5)]
    assert plot_shares(path, bars, title="test") == path
    assert path.read_bytes()[:8] == PNG_MAGIC
    with pytest.raises(EuchreError, match=r"\.png"):
        plot_shares(tmp_path / "shares.pdf", bars)
    with pytest.raises(EuchreError, match="directory"):
        plot_shares(tmp_path / "missing" / "shares.png", bars)


def test_regression_the_plot_drew_an_interval_the_report_said_there_was_none() -> None:
    """Below MIN_INTERVAL_DEALS deals the report says "no interval"; the plot drew one
    (0.0% (0.0-0.0) over three deals): its bar has none. Ten deals of the same kind
    (3 to 0 each) have one in both. Positive control: summarize gives an interval over
    three deals, which share_bars leaves out."""
    few = summarize("x", "y", MatchRecord(tuple(DuplicateDeal(i, i, ((3, 0), (0, 0))) for i in range(3)), ()))
    assert few.share_ci is not None
    (bar,) = share_bars([few])
    assert (bar.label, bar.share, bar.low, bar.high) == ("x vs y", 1.0, None, None)
    ten = summarize("x", "y", MatchRecord(tuple(DuplicateDeal(i, i, ((3, 0), (0, 0))) for i in range(10)), ()))
    (bar,) = share_bars([ten])
    assert ten.share_ci is not None and (bar.low, bar.high) == ten.share_ci
    assert bar.running == (1.0,) * 10


# ---------------------------------------------------------------- ISMCTS
OPENSPIEL = preset("openspiel")


def test_ismcts_state_holds_only_the_seats_information() -> None:
    """The OpenSpiel state built from a view gives the seat the same information state as
    the true deal does (and no more: the other hands are sampled)."""
    pytest.importorskip("pyspiel")
    from euchre.interop.ismcts import openspiel_state_for_view
    from euchre.interop.openspiel import action_to_openspiel, load_openspiel_game, new_openspiel_state

    game = load_openspiel_game(OPENSPIEL)
    rng = random.Random(2)
    differed = 0
    for i in range(15):
        hand = HandState.deal(OPENSPIEL, i % 4, random.Random(i))
        true = new_openspiel_state(hand, game)
        while not hand.is_over:
            seat = hand.turn
            world, state = openspiel_state_for_view(view_of(hand, seat), rng, game)
            assert state.information_state_string(seat) == true.information_state_string(seat)
            assert world.phase == hand.phase and state.current_player() == seat
            differed += world.deal_hands != hand.deal_hands
            action = rng.choice(hand.legal_actions())
            true.apply_action(action_to_openspiel(hand, action))
            hand.apply(action)
    assert differed > 0


def test_ismcts_plays_legal_actions() -> None:
    pytest.importorskip("pyspiel")
    from euchre.interop.ismcts import IsmctsBot

    for i in range(3):
        hand = HandState.deal(OPENSPIEL, i, random.Random(100 + i))
        bots = [IsmctsBot(OPENSPIEL, 10 * i + s, simulations=25) if s % 2 == 0 else make_bot("random", s)
                for s in range(4)]
        result = play_hand(hand, bots)  # raises IllegalActionError on an illegal choice
        assert sum(result.points) > 0
    record = run_match(OPENSPIEL, functools.partial(IsmctsBot, OPENSPIEL, simulations=25),
                       functools.partial(make_bot, "random"), deals=2, seed=1)
    assert len(record.deals) == 2


def test_ismcts_refuses_other_rules_and_bad_settings() -> None:
    from euchre.interop.ismcts import IsmctsBot, parse_level

    with pytest.raises(RulesError, match="openspiel"):
        IsmctsBot(RULES, 0)
    with pytest.raises(EuchreError, match="simulation"):
        IsmctsBot(OPENSPIEL, 0, simulations=0)
    assert parse_level("ismcts") == 1000 and parse_level("ISMCTS:50") == 50 and parse_level("random") is None
    with pytest.raises(EuchreError, match="ismcts:N"):
        parse_level("ismcts:-3")


# ---------------------------------------------------------------- euchre arena
def test_arena_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plot = tmp_path / "arena.png"
    code, out, err = run(capsys, "arena", "--bots", "intermediate,beginner,random", "--deals", "20", "--games", "1",
                         "--target", "5", "--seed", "2", "--plot", str(plot))
    assert code == 0, err
    assert "intermediate (A) against beginner (B): 20 duplicate deals = 40 hands" in out
    assert "A's point share" in out and "over duplicate deals" in out and "Wilson" in out
    assert "Point share (%) of the row against the column" in out
    assert ("Command: euchre arena --bots intermediate,beginner,random --deals 20 --preset modern-standard "
            "--target 5 --seed 2 --workers 1 --games 1 --plot " + str(plot)) in out
    assert plot.read_bytes()[:8] == PNG_MAGIC
    too_wide = [line for line in out.splitlines() if len(line) > 80 and not line.startswith("Command:")]
    assert not too_wide


def test_arena_command_at_a_table_of_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "arena", "--preset", "cutthroat-3", "--bots", "intermediate,random", "--deals", "4",
                         "--games", "1", "--target", "3", "--seed", "2")
    assert code == 0, err
    assert "intermediate (A) against random (B): 4 duplicate deals = 24 hands" in out
    assert "6 plays a deal (A alone in each seat, then B alone)" in out and "36 player-hands each" in out
    assert "Games won by A" in out
    too_wide = [line for line in out.splitlines() if len(line) > 80 and not line.startswith("Command:")]
    assert not too_wide


def test_arena_command_with_ismcts(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    code, out, err = run(capsys, "arena", "--bots", "random,ismcts:20", "--deals", "2", "--preset", "openspiel")
    assert code == 0, err
    assert "random (A) against ismcts:20 (B): 2 duplicate deals" in out


@pytest.mark.parametrize(("argv", "needle"), [
    (["--bots", "intermediate,grandmaster"], "grandmaster"),
    (["--bots", "intermediate"], "two or more"),
    (["--bots", "random,beginner,random"], "twice"),
    (["--bots", "intermediate,ismcts"], "--preset openspiel"),
    (["--bots", "intermediate,ismcts:lots", "--preset", "openspiel"], "ismcts:N"),
    (["--deals", "-1"], "--deals"),
    (["--deals", "0"], "nothing to play"),
    (["--workers", "0"], "--workers"),
    (["--deals", "many"], "--deals"),
    (["--preset", "nowhere"], "nowhere"),
    (["--plot", "out.pdf"], ".png"),
    (["--plot", "/no/such/dir/out.png"], "directory"),
])
def test_arena_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    code, _, err = run(capsys, "arena", "--deals", "1", *argv) if argv[0] != "--deals" else run(capsys, "arena", *argv)
    assert_one_line_error(code, err, needle)


def test_regression_two_deals_showed_an_interval_of_zero_width(capsys: pytest.CaptureFixture[str]) -> None:
    """Regression (a tester's finding): two duplicate deals printed "95% CI 0.0% to 0.0%"
    and "±0.0" in the crosstable, an interval the normal approximation cannot give over
    so few; below 10 deals none is shown, and says why. The games line says how many
    games --games made: each duplicate game once in each seating (2 at four hands)."""
    code, out, err = run(capsys, "arena", "--bots", "random,beginner,intermediate", "--deals", "2", "--seed", "1")
    assert code == 0, err
    assert not re.search(r"CI [0-9+-]|[0-9] ±[0-9]", out)
    assert out.count("no interval: fewer than 10 duplicate deals") == 6  # share and margin of three pairings
    code, out, err = run(capsys, "arena", "--deals", "10", "--games", "2", "--target", "3", "--seed", "1")
    assert code == 0, err
    assert "no interval" not in out and out.count("95% CI") == 3  # share, margin, games won
    assert "4 games played: each duplicate game in every seating" in out

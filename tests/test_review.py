"""``euchre review``, the expert's action values behind it and ``HandState.as_dealt``.

The decisive case is built so that its values are known without the code: the eldest
hand holds the five highest trumps (both bowers, ace, king, queen of hearts, the ten
turned up). Every card it holds wins any trick, so ordering up alone marches alone
(4 points, in every sampled world and whatever the others play), ordering up with the
partner marches (2 points), and passing can be worth at most 2 (``modern-standard``:
a march or a euchre of a partnership, 2 points). Passing therefore loses at least 2
points of expected value, and the better choice is ordering up alone.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest

import euchre.cli.review as review_cli
from euchre.analysis.review import Decision, Review, decision_points, game_hands, review_game
from euchre.bots import make_bot
from euchre.bots.advice import action_values
from euchre.cli.main import main
from euchre.core.actions import Action
from euchre.core.cards import parse_card
from euchre.core.errors import EuchreError
from euchre.core.game import Game
from euchre.core.hand import HandState, Phase
from euchre.core.presets import PLAYABLE_PRESETS, preset
from euchre.core.views import view_of
from euchre.records import dumps
from test_cli import assert_one_line_error, run
from test_egn_replay_display import past_the_end

RULES = preset("modern-standard")
TOP_TRUMPS = ["JH", "JD", "AH", "KH", "QH"]


def _cards(codes: list[str]) -> list[int]:
    return [parse_card(c) for c in codes]


def top_trumps_game() -> Game:
    """A game whose first hand gives the eldest hand the five highest hearts with the
    ten of hearts turned up; the eldest hand then passes."""
    others = [_cards(["9C", "10C", "QC", "KC", "AC"]), _cards(["9S", "10S", "QS", "KS", "AS"]),
              _cards(["9D", "10D", "QD", "KD", "AD"])]
    stock = _cards(["10H", "9H", "JC", "JS"])

    def provider(index: int, dealer: int) -> HandState:
        hands: list[list[int]] = [[], [], [], []]
        eldest = (dealer + 1) % 4
        hands[eldest] = _cards(TOP_TRUMPS)
        for k, seat in enumerate(s for s in range(4) if s != eldest):
            hands[seat] = others[k]
        return HandState.from_deal(RULES, dealer, hands, stock)

    game = Game(RULES, 1, deal_provider=provider)
    game.apply(Action.PASS)
    return game


def test_as_dealt_replays_every_hand_of_played_games() -> None:
    for name in ("modern-standard", "casual-web-003", "dc-club-1862", "hoyle-1857"):
        game = Game(preset(name), 3)
        bots = [make_bot("intermediate", s) for s in range(4)]
        while not game.is_over:
            game.apply(bots[game.turn].choose(view_of(game.hand, game.turn, game.score)))
        for hand in game.finished_hands:
            fresh = hand.as_dealt()
            assert fresh.history == [] and fresh.deal_hands == hand.deal_hands and fresh.dealer == hand.dealer
            for _, code in hand.history:
                fresh.apply(code)
            assert fresh.result == hand.result and fresh.history == hand.history


def test_as_dealt_puts_a_set_aside_joker_back() -> None:
    """casual-web-003 turns the next card when the joker is turned up (S003 L12): the
    hand as dealt sets it aside again, with the same upcard."""
    rules = dataclasses.replace(preset("casual-web-003"), joker=True)  # the page's optional joker
    assert rules.joker_turned_up == "turn_next_card"
    deck = list(range(32))  # 32-card deck: card numbers 0..31 (see euchre.core.cards)
    hands = [deck[0:5], deck[5:10], deck[10:15], deck[15:20]]
    from euchre.core.cards import JOKER

    hand = HandState.from_deal(rules, 0, hands, [JOKER, *deck[20:32]])
    assert hand.joker_aside and hand.upcard == deck[20]
    again = hand.as_dealt()
    assert again.joker_aside and again.upcard == hand.upcard and list(again.stock) == list(hand.stock)


def test_decision_loss_and_best_are_differences_of_the_values() -> None:
    state = HandState.deal(RULES, 0, random.Random(1))
    values = {Action.PASS: -0.5, Action.ORDER_UP: 0.75, Action.ORDER_UP_ALONE: 0.25}
    d = Decision(1, 0, 1, Phase.BID_ROUND_1, state, (0, 0), Action.PASS, values)
    assert d.best == Action.ORDER_UP and d.loss == pytest.approx(1.25)
    tied = Decision(1, 0, 1, Phase.BID_ROUND_1, state, (0, 0), Action.ORDER_UP_ALONE,
                    {Action.PASS: 1.0, Action.ORDER_UP: 1.0, Action.ORDER_UP_ALONE: 1.0})
    assert tied.best == Action.PASS and tied.loss == 0.0
    review = Review((1,), 0.5, 2, (d, tied))
    assert review.mistakes == [d]
    assert review.loss_per_hand() == {1: [1.25, 0.0]}


def test_the_top_trumps_have_known_values() -> None:
    game = top_trumps_game()
    hand = game.hand
    eldest = (hand.dealer + 1) % 4
    before = next(state for _, state, seat, _ in decision_points(hand) if seat == eldest)
    view = view_of(before, eldest, (0, 0))
    values = action_values(view, random.Random(5), worlds=8, learned=False)  # rollouts: every world a march
    assert set(values) == {Action.PASS, Action.ORDER_UP, Action.ORDER_UP_ALONE}
    assert values[Action.ORDER_UP_ALONE] == 4.0
    assert values[Action.ORDER_UP] == 2.0
    assert values[Action.PASS] <= 2.0
    learned = action_values(view, random.Random(5))  # the learned model, as the expert bids: estimates
    assert max(learned, key=lambda a: learned[a]) == Action.ORDER_UP_ALONE
    assert learned[Action.ORDER_UP_ALONE] == pytest.approx(4.0, abs=0.5)
    assert learned[Action.ORDER_UP] == pytest.approx(2.0, abs=0.5)


def test_review_lists_the_pass_with_five_top_trumps_as_a_mistake() -> None:
    game = top_trumps_game()
    eldest = (game.hand.dealer + 1) % 4
    review = review_game(game, (eldest,), worlds=8, play_worlds=8)
    assert review.hands == 1 and len(review.decisions) == 1
    (d,) = review.mistakes
    assert d.seat == eldest and d.hand == 1 and d.step == 0 and d.phase == Phase.BID_ROUND_1
    assert d.action == Action.PASS and d.best == Action.ORDER_UP_ALONE
    assert d.loss >= 2.0
    assert review.loss_per_hand() == {eldest: [d.loss]}


def test_review_is_the_same_whatever_seats_are_chosen() -> None:
    game = Game(RULES, 8)
    bots = [make_bot("beginner", s) for s in range(4)]
    for _ in range(30):
        game.apply(bots[game.turn].choose(view_of(game.hand, game.turn, game.score)))
    everyone = review_game(game, (0, 1, 2, 3), seed=3, worlds=4, play_worlds=4)
    north = review_game(game, (0,), seed=3, worlds=4, play_worlds=4)
    assert [d.values for d in everyone.decisions if d.seat == 0] == [d.values for d in north.decisions]
    # Every action with a choice of more than one is reviewed, and no forced one.
    expected = sum(1 for hand, _ in game_hands(game) for _, state, seat, _ in decision_points(hand)
                   if seat == 0 and len(state.legal_actions()) > 1)
    assert len(north.decisions) == expected > 0


@pytest.mark.parametrize("seats, threshold", [((), 0.25), ((4,), 0.25), ((0,), -0.1), ((0,), float("nan"))])
def test_review_refuses_bad_arguments(seats: tuple[int, ...], threshold: float) -> None:
    with pytest.raises(EuchreError):
        review_game(top_trumps_game(), seats, threshold=threshold)


def test_review_command_lists_the_mistake_and_draws_the_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # one table row per line
    game = top_trumps_game()
    eldest = "NESW"[(game.hand.dealer + 1) % 4]
    record = tmp_path / "game.json"
    record.write_text(dumps(game), encoding="utf-8")
    plot = tmp_path / "lost.png"
    code = main(["review", str(record), "--seat", eldest, "--plot", str(plot)])
    out, err = capsys.readouterr()
    assert code == 0, err
    row = next(line for line in out.splitlines() if "Pass." in line)
    assert "bidding, round 1" in row and "alone" in row.lower()
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("argv, needle", [
    (["--seat", "X"], "not a seat"),
    (["--threshold", "-1"], "not a number of points"),
    (["--threshold", "nan"], "not a number of points"),
    (["--game", "2"], "--game 2"),
    (["--plot", "/nonexistent/dir/x.png"], "no directory"),
    (["--plot", "x.txt"], "must end in .png"),
])
def test_review_command_bad_arguments_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           argv: list[str], needle: str) -> None:
    record = tmp_path / "game.json"
    record.write_text(dumps(top_trumps_game()), encoding="utf-8")
    code, _, err = run(capsys, "review", str(record), *argv)
    assert_one_line_error(code, err, needle)


def test_review_command_refuses_a_corrupt_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "euchre-record", "version": 1, "hands": "nope"}', encoding="utf-8")
    code, _, err = run(capsys, "review", str(bad))
    assert_one_line_error(code, err, "bad.json")


def test_review_reads_real_egn_games(capsys: pytest.CaptureFixture[str]) -> None:
    egn = Path(__file__).parent / "data" / "egn" / "Epic_Comeback.egn"
    code = main(["review", str(egn), "--seat", "S", "--threshold", "24"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "No decision lost more than 24 points." in out


# ------------------------------------------------------------- regressions (bad input)

EGN_DIR = Path(__file__).parent / "data" / "egn"


def test_review_skips_decisions_made_on_cards_the_egn_file_does_not_give() -> None:
    """EGN files may omit the unplayed cards and the discard; the reader places them by
    guess. Reviewing decisions made holding such cards judged invented hands (Epic_Comeback
    deal 5: "North discards A♠", a discard the file never records)."""
    from euchre.cli.record_file import load_games_file
    from euchre.core.cards import card_code, cards_of

    checked = 0
    for path in sorted(EGN_DIR.glob("*.egn")):
        game, _ = load_games_file(path).games[0]
        for index, (hand, _) in enumerate(game_hands(game)):
            guessed = game.unrecorded.get(index, 0)
            played = {code - 60 for _, code in hand.history if code >= 60}
            # Only cards the file leaves unplaced are guessed: never a card played.
            assert not any(c in played for c in cards_of(guessed)), (path.name, index)
        review = review_game(game, worlds=2, play_worlds=2)
        for d in review.decisions:
            assert not d.state.hands[d.seat] & game.unrecorded.get(d.hand - 1, 0), (path.name, d.hand, d.step)
        checked += review.skipped
        if path.name == "Epic_Comeback.egn":
            # Deal 5 records no discard and A♠ is never played in it: a guess.
            assert "AS" in [card_code(c) for c in cards_of(game.unrecorded[4])]
            assert not [d for d in review.decisions if d.hand == 5 and d.phase == Phase.DISCARD]
            assert review.skipped > 0
        if path.name == "Custom_Scenario.egn":  # every dealt card is given
            assert game.unrecorded == {} and review.skipped == 0
    assert checked > 0


@pytest.mark.parametrize("kind", ["directory", "fifo", "device"])
def test_review_plot_to_something_not_a_file_is_refused_before_the_review(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                          kind: str) -> None:
    import os

    record = tmp_path / "game.json"
    record.write_text(dumps(top_trumps_game()), encoding="utf-8")
    target = tmp_path / "x.png"
    if kind == "directory":
        target.mkdir()
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to("/dev/full")
    code, out, err = run(capsys, "review", str(record), "--plot", str(target))
    assert_one_line_error(code, err, "not a regular file")
    assert "Review of" not in out  # refused before any work


def test_plot_write_failure_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    from euchre.analysis.plot import plot_losses

    with pytest.raises(EuchreError, match="cannot write the plot"):
        plot_losses(tmp_path / ("a" * 300 + ".png"), {"North": [0.5]})


def test_review_of_a_match_with_no_games_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    emn = json.loads((EGN_DIR / "MotE_W5_Match.emn").read_text(encoding="utf-8"))
    emn["games"] = []
    path = tmp_path / "empty.emn"
    path.write_text(json.dumps(emn), encoding="utf-8")
    code, _, err = run(capsys, "review", str(path), "--plot", str(tmp_path / "e.png"))
    assert_one_line_error(code, err, "no games")
    assert not (tmp_path / "e.png").exists()


def test_review_plot_of_a_game_with_no_hands_is_refused_up_front(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "zero.json"
    record.write_text(dumps(Game(RULES, 1)), encoding="utf-8")
    code, out, err = run(capsys, "review", str(record), "--plot", str(tmp_path / "z.png"))
    assert_one_line_error(code, err, "no hands to plot")
    assert "Review of" not in out


@pytest.mark.parametrize("text", ["1_0", "1e1", "0x1", "٣", "--1"])
def test_threshold_takes_plain_decimals_only(text: str) -> None:
    import argparse

    from euchre.cli.review import threshold_arg

    with pytest.raises(argparse.ArgumentTypeError):
        threshold_arg(text)
    assert str(threshold_arg("-0")) == "0.0"


def test_plot_failure_while_writing_is_an_error_not_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that fills up (a symlink to /dev/full passed the checks before) fails in
    savefig itself: still one EuchreError with the system's reason."""
    import matplotlib.figure

    from euchre.analysis.plot import plot_losses

    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", full)
    with pytest.raises(EuchreError, match="No space left on device"):
        plot_losses(tmp_path / "x.png", {"North": [0.5]})


def test_regression_review_said_nothing_of_the_hands_after_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A record that goes on after the game was won (Epic_Comeback.egn, N-S reach 10 in
    hand 9, with two more deals: test_egn_replay_display's past_the_end) was reviewed to
    hand 9 with no word of hands 10-11: they are left out, as replay leaves them, and one
    line says which and why. The review itself is stubbed (its values are not the point):
    it is given the game's nine hands. A record without hands after the end has no
    such line (the positive control)."""
    given: list[int] = []

    def quick(game: Game, seats: tuple[int, ...], **options: object) -> Review:
        given.append(len(game_hands(game)))
        return Review(tuple(seats), 0.25, len(game_hands(game)), ())

    monkeypatch.setattr(review_cli, "review_game", quick)
    path = tmp_path / "past.egn"
    path.write_text(json.dumps(past_the_end()), encoding="utf-8")
    code, out, err = run(capsys, "review", str(path), "--plot", str(tmp_path / "past.png"))
    assert code == 0, err
    assert given == [9]
    assert "Hands 10-11 are not reviewed: the record goes on after N-S reached 10 in hand 9." in out.splitlines()
    code, out, err = run(capsys, "review", str(Path(__file__).parent / "data" / "egn" / "Epic_Comeback.egn"))
    assert code == 0, err
    assert "not reviewed: the record goes on" not in out


# ------------------------------------------------------------------ every table shape (issue 34 follow-up)
def _random_game(name: str, seed: int = 5, hands: int | None = None) -> Game:
    """A game of preset ``name`` to 5 points played by random legal actions: to its end,
    or to the end of its first ``hands`` hands."""
    game = Game(preset(name).replace(game_target=5), seed)
    rng = random.Random(1)
    while not game.is_over and (hands is None or len(game.finished_hands) < hands):
        game.apply(rng.choice(game.hand.legal_actions()))
    return game


def _first_is_best(view: object, rng: random.Random, **counts: int) -> dict[Action, float]:
    """A stand-in for the expert's valuation: the first legal action is worth 1 point,
    the others 0 (what is checked is which decisions are valued, not their values)."""
    legal = view.legal  # type: ignore[attr-defined]
    return {a: 1.0 if i == 0 else 0.0 for i, a in enumerate(legal)}


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_regression_review_refused_seats_past_the_fourth(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``euchre review`` of a call-ace-5/6 record stopped with 'seats must be some of
    0..3, not (0, 1, 2, 3, 4)': review_game checked the seats against the four-hand
    table. Every seat of every preset's table is now reviewed by default, and each seat
    that had a choice has its decisions valued (counted here from the record itself)."""
    import euchre.analysis.review as review_mod
    monkeypatch.setattr(review_mod, "action_values", _first_is_best)
    game = _random_game(name)
    seats = game.table.seats
    review = review_game(game)
    assert review.seats == tuple(range(seats))
    expected = {seat: sum(1 for hand, _ in game_hands(game) for _, state, s, _ in decision_points(hand)
                          if s == seat and len(state.legal_actions()) > 1) for seat in range(seats)}
    assert {seat: sum(1 for d in review.decisions if d.seat == seat) for seat in range(seats)} == expected
    assert all(expected.values())  # every seat had choices (the fifth and sixth: the case that failed)
    last = review_game(game, (seats - 1,))
    assert [d.values for d in last.decisions] == [d.values for d in review.decisions if d.seat == seats - 1]


@pytest.mark.parametrize("name", ["call-ace-5", "call-ace-6", "cutthroat-3", "two-handed", "modern-standard"])
def test_regression_review_seat_error_named_seats_from_0_to_3(name: str) -> None:
    """The refusal said 'seats must be some of 0..3, not (4,)': a four-hand range at
    every table, and seats counted from 0. It now names the table's own seats as the
    table shows them, and a seat outside it as a number from 0."""
    game = _random_game(name, hands=1)
    table = game.table
    with pytest.raises(EuchreError) as caught:
        review_game(game, (0, table.seats))
    message = str(caught.value)
    assert "0..3" not in message
    assert table.seat_list in message
    assert f"({table.titles[0]}, seat number {table.seats} from 0)" in message
    with pytest.raises(EuchreError, match="not \\(none\\)"):
        review_game(game, ())


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_regression_review_command_stopped_at_seat_5(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """``euchre review FILE`` (all seats) and ``--seat`` naming the last seat, at every
    preset's table: each reviews and lists every chosen player in its summary."""
    import euchre.analysis.review as review_mod
    monkeypatch.setattr(review_mod, "action_values", _first_is_best)
    monkeypatch.setenv("COLUMNS", "200")  # one table row per line
    game = _random_game(name)
    table = game.table
    path = tmp_path / f"{name}.json"
    path.write_text(dumps(game), encoding="utf-8")
    code, out, err = run(capsys, "review", str(path))
    assert code == 0, err
    flat = " ".join(out.split())
    assert f"for {', '.join(table.titles)}:" in flat
    for title in table.titles:
        assert any(line.startswith(f"│ {title} ") for line in out.splitlines()), title
    code, out, err = run(capsys, "review", str(path), "--seat", table.letters[-1])
    assert code == 0, err
    assert f"for {table.titles[-1]}:" in " ".join(out.split())


def test_review_values_a_call_ace_5_hand_with_the_real_expert(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert's own valuation (not a stand-in) of one call-ace-5 hand, every seat:
    each valued decision has a value for each legal action and a loss >= 0, Player 5's
    decisions among them; the command lists all five players."""
    game = _random_game("call-ace-5", seed=3, hands=1)
    review = review_game(game, worlds=8, play_worlds=8)
    assert review.hands == 1 and {d.seat for d in review.decisions} >= {4}
    for d in review.decisions:
        assert set(d.values) == {Action(a) for a in d.state.legal_actions()} and d.loss >= 0
    monkeypatch.setenv("COLUMNS", "200")
    path = tmp_path / "ca5.json"
    path.write_text(dumps(game), encoding="utf-8")
    code, out, err = run(capsys, "review", str(path), "--seat", "4,5")
    assert code == 0, err
    assert "for Player 4, Player 5:" in " ".join(out.split())


def test_regression_review_of_railroad_stopped_at_the_lone_players_discard() -> None:
    """A railroad record (call_for_best) stopped the review with KeyError
    Phase.BEST_DISCARD: the review's words for the decisions named only the phases of
    modern-standard. Every phase now has its words (found by
    test_regression_review_command_stopped_at_seat_5[railroad])."""
    from euchre.core.state import Phase as AllPhases
    assert set(review_cli.PHASE_WORDS) == set(AllPhases)
    assert review_cli.PHASE_WORDS[AllPhases.BEST_DISCARD] == "the lone player's discard"


def test_regression_review_cut_names_short_at_80_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80 columns the review's tables showed 'Player 1 You' and 'intermed… bot' (the
    player's title and name in one narrow column, a word cut short). The listed
    decisions now name the seat by its title; the summary gives title and name in
    columns of their own, each at least as wide as its longest word; a name saved
    with its seat ("North (bot: intermediate)") does not say the seat twice."""
    import euchre.analysis.review as review_mod
    monkeypatch.setattr(review_mod, "action_values", _first_is_best)
    monkeypatch.setenv("COLUMNS", "80")
    game = _random_game("call-ace-5")
    path = tmp_path / "ca5.json"
    path.write_text(dumps(game, ["You"] + ["intermediate bot"] * 4), encoding="utf-8")
    code, out, err = run(capsys, "review", str(path), "--threshold", "0")
    assert code == 0, err
    lines = out.splitlines()
    assert "…" not in out and all(len(line) <= 80 for line in lines)
    assert "Player 1 You" not in out
    assert any(line.startswith("│ Player 1 │ You ") for line in lines)
    assert any(line.startswith("│ Player 5 │ intermediate ") for line in lines)
    assert any(re.match(r"│ +\d+ │ Player 5 │", line) for line in lines)  # a listed decision: the title
    four = top_trumps_game()
    path = tmp_path / "old.json"
    path.write_text(dumps(four, ["North (bot: intermediate)", "East", "South", "West"]), encoding="utf-8")
    code, out, err = run(capsys, "review", str(path), "--seat", "N")
    assert code == 0, err
    assert any(line.startswith("│ North  │ (bot: intermediate) ") for line in out.splitlines()), out

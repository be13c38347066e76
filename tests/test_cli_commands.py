"""The person's commands in ``euchre play`` beside the answers (``undo``, ``last``,
``rules``, ``save FILE``, ``quit`` with its confirmation, ``--auto-play``), the end of a
game (summary, statistics, "play again?"), ``euchre stats`` and ``euchre --version``."""

from __future__ import annotations

import builtins
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.bots import make_bot
from euchre.cli.commands import TakeBack, side_record
from euchre.cli.narrator import Narrator
from euchre.cli.render import make_console
from euchre.cli.table import Chooser, run_table
from euchre.core import Game, preset
from euchre.core.actions import Action
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.presets import PLAYABLE_PRESETS
from euchre.core.state import Phase
from euchre.core.views import PlayerView, view_of
from euchre.records import loads
from euchre.text.explain import rules_in_words
from euchre.text.side_words import has_partners
from test_cli import run, scripted

PNG = b"\x89PNG\r\n\x1a\n"


class Planned:
    """A chooser for one seat: at its ``k``-th decision it takes ``legal[plan[k]]`` (the
    last legal action for -1), or raises TakeBack where the plan says ``"undo"``."""

    def __init__(self, plan: list[int | str]) -> None:
        self.plan = plan
        self.asked = 0

    def choose(self, view: PlayerView) -> Action:
        step = self.plan[self.asked] if self.asked < len(self.plan) else 0
        self.asked += 1
        if step == "undo":
            raise TakeBack()
        assert isinstance(step, int)
        return view.legal[step if step >= 0 else len(view.legal) - 1]


def _play(plan: list[int | str], seed: int = 5) -> Game:
    game = Game(preset("modern-standard").replace(game_target=3), seed)
    players: list[Chooser] = [make_bot("intermediate", seed * 4 + s) for s in range(4)]
    players[2] = Planned(plan)
    run_table(game, players, Narrator(make_console(record_width=100)), undo_seat=2)
    return game


def _history(game: Game) -> list[list[tuple[int, int]]]:
    return [list(h.history) for h in game.finished_hands]


def test_undo_takes_the_game_and_the_bots_back_to_the_last_decision() -> None:
    """South's second decision is taken back twice over: the game must then go on
    exactly as one in which South chose differently at his first decision from the
    start (the game and every bot were put back where they were, generators included)."""
    taken_back = _play([0, 0, "undo", "undo", -1])
    straight = _play([-1])
    assert _history(taken_back) == _history(straight) and taken_back.score == straight.score
    # A take-back at the very first decision changes nothing (there is none before it).
    assert _history(_play(["undo", -1])) == _history(straight)


class PlannedWithPlayTakenForHim(Planned):
    """A person whose cards are all played for him (like ``--auto-play`` or a revoke
    question in table mode answered by itself): only his bids and discards are asked."""

    def asks(self, view: PlayerView) -> bool:
        return view.phase != Phase.PLAY

    def choose(self, view: PlayerView) -> Action:
        return view.legal[0] if not self.asks(view) else super().choose(view)


def _play_auto(plan: list[int | str], seed: int) -> Game:
    game = Game(preset("modern-standard").replace(game_target=3), seed)
    players: list[Chooser] = [make_bot("intermediate", seed * 4 + s) for s in range(4)]
    players[2] = PlannedWithPlayTakenForHim(plan)
    run_table(game, players, Narrator(make_console(record_width=100)), undo_seat=2)
    return game


def test_undo_was_stuck_on_a_decision_taken_for_the_person() -> None:
    """Regression: a decision taken for the person (a card played for him) was kept as a
    point to take back to, so "undo" went back to it, it was taken for him again and he
    could never reach his own last decision. Now "undo" at his second decision goes
    back to his first, across the cards played for him in between: the game goes on as
    one in which he chose the last action there from the start."""
    tried = 0
    for seed in range(1, 40):
        plain = _play_auto([0], seed)
        hands = plain.finished_hands
        # Only a seed whose first hand has cards played between his first two decisions.
        if len(hands) < 2 or not any(Action(a).is_play for s, a in hands[0].history if s == 2):
            continue
        tried += 1
        assert _history(_play_auto([0, "undo", -1], seed)) == _history(_play_auto([-1], seed)), seed
        if tried == 3:
            break
    assert tried == 3


def test_game_restore_is_in_place_and_checked() -> None:
    game = Game(preset("modern-standard"), 3)
    snapshot = game.copy()
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    held = game
    game.restore(snapshot)
    assert held is game and game.hand.history == snapshot.hand.history == [] and game.score == snapshot.score
    game.apply(game.legal_actions()[-1])
    game.restore(snapshot)  # the snapshot is not consumed
    assert game.hand.history == []
    with pytest.raises(EuchreTypeError):
        game.restore("a game")  # type: ignore[arg-type]
    with pytest.raises(EuchreValueError):
        game.restore(Game(preset("modern-standard"), 4))


def _answers(*lines: str) -> Iterator[str]:
    yield from lines


def test_quit_asks_first(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(builtins, "input", scripted(_answers("quit", "", "show", "quit", "y")))
    code, out, _ = run(capsys, "play", "--seed", "3", "--no-stats")
    assert code == 0 and out.count("Leave this game?") == 2 and "Game stopped." in out
    assert "Score:" in out.split("Leave this game?")[1]  # "show" was read after the first "no"


def test_last_rules_and_save_at_the_prompt(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 3: West orders hearts up and South, the dealer, discards first. ``last``
    before any trick says so; ``rules`` gives the plain rules, no source tags; ``save``
    writes the record of the game so far, which replays."""
    saved = tmp_path / "now.json"
    monkeypatch.setattr(builtins, "input", scripted(_answers("last", "rules", f"save {saved}", "save", "quit", "y")))
    code, out, _ = run(capsys, "play", "--seed", "3", "--no-stats")
    assert code == 0
    assert "No trick has been played yet." in out
    flat = " ".join(out.split())
    assert "The rules of this game (modern-standard):" in flat and "the right bower" in flat
    assert not re.search(r"\bS00\d|X-\d\d", out)
    assert f"Record saved to {saved}." in out.replace("\n", "") and "Type save and a file name" in flat
    game, names = loads(saved.read_text(encoding="utf-8"))
    assert names[2] == "You" and [code for _, code in game.hand.history] != []


def test_last_shows_the_last_trick_with_its_players(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """After the first trick ``last`` lists its four cards with their players and the
    winner, as the narration showed them."""
    answers = iter(["2"] + ["1"] * 5 + ["last", "quit", "y"])

    def read(prompt: object = "") -> str:
        return next(answers)

    monkeypatch.setattr(builtins, "input", read)
    code, out, _ = run(capsys, "play", "--seed", "3", "--no-stats")
    assert code == 0
    flat = " ".join(out.split())
    shown = re.search(r"Last trick \(hand 1, trick (\d)\): (.*?); (\w+)(?: \(\w+\))? won it\.", flat)
    assert shown is not None, out[-2000:]
    won = re.findall(r"(\w+)(?: \(\w+\))? wins trick " + shown.group(1), flat)
    assert won and won[-1] == shown.group(3)
    assert len(shown.group(2).split(", ")) == 4


def test_auto_play_plays_the_only_legal_card(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(builtins, "input", scripted(iter(["1"] * 60)))
    code, out, _ = run(capsys, "play", "--seed", "21", "--target", "2", "--bots", "beginner", "--auto-play",
                       "--no-stats")
    assert code == 0 and "played for you (--auto-play)." in out
    # Without the flag the last card of a hand is asked for like any other.
    monkeypatch.setattr(builtins, "input", scripted(iter(["1"] * 60)))
    _, out, _ = run(capsys, "play", "--seed", "21", "--target", "2", "--bots", "beginner", "--no-stats")
    assert "played for you" not in out


def test_auto_play_never_played_the_last_card() -> None:
    """Regression: ``--auto-play`` played a forced card for the person except his last
    one, which he still had to type. Every card he must play is played for him, the
    last one of a hand included; with a choice of cards, or without the flag, he is asked."""
    from euchre.cli.prompts import HumanPlayer

    game = Game(preset("modern-standard"), 11)
    console = make_console(record_width=100)
    auto = HumanPlayer(game, console, Narrator(console), lambda prompt: "", auto_play=True)
    asked = HumanPlayer(game, console, Narrator(console), lambda prompt: "")
    bots = [make_bot("beginner", s) for s in range(4)]
    last_cards = 0
    while not game.is_over and len(game.finished_hands) < 3:
        hand = game.hand
        seat = hand.turn
        view = view_of(hand, seat, game.score)
        if view.phase == Phase.PLAY and len(view.hand) == 1:
            last_cards += 1
            assert auto.automatic(view) == view.legal[0] and not auto.asks(view)
            assert asked.asks(view)
        elif view.phase == Phase.PLAY and len(view.legal) > 1:
            assert auto.asks(view)
        game.apply(bots[seat].choose(view))
    assert last_cards >= 12  # four seats' last cards in each of three hands, at least


def _cycling() -> Iterator[str]:
    k = 0
    while True:
        yield str(k % 6 + 1)
        k += 1


def test_a_finished_game_has_a_summary_is_kept_in_the_stats_and_may_be_played_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games in one session ("play again?" answered yes, then no): each has a
    summary, each is kept in the statistics file, the second one's record goes to
    FILE-2.json with the next seed; ``euchre stats`` sums them and draws the plot."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    answers = _cycling()
    rounds = iter(["y", "n"])

    def read(prompt: str) -> str:
        return next(rounds) if prompt.startswith("Play again") else next(answers)

    import euchre.cli.play as play_module

    monkeypatch.setattr(play_module, "make_reader", lambda console: read)  # the reader is given each prompt
    path = tmp_path / "g.json"
    code, out, _ = run(capsys, "play", "--seed", "21", "--target", "2", "--bots", "beginner", "--save", str(path))
    assert code == 0 and out.count("Hands played:") == 2 and out.count("Game over") == 2
    first, _ = loads(path.read_text(encoding="utf-8"))
    second, _ = loads((tmp_path / "g-2.json").read_text(encoding="utf-8"))
    assert first.seed == 21 and second.seed == 22 and first.is_over and second.is_over
    db = tmp_path / "data" / "euchre" / "stats.sqlite3"
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT rules, bots, seat, won, points_for, points_against FROM euchre_stats_game ORDER BY id").fetchall()
    assert [r[:3] for r in rows] == [("modern-standard", "beginner", 2)] * 2
    for (_, _, _, won, points_for, points_against), game in zip(rows, (first, second), strict=True):
        assert won == int(game.result is not None and game.result.winner == 0)
        assert (points_for, points_against) == (game.score[0], game.score[1])
    plot = tmp_path / "stats.png"
    code, out, _ = run(capsys, "stats", "--plot", str(plot))
    assert code == 0 and "modern-standard, beginner bots: 2 games, won" in out
    assert f"points: {first.score[0] + second.score[0]} for, {first.score[1] + second.score[1]} against" in out
    assert plot.read_bytes()[:8] == PNG
    code, out, _ = run(capsys, "stats", "--preset", "dc-club-1862")
    assert code == 0 and "No finished game yet under dc-club-1862" in out


def test_no_stats_keeps_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(builtins, "input", scripted(_cycling()))
    code, _, _ = run(capsys, "play", "--seed", "21", "--target", "2", "--bots", "beginner", "--no-stats")
    assert code == 0
    code, out, _ = run(capsys, "stats")
    assert code == 0 and "No finished game yet" in out


def test_stats_crashed_on_a_damaged_line_or_an_unknown_preset(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Regressions: ``euchre stats`` made the data directory only to read it; a line of the
    file not as the program writes it (NULL or text in a count, an empty rules title)
    raised out of it; ``--preset`` with an empty title's line raised IndexError and an
    unknown preset was taken as "no game yet". Now: nothing is made, damaged lines are
    left out and counted, an unknown preset is an error naming the presets."""
    from euchre.cli.stats import record_game

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    code, out, _ = run(capsys, "stats")
    assert code == 0 and "No finished game yet" in out and not (tmp_path / "data").exists()
    code, _, err = run(capsys, "stats", "--preset", "no-such-preset")
    assert code != 0 and "no such preset" in err and "modern-standard" in err
    game = Game(preset("modern-standard").replace(game_target=2), 8)
    bots = [make_bot("beginner", s) for s in range(4)]
    while not game.is_over:
        game.apply(bots[game.turn].choose(view_of(game.hand, game.turn, game.score)))
    assert record_game(game, 2, "modern-standard", "beginner")
    db = tmp_path / "data" / "euchre" / "stats.sqlite3"
    with sqlite3.connect(db) as con:
        columns = ("finished_at, rules, bots, seat, won, points_for, points_against, called, made, euchred, euchres, "
                   "alone, alone_made, alone_marched, hands, scores, side")
        con.execute(f"INSERT INTO euchre_stats_game ({columns}) SELECT finished_at, '', bots, seat, won, points_for, points_against, "
                    "called, made, euchred, euchres, alone, alone_made, alone_marched, hands, scores, side FROM euchre_stats_game")
        con.execute(f"INSERT INTO euchre_stats_game ({columns}) SELECT finished_at, rules, bots, seat, won, 'many', points_against, "
                    "called, made, euchred, euchres, alone, alone_made, alone_marched, hands, scores, side FROM euchre_stats_game "
                    "WHERE id = 1")
    code, out, _ = run(capsys, "stats", "--preset", "modern-standard")
    assert code == 0 and "1 damaged line of" in out and "modern-standard, beginner bots: 1 game, won" in out
    assert f"points: {game.score[0]} for, {game.score[1]} against" in out


def test_side_record_counts_calls_euchres_and_lone_hands_from_the_results() -> None:
    """Against an independent count over the hands' results: a call is made when the
    makers scored, a euchre when the defenders did; points are the sides' scores."""
    game = Game(preset("modern-standard").replace(game_target=10), 12)
    bots = [make_bot("intermediate", s) for s in range(4)]
    while not game.is_over:
        game.apply(bots[game.turn].choose(__import__("euchre").view_of(game.hand, game.turn, game.score)))
    for seat in range(4):
        mine = seat % 2
        r = side_record(game, seat)
        results = [h.result for h in game.finished_hands if h.result is not None and not h.result.passed_out]
        assert r.points_for == game.score[mine] and r.points_against == game.score[1 - mine]
        assert r.called == sum(1 for x in results if x.maker == seat)
        assert r.made == sum(1 for x in results if x.maker == seat and x.points[mine] > 0)
        assert r.euchred == sum(1 for x in results if x.maker is not None and x.maker % 2 == mine and x.points[mine] == 0)
        assert r.euchres == sum(1 for x in results if x.maker is not None and x.maker % 2 != mine and x.points[mine] > 0)
        assert r.alone == sum(1 for x in results if x.alone == seat)
    assert sum(side_record(game, s).called for s in range(4)) == len(
        [h for h in game.finished_hands if h.result is not None and not h.result.passed_out])


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_the_rules_in_words_carry_no_source_tag_and_follow_the_options(name: str) -> None:
    rules = preset(name)
    text = " ".join(rules_in_words(rules))
    assert not re.search(r"\bS00\d|X-\d\d|#interp|REFERENCE", text)
    assert f"{rules.deck} cards" in text
    if rules.plays_to_target:
        assert f"The first to {rules.game_target} points wins" in text
    stuck = rules.all_pass_round2 == "stick_the_dealer"
    assert ("the dealer is stuck" in text) == stuck
    # a table without partners has no lone hand to speak of (issue 34 follow-up)
    assert ("Nobody plays alone." in text) == (not rules.alone_allowed and has_partners(rules.table))


def test_the_rules_in_words_name_the_house_rules_in_effect() -> None:
    rules = preset("modern-standard").replace(all_pass_round2="stick_the_dealer", defend_alone=True)
    text = " ".join(rules_in_words(rules))
    assert "House rules on: Stick the dealer, Going alone, Defending alone." in text
    assert "A defender may play alone" in text and "the dealer is stuck" in text


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"euchre {version('euchre')}"


def test_save_at_play_again_with_a_null_byte_was_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Regression: "save FILE" typed at "Play again?" skipped the checks of a typed line,
    so a null byte in the name raised ValueError out of the program, an escape sequence
    was echoed, ``~`` was not expanded and the messages spoke of "--save". Each is now
    answered on one line and the question asked again; ``~`` is the home directory."""
    from euchre.cli.play import _play_again

    monkeypatch.setenv("HOME", str(tmp_path))
    game = Game(preset("modern-standard").replace(game_target=1), 4)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    console = make_console(record_width=200)
    answers = iter(["save a\x00b.json", "save \x1b[2Jx.json", "save nowhere/x.json", "save ~/kept.json", "n"])
    assert _play_again(console, lambda prompt: next(answers), game, ["N", "E", "S", "W"]) is False
    out = capsys.readouterr().out
    assert "control or escape" in out and "\x1b" not in out
    assert "save nowhere/x.json: the directory nowhere does not exist" in out and "--save" not in out
    kept = tmp_path / "kept.json"
    assert kept.is_file() and loads(kept.read_text(encoding="utf-8"))[0].finished_hands[-1].history \
        == game.finished_hands[-1].history


def test_regression_play_again_took_any_answer_as_no(capsys: pytest.CaptureFixture[str]) -> None:
    """Regression: at "Play again?" a mistyped answer ("2", "maybe", an empty line) ended
    the program silently; it is now asked again (three times at most, so that a script's
    input ends), and only y/yes or n/no/quit answer."""
    from euchre.cli.play import _play_again

    game = Game(preset("modern-standard").replace(game_target=1), 4)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    for answers, expected in ((["2", "maybe", "", "y"], True), (["Yes"], True), (["x", "quit"], False), (["No"], False)):
        console = make_console(record_width=200)
        given = iter(answers)
        assert _play_again(console, lambda prompt, given=given: next(given), game, ["N", "E", "S", "W"]) is expected
        out = capsys.readouterr().out
        assert out.count("Answer y to play again") == len(answers) - 1 and "stopping" not in out
    given = iter(["1", "2", "3", "4", "y"])  # a script's answers: asked three times again, then stopped
    assert _play_again(make_console(record_width=200), lambda prompt: next(given), game, ["N"] * 4) is False
    out = capsys.readouterr().out
    assert out.count("Answer y to play again") == 3 and "No answer understood: stopping." in out


def test_regression_the_heading_repeated_a_house_rule_as_typed() -> None:
    """Regression (a new user's finding): ``--rule stick_the_dealer=yes`` was taken (yes,
    true and no are accepted words) and the heading said "stick_the_dealer=yes"; it says
    on or off, as the README writes house rules. And a menu of one choice asked for "a
    number from 1 to 1"."""
    import argparse

    from euchre.cli.choices import ChoiceError, _number
    from euchre.cli.table import rules_title

    args = argparse.Namespace(preset="modern-standard", rule=["Stick_The_Dealer=YES", "defend_alone = no"],
                              option=["game_target=7"])
    assert rules_title(args) == "modern-standard with stick_the_dealer=on, defending_alone=off, game_target=7"
    with pytest.raises(ChoiceError, match=r"There is no card 3: type 1\."):
        _number("3", "card", 1)


def test_regression_a_card_typed_during_the_bidding_spoke_of_single_letters() -> None:
    """Regression (a new user's finding): "10c" typed when a call was asked answered "A
    single letter (c) is a shortcut only when typed alone"; it now says a card is not a
    call and how to answer."""
    from euchre.cli.choices import ChoiceError, choose_call
    from euchre.core.actions import Action

    menu = [Action.PASS, Action.ORDER_UP, Action.ORDER_UP_ALONE]
    for typed in ("10c", "JH", "9♠"):
        with pytest.raises(ChoiceError, match=r"is a card, but now is the time for a call: type the number \(1 to 3\)"):
            choose_call(typed, menu, ["Pass.", "Order it up.", "Order it up, alone."])
    assert choose_call("2", menu, ["Pass.", "Order it up.", "Order it up, alone."]) == Action.ORDER_UP


def test_regression_stats_wrapped_mid_sentence_at_the_left_margin(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 34 (a new user at 80 columns): a line of ``euchre stats`` too long for the
    terminal went on at the left margin ("euchred the \\nmaker 0 times"). Now every line
    under a rules heading, and each of its continuations, keeps its indent; at a narrow
    width some line does wrap (so the check is not empty)."""
    from euchre.cli.stats import record_game

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "44")
    game = Game(preset("cutthroat-3").replace(game_target=3), 4)
    bots = [make_bot("beginner", s) for s in range(3)]
    while not game.is_over:
        game.apply(bots[game.turn].choose(view_of(game.hand, game.turn, game.score)))
    assert record_game(game, 0, "cutthroat-3", "beginner")
    code, out, _ = run(capsys, "stats")
    assert code == 0
    lines = out.splitlines()
    body = lines[next(k for k, line in enumerate(lines) if line.lstrip().startswith("points:")):]
    words = [line for line in body if line.strip()]
    items = [line for line in words if not line.startswith("    ")]
    assert len(items) == 4 and len(words) > len(items), out  # points, places, calls, euchres (no lone hands at cut-throat); wrapped
    assert all(line.startswith("  ") and len(line.rstrip()) <= 44 for line in words), out

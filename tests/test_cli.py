"""The ``euchre`` command in-process: rules, watch, replay, sim, play with scripted input,
and bad input (one-line errors, exit code 2, no traceback)."""

from __future__ import annotations

import builtins
import errno
import json
import re
import sys
import types
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import pytest

from euchre.analysis.stats import mean_interval, wilson_interval
from euchre.cli.choices import ChoiceError, choose_call, choose_card
from euchre.cli.main import main
from euchre.core.actions import Action
from euchre.core.cards import Card, parse_card
from euchre.core.hand import Phase
from euchre.core.presets import PLAYABLE_PRESETS, PRESET_NAMES, PRESET_SOURCES, preset_values
from euchre.core.rules import OPTION_NAMES
from euchre.records import loads
from euchre.text.words import describe

try:
    from ._cli_seeds import seed_where, south_deals_round_one_seed
except ImportError:
    from _cli_seeds import seed_where, south_deals_round_one_seed  # type: ignore[no-redef]

REAL_GAMES = Path("/work/shared/real-games/egn")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, err: str, *needles: str) -> None:
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    for n in needles:
        assert n in lines[0], lines[0]


def assert_fits(out: str, width: int = 80) -> None:
    too_wide = [line for line in out.splitlines() if len(line.rstrip()) > width]
    assert not too_wide, too_wide[:3]


@pytest.fixture
def record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A record of a whole seeded game, made by watching four bots."""
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "watch", "--seed", "5", "--delay", "0", "--target", "3", "--bots", "random",
                       "--save", str(path))
    assert code == 0
    assert "Game over" in out
    return path


# ---------------------------------------------------------------------- rules
def test_rules_lists_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    for name in PRESET_NAMES:
        assert name in out
    assert "modern-standard (default)" in out
    # Every preset is playable (progressive-party since RULES.md decision 24): no column
    # that would say "yes" on every row.
    assert set(PLAYABLE_PRESETS) == set(PRESET_NAMES)
    assert "Playable" not in out
    assert_fits(out)


def test_rules_shows_every_option_with_its_source(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "dc-club-1862")
    assert code == 0
    values = preset_values("dc-club-1862")
    flat = " ".join(out.split())
    for key in OPTION_NAMES:
        shown = str(values[key]).lower() if isinstance(values[key], bool) else str(values[key])
        assert f"{key} = {shown}" in out
    assert "S000 L85" in flat and "#interp" in flat
    assert_fits(out)


def test_rules_of_the_progressive_preset_show_its_round(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "progressive-party")
    assert code == 0
    flat = " ".join(out.split())
    assert "progressive-party (playable)" in flat and "match_format = progressive_fixed_hands" in flat


def test_rules_compares_two_presets_with_sources(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "modern-standard", "dc-club-1862")
    assert code == 0
    a, b = preset_values("modern-standard"), preset_values("dc-club-1862")
    differ = [k for k in OPTION_NAMES if a[k] != b[k]]
    assert f"{len(differ)} option{'' if len(differ) == 1 else 's'} differ" in out
    flat = " ".join(out.split())
    for key in differ:
        assert key in out
        assert PRESET_SOURCES["dc-club-1862"][key] in flat
    same = [k for k in OPTION_NAMES if a[k] == b[k]]
    assert not any(f"\n{k}:" in out for k in same)
    assert_fits(out)


def test_rules_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rules", "no-such-preset")
    assert_one_line_error(code, err, "unknown preset 'no-such-preset'")
    code, _, err = run(capsys, "rules", "openspiel", "hoyle-1857", "railroad")
    assert_one_line_error(code, err, "at most two")


# ---------------------------------------------------------------------- watch and replay
def test_watch_saves_a_record_that_loads(record: Path) -> None:
    game, names = loads(record.read_text(encoding="utf-8"))
    assert game.result is not None
    assert max(game.score) >= 3
    assert all("bot" in n for n in names)


def test_replay_shows_the_game_hand_by_hand(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, _ = loads(record.read_text(encoding="utf-8"))
    code, out, _ = run(capsys, "replay", str(record))
    assert code == 0
    for i in range(1, len(game.finished_hands) + 1):
        assert f"Hand {i}" in out
    assert "Upcard:" in out and "wins trick 1" in out and "Game over" in out
    for hand in game.finished_hands:  # calls in the preset's words
        seat, code = hand.history[0]
        assert '"' + describe(code, seat, dealer=hand.dealer, phase=Phase.BID_ROUND_1, style=game.rules.call_words,
                              upcard=hand.upcard) + '"' in out
    assert f"Score: N-S {game.score[0]}, E-W {game.score[1]}" in out
    assert_fits(out)


def test_replay_one_hand(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(record), "--hand", "1")
    assert code == 0
    assert "Hand 1" in out and "Hand 2" not in out
    code, _, err = run(capsys, "replay", str(record), "--hand", "99")
    assert_one_line_error(code, err, "--hand 99")


def test_replay_bad_files(tmp_path: Path, record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert_one_line_error(code, err, "cannot read", "missing.json")
    junk = tmp_path / "junk.json"
    junk.write_text("{not json", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(junk))
    assert_one_line_error(code, err, "junk.json", "not JSON")
    data = json.loads(record.read_text(encoding="utf-8"))
    data["hands"][0]["actions"][0][0] = "X"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(bad))
    assert_one_line_error(code, err, "bad.json", "hands[0].actions[0]")
    data = json.loads(record.read_text(encoding="utf-8"))
    data["final_score"] = [99, 0]
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(bad))
    assert_one_line_error(code, err, "final_score")
    (tmp_path / "list.json").write_text("[1, 2]", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(tmp_path / "list.json"))
    assert_one_line_error(code, err, "record")


def test_replay_an_egn_file(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("euchre.records.egn")
    files = sorted(REAL_GAMES.glob("*.egn"))
    if not files:
        pytest.skip("no EGN files")
    code, out, err = run(capsys, "replay", str(files[0]))
    assert code == 0, err
    assert "Hand 1" in out and "wins trick" in out


# ---------------------------------------------------------------------- sim
def test_sim_small(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sim", "--games", "4", "--bots", "random,random", "--target", "3", "--seed", "3")
    assert code == 0
    assert "Games won by N-S" in out and "Wilson" in out and "normal approx. over games" in out
    assert "Command: euchre sim --preset modern-standard --target 3 --games 4 --bots random,random --seed 3" in out
    assert_fits("\n".join(line for line in out.splitlines() if not line.startswith("Command:")))


def test_sim_is_the_same_with_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("sim", "--games", "4", "--bots", "random,random", "--target", "3", "--seed", "9")
    _, one, _ = run(capsys, *args)
    _, two, _ = run(capsys, *args, "--workers", "2")
    def strip(text: str) -> list[str]:  # the command line, the time taken and its estimate differ
        return [line for line in text.splitlines() if not line.startswith(("Command:", "Played ", "The first "))]

    assert strip(one) == strip(two)


def test_sim_at_a_table_of_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    """Cutthroat: each player his level (two levels: seat 1, then the others), his
    games won and points per hand; the games won add up to the games finished; a pipe
    gets the time taken."""
    code, out, err = run(capsys, "sim", "--preset", "cutthroat-3", "--games", "6", "--bots", "intermediate,random",
                         "--target", "3", "--seed", "4")
    assert code == 0, err
    assert "Played 6 games in" in out
    assert "Player 1 (intermediate)" in out and "Player 2 (random)" in out and "Player 3 (random)" in out
    won = [int(line.split()[2]) for line in out.splitlines() if line.strip().startswith("Games won ")]
    assert len(won) == 3 and sum(won) == 6
    assert "--bots intermediate,random,random" in out
    assert_fits("\n".join(line for line in out.splitlines() if not line.startswith("Command:")))
    code, out, err = run(capsys, "sim", "--preset", "call-ace-5", "--games", "1", "--bots", "random", "--target", "2")
    assert code == 0, err
    assert "Player 5 (random)" in out


def test_sim_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "sim", "--preset", "call-ace-5", "--bots", "random,random,beginner")
    assert_one_line_error(code, err, "one for each of the table's 5 sides")
    code, _, err = run(capsys, "sim", "--bots", "random,grandmaster")
    assert_one_line_error(code, err, "--bots")
    code, _, err = run(capsys, "sim", "--games", "0")
    assert_one_line_error(code, err, "--games")


def test_wilson_and_normal_intervals() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-4)
    ci = mean_interval([1.0, 2.0, 3.0])
    assert ci is not None and ci[0] == 2.0
    assert mean_interval([1.0]) is None


# ---------------------------------------------------------------------- play (scripted) and bad input
def scripted(answers: Iterator[str]) -> object:
    """An ``input`` that answers from ``answers`` and then, as input() at the end of a
    file, raises EOFError."""
    def fake_input(prompt: object = "") -> str:
        answer = next(answers, None)
        if answer is None:
            raise EOFError
        return answer
    return fake_input


def cycling() -> Iterator[str]:
    """Answers 1, 2, ..., 6, 1, ...: menus always take 1; a refused card is asked again."""
    k = 0
    while True:
        yield "banana" if k % 7 == 6 else str(k % 7 + 1)
        k += 1


def test_play_a_whole_game_with_scripted_input(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "played.json"
    monkeypatch.setattr(builtins, "input", scripted(cycling()))
    code, out, _ = run(capsys, "play", "--seed", "21", "--target", "2", "--bots", "beginner", "--save", str(path))
    assert code == 0
    assert "Game over" in out and ("You win!" in out or "You lose." in out)
    assert "Your hand:" in out and "is not a card" in out
    game, names = loads(path.read_text(encoding="utf-8"))
    assert game.result is not None and names[2] == "You"


def test_play_quit_and_eof_and_interrupt_keep_the_record(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "quit.json"
    monkeypatch.setattr(builtins, "input", scripted(iter(["help", "hint", "show", "quit"])))
    code, out, _ = run(capsys, "play", "--seed", "2", "--save", str(path), "--seat", "N")
    assert code == 0 and "Game stopped" in out and "How to answer" in out
    loads(path.read_text(encoding="utf-8"))

    def eof(prompt: object = "") -> str:
        raise EOFError

    monkeypatch.setattr(builtins, "input", eof)
    code, out, _ = run(capsys, "play", "--seed", "2", "--save", str(path))
    assert code == 0 and "end of input" in out
    loads(path.read_text(encoding="utf-8"))

    def interrupt(prompt: object = "") -> str:
        raise KeyboardInterrupt

    path.unlink()
    monkeypatch.setattr(builtins, "input", interrupt)
    code, out, _ = run(capsys, "play", "--seed", "2", "--save", str(path))
    assert code == 130 and "Interrupted" in out
    loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("argv", "needle"), [
    (["play", "--seat", "X"], "not a seat"),
    (["play", "--preset", "nope"], "unknown preset"),
    (["play", "--preset", "progressive-party", "--option", "progressive_movement=fixed_rotation"], "not supported yet"),
    (["play", "--bots", "grandmaster"], "unknown bot level"),
    (["play", "--target", "0"], "game_target"),
    (["play", "--save", "/no/such/dir/x.json"], "does not exist"),
    (["watch", "--bots", "random,random,random"], "bot level"),
    (["watch", "--delay", "-1"], "--delay"),
    (["play", "--seed", "abc"], "invalid whole number"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_arguments_give_one_line_and_exit_2(argv: list[str], needle: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert_one_line_error(code, err, needle)


def test_no_command_shows_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0 and "play" in out and "replay" in out


def test_watch_saves_egn_when_the_file_ends_in_egn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--save x.egn writes Euchre Game Notation that reads back to the same game as the
    JSON record of the same seed; rules EGN cannot express are refused before play."""
    from euchre.records.egn import loads_egn

    egn_path, json_path = tmp_path / "g.egn", tmp_path / "g.json"
    for path in (egn_path, json_path):
        assert main(["watch", "--seed", "5", "--delay", "0", "--target", "3", "--save", str(path)]) == 0
    egn_game, _ = loads_egn(egn_path.read_text(encoding="utf-8"))
    json_game, _ = loads(json_path.read_text(encoding="utf-8"))
    assert egn_game.score == json_game.score
    assert egn_game.result is not None and json_game.result is not None
    assert egn_game.result.winner == json_game.result.winner
    assert [h.history for h in egn_game.finished_hands] == [h.history for h in json_game.finished_hands]
    capsys.readouterr()
    code = main(["watch", "--preset", "dc-club-1862", "--seed", "1", "--delay", "0", "--save", str(tmp_path / "x.egn")])
    assert code == 2
    assert "EGN cannot record these rules" in capsys.readouterr().err


# ---------------------------------------------------------------------- regressions (tester's faults)
def play_with(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answers: list[str],
              *argv: str) -> tuple[int, str, str]:
    """``euchre play`` with a seed in which South deals and the first question is a
    round-one call with the menu pass / order / order alone, answered with ``answers``,
    then "quit"."""
    monkeypatch.setattr(builtins, "input", scripted(iter([*answers, "quit"])))
    code, out, err = run(capsys, "play", "--seed", str(south_deals_round_one_seed()), *argv)
    assert "Round one:" in out and "Your call (1-3):" in out
    return code, out, err


def flat(text: str) -> str:
    """``text`` with its lines joined (rich wraps long messages at 80 columns)."""
    return " ".join(text.split())


MENU_R2 = [Action.PASS] + [Action.name_trump(s) for s in (0, 1, 3)] + [Action.name_trump(s, True) for s in (0, 1, 3)]
WORDS_R2 = [str(a) for a in MENU_R2]
MENU_R1 = [Action.PASS, Action.ORDER_UP, Action.ORDER_UP_ALONE]
WORDS_R1 = ["Pass.", "Pick it up.", "Pick it up. Alone."]
HAND = [parse_card(c) for c in ("JH", "AH", "KS", "9C")]


def test_fault1_digit_like_input_is_refused_with_a_message(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """'²', '①', '⑧②②' pass str.isdigit but not int(); 5000 digits pass neither the int
    digit limit: each is a new prompt with a message, for calls and cards alike."""
    huge = "9" * 5000
    code, out, err = play_with(monkeypatch, capsys, ["²", "①", "⑧②②", "١", huge, "9" * 150])
    assert code == 0 and "Traceback" not in out + err and "Game stopped" in out
    assert flat(out).count("is not a number here: type numbers with the digits 0-9") == 4
    assert "That line is too long (5000 characters)" in flat(out)
    assert "There is no choice 99999999999…" in flat(out)
    legal = [Action.play(c) for c in HAND]
    for text in ("²", "①", "⑧②②", "٣", "½"):
        with pytest.raises(ChoiceError, match="digits 0-9"):
            choose_card(text, HAND, legal, trump=2, led=None, discard=False)
        with pytest.raises(ChoiceError, match="digits 0-9"):
            choose_call(text, MENU_R1, WORDS_R1)
    for text in ("9" * 5000, "0" * 40 + "1", "0"):
        with pytest.raises(ChoiceError, match=r"no card|too long"):
            choose_card(text, HAND, legal, trump=2, led=None, discard=False)
    assert choose_card("01", HAND, legal, trump=2, led=None, discard=False) == Action.play(HAND[0])
    # Numbers on the command line: the digits 0-9 only, and a few of them.
    for argv in (["play", "--seed", "١٢"], ["play", "--seed", "9" * 5000], ["sim", "--games", "²"],
                 ["replay", "x.json", "--hand", "①"], ["play", "--target", "1_0"]):
        code, _, err = run(capsys, *argv)
        assert_one_line_error(code, err, "argument")
        assert len(err) < 300


def test_fault2_arrow_keys_and_stray_letters_place_no_bid(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Without readline an arrow key arrives as ESC [ A: refused, never read as "a"
    (alone), "c" or "d" (a suit). A single letter is a shortcut only typed alone, and
    never goes alone."""
    keys = ["\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\x1bOA", "1\x1b[A", "\x9bA", "a", "[a", "o", "\x00"]
    code, out, _ = play_with(monkeypatch, capsys, keys)
    assert code == 0 and "Game stopped" in out
    assert flat(out).count("control or escape characters") == 8  # the seven keys and NUL
    assert "plays alone" not in out and "Trump:" not in out  # no call was made
    for key in keys[:7]:
        for menu, words in ((MENU_R1, WORDS_R1), (MENU_R2, WORDS_R2)):
            with pytest.raises(ChoiceError, match="control or escape"):
                choose_call(key, menu, words)
        with pytest.raises(ChoiceError, match="control or escape"):
            choose_card(key, HAND, [Action.play(c) for c in HAND], trump=2, led=None, discard=False)
    for stray in ("a", "[a", "a.", "o", "[c", "[d", "c]", "x c", "h h", "d alone", "a alone"):
        for menu, words in ((MENU_R1, WORDS_R1), (MENU_R2, WORDS_R2)):
            with pytest.raises(ChoiceError):
                choose_call(stray, menu, words)
    # The documented shortcuts and whole words still work.
    assert choose_call("c", MENU_R2, WORDS_R2) == Action.name_trump(0)
    assert choose_call("S", MENU_R2, WORDS_R2) == Action.name_trump(3)
    assert choose_call("p", MENU_R2, WORDS_R2) == Action.PASS
    assert choose_call("spades alone", MENU_R2, WORDS_R2) == Action.name_trump(3, True)
    assert choose_call("♦ alone", MENU_R2, WORDS_R2) == Action.name_trump(1, True)
    assert choose_call("order alone", MENU_R1, WORDS_R1) == Action.ORDER_UP_ALONE
    assert choose_call("3", MENU_R1, WORDS_R1) == Action.ORDER_UP_ALONE
    with pytest.raises(ChoiceError, match="may not pass"):
        choose_call("p", MENU_R2[1:], WORDS_R2[1:])
    # ... and help says so.
    code, out, _ = play_with(monkeypatch, capsys, ["help"])
    assert "p (pass); c, d, h, s" in out and "Going alone needs the word \"alone\"" in out
    assert "control characters" in out and "digits 0-9" in out
    assert_fits(out)
    from euchre.cli.help_text import HELP

    assert max(len(line) for line in HELP.splitlines()) <= 80


def test_fault2_line_editing_is_loaded_when_available(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre.cli import keyboard

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setitem(sys.modules, "readline", None)  # a platform without readline
    assert keyboard.line_editing() is False
    # Not the real module: importing readline here would install its SIGWINCH handler
    # in the test process, which then spins in the children pexpect forks.
    completers: list[object] = []
    fake = types.ModuleType("readline")
    fake.set_completer = completers.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "readline", fake)
    assert keyboard.line_editing() is True
    assert len(completers) == 1  # Tab completes nothing (no file names)


def test_fault3_replay_huge_integers_and_parser_errors_are_one_line(tmp_path: Path, record: Path,
                                                                   capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.json"
    big.write_text('{"format": "euchre-record", "seed": ' + "1" * 5000 + "}", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(big))
    assert_one_line_error(code, err, "big.json", "not JSON", "too many digits")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000, encoding="utf-8")
    code, _, err = run(capsys, "replay", str(deep))
    assert_one_line_error(code, err, "deep.json", "nested too deeply")
    from euchre.cli import record_file

    for exc in (ValueError("odd value"), RecursionError(), MemoryError()):
        def boom(data: object, exc: BaseException = exc) -> None:
            raise exc

        monkeypatch.setattr(record_file, "load_record", boom)
        code, _, err = run(capsys, "replay", str(record))
        assert_one_line_error(code, err, "game.json", "cannot read the record")


def test_fault3_replay_refuses_special_and_oversized_files(tmp_path: Path, record: Path,
                                                           capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from euchre.cli import record_file

    if Path("/dev/zero").exists():
        code, _, err = run(capsys, "replay", "/dev/zero")
        assert_one_line_error(code, err, "/dev/zero", "not a regular file")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)
        code, _, err = run(capsys, "replay", str(fifo))  # must not wait for a writer
        assert_one_line_error(code, err, "pipe.json", "not a regular file")
    code, _, err = run(capsys, "replay", str(tmp_path))
    assert_one_line_error(code, err, "is a directory")
    assert record_file.MAX_FILE_BYTES == 50 * 1024 * 1024
    monkeypatch.setattr(record_file, "MAX_FILE_BYTES", 1000)
    code, _, err = run(capsys, "replay", str(record))
    assert_one_line_error(code, err, "game.json", "larger than 1000 bytes")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{}")
    code, _, err = run(capsys, "replay", str(binary))
    assert_one_line_error(code, err, "binary.json", "not UTF-8")


class _FakePool(ThreadPoolExecutor):
    """Stands for ProcessPoolExecutor: records the workers asked for, runs in threads."""

    asked: ClassVar[list[int]] = []

    def __init__(self, max_workers: int) -> None:
        type(self).asked.append(max_workers)
        super().__init__(max_workers=min(max_workers, 4))


def test_fault4_sim_starts_no_more_workers_than_games_or_cpus(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from euchre.analysis import parallel
    from euchre.cli import sim

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("no process pool for one game")

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", no_pool)
    code, out, _ = run(capsys, "sim", "--games", "1", "--workers", "300", "--bots", "random", "--target", "2")
    assert code == 0 and "1 game," in out
    _FakePool.asked.clear()
    monkeypatch.setattr(parallel, "ProcessPoolExecutor", _FakePool)
    monkeypatch.setattr(sim.os, "cpu_count", lambda: 3)
    code, out, _ = run(capsys, "sim", "--games", "20", "--workers", "64", "--bots", "random", "--target", "2")
    assert code == 0 and "20 games" in out
    assert _FakePool.asked == [3]
    code, _, err = run(capsys, "sim", "--games", "2", "--workers", "100000")
    assert_one_line_error(code, err, "--workers 100000 is too many")
    code, _, err = run(capsys, "sim", "--workers", "0")
    assert_one_line_error(code, err, "--workers must be at least 1")
    assert sim.worker_count(8, 2, cpus=16) == 2
    assert sim.worker_count(8, 100, cpus=4) == 4
    assert sim.worker_count(8, 100, cpus=16) == 8


@pytest.mark.parametrize(("argv", "needle"), [
    (["sim", "--games", "99999999999999"], "--games must be a whole number from 1 to 1,000,000"),
    (["arena", "--deals", "1000001"], "--deals must be a whole number from 0 to 1,000,000"),
    (["arena", "--deals", "0", "--games", "5000000"], "--games must be a whole number from 0 to 1,000,000"),
    (["arena", "--deals", "1e3"], "invalid whole number"),
    (["selfplay", "--out", "x.parquet", "--games", "2000000"], "--games must be a whole number from 1"),
    (["selfplay", "--out", "x.parquet", "--max-hands", "0"], "--max-hands must be a whole number from 1"),
    (["arena", "--preset", "openspiel", "--bots", "ismcts:2147483648,beginner"], "from 1 to 1,000,000"),
    (["arena", "--preset", "openspiel", "--bots", "ismcts:\u00b2,beginner"], "write ismcts:N"),
])
def test_counts_were_unbounded(argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Regression: ``sim --games`` and ``arena --deals`` took any number (a mistyped one
    built a list of jobs that filled the memory), arena's counts were read by ``int``
    (no digit check), and ``ismcts:2147483648`` reached OpenSpiel as a TypeError. Each is
    now a one-line error before anything is played."""
    code, _, err = run(capsys, *argv)
    assert_one_line_error(code, err, needle)


@pytest.mark.parametrize("delay", ["inf", "-inf", "1e308", "nan", "NaN", "-1", "61", "1e400", "abc", "١"])
def test_fault5_watch_delay_must_be_finite_and_bounded(delay: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "watch", f"--delay={delay}", "--target", "1")
    assert_one_line_error(code, err, "--delay", "from 0 to 60")
    assert "Hand 1" not in out


def test_fault5_watch_delay_in_range_is_kept(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre.cli import narrate_play

    slept: list[float] = []
    monkeypatch.setattr(narrate_play.time, "sleep", slept.append)
    code, _, _ = run(capsys, "watch", "--delay", "60", "--target", "1", "--seed", "2", "--bots", "random")
    assert code == 0 and slept and set(slept) == {60.0}


def test_fault6_an_unwritable_save_file_is_refused_before_play(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    full = tmp_path / "full.json"  # a record's name (issue 34: --save takes .json or .egn) on a full disk
    full.symlink_to("/dev/full")

    def no_input(prompt: object = "") -> str:
        raise AssertionError("play started")

    monkeypatch.setattr(builtins, "input", no_input)
    for command in ("play", "watch"):
        code, out, err = run(capsys, command, "--save", str(full), "--delay" if command == "watch" else "--seed",
                             "0")
        assert_one_line_error(code, err, f"cannot write the record to {full}")
        assert "Hand 1" not in out


def test_regression_save_wrote_a_json_record_under_any_name(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``--save game.txt`` wrote our JSON record under a .txt name (the kind of ``event
    print --pdf ev.txt``): the name chooses the format, so it must end in .json or .egn;
    another is refused before play on one line naming both, and nothing is written. The
    same for ``save FILE`` typed during a game."""
    from euchre.cli.commands import save_now
    from euchre.cli.render import make_console
    from euchre.core.game import Game
    from euchre.core.presets import preset

    def no_input(prompt: object = "") -> str:
        raise AssertionError("play started")

    monkeypatch.setattr(builtins, "input", no_input)
    for command, name in (("play", "game.txt"), ("watch", "game"), ("play", "game.pdf")):
        code, out, err = run(capsys, command, "--save", str(tmp_path / name), "--delay" if command == "watch"
                             else "--seed", "0")
        assert_one_line_error(code, err, f"--save {tmp_path / name}: a game record is our JSON record or EGN; "
                                         "its name must end in .json or .egn")
        assert "Hand 1" not in out
    assert list(tmp_path.iterdir()) == []
    console = make_console(record_width=200)
    save_now(Game(preset("modern-standard"), 1), ["N", "E", "S", "W"], console, str(tmp_path / "now.txt"))
    assert "Not saved: save " in capsys.readouterr().out and list(tmp_path.iterdir()) == []
    save_now(Game(preset("modern-standard"), 1), ["N", "E", "S", "W"], console, str(tmp_path / "NOW.JSON"))
    assert (tmp_path / "NOW.JSON").is_file()


def _failing_writes(monkeypatch: pytest.MonkeyPatch, fail: Callable[[int], bool]) -> list[int]:
    """Make Path.write_text fail (ENOSPC) on the calls for which ``fail(n)`` (n from 1)."""
    calls: list[int] = []
    real = Path.write_text

    def write_text(self: Path, data: str, *args: Any, **kwargs: Any) -> int:
        calls.append(len(calls) + 1)
        if fail(len(calls)):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, data, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", write_text)
    return calls


def test_fault6_a_failed_save_during_the_game_warns_once_and_play_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    argv = ("watch", "--seed", "5", "--delay", "0", "--target", "3", "--bots", "random", "--save", str(path))
    calls = _failing_writes(monkeypatch, lambda n: n in (2, 3))  # 1 = before play; 2, 3 = after hands 1, 2
    code, out, err = run(capsys, *argv)
    assert len(calls) >= 4
    assert code == 0 and "Game over" in out
    assert err.count("warning: cannot write the record") == 1 and "the game goes on" in err
    assert "Record saved to" in flat(out) and "an earlier write had failed" in flat(out)
    game, _ = loads(path.read_text(encoding="utf-8"))
    assert game.result is not None
    # Every write after the first fails: the game still ends; the exit code says the record is lost.
    monkeypatch.undo()
    path.unlink()
    calls = _failing_writes(monkeypatch, lambda n: n > 1)
    code, out, err = run(capsys, *argv)
    assert code == 2 and "Game over" in out and "Record saved" not in out
    lines = err.strip().splitlines()
    assert len(lines) == 2 and "warning:" in lines[0] and "error: cannot write the record" in lines[1]
    assert "Traceback" not in err
    # In play too: quitting after a failed final write exits non-zero, a good one 0.
    monkeypatch.undo()
    calls = _failing_writes(monkeypatch, lambda n: n > 1)
    code, out, err = play_with(monkeypatch, capsys, [], "--save", str(path))
    assert code == 2 and "Game stopped" in out and "error: cannot write the record" in err


def test_fault7_escape_codes_from_record_files_are_sanitised(tmp_path: Path, record: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    data["players"] = ["\x1b[2J\x1b]0;pwned\x07Eve", "Bob\x9b31m\u202e", "Carl\r\nDan\x7f", "Z" * 5000]
    evil = tmp_path / "evil\x1b[31m.json"
    evil.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(evil))
    assert code == 0, err
    for bad in ("\x1b", "\x07", "\x9b", "\u202e", "\x7f", "\r"):
        assert bad not in out + err
    assert "?[2J?]0;pwned?Eve" in out and "Bob?31m?" in out and "Carl??Dan?" in out
    assert "Z" * 39 + "…" in out and "Z" * 41 not in out
    # Text from a file quoted in an error message, and the file's name, are cleaned too.
    data["format"] = "\x1b[2Jx"
    evil.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(evil))
    assert_one_line_error(code, err, "evil?[31m.json", "format")
    assert "\x1b" not in err
    code, _, err = run(capsys, "play", "--preset", "\x1b]0;pwned\x07" + "x" * 2000)
    assert_one_line_error(code, err, "unknown preset")
    assert "\x1b" not in err and "\x07" not in err and len(err) < 600
    code, _, err = run(capsys, "rules", "\x1b[2J", "\x9b2J", "x")
    assert_one_line_error(code, err)
    code, _, err = run(capsys, "play", "stray\x1b[2J" + "y" * 5000)
    assert_one_line_error(code, err, "unrecognized arguments: stray?[2J")
    assert "\x1b" not in err and len(err) < 600


def test_fault8_cosmetic_messages(tmp_path: Path, record: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    # "must be a int" (a type name from the rules reader) reads "must be an int".
    data = json.loads(record.read_text(encoding="utf-8"))
    data["rules"]["game_target"] = "3"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(bad))
    assert_one_line_error(code, err, "must be a whole number")
    assert " a int" not in err
    # --save "" is an empty name, not a directory.
    for command in ("play", "watch"):
        code, _, err = run(capsys, command, "--save", "")
        assert_one_line_error(code, err, "--save: the file name is empty")
        assert "directory" not in err
    # A rejected long line is not echoed back in full.
    code, out, _ = play_with(monkeypatch, capsys, ["x" * 200_000, "y" * 150, "z" * 150 + " please"])
    assert code == 0
    assert "That line is too long (200000 characters)" in flat(out)
    assert "'" + "y" * 39 + "…' (150 characters) is not a call" in flat(out)
    assert max(len(line) for line in out.splitlines()) < 300
    with pytest.raises(ChoiceError) as info:
        choose_card("q" * 199, HAND, [Action.play(c) for c in HAND], trump=2, led=None, discard=False)
    assert len(str(info.value)) < 200 and "(199 characters)" in str(info.value)


# ---------------------------------------------------------------------- a new user's report
EMN_MATCH = Path(__file__).parent / "data" / "egn" / "MotE_W5_Match.emn"


def text_console() -> tuple[Any, Any]:
    """A console printing plain text to a buffer, 80 columns."""
    import io

    from rich.console import Console

    buf = io.StringIO()
    return Console(file=buf, width=80, highlight=False, emoji=False, markup=False, color_system=None), buf


def human_at(game: Any, seat: int, phase: Any, answers: list[str]) -> tuple[Any, Any, Any]:
    """Bots play ``game`` until ``seat`` is to act in ``phase``; then a HumanPlayer for
    ``seat`` answering ``answers`` (hint seed 7). Returns (human, view, buffer)."""
    from euchre.bots import make_bot
    from euchre.cli.narrator import Narrator
    from euchre.cli.prompts import HumanPlayer
    from euchre.core.views import view_of

    bots = [make_bot("intermediate", s) for s in range(4)]
    while not (game.hand.turn == seat and game.hand.phase == phase):
        assert not game.is_over
        game.apply(bots[game.hand.turn].choose(view_of(game.hand, game.hand.turn, game.score)))
    console, buf = text_console()
    it = iter(answers)
    human = HumanPlayer(game, console, Narrator(console, viewer=seat), lambda prompt: next(it), hint_seed=7)
    return human, view_of(game.hand, seat, game.score), buf


def prompts_and_screens(out: str) -> list[tuple[str, str]]:
    """The text shown before each prompt, with the prompt: ``[(screen, prompt), ...]``."""
    parts = re.split(r"(Your call \(1(?:-\d+)?\): |Your card \([^)]*\): |Discard \([^)]*\): )", out)
    return list(zip(parts[0::2], parts[1::2], strict=False))


def test_report1_the_stuck_dealer_must_name_a_suit_and_pass_is_never_suggested(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def south_deals_and_is_stuck(views: list[Any]) -> bool:
        return (len(views) == 2 and views[0].dealer == 2 and views[0].phase == Phase.BID_ROUND_1
                and views[1].phase == Phase.BID_ROUND_2 and Action.PASS not in views[1].legal)

    seed = seed_where("South deals, passes, and is stuck", south_deals_and_is_stuck, [Action.PASS],
                      preset_name="modern-tournament")
    monkeypatch.setattr(builtins, "input", scripted(iter(["1", "pass", "p", "xyzzy", "a", "quit"])))
    code, out, _ = run(capsys, "play", "--preset", "modern-tournament", "--seed", str(seed))
    assert code == 0
    text = flat(out)
    assert "You are stuck (stick the dealer): you must name a suit." in text
    assert "name a trump suit, or pass" not in text  # South deals: round two is the stuck question
    assert text.count("You may not pass now. You are stuck (stick the dealer): you must name a suit.") == 2
    stuck = text[text.index("You are stuck"):]
    assert "'pass'" not in stuck
    assert re.search(r"such as '(clubs|diamonds|hearts|spades)' or '(clubs|diamonds|hearts|spades)'", stuck)
    assert "Trump:" not in stuck  # no call was made


def test_report1_the_forfeit_option_and_other_forced_choices(capsys: pytest.CaptureFixture[str]) -> None:
    from euchre.core.game import Game
    from euchre.core.hand import Phase
    from euchre.core.presets import preset

    game = Game(preset("modern-standard").replace(all_pass_round2="dealer_forfeit_or_call"), 3)
    for _ in range(7):
        game.apply(Action.PASS)
    dealer = game.hand.dealer
    human, view, buf = human_at(game, dealer, Phase.BID_ROUND_2, ["pass", "p", "take", "forfeit"])
    assert human.choose(view) == Action.FORFEIT
    text = flat(buf.getvalue())
    assert "You are stuck (all passed): name a suit, or forfeit a point to the opponents." in text
    assert text.count("You may not pass now. You are stuck (all passed)") == 2
    assert "'pass'" not in text and "'forfeit' or 'clubs'" in text
    # The Canadian loner: the dealer's partner may accept only alone, and is told so.
    game = Game(preset("modern-canadian"), 1)
    partner = game.hand.dealer ^ 2
    human, view, buf = human_at(game, partner, Phase.BID_ROUND_1, ["assist", "pass"])
    assert list(view.legal) == [Action.PASS, Action.ORDER_UP_ALONE]
    assert human.choose(view) == Action.PASS
    text = flat(buf.getvalue())
    assert "You may accept only by playing alone (Canadian loner)." in text
    assert "That call may be made only alone here: 2" in text


def test_example_words_read_back_as_the_call_they_show() -> None:
    """Every word a message suggests for a call is read as that call: each call that names
    no suit on a menu beside a pass (the pass beside ordering up), and the suits."""
    from euchre.cli.choices import example_words

    fixed = [Action.ORDER_UP, Action.ORDER_UP_ALONE, Action.GO_ALONE, Action.PLAY_WITH_PARTNER,
             Action.TAKE_OVER_ALONE, Action.DEFEND_ALONE, Action.FORFEIT, Action.FARMERS_HAND, Action.THROW_IN]
    menus = [[Action.PASS, Action.ORDER_UP]] + [[a, Action.PASS] for a in fixed]
    menus += [[Action.PASS, Action.name_trump(1), Action.name_trump(1, True)]]
    for menu in menus:
        shown = example_words(menu, limit=len(menu))
        words = [w[1:-1] for w in shown.split(" or ")]
        assert len(words) == len(menu), shown
        for word, action in zip(words, menu, strict=True):
            assert choose_call(word, menu, [str(a) for a in menu]) == action, (word, menu)
    assert example_words([Action.PASS, Action.name_trump(1)]) == "'pass' or 'diamonds'"


def test_report1_forced_menus_suggest_only_legal_words() -> None:
    from euchre.cli.choices import example_words

    stuck = [Action.name_trump(s) for s in (0, 2, 3)] + [Action.name_trump(s, True) for s in (0, 2, 3)]
    words = [str(a) for a in stuck]
    assert "pass" not in example_words(stuck)
    for text in ("pass", "p", "PASS", "xyzzy", "x c", "q!"):
        with pytest.raises(ChoiceError) as info:
            choose_call(text, stuck, words, no_pass="You are stuck (stick the dealer): you must name a suit")
        assert "'pass'" not in str(info.value), str(info.value)
    with pytest.raises(ChoiceError, match=r"You may not pass now\. You are stuck \(stick the dealer\)"):
        choose_call("pass", stuck, words, no_pass="You are stuck (stick the dealer): you must name a suit")
    forfeit = [Action.FORFEIT, *stuck]
    assert "'forfeit'" in example_words(forfeit)
    alone_only = [Action.ORDER_UP_ALONE, Action.name_trump(1, True)]
    assert example_words(alone_only) == "'order alone' or 'diamonds alone'"
    with pytest.raises(ChoiceError, match=re.escape("only alone here: 2 I assist. Alone. Type 2")):
        choose_call("assist", [Action.PASS, Action.ORDER_UP_ALONE], ["Pass.", "I assist. Alone."])
    assert choose_call("assist alone", [Action.PASS, Action.ORDER_UP_ALONE],
                       ["Pass.", "I assist. Alone."]) == Action.ORDER_UP_ALONE
    # A menu holding pass still suggests it.
    with pytest.raises(ChoiceError, match="'pass'"):
        choose_call("xyzzy", MENU_R1, WORDS_R1)


def test_report2_the_hand_is_numbered_only_for_a_card_choice(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(builtins, "input", scripted(cycling()))
    code, out, _ = run(capsys, "play", "--seed", "21", "--target", "2", "--bots", "beginner")
    assert code == 0
    screens = prompts_and_screens(out)
    kinds = {p.split(" ")[1] for _, p in screens}
    assert {"call", "card"} <= kinds
    announced = 0
    for screen, prompt in screens:
        hands = [line for line in screen.splitlines() if line.startswith("Your hand:")]
        if not hands:
            continue  # a new prompt after a refused answer
        cards = hands[-1].removeprefix("Your hand:").replace("(", " ").replace(")", " ").split()
        if prompt.startswith("Your call"):
            for token in cards:  # every word is a card: no numbers above the call menu
                parse_card(token)
        else:
            assert cards[0::2] == [str(k) for k in range(1, len(cards) // 2 + 1)], hands[-1]
            if "sorted trump first, and numbered" in screen:
                announced += 1
    assert announced >= 1
    first_card = next(s for s, p in screens if not p.startswith("Your call") and "Your hand:" in s)
    assert "your hand is now sorted trump first, and numbered." in first_card


def test_report3_hint_in_the_play_shows_the_experts_values_best_first(capsys: pytest.CaptureFixture[str]) -> None:

    from euchre.bots.advice import action_values
    from euchre.cli.help_text import HELP
    from euchre.cli.prompts import hint_rng
    from euchre.core.game import Game
    from euchre.core.hand import Phase
    from euchre.core.presets import preset
    from euchre.core.views import view_of

    seed = next(s for s in range(100) if len(human_at(Game(preset("modern-standard"), s), 2, Phase.PLAY, [])[1].legal) > 2)
    game = Game(preset("modern-standard"), seed)  # South has a choice of three or more cards
    human, view, buf = human_at(game, 2, Phase.PLAY, ["hint", *"123456"])
    expected = action_values(view_of(game.hand, 2, game.score),
                             hint_rng(7, len(game.finished_hands), len(game.hand.history)))
    human.choose(view)
    text = buf.getvalue()
    assert "over 100 sampled deals" in text and "average points of this hand for your side (N-S)" in text
    assert "Best first:" in text
    rows = re.findall(r"^\s+(\d+) (\S+)\s+([+-]\d+\.\d\d)$", text, flags=re.MULTILINE)
    assert {parse_card(card) for _, card, _ in rows} == {a.card for a in view.legal}
    assert [float(v) for _, _, v in rows] == sorted((float(v) for _, _, v in rows), reverse=True)
    by_card = {a.card: v for a, v in expected.items()}
    for number, card, value in rows:  # the numbers are those of the hand shown
        assert re.search(rf"(?<!\d){number} {re.escape(card)}(?!\S)", text.split("Your hand:")[1].splitlines()[0])
        assert float(value) == pytest.approx(by_card[parse_card(card)], abs=0.0051)
    assert "hint" in HELP and "not yet available" not in HELP and "average points" in HELP


def test_a_hint_with_one_choice_says_so_without_thinking() -> None:
    from euchre.core.game import Game
    from euchre.core.hand import Phase
    from euchre.core.presets import preset

    seed = next(s for s in range(100) if len(human_at(Game(preset("modern-standard"), s), 2, Phase.PLAY, [])[1].legal) == 1)
    human, view, buf = human_at(Game(preset("modern-standard"), seed), 2, Phase.PLAY, ["hint", "1"])
    human.choose(view)
    text = buf.getvalue()
    assert f"Hint: you have only one choice here: {Card(view.legal[0].card).pretty()}." in text
    assert "Thinking" not in text


def test_hint_in_the_bidding_values_every_call_of_the_menu() -> None:
    """The hint once answered only in the play; every decision now gets the expert's
    values, each call listed with its menu number and words, best first."""

    from euchre.bots.advice import action_values
    from euchre.cli.prompts import hint_rng
    from euchre.core.game import Game
    from euchre.core.presets import preset
    from euchre.core.views import view_of
    from euchre.text.words import describe_pending

    game = Game(preset("modern-standard"), 3)
    seat = game.hand.turn
    human, view, buf = human_at(game, seat, game.hand.phase, ["hint", "1"])
    expected = action_values(view_of(game.hand, seat, game.score),
                             hint_rng(7, len(game.finished_hands), len(game.hand.history)))
    human.choose(view)
    text = buf.getvalue()
    assert "Hints are given during the play" not in text
    assert "Hint: the expert's value of each choice, by its bidding model" in text  # round one, 0-0: the model
    rows = re.findall(r"^\s+(\d+) ([+-]\d+\.\d\d)  (.+)$", text, flags=re.MULTILINE)
    menu = list(view.legal)
    assert sorted(int(n) for n, _, _ in rows) == list(range(1, len(menu) + 1))
    for number, value, words in rows:
        action = menu[int(number) - 1]
        assert words == describe_pending(game.hand, action, viewer=seat)
        assert float(value) == pytest.approx(expected[action], abs=0.0051)
    assert [float(v) for _, v, _ in rows] == sorted((float(v) for _, v, _ in rows), reverse=True)


def test_report4_the_upcard_is_shown_once_at_the_start_of_a_hand(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = play_with(monkeypatch, capsys, [])  # South deals: three bots speak first
    first = out[:out.index("Your call (1-3):")]
    assert first.count("Upcard:") == 1, first
    for seat in "NESW":  # whoever speaks first, the upcard is shown once before the first call
        monkeypatch.setattr(builtins, "input", scripted(iter(["quit"])))
        _, out, _ = run(capsys, "play", "--seed", str(south_deals_round_one_seed()), "--seat", seat)
        first = prompts_and_screens(out)[0][0]
        assert len(re.findall(r"^Upcard: \S+$", first, flags=re.MULTILINE)) == 1, first


def test_report5_the_status_in_the_play_gives_the_score_and_the_bridge() -> None:
    from euchre.core.game import Game
    from euchre.core.hand import Phase
    from euchre.core.presets import preset

    game = Game(preset("modern-standard"), 3, initial_score=(9, 5))
    human, view, buf = human_at(game, 2, Phase.PLAY, ["show", *"123456"])
    human.choose(view)
    text = buf.getvalue()
    score = "Score: N-S (you) 9, E-W 5 (game to 10); N-S at the bridge"
    assert text.count(score) == 2  # the status before the question, and again after "show"
    assert text.index("Tricks: N-S") < text.index(score)
    assert text.count('"at the bridge":') == 1  # explained once


def test_report6_records_keep_plain_names_and_replay_names_each_seat_once(
        tmp_path: Path, record: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre.cli.render import player_label

    _, names = loads(record.read_text(encoding="utf-8"))
    assert names == ["random bot"] * 4
    code, out, _ = run(capsys, "replay", str(record))
    assert code == 0
    for seat in ("North", "East", "South", "West"):
        assert f"{seat} {seat}" not in out
    assert "  North  random bot\n  East   random bot\n" in out
    # Older records saved "North (bot: intermediate)": the seat is not said twice.
    data = json.loads(record.read_text(encoding="utf-8"))
    data["players"] = ["North (bot: intermediate)", "East (bot: intermediate)", "You", "West"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(old))
    assert code == 0 and "North North" not in out and "West West" not in out
    assert "  North (bot: intermediate)\n" in out and "  South  You\n" in out and "  West\n" in out
    assert player_label(0, "Northrop") == "North  Northrop"
    assert player_label(1, "east: Eve") == "east: Eve"
    # play saves "You" and plain bot names.
    path = tmp_path / "p.json"
    monkeypatch.setattr(builtins, "input", scripted(iter(["quit"])))
    run(capsys, "play", "--seed", "3", "--save", str(path), "--seat", "E")
    _, names = loads(path.read_text(encoding="utf-8"))
    assert names == ["intermediate bot", "You", "intermediate bot", "intermediate bot"]


def test_report7_replay_an_emn_match_game_by_game(capsys: pytest.CaptureFixture[str]) -> None:
    from euchre.records.egn import loads_emn

    games = loads_emn(EMN_MATCH.read_text(encoding="utf-8"))
    code, out, err = run(capsys, "replay", str(EMN_MATCH))
    assert code == 0, err
    assert f"a match of {len(games)} games" in out
    positions = [out.index(f"Game {i} of {len(games)}: MotE W5 G{i}") for i in range(1, len(games) + 1)]
    assert positions == sorted(positions)
    assert out.count("Game over") == len(games)
    for i, (game, names) in enumerate(games):
        part = out[positions[i]:positions[i + 1] if i + 1 < len(games) else len(out)]
        hands = len(game.finished_hands)
        assert f"{hands} hand{'s' if hands != 1 else ''}, game to" in part and "(s)" not in part
        assert f"  North  {names[0]}" in part
        w = game.result.winner if game.result else 0
        assert f"win the game, {game.score[w]} to {game.score[1 - w]}" in part
    assert_fits(out)
    code, out, _ = run(capsys, "replay", str(EMN_MATCH), "--game", "2", "--hand", "3")
    assert code == 0 and "Game 2 of 6" in out and "Game 1 of 6" not in out
    assert "Hand 3" in out and "Hand 2" not in out
    code, _, err = run(capsys, "replay", str(EMN_MATCH), "--hand", "2")
    assert_one_line_error(code, err, "--hand 2", "choose one with --game N")
    code, _, err = run(capsys, "replay", str(EMN_MATCH), "--game", "9")
    assert_one_line_error(code, err, "--game 9", "games 1 to 6")


@pytest.mark.parametrize("data", [{"a": 1}, {"format": "chess-pgn"}, {"fileType": "Euchre Whatever"}, [1, 2]])
def test_report7_a_json_of_another_kind_names_the_accepted_formats(
        data: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert_one_line_error(code, err, "other.json", "not a game record", "our game record", '"format": "euchre-record"',
                          '"fileType": "Euchre Game Notation"', '"fileType": "Euchre Match Notation"')


def test_report8_jargon_is_glossed_once_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    from euchre.cli.narrator import Narrator
    from euchre.core.game import Game
    from euchre.core.hand import Phase
    from euchre.core.presets import preset
    from euchre.text.glosses import GLOSSES

    assert all(len("  " + g.line()) <= 80 for g in GLOSSES)
    console, buf = text_console()
    narrator = Narrator(console)
    game = Game(preset("uspcc-official"), 1)
    narrator.game_start(game, setup=False)
    for _ in range(2):
        narrator.gloss("Diamonds, making it next.")
        narrator.gloss("Spades, crossing it. Score: N-S 4, E-W 1 (game to 5); N-S at the bridge")
    text = buf.getvalue()
    assert text.count('"making it next": naming the other suit of the turned-down card\'s colour') == 1
    assert text.count('"crossing it": naming a suit of the other colour') == 1
    assert text.count('"at the bridge": one side needs 1 point, the other far behind\n') == 1
    assert not re.search(r"S00\d|X-\d\d", text)  # players read the glosses: no source tags (issue 12)
    narrator.game_start(game, setup=False)  # a new game: explained again
    narrator.gloss("Hearts, making it next.")
    assert buf.getvalue().count('"making it next"') == 2
    assert Phase.BID_ROUND_2  # the words come from the calls (see test_cli_words)


def test_report8_replay_glosses_each_phrase_once_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(EMN_MATCH))
    assert code == 0
    games = out.split("Game over")
    # EGN is read in modern-standard's call words (its own default, RULES.md item 7), so
    # the phrases glossed are "order it up" and "pick it up", not the uspcc "assist".
    assert '"at the bridge":' in out and '"order it up":' in out and '"pick it up":' in out
    for part in games:
        for key in ("at the bridge", "assist", "order it up", "pick it up", "making it next", "crossing it",
                    "march", "euchre"):
            assert part.count(f'  "{key}": ') <= 1, key
    first = out.index('"at the bridge": ')
    assert "at the bridge" in out[:first].splitlines()[-2]  # right under the line that says it


def test_report9_watch_is_slower_by_default_and_shows_the_setup_draw(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre.cli.main import build_parser
    from euchre.cli.render import SEAT_TITLES

    assert build_parser().parse_args(["watch"]).delay == 0.4
    assert build_parser().parse_args(["watch", "--delay", "0"]).delay == 0.0
    path = tmp_path / "dc.json"
    code, out, _ = run(capsys, "watch", "--preset", "dc-club-1862", "--seed", "5", "--delay", "0", "--target", "2",
                       "--save", str(path))
    assert code == 0
    game, _ = loads(path.read_text(encoding="utf-8"))
    seat_of = {p: s for s, p in enumerate(game.setup.seating)}
    drawn = ", ".join(f"{SEAT_TITLES[seat_of[p]]} {Card(c).pretty()}" for p, c in game.setup.draws)
    head = out[:out.index("Hand 1")]
    assert "Drawing for partners and the first deal (ace low):" in head and f"  {drawn}." in head
    assert f"The lowest card deals first: {SEAT_TITLES[game.setup.first_dealer]}." in head
    assert f"Dealer: {SEAT_TITLES[game.setup.first_dealer]}." in out
    # play shows it too (modern-standard: the first jack deals).
    monkeypatch.setattr(builtins, "input", scripted(iter(["quit"])))
    code, out, _ = run(capsys, "play", "--seed", "3", "--save", str(path))
    game, _ = loads(path.read_text(encoding="utf-8"))
    head = out[:out.index("Hand 1")]
    drawn = ", ".join(f"{SEAT_TITLES[p]} {Card(c).pretty()}" for p, c in game.setup.draws)
    start = game.setup.draws[0][0]
    shuffler = SEAT_TITLES[(start + 3) % 4]
    assert f"{shuffler} deals cards face up one at a time, from {SEAT_TITLES[start]}, until a jack:" in flat(head)
    assert drawn in head
    assert f"The first jack deals first: {SEAT_TITLES[game.setup.first_dealer]}." in head


def test_report10_commands_doc_matches_the_real_options() -> None:
    """docs/commands.md has a section for every command, whose usage line names exactly the
    command's options and whose text gives the real ``--bots`` default."""
    from _commands_doc import command_sections, subcommands
    from euchre.cli.main import build_parser

    sections = command_sections()
    commands = subcommands(build_parser())
    assert sorted(sections) == sorted(commands)
    for name, (usage, what) in sections.items():
        real = {o for a in commands[name]._actions for o in a.option_strings if o.startswith("--") and o != "--help"}
        assert set(re.findall(r"--[a-z][a-z-]*[a-z]", usage)) == real, name
        bots = next((a for a in commands[name]._actions if "--bots" in a.option_strings), None)
        if bots is not None:
            assert f"default `{bots.default}`" in what, name
        if name in ("watch", "sim"):
            assert "--target" in usage
    assert "`hint`" in sections["play"][1]
    assert "default 0.4 s" in sections["watch"][1]


def test_readme_lists_every_command_with_a_link_to_its_section() -> None:
    """The README's "Commands" table is the index: one row a command, each linking to the
    command's section of docs/commands.md by the anchor that section's heading gets."""
    from _commands_doc import command_sections, subcommands
    from euchre.cli.main import build_parser

    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Commands"):readme.index("## Rule sets")]
    links = re.findall(r"^\| \[`euchre ([\w-]+)[^`]*`\]\(docs/commands\.md#([\w-]+)\) \| .+ \|$", section,
                       flags=re.MULTILINE)
    assert sorted(name for name, _ in links) == sorted(subcommands(build_parser()))
    assert all(anchor == f"euchre-{name}" for name, anchor in links)
    assert list(command_sections()) == [name for name, _ in links]


def test_commands_doc_reader_refuses_a_section_without_its_usage(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Positive control for the two tests above: a section that lost its usage block, or
    shows another command's, is an error, not a section with no options."""
    import _commands_doc

    doc = tmp_path / "commands.md"
    monkeypatch.setattr(_commands_doc, "COMMANDS_DOC", doc)
    doc.write_text("# x\n\n## `euchre play`\n\nyou against three bots\n", encoding="utf-8")
    with pytest.raises(ValueError, match="does not open with its usage"):
        _commands_doc.command_sections()
    doc.write_text("## `euchre play`\n\n```\neuchre watch [--delay SEC]\n```\n", encoding="utf-8")
    with pytest.raises(ValueError, match="shows the usage"):
        _commands_doc.command_sections()
    doc.write_text("## `euchre play`\n\n```\neuchre play [--seat S]\n```\n\ntext\n", encoding="utf-8")
    assert _commands_doc.command_sections() == {"play": ("euchre play [--seat S]", "\ntext\n")}


def test_egn_save_of_a_game_egn_cannot_hold_goes_on_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A joker turned up and named blind (british-benny, seed 2, hand 7) cannot be written
    as EGN: the save raised RecordError after that hand and ended the game with exit
    code 2. The game now goes on and the whole record is written as JSON beside it."""
    egn, js = tmp_path / "g.egn", tmp_path / "g.json"
    code, _, err = run(capsys, "watch", "--delay", "0", "--preset", "british-benny", "--seed", "2", "--save", str(egn))
    assert code == 0, err
    assert "EGN cannot record this game" in err and "g.egn.json" in err
    code, _, _ = run(capsys, "watch", "--delay", "0", "--preset", "british-benny", "--seed", "2", "--save", str(js))
    assert code == 0
    fallback, _ = loads((tmp_path / "g.egn.json").read_text(encoding="utf-8"))
    whole, _ = loads(js.read_text(encoding="utf-8"))
    assert fallback.is_over and fallback.score == whole.score and len(fallback.finished_hands) == len(whole.finished_hands)
    assert egn.exists()  # the hands before stay in the EGN file


def test_hint_asked_twice_at_one_decision_gives_the_same_figures() -> None:
    """The hint's generator ran on from one hint to the next: asking again at the same
    bid gave other values, and once the other best call."""
    from euchre.core.game import Game
    from euchre.core.presets import preset

    game = Game(preset("modern-standard"), 3)
    human, view, buf = human_at(game, game.hand.turn, game.hand.phase, ["hint", "hint", "1"])
    human.choose(view)
    blocks = buf.getvalue().split("Hint:")[1:]
    assert len(blocks) == 2
    first, second = (re.findall(r"^\s+\d+ [+-]\d+\.\d\d  .+$", b, flags=re.MULTILINE) for b in blocks)
    assert first and first == second


def test_regression_command_summaries_said_game_s_instead_of_counting_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 34 ('euchred ... 0 time(s)'): the same kind in sim, arena and rules. One
    game is "1 game", several "N games"; one option that differs "differs"."""
    code, out, _ = run(capsys, "sim", "--games", "1", "--bots", "random", "--target", "2", "--seed", "1")
    assert code == 0 and "Played 1 game in" in out and "1 game," in out
    code, out, _ = run(capsys, "arena", "--deals", "1", "--bots", "random,random", "--target", "2", "--seed", "1")
    assert code == 0 and "1 duplicate deal =" in out
    code, out, _ = run(capsys, "rules", "modern-standard", "modern-tournament")
    assert code == 0
    code, out2, _ = run(capsys, "rules", "modern-standard", "dc-club-1862")
    for text in (out, out2):
        assert "(s)" not in text
    assert re.search(r"\b1 option differs\b|\b([02-9]|\d\d+) options differ\b", out)


def test_arena_help_names_every_player_beyond_the_levels() -> None:
    """``--bots`` of ``euchre arena`` takes ``ismcts[:N]`` and ``pimc[:N]`` beside the
    levels (docs/commands.md); its help names both, as a user finds them with --help."""
    from _commands_doc import subcommands
    from euchre.cli.main import build_parser

    bots = next(a for a in subcommands(build_parser())["arena"]._actions if "--bots" in a.option_strings)
    assert bots.help is not None
    assert "ismcts[:N]" in bots.help and "pimc[:N]" in bots.help

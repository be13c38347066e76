"""The ``euchre`` command in-process: rules, watch, replay, sim, play with scripted input,
and bad input (one-line errors, exit code 2, no traceback)."""

from __future__ import annotations

import builtins
import errno
import json
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
from euchre.core.cards import parse_card
from euchre.core.records import loads
from euchre.core.rules import OPTION_NAMES, PRESET_NAMES, PRESET_SOURCES, preset_values

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
    assert "yes (default)" in out
    assert "railroad" in out and " no " in out
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


def test_rules_of_an_unplayable_preset_still_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "railroad")
    assert code == 0
    assert "not playable yet" in out


def test_rules_compares_two_presets_with_sources(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "modern-standard", "dc-club-1862")
    assert code == 0
    a, b = preset_values("modern-standard"), preset_values("dc-club-1862")
    differ = [k for k in OPTION_NAMES if a[k] != b[k]]
    assert f"{len(differ)} option(s) differ" in out
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
    assert '"Pass."' in out  # calls in the preset's words (uspcc style)
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
    pytest.importorskip("euchre.core.egn")
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
    assert "Command: euchre sim --preset modern-standard --games 4 --bots random,random --seed 3" in out
    assert_fits("\n".join(line for line in out.splitlines() if not line.startswith("Command:")))


def test_sim_is_the_same_with_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("sim", "--games", "4", "--bots", "random,random", "--target", "3", "--seed", "9")
    _, one, _ = run(capsys, *args)
    _, two, _ = run(capsys, *args, "--workers", "2")
    def strip(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("Command:")]

    assert strip(one) == strip(two)


def test_sim_errors(capsys: pytest.CaptureFixture[str]) -> None:
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
    def fake_input(prompt: object = "") -> str:
        return next(answers)
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
    (["play", "--preset", "railroad"], "not yet supported"),
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
    from euchre.core.egn import loads_egn

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
    """``euchre play --seed 3`` (South deals; the first question is a round-one call with
    the menu pass / order / order alone) answered with ``answers``, then "quit"."""
    monkeypatch.setattr(builtins, "input", scripted(iter([*answers, "quit"])))
    code, out, err = run(capsys, "play", "--seed", "3", *argv)
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
    from euchre.cli.play import HELP

    assert max(len(line) for line in HELP.splitlines()) <= 80


def test_fault2_line_editing_is_loaded_when_available(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre.cli import play

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setitem(sys.modules, "readline", None)  # a platform without readline
    assert play._line_editing() is False
    # Not the real module: importing readline here would install its SIGWINCH handler
    # in the test process, which then spins in the children pexpect forks.
    completers: list[object] = []
    fake = types.ModuleType("readline")
    fake.set_completer = completers.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "readline", fake)
    assert play._line_editing() is True
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
    from euchre.cli import replay

    for exc in (ValueError("odd value"), RecursionError(), MemoryError()):
        def boom(data: object, exc: BaseException = exc) -> None:
            raise exc

        monkeypatch.setattr(replay, "load_record", boom)
        code, _, err = run(capsys, "replay", str(record))
        assert_one_line_error(code, err, "game.json", "cannot read the record")


def test_fault3_replay_refuses_special_and_oversized_files(tmp_path: Path, record: Path,
                                                           capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from euchre.cli import replay

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
    assert replay.MAX_FILE_BYTES == 50 * 1024 * 1024
    monkeypatch.setattr(replay, "MAX_FILE_BYTES", 1000)
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
    from euchre.cli import sim

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("no process pool for one game")

    monkeypatch.setattr(sim, "ProcessPoolExecutor", no_pool)
    code, out, _ = run(capsys, "sim", "--games", "1", "--workers", "300", "--bots", "random", "--target", "2")
    assert code == 0 and "1 game(s)" in out
    _FakePool.asked.clear()
    monkeypatch.setattr(sim, "ProcessPoolExecutor", _FakePool)
    monkeypatch.setattr(sim.os, "cpu_count", lambda: 3)
    code, out, _ = run(capsys, "sim", "--games", "20", "--workers", "64", "--bots", "random", "--target", "2")
    assert code == 0 and "20 game(s)" in out
    assert _FakePool.asked == [3]
    code, _, err = run(capsys, "sim", "--games", "2", "--workers", "100000")
    assert_one_line_error(code, err, "--workers 100000 is too many")
    code, _, err = run(capsys, "sim", "--workers", "0")
    assert_one_line_error(code, err, "--workers must be at least 1")
    assert sim.worker_count(8, 2, cpus=16) == 2
    assert sim.worker_count(8, 100, cpus=4) == 4
    assert sim.worker_count(8, 100, cpus=16) == 8


@pytest.mark.parametrize("delay", ["inf", "-inf", "1e308", "nan", "NaN", "-1", "61", "1e400", "abc", "١"])
def test_fault5_watch_delay_must_be_finite_and_bounded(delay: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "watch", f"--delay={delay}", "--target", "1")
    assert_one_line_error(code, err, "--delay", "from 0 to 60")
    assert "Hand 1" not in out


def test_fault5_watch_delay_in_range_is_kept(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre.cli import render

    slept: list[float] = []
    monkeypatch.setattr(render.time, "sleep", slept.append)
    code, _, _ = run(capsys, "watch", "--delay", "60", "--target", "1", "--seed", "2", "--bots", "random")
    assert code == 0 and slept and set(slept) == {60.0}


def test_fault6_an_unwritable_save_file_is_refused_before_play(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")

    def no_input(prompt: object = "") -> str:
        raise AssertionError("play started")

    monkeypatch.setattr(builtins, "input", no_input)
    for command in ("play", "watch"):
        code, out, err = run(capsys, command, "--save", "/dev/full", "--delay" if command == "watch" else "--seed",
                             "0")
        assert_one_line_error(code, err, "cannot write the record to /dev/full")
        assert "Hand 1" not in out


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

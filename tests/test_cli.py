"""The ``euchre`` command in-process: rules, watch, replay, sim, play with scripted input,
and bad input (one-line errors, exit code 2, no traceback)."""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.cli.main import main
from euchre.cli.sim import mean_interval, wilson_interval
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
    (["play", "--seed", "abc"], "invalid int value"),
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

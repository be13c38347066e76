"""``bench/bench_bot_time.py``: it runs, and its ``--play-race`` takes effect on the expert
or is refused by name (no inert option)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from bench_bot_time import main


def test_the_expert_is_timed_with_the_race_and_the_race_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--levels", "expert", "--hands", "1", "--play-race", "150", "--preset", "openspiel"]) == 0
    out = capsys.readouterr().out
    assert "expert, play_race=150" in out and "card choices" in out


@pytest.mark.parametrize(("args", "why"), [
    (["--levels", "intermediate", "--play-race", "300"], "which --levels does not name"),
    (["--levels", "expert", "--play-race", "50"], "must exceed play_worlds"),
    (["--levels", "expert", "--play-race", "-3"], "whole number >= 0"),
])
def test_a_race_that_would_do_nothing_is_refused(args: list[str], why: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([*args, "--hands", "1"])
    assert why in capsys.readouterr().err

"""``bench/paired.py``'s ``paired_matches``: the benches' duplicate matches, with their
progress on standard error (runs of hours were sent to logs that said nothing till the end)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from euchre.analysis.duplicate import run_matches
from euchre.bots.random_bot import RandomBot
from euchre.cli import progress as progress_module
from euchre.core import preset
from paired import paired_matches


def test_paired_matches_are_run_matches_and_tell_their_progress(capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_module, "FIRST", 0.0)
    monkeypatch.setattr(progress_module, "EVERY", 0.0)
    rules = preset("modern-standard")
    pairings = [(RandomBot, RandomBot), (RandomBot, RandomBot)]
    records = paired_matches(rules, pairings, deals=3, seed=4, workers=1)
    out, err = capsys.readouterr()
    # Two pairings of three deals: six deals finished, a line each, none on standard output.
    assert re.findall(r"^Duplicate deals: (\d) of 6", err, re.M) == ["1", "2", "3", "4", "5", "6"]
    assert out == ""
    plain = run_matches(rules, pairings, deals=3, seed=4, workers=1)
    assert [[d.margin for d in r.deals] for r in records] == [[d.margin for d in r.deals] for r in plain]

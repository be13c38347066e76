"""The long commands' progress where their output goes to a file (`euchre.cli.progress`).

The fault: rich draws its progress bar only on a terminal, so `euchre arena ... > log 2>&1`
said nothing for hours (issue 37's runs were watched with a profiler to see how far they
were). The expected lines below are worked out by hand from the fake clock.
"""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from euchre.cli import progress as progress_module
from euchre.cli.main import main
from euchre.cli.progress import clock_text, progress


class FakeClock:
    """Seconds that move only when the test says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def file_console() -> Console:
    return Console(file=io.StringIO(), force_terminal=False, width=100)


def test_clock_text_counts_hours_minutes_and_seconds() -> None:
    assert clock_text(0) == "0:00:00"
    assert clock_text(252) == "0:04:12"
    assert clock_text(2 * 3600 + 14 * 60) == "2:14:00"
    assert clock_text(59.6) == "0:01:00"


def test_a_run_sent_to_a_file_tells_its_progress_after_ten_seconds_then_once_a_minute() -> None:
    clock, stream, console = FakeClock(), io.StringIO(), file_console()
    with progress(console, "Games", 400, stream=stream, clock=clock) as ticker:
        clock.now += 5
        ticker.advance(2)  # 5 s: too soon for a line
        clock.now += 15
        ticker.advance(8)  # 20 s, 10 of 400: 2 s a game, 390 left = 780 s
        clock.now += 40
        ticker.advance(40)  # 40 s after the last line: none
        clock.now += 60
        ticker.advance(50)  # 120 s, 100 of 400: 1.2 s a game, 300 left = 360 s
        clock.now += 30
        ticker.advance(50)  # 30 s after the last line: none
        clock.now += 50
        ticker.advance(250)  # 200 s, 400 of 400
    assert stream.getvalue().splitlines() == [
        "Games: 10 of 400 (2%), 0:00:20 taken, about 0:13:00 left",
        "Games: 100 of 400 (25%), 0:02:00 taken, about 0:06:00 left",
        "Games: 400 of 400 (100%), 0:03:20 taken",
    ]
    assert console.file.getvalue() == ""  # type: ignore[attr-defined]  # the report's stream is untouched


def test_the_last_line_is_not_said_twice_and_a_short_run_says_nothing() -> None:
    clock, stream = FakeClock(), io.StringIO()
    with progress(file_console(), "Games", 2, stream=stream, clock=clock) as ticker:
        clock.now += 11
        ticker.advance(2)
    assert stream.getvalue().splitlines() == ["Games: 2 of 2 (100%), 0:00:11 taken"]
    stream = io.StringIO()
    with progress(file_console(), "Games", 2, stream=stream, clock=clock) as ticker:
        clock.now += 9
        ticker.advance(2)
    assert stream.getvalue() == ""


def test_a_total_learnt_on_the_way_is_shown_once_known() -> None:
    clock, stream = FakeClock(), io.StringIO()
    with progress(file_console(), "Valuing decisions", None, stream=stream, clock=clock, first=60, every=60) as ticker:
        clock.now += 60
        ticker.update(3, None)
        clock.now += 60
        ticker.update(6, 12)
    assert stream.getvalue().splitlines() == [
        "Valuing decisions: 3, 0:01:00 taken",
        "Valuing decisions: 6 of 12 (50%), 0:02:00 taken, about 0:02:00 left",
    ]


def test_on_a_terminal_the_live_bar_is_drawn_and_no_line_is_written() -> None:
    """The positive control: the same run on a terminal draws rich's bar on the console."""
    clock, stream = FakeClock(), io.StringIO()
    console = Console(file=io.StringIO(), force_terminal=True, width=100)
    with progress(console, "Games", 400, stream=stream, clock=clock) as ticker:
        clock.now += 120
        ticker.advance(100)
    assert stream.getvalue() == ""
    assert "Games" in console.file.getvalue()  # type: ignore[attr-defined]


def test_regression_a_long_run_sent_to_a_file_said_nothing_until_its_end(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`euchre sim` and `euchre arena` under pytest write to no terminal: with the first line
    and the interval at 0 s each finished game or deal gets its line on standard error, none
    on standard output (where the report goes). Issue 12: the first line is how a long run
    says early how long it will take; a short run says nothing."""
    monkeypatch.setattr(progress_module, "FIRST", 0.0)
    monkeypatch.setattr(progress_module, "EVERY", 0.0)
    code = main(["sim", "--games", "3", "--bots", "random", "--target", "2", "--seed", "1", "--workers", "1"])
    out, err = capsys.readouterr()
    assert code == 0 and "Games:" not in out
    counts = [int(m) for m in re.findall(r"^Games: (\d) of 3 \(\d+%\), \d:\d\d:\d\d taken", err, re.M)]
    assert counts == [1, 2, 3]
    # before the end each line says the time left at the pace so far
    assert re.search(r"^Games: 1 of 3 \(33%\), \d:\d\d:\d\d taken, about \d:\d\d:\d\d left$", err, re.M)
    code = main(["arena", "--deals", "2", "--bots", "random,random", "--target", "2", "--seed", "1", "--workers", "1"])
    out, err = capsys.readouterr()
    assert code == 0 and "Duplicate deals:" not in out
    assert re.findall(r"^Duplicate deals: (\d) of 2", err, re.M) == ["1", "2"]
    monkeypatch.setattr(progress_module, "FIRST", 1e9)
    code = main(["sim", "--games", "3", "--bots", "random", "--target", "2", "--seed", "1", "--workers", "1"])
    out, err = capsys.readouterr()
    assert code == 0 and err == "" and "Played 3 games" in out

"""Progress of the long commands (``arena``, ``sim``, ``selfplay``, ``review``,
``rate-bots``): a live bar on a terminal, and plain lines where the output goes to a file.

A run of hours is often started with its output sent to a log (``euchre arena ... > log
2>&1 &``). rich draws its bar only on a terminal, so such a log said nothing until the end:
no count, no time left. Where the console is not a terminal, :func:`progress` writes a line
to standard error instead (the count, the share, the time taken and the time left at the
pace so far): the first after ``first`` seconds, then at most once every ``every`` seconds,
and a last one at the end of a run that wrote any; a run shorter than ``first`` writes
nothing, so short runs and their reports (on standard output) read as before. The line
after ``first`` seconds is how a long run says early how long it will take (issue 12, where
``euchre sim`` once printed its own estimate after the first game).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

FIRST = 10.0
"""Seconds before the first plain progress line (a run sent to a file)."""

EVERY = 60.0
"""Seconds between two plain progress lines after the first."""


def clock_text(seconds: float) -> str:
    """A duration as ``H:MM:SS`` (``0:04:12``), as rich's bar shows it; ``seconds`` >= 0."""
    whole = int(seconds + 0.5)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


class Ticker:
    """What a command tells of its progress: :meth:`advance` by items finished, or
    :meth:`update` with the count done and the total (a total learnt on the way).

    Made by :func:`progress`.
    """

    def __init__(self, label: str, total: int | None, *, bar: Progress | None,
                 stream: TextIO, first: float, every: float, clock: Callable[[], float]) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self._bar = bar
        self._task = bar.add_task(label, total=total) if bar is not None else None
        self._stream = stream
        self._every = every
        self._clock = clock
        self._started = clock()
        self._first = first
        self._next_line = self._started + first
        self._said: int | None = None

    def advance(self, n: int = 1) -> None:
        """``n`` more items are finished (``n`` >= 0)."""
        self.update(self.done + n, self.total)

    def update(self, completed: int, total: int | None) -> None:
        """``completed`` items of ``total`` (None: not yet known) are finished."""
        self.done, self.total = completed, total
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=completed, total=total)
            return
        now = self._clock()
        if now >= self._next_line:
            self._line(now)

    def finish(self) -> None:
        """The run is over: a last plain line where it took ``first`` seconds or more."""
        if self._bar is None:
            now = self._clock()
            if now - self._started >= self._first and self._said != self.done:
                self._line(now)

    def _line(self, now: float) -> None:
        self._next_line, self._said = now + self._every, self.done
        elapsed = now - self._started
        text = f"{self.label}: {self.done}"
        if self.total:
            text += f" of {self.total} ({100 * self.done / self.total:.0f}%)"
        text += f", {clock_text(elapsed)} taken"
        if self.total and 0 < self.done < self.total:
            text += f", about {clock_text(elapsed / self.done * (self.total - self.done))} left"
        print(text, file=self._stream, flush=True)


@contextmanager
def progress(console: Console, label: str, total: int | None, *, stream: TextIO | None = None,
             first: float | None = None, every: float | None = None,
             clock: Callable[[], float] = time.monotonic) -> Iterator[Ticker]:
    """A progress display for ``total`` items (None: unknown until :meth:`Ticker.update`
    says it) labelled ``label`` (``"Duplicate deals and games"``).

    On a terminal (``console.is_terminal``) it is rich's live bar, gone when the block ends.
    Elsewhere it writes plain lines to ``stream`` (standard error by default): the first
    after ``first`` seconds of ``clock`` (None: :data:`FIRST`), then at most once every
    ``every`` seconds (None: :data:`EVERY`), and a last one at the end of a run that took
    ``first`` seconds or more:
    ``"Games: 120 of 4000 (3%), 0:04:12 taken, about 2:14:00 left"``.
    """
    out = sys.stderr if stream is None else stream
    first = FIRST if first is None else first
    every = EVERY if every is None else every
    if console.is_terminal:
        columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
        with Progress(*columns, console=console, transient=True) as bar:
            yield Ticker(label, total, bar=bar, stream=out, first=first, every=every, clock=clock)
        return
    ticker = Ticker(label, total, bar=None, stream=out, first=first, every=every, clock=clock)
    yield ticker
    ticker.finish()

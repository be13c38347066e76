"""The terminal's side of a game at the keyboard: reading a line, and how a game is stopped.

Line editing (arrow keys, history) comes from :mod:`readline` where the platform has it;
without it an arrow key arrives as an escape sequence, which is refused, not read. The
person asks to stop with ``quit`` or the end of the input (:class:`QuitGame`); the
terminal going away or a request to stop (SIGHUP, SIGTERM) is :class:`Hangup`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType

from rich.console import Console


class QuitGame(Exception):
    """The person asked to stop ("quit" or the end of the input)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Hangup(Exception):
    """The terminal went away or the process was asked to stop (SIGHUP, SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def on_signal(signum: int, frame: FrameType | None) -> None:
    raise Hangup(signum)


def line_editing() -> bool:
    """Load :mod:`readline` for line editing and history when the platform has it and
    both ends are a terminal. Returns True when it is in use."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        import readline
    except ImportError:  # e.g. Windows: arrow keys then arrive raw and are refused
        return False
    if hasattr(readline, "set_completer"):  # some readline replacements lack it
        readline.set_completer(lambda text, state: None)  # Tab completes nothing (no file names)
    return True


def make_reader(console: Console) -> Callable[[str], str]:
    """Reads one line after a prompt. With readline the prompt goes to :func:`input`,
    so that editing and history redraw the line without erasing the prompt."""
    if line_editing():
        def read(prompt: str) -> str:
            console.file.flush()
            return input(prompt)

        return read
    return lambda prompt: console.input(prompt, markup=False)


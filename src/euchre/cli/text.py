"""Making text safe to show in a terminal, and reading numbers typed by people.

Text that comes from outside the program (a record file, a file name, a typed line, an
error message quoting either) may hold control characters: ESC starts the escape
sequences that clear the screen, retitle the window or move the cursor; C1 characters
(U+0080-U+009F) do the same on some terminals; bidirectional marks reorder what is
shown. :func:`clean` replaces every such character by ``?`` and shortens long text, so
what is printed is what it seems.

Numbers are read from the ASCII digits 0-9 only (:func:`str.isdigit` also accepts
``"²"`` or ``"①"``, which :class:`int` refuses), and from a few digits at most (Python
refuses to convert more than 4300).
"""

from __future__ import annotations

import argparse
import math
import re
import unicodedata
from collections.abc import Callable

from euchre.core.errors import EuchreError

_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Control (C0, DEL, C1), format (bidirectional marks, zero-width), surrogate and
line/paragraph separator characters: none may reach the terminal as it is."""

MAX_DELAY = 60.0
"""The longest pause after an event (``watch --delay``), in seconds (here, not in
:mod:`euchre.cli.render`, so that the command's parser is built without rich)."""

_INT = re.compile(r"[+-]?[0-9]+")
MAX_INT_DIGITS = 30
"""The most digits a number typed on the command line may have."""


def is_unsafe_char(ch: str) -> bool:
    """Whether ``ch`` is a control, format or separator character (not to be printed)."""
    return unicodedata.category(ch) in _UNSAFE_CATEGORIES


def has_unsafe_chars(text: str) -> bool:
    """Whether ``text`` holds any control, escape, format or separator character."""
    return any(is_unsafe_char(ch) for ch in text)


def shorten(text: str, limit: int) -> str:
    """``text``, cut to ``limit`` characters with a final ``…`` when longer."""
    if limit > 0 and len(text) > limit:
        return text[: max(limit - 1, 1)] + "…"
    return text


def clean(text: object, limit: int | None = None) -> str:
    """``text`` as a string safe to print: each control, escape, format or separator
    character replaced by ``?``, then cut to ``limit`` characters (none if None)."""
    s = text if isinstance(text, str) else str(text)
    if limit is not None:
        s = s[: limit + 1]  # before replacing: the input may be huge
    s = "".join("?" if is_unsafe_char(ch) else ch for ch in s)
    return shorten(s, limit) if limit is not None else s


def quoted(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message that echoes it: cleaned, cut to ``limit``
    characters, and followed by its length when it was cut."""
    body = clean(text, limit)
    note = f" ({len(text)} characters)" if len(text) > limit else ""
    return repr(body) + note


def is_ascii_number(text: str) -> bool:
    """Whether ``text`` is made of the ASCII digits 0-9 only (at least one)."""
    return bool(text) and text.isascii() and text.isdigit()


def has_other_numerals(text: str) -> bool:
    """Whether ``text`` holds a numeral other than 0-9 (``²``, ``①``, ``٣``, ``½``)."""
    return any(ch.isnumeric() and not ch.isascii() for ch in text)


MAX_RUN = 1_000_000
"""The most games, deals or hands one command plays (``sim --games``, ``arena --deals``,
``selfplay --games``): a larger run is a mistyped number (a million games take days),
and its list of jobs alone would fill the memory."""


def check_count(option: str, value: int, low: int = 1, high: int = MAX_RUN) -> int:
    """``value`` of ``option`` (``--games``) if it is ``low``..``high``.

    Raises:
        EuchreError: out of range (the message names the option and the range).
    """
    if not low <= value <= high:
        raise EuchreError(f"{option} must be a whole number from {low} to {high:,}, not {value}")
    return value


def int_arg(text: str) -> int:
    """An argparse ``type`` for whole numbers: an optional sign and the digits 0-9, at most
    :data:`MAX_INT_DIGITS` of them.

    Raises:
        argparse.ArgumentTypeError: anything else (the message quotes it, shortened).
    """
    t = text.strip()
    if not _INT.fullmatch(t):
        raise argparse.ArgumentTypeError(f"invalid whole number {quoted(text, 20)} (use the digits 0-9)")
    if len(t.lstrip("+-")) > MAX_INT_DIGITS:
        raise argparse.ArgumentTypeError(f"{quoted(text, 20)} is too long: at most {MAX_INT_DIGITS} digits")
    return int(t)


def seconds_arg(maximum: float) -> Callable[[str], float]:
    """An argparse ``type`` for a number of seconds from 0 to ``maximum`` (finite)."""

    def read(text: str) -> float:
        try:
            value = float(text.strip()) if text.strip().isascii() else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or not 0 <= value <= maximum:
            raise argparse.ArgumentTypeError(
                f"{quoted(text, 20)} is not a number of seconds from 0 to {maximum:g}")
        return value

    read.__name__ = "seconds"
    return read

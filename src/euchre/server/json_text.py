"""JSON text as the server sends it: compact, ASCII only, with parts made before put in as they are.

A state's parts that do not change from move to move are made once as
:class:`orjson.Fragment` (:mod:`euchre.server.state_cache`); :func:`dumps` puts them in.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import orjson

_NOT_ASCII = re.compile("[^\x00-\x7f]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # a UTF-16 surrogate pair, as JSON writes it
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def ascii_json(text: bytes) -> bytes:
    """JSON text with every character beyond ASCII written as a ``\\uXXXX`` escape: the
    same JSON to any reader (such characters can only be inside strings), and ASCII
    text costs the server next to nothing to turn into a ``str`` and back into the
    bytes of a websocket frame (the card symbols made that a tenth of sending a state)."""
    if text.isascii():
        return text
    return _escaped(text)


@functools.lru_cache(maxsize=4096)
def _escaped(text: bytes) -> bytes:
    # The same calls, legal actions and tricks come back hand after hand, table after table.
    return _NOT_ASCII.sub(_escape, text.decode()).encode("ascii")


def dumps(message: dict[str, Any]) -> str:
    """A message as compact JSON text (UTF-8 characters kept, no spaces); parts made
    before as :class:`orjson.Fragment` are put in as they are."""
    return orjson.dumps(message).decode()


"""The websocket protocol: what a client may send, the checks every message passes,
the stable error codes, and the per-connection rate limit.

Every client message is one JSON object in a text frame, at most
``ServerConfig.max_message_bytes`` bytes, with a ``type`` and exactly the fields of that
type (an optional ``id``, a string of at most 40 characters or an int, is echoed in the
reply). The types:

``{"type": "join", "token": T}``
    the first message of a connection: T is a seat's or the spectator's invite token.
``{"type": "action", "action": "play-JH", "seq": N}``
    take an action (its text form, :mod:`euchre.core.actions`); ``seq`` (optional) is
    the ``seq`` of the state the player saw, and a stale one is refused.
``{"type": "start"}``
    a seated player starts the game; bots take the seats nobody claimed.
``{"type": "chat", "text": "..."}``
    a chat line to the table.
``{"type": "name", "name": "..."}``
    set the name shown for one's seat (1 to 24 characters).
``{"type": "undo"}``
    take back one's last decision, where every other seat is a bot (not at an event's
    table): the game and the bots go back to the moment it was made
    (:mod:`euchre.server.undo`).
``{"type": "hint"}``
    at one's turn: the expert's value of each legal action, answered by ``{"type":
    "hint", "seq": N, "values": [{"action": "play-JH", "value": 0.53}, ...]}`` (best
    first; expected points of the hand for one's side).
``{"type": "ping"}``
    answered by ``{"type": "pong"}``.

A message that fails a check gets ``{"type": "error", "code": CODE, "message": ...}``
and changes nothing. The codes are in :data:`ERROR_CODES`.
"""

from __future__ import annotations

import math
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from euchre.server.names import BLANKS

ERROR_CODES: dict[str, str] = {
    "bad_json": "the message is not JSON",
    "binary_frame": "messages are JSON text frames, not binary",
    "too_large": "the message is larger than the limit",
    "bad_message": "the message is not an object with the fields of its type",
    "unknown_type": "no message has this type",
    "not_joined": "send a join message with your invite token first",
    "already_joined": "this connection has joined already",
    "bad_token": "the invite token opens no table",
    "seat_busy": "too many connections are open for this seat or table",
    "seat_is_bot": "a bot plays this seat (the game started without you): take it back first",
    "not_a_player": "spectators watch; they cannot act",
    "not_started": "the game has not started",
    "already_started": "the game has started already",
    "game_over": "the game is over",
    "not_your_turn": "it is another seat's turn",
    "stale": "the game moved on since the state you acted on",
    "bad_action": "the text is not an action",
    "illegal_action": "the action is not legal now",
    "bad_chat": "a chat line must be 1 to the limit of characters of printable text",
    "bad_name": "a name must be 1 to 24 characters of printable text",
    "rate_limited": "too many messages; slow down",
    "busy": "the server is computing as many hints as it can; ask again in a moment",
    "hints_off": "the host switched hints off at this table",
    "no_hint": "the laws decide this (correcting a revoke, calling an exposed card), not the play: no values",
    "not_host": "only the table's host may do this",
    "not_over": "a rematch is for when the game is over",
    "not_a_bot_seat": "you play this seat already; there is no bot to take it from",
    "undo_refused": "decisions are taken back only where every other seat is a bot, and not at an event's table",
    "nothing_to_undo": "you have made no decision in this game that can be taken back",
    "join_timeout": "no join message in time",
    "storage_error": "the server could not store the action; nothing changed",
    "unavailable": "the table cannot be loaded",
    "moved": "the table is run by another server process now; nothing changed (the connection is closed with 1012: reconnect)",
    "no_table": "no such table",
    "bad_request": "the request is not one the server knows",
}
"""Every error code a client can receive, with what it means. Codes never change."""

MIN_TIMER = 5
MAX_TIMER = 600
"""A per-move timer is off (0) or MIN_TIMER to MAX_TIMER seconds."""


def check_timer(value: object) -> float:
    """A per-move timer's seconds, checked: 0 (off) or MIN_TIMER..MAX_TIMER.

    Raises:
        ValueError: anything else (the message says what is allowed)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (
            value == 0 or MIN_TIMER <= value <= MAX_TIMER):
        raise ValueError(f"timer must be 0 (off) or {MIN_TIMER} to {MAX_TIMER} seconds")
    return float(value) if value else 0.0  # -0.0 is off, and stored as 0.0


MAX_ID_CHARS = 40
MAX_TOKEN_CHARS = 100
MAX_ACTION_CHARS = 32
MAX_NAME_CHARS = 24

_FIELDS: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    # type -> field -> (JSON type, required)
    "join": {"token": (str, True)},
    "action": {"action": (str, True), "seq": (int, False)},
    "start": {},
    "chat": {"text": (str, True)},
    "name": {"name": (str, True)},
    "hint": {},
    "undo": {},
    "settings": {"timer": ((int, float), False), "hints": (bool, False)},
    "take_seat": {},
    "rematch": {},
    "ping": {},
}


def encodable(text: str) -> str:
    """``text`` with any lone surrogate (a character UTF-8 cannot hold, which a client's
    text may carry into an error message) written as a ``\\udXXX`` escape, so that the
    message can always be sent."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


class ProtocolError(Exception):
    """A client message refused: ``code`` is one of :data:`ERROR_CODES`, ``message``
    says what was wrong (and, for an illegal action, what is legal)."""

    def __init__(self, code: str, message: str, ref: str | int | None = None) -> None:
        super().__init__(message)
        if code not in ERROR_CODES:  # pragma: no cover - a programming error
            raise ValueError(f"unknown error code {code!r}")
        self.code = code
        self.message = message
        self.ref = ref

    def event(self) -> dict[str, Any]:
        """The error event sent to the client: ``{"type": "error", "code", "message"}``
        (and ``id`` when the message had one)."""
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": encodable(self.message)}
        if self.ref is not None:
            out["id"] = self.ref
        return out


@dataclass(frozen=True)
class ClientMessage:
    """A checked client message.

    Attributes:
        type: one of ``join``, ``action``, ``start``, ``chat``, ``name``, ``hint``, ``undo``,
            ``settings``, ``take_seat``, ``rematch``, ``ping``.
        fields: its fields (without ``type`` and ``id``), of the checked JSON types.
        ref: the client's ``id``, echoed in the reply, or None.
    """

    type: str
    fields: dict[str, Any]
    ref: str | int | None = None


def parse_message(frame: dict[str, Any], max_bytes: int) -> ClientMessage:
    """Check one websocket frame from a client (an ASGI ``websocket.receive`` message).

    Args:
        frame: the ASGI message, with ``text`` or ``bytes``.
        max_bytes: the size limit, in bytes of UTF-8.

    Returns:
        The checked message.

    Raises:
        ProtocolError: ``binary_frame``, ``too_large``, ``bad_json``, ``bad_message`` or
            ``unknown_type``.
    """
    text = frame.get("text")
    if not isinstance(text, str):
        raise ProtocolError("binary_frame", "send JSON in a text frame")
    # A str of n characters is at least n bytes of UTF-8: test the cheap bound first.
    if len(text) > max_bytes or len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise ProtocolError("too_large", f"a message may hold at most {max_bytes} bytes")
    try:
        data = orjson.loads(text)  # stricter than json: no NaN, no lone surrogate, 64-bit integers
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("bad_json", f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    ref = data.get("id")
    if ref is not None and not (
            (isinstance(ref, str) and len(ref) <= MAX_ID_CHARS)
            or (isinstance(ref, int) and not isinstance(ref, bool) and abs(ref) < 2**53)):
        raise ProtocolError("bad_message", f"id must be a string of at most {MAX_ID_CHARS} characters or an integer")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "a message needs a string field 'type'", ref)
    spec = _FIELDS.get(kind)
    if spec is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}; types: {', '.join(_FIELDS)}", ref)
    extra = sorted(set(data) - set(spec) - {"type", "id"})
    if extra:
        raise ProtocolError("bad_message", f"unexpected field(s) for {kind}: {', '.join(e[:40] for e in extra[:5])}", ref)
    fields: dict[str, Any] = {}
    for name, (json_type, required) in spec.items():
        if name not in data:
            if required:
                raise ProtocolError("bad_message", f"{kind} needs the field {name!r}", ref)
            continue
        value = data[name]
        if json_type is bool:
            if not isinstance(value, bool):
                raise ProtocolError("bad_message", f"{kind}.{name} must be true or false", ref)
        elif not isinstance(value, json_type) or isinstance(value, bool):
            if json_type is int and isinstance(value, float):  # 1.5, or a whole number beyond 64 bits
                raise ProtocolError("bad_message", f"{kind}.{name} must be a whole number below 2**63", ref)
            want = json_type.__name__ if isinstance(json_type, type) else "/".join(t.__name__ for t in json_type)
            raise ProtocolError("bad_message", f"{kind}.{name} must be of type {want}", ref)
        fields[name] = value
    _check_lengths(kind, fields, ref)
    return ClientMessage(kind, fields, ref)


def _check_lengths(kind: str, fields: dict[str, Any], ref: str | int | None) -> None:
    if kind == "join" and not 1 <= len(fields["token"]) <= MAX_TOKEN_CHARS:
        raise ProtocolError("bad_token", "that is not an invite token", ref)
    if kind == "action" and not 1 <= len(fields["action"]) <= MAX_ACTION_CHARS:
        raise ProtocolError("bad_action", f"an action is 1 to {MAX_ACTION_CHARS} characters, e.g. 'play-JH'", ref)
    if kind == "action" and "seq" in fields and not 0 <= fields["seq"] < 2**31:
        raise ProtocolError("bad_message", "action.seq must be a whole number >= 0", ref)


def clean_text(text: str, limit: int) -> str | None:
    """Chat or name text made safe to show: control and format characters (including
    bidi overrides) and characters that show nothing (:data:`~euchre.server.names.BLANKS`)
    removed, whitespace runs made one space, trimmed.

    Returns:
        The cleaned text, or None when it is empty or longer than ``limit`` characters.
    """
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or (unicodedata.category(ch)[0] != "C" and ch not in BLANKS))
    out = " ".join(kept.split())
    if not out or len(out) > limit:
        return None
    return out


class RateLimiter:
    """A token bucket: ``burst`` messages at once, refilled at ``rate`` per second.

    Args:
        rate: messages per second on average (> 0).
        burst: the bucket's size (>= 1).
        clock: seconds from a monotonic clock (``time.monotonic``; a test may pass its own).
    """

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()
        self.refused = 0

    def allow(self) -> bool:
        """Take one token: True when the message may go on, False when it is over the
        limit (and counted in ``refused``)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.refused += 1
        return False

    def refund(self) -> None:
        """Give back the token of an allowed request that did nothing (refused as bad
        input), so that only what was done counts against the limit."""
        self.tokens = min(self.burst, self.tokens + 1.0)

    def wait(self) -> int:
        """Whole seconds until the next token (for a ``Retry-After`` header), at least 1."""
        return max(1, math.ceil((1.0 - self.tokens) / self.rate))

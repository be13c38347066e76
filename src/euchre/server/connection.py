"""One open websocket's outbox: messages are queued without waiting and written in
order by a task of their own, so that a slow client never holds up its table."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from euchre.server.json_text import dumps

SendText = Callable[[str], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]


class Connection:
    """One open websocket of a seat (0..3) or of a spectator (``seat`` None).

    Messages are queued by :meth:`post` and written in order by :meth:`pump`, so that a
    slow client never holds up the table. A client more than ``limit`` messages behind,
    or one that has not taken a message in ``send_timeout`` seconds (it stopped reading:
    its socket is full), is disconnected with close code 1013 ("try again later"); it
    gets the full state when it reconnects.
    """

    def __init__(self, seat: int | None, limit: int, send_timeout: float = 30.0) -> None:
        self.seat = seat
        self.limit = limit
        self.send_timeout = send_timeout
        self._pending: deque[str] = deque()
        self._ready = asyncio.Event()
        self.dropped = False
        self.hinting = False  # a hint is being computed for this connection
        self.closed = False
        self.moved = False
        """True once the table went to another server process (or this one stops): the
        client is closed with 1012 and reconnects there."""

    def post(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a JSON-ready dict, or JSON text) for the client."""
        if self.closed or self.dropped:
            return
        if len(self._pending) >= self.limit:
            self._pending.clear()
            self.dropped = True
        else:
            self._pending.append(message if isinstance(message, str) else dumps(message))
        self._ready.set()

    def move(self) -> None:
        """Close the client with 1012 ("service restart") after the messages already
        queued: its table is run by another process now, which it reaches by
        reconnecting (the page does so by itself)."""
        self.moved = True
        self.finish()

    def finish(self) -> None:
        """Stop :meth:`pump` after the messages already queued."""
        self.closed = True
        self._ready.set()

    async def pump(self, send_text: SendText, close: Close) -> None:
        """Write queued messages until :meth:`finish` (or a drop for slowness). A write
        that does not complete in ``send_timeout`` seconds drops the client; the close
        itself is given as long again, then abandoned (the client reads nothing)."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            try:
                while self._pending:
                    await asyncio.wait_for(send_text(self._pending.popleft()), timeout=self.send_timeout)
            except TimeoutError:
                self.dropped = True
                self._pending.clear()
            if self.dropped:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(close(1013, "too many messages waiting; reconnect for the full state"),
                                           timeout=self.send_timeout)
                return
            if self.closed:
                if self.moved:
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(close(1012, "the table moved to another server; reconnect"),
                                               timeout=self.send_timeout)
                return

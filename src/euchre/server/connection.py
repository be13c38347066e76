"""One open websocket's outbox: messages are queued without waiting and written in
order by a task of their own, so that a slow client never holds up its table."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from euchre.server.serialize import dumps

SendText = Callable[[str], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]


class Connection:
    """One open websocket of a seat (0..3) or of a spectator (``seat`` None).

    Messages are queued by :meth:`post` and written in order by :meth:`pump`, so that a
    slow client never holds up the table. A client more than ``limit`` messages behind
    is disconnected (close code 1013); it gets the full state when it reconnects.
    """

    def __init__(self, seat: int | None, limit: int) -> None:
        self.seat = seat
        self.limit = limit
        self._pending: deque[str] = deque()
        self._ready = asyncio.Event()
        self.dropped = False
        self.hinting = False  # a hint is being computed for this connection
        self.closed = False

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

    def finish(self) -> None:
        """Stop :meth:`pump` after the messages already queued."""
        self.closed = True
        self._ready.set()

    async def pump(self, send_text: SendText, close: Close) -> None:
        """Write queued messages until :meth:`finish` (or a drop for slowness)."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            while self._pending:
                await send_text(self._pending.popleft())
            if self.dropped:
                await close(1013, "too many messages waiting; reconnect for the full state")
                return
            if self.closed:
                return

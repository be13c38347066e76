"""The game's websocket (``WS /ws``), one connection from accept to close: the ``join``,
then the message loop (:mod:`euchre.server.protocol`). A join for a table another server
process runs is carried through to that process (:mod:`euchre.server.forward`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from typing import Any

from starlette.types import Message
from starlette.websockets import WebSocket
from websockets.asyncio.client import ClientConnection

from euchre.server import forward
from euchre.server.cluster import CLUSTER_HEADER, Elsewhere, shows_secret
from euchre.server.config import ServerConfig
from euchre.server.connection import Connection
from euchre.server.hub import Hub
from euchre.server.metrics import ServerMetrics
from euchre.server.protocol import ClientMessage, ProtocolError, RateLimiter, parse_message
from euchre.server.storage import StorageError, told
from euchre.server.table import LiveTable

log = logging.getLogger("euchre.server")

MAX_BAD_JOINS = 5
"""Failed join attempts before a connection is closed."""


@dataclasses.dataclass(frozen=True)
class _Forward:
    """A join for a table another process runs: the websocket open to it, and the join's
    text to send it first."""

    upstream: ClientConnection
    join_text: str


class _Session:
    """One websocket from accept to close: the join, then the message loop."""

    def __init__(self, ws: WebSocket, hub: Hub, config: ServerConfig, metrics: ServerMetrics) -> None:
        self.ws = ws
        shown = ws.headers.get(CLUSTER_HEADER)
        self.forwarded = shows_secret(shown, hub.secret)
        """Forwarded by another process of the cluster (:mod:`euchre.server.forward`)."""
        self.hub = hub
        self.config = config
        self.metrics = metrics
        self.limiter = RateLimiter(config.rate_per_second, config.rate_burst)
        self.tasks: set[asyncio.Task[None]] = set()  # hints being computed

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code, reason)

    def _check(self, frame: Message) -> ClientMessage:
        """The message of a frame, counted against the rate limit. A message over the
        limit is refused ``rate_limited`` with its ``id`` when it could be read (the
        message is small: at most ``max_message_bytes``)."""
        allowed = self.limiter.allow()
        try:
            msg = parse_message(dict(frame), self.config.max_message_bytes)
        except ProtocolError:
            if not allowed:
                raise ProtocolError("rate_limited", f"at most {self.config.rate_per_second:g} messages a second") from None
            raise
        if not allowed:
            raise ProtocolError("rate_limited", f"at most {self.config.rate_per_second:g} messages a second", msg.ref)
        return msg

    def _flooding(self) -> bool:
        return self.limiter.refused > 5 * self.config.rate_burst

    async def _join(self) -> tuple[LiveTable, Connection] | _Forward | None:
        """Wait for a good ``join``; None when the client left or was sent away. The
        table's own connection, or, where another process runs the table, a websocket
        open to it and the join's text to send it (:mod:`euchre.server.forward`)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.config.join_timeout
        failures = 0
        while True:
            try:
                frame = await asyncio.wait_for(self.ws.receive(), timeout=max(0.0, deadline - loop.time()))
            except TimeoutError:
                await self.ws.send_json(ProtocolError("join_timeout", "send a join message first").event())
                await self._close(1008, "no join")
                return None
            if frame["type"] == "websocket.disconnect":
                return None
            msg: ClientMessage | None = None
            try:
                msg = self._check(frame)
                if msg.type == "ping":
                    await self.ws.send_json({"type": "pong", "id": msg.ref})
                    continue
                if msg.type != "join":
                    raise ProtocolError("not_joined", "send a join message with your invite token first", msg.ref)
                table_id, seat = await self.hub.find(msg.fields["token"])
                try:
                    table = await self.hub.get(table_id)
                except Elsewhere as away:
                    if self.forwarded:  # never forwarded twice: the client reconnects and is sent on afresh
                        await self._close(1012, "the table is moving between servers; reconnect")
                        return None
                    reached = await forward.reach(self.hub, away, forward.forward_headers(self.ws, self.hub.secret))
                    if reached is None:
                        raise ProtocolError("unavailable", "the server running this table does not answer; "
                                                           "try again in a moment") from None
                    if not isinstance(reached, LiveTable):
                        return _Forward(reached, str(frame.get("text")))
                    table = reached
                except StorageError as exc:
                    raise ProtocolError("unavailable", f"the table cannot be loaded: {told(exc)}") from None
                if table is None:
                    raise ProtocolError("bad_token", "this invite link opens no table")
                conn = Connection(seat, self.config.send_queue, self.config.send_timeout)
                await table.attach(conn)
                return table, conn
            except ProtocolError as exc:
                if exc.ref is None and msg is not None:
                    exc.ref = msg.ref
                await self.ws.send_json(exc.event())
                if exc.code == "unavailable":  # the table cannot be reached now: come back, not "no join"
                    await self._close(1013, "the table cannot be reached now; try again in a moment")
                    return None
                failures += exc.code in ("bad_token", "seat_busy", "seat_is_bot")
                if failures >= MAX_BAD_JOINS or self._flooding():
                    await self._close(1008, "too many bad messages")
                    return None

    async def _dispatch(self, table: LiveTable, conn: Connection, msg: ClientMessage, received: float) -> None:
        """Carry out one message; ``received`` is when it was read (``time.perf_counter``)."""
        kind, f, ref = msg.type, msg.fields, msg.ref
        if kind == "join":
            raise ProtocolError("already_joined", "this connection has joined already", ref)
        if kind == "ping":
            conn.post({"type": "pong", "id": ref})
        elif kind == "action":
            await table.act(conn, f["action"], f.get("seq"), ref)  # raises when refused: not counted
            self.metrics.moved(time.perf_counter() - received)
        elif kind == "start":
            await table.start(conn, ref)
        elif kind == "chat":
            await table.say(conn, f["text"], ref)
        elif kind == "name":
            await table.rename(conn, f["name"], ref)
        elif kind == "settings":
            await table.settings(conn, f, ref)
        elif kind == "take_seat":
            await table.take_seat(conn, ref)
        elif kind == "rematch":
            await table.rematch(conn, ref)
        elif kind == "undo":
            await table.undo(conn, ref)
        elif kind == "hint":
            # In a task: the connection's other messages are not held up while the
            # expert thinks; one hint at a time per connection.
            if conn.hinting:
                raise ProtocolError("rate_limited", "a hint is being computed for you already", ref)
            conn.hinting = True
            task = asyncio.get_running_loop().create_task(self._hint(table, conn, ref))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    @staticmethod
    async def _hint(table: LiveTable, conn: Connection, ref: str | int | None) -> None:
        try:
            await table.hint(conn, ref)
        except ProtocolError as exc:
            conn.post(exc.event())
        except Exception:  # never leave the player without an answer
            log.exception("table %s: a hint failed", table.id)
            conn.post(ProtocolError("busy", "the hint could not be computed; ask again in a moment", ref).event())
        finally:
            conn.hinting = False

    async def _pump(self, conn: Connection, reader: asyncio.Task[Any] | None = None) -> None:
        with contextlib.suppress(Exception):
            await conn.pump(self.ws.send_text, self._close)
        if (conn.dropped or conn.moved) and reader is not None:
            reader.cancel()  # a client that stopped reading may never send a close either: end the session

    async def run(self) -> None:
        """Serve the connection until the client leaves."""
        await self.ws.accept()
        joined = await self._join()
        if joined is None:
            return
        if isinstance(joined, _Forward):
            await forward.relay(self.ws, joined.upstream, joined.join_text)
            return
        table, conn = joined
        writer = asyncio.get_running_loop().create_task(self._pump(conn, asyncio.current_task()))
        flooded = False
        try:
            while not conn.dropped and not flooded:
                try:
                    frame = await self.ws.receive()
                    received = time.perf_counter()
                except asyncio.CancelledError:
                    task = asyncio.current_task()
                    if (conn.dropped or conn.moved) and task is not None and task.uncancel() == 0:
                        break  # the writer ended the session: the client stopped reading
                    raise
                if frame["type"] == "websocket.disconnect":
                    break
                msg: ClientMessage | None = None
                try:
                    msg = self._check(frame)
                    await self._dispatch(table, conn, msg, received)
                except ProtocolError as exc:
                    if exc.ref is None and msg is not None:
                        exc.ref = msg.ref
                    conn.post(exc.event())
                    flooded = self._flooding()
                except asyncio.CancelledError:
                    # The writer ended the session while a message was being carried out
                    # (its table moved to another process): nothing more to do here.
                    task = asyncio.current_task()
                    if (conn.dropped or conn.moved) and task is not None and task.uncancel() == 0:
                        break
                    raise
        finally:
            for task in self.tasks:
                task.cancel()
            table.detach(conn)
            try:
                await asyncio.wait_for(writer, timeout=2.0)
            except (TimeoutError, asyncio.CancelledError):
                writer.cancel()
            if flooded:
                await self._close(1008, "too many messages")


async def websocket(ws: WebSocket) -> None:
    """The game's websocket (see :mod:`euchre.server.protocol`)."""
    hub: Hub = ws.app.state.hub
    await _Session(ws, hub, ws.app.state.config, ws.app.state.metrics).run()

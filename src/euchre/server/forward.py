"""A websocket that reached a process which does not run its table, carried through to
the process that does (docs/server.md, "Many processes").

A browser may reach any process (a balancer chooses). When its ``join`` names a table
another process runs (:class:`~euchre.server.cluster.Elsewhere`), this process opens a
websocket to the owner's address (``--advertise-url``, read from the table's lease,
never from anything the client sent), sends it the same ``join`` and then passes every
frame both ways unchanged: the owner checks the messages, keeps the limits and sends each
seat only what that seat may see, exactly as for a client of its own. The forward carries
the cluster's secret (so that the owner never forwards it again) and the client's login
cookie (so that the owner records the seat's account).

When the owner does not answer (it died, its machine is lost), the table is claimed here
as soon as its lease expires, and the connection is served here. When the owner goes
away during the game, the client is closed with 1012 and reconnects: the table is by
then run by another process (or will be within the lease's seconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from starlette.websockets import WebSocket
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from euchre.server.cluster import CLUSTER_HEADER, Elsewhere, Owner
from euchre.server.hub import Hub
from euchre.server.storage import StorageError
from euchre.server.table import LiveTable

log = logging.getLogger("euchre.server")

CONNECT_SECONDS = 3.0
"""Seconds to wait for the owner to accept the forwarded websocket."""

RETRY_SECONDS = 0.25
"""Seconds between two tries to reach a table's owner or claim the table."""

PASSED_CODES = frozenset({1000, 1001, 1007, 1008, 1009, 1011, 1012, 1013})
"""Close codes of the owner passed on to the client as they are; any other end of the
forward (the owner died: no close frame, 1006) reaches the client as 1012, "service
restart", after which the page reconnects."""


def websocket_url(owner: Owner, table_id: str) -> str:
    """The owner's websocket address for a table (``http://h:p`` -> ``ws://h:p/ws?table=ID``)."""
    base = owner.url.rstrip("/")
    scheme = "wss://" if base.startswith("https://") else "ws://"
    return f"{scheme}{base.split('://', 1)[1]}/ws?table={table_id}"


async def reach(hub: Hub, away: Elsewhere, headers: dict[str, str]) -> LiveTable | ClientConnection | None:
    """The owner of a table, reached: a websocket open to it, or the table itself when
    the owner did not answer and the table could be claimed here once its lease expired;
    None when neither happened within two lease times and a few seconds.

    Args:
        hub: this process's tables.
        away: who ran the table when the client joined.
        headers: the forward's headers (the cluster's secret, the client's cookie).
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 2 * hub.leases_seconds + 5
    owner: Owner | None = away.owner
    table_id = away.table_id
    while True:
        if owner is None:
            try:
                table = await hub.get(table_id)
            except Elsewhere as still:
                owner = still.owner
            except StorageError as exc:  # the database away, or this process not reachable yet: again
                log.info("table %s: cannot be claimed here now (%s); trying again", table_id, exc)
            else:
                return table
        if owner is not None and owner.url:
            try:
                return await connect(websocket_url(owner, table_id), additional_headers=headers,
                                     open_timeout=CONNECT_SECONDS, compression=None, max_size=64 * 1024)
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ValueError, IndexError) as exc:
                # ValueError, IndexError: an address no process can have (a lease row
                # edited by hand, a port out of range): as unreachable as a dead one.
                log.info("table %s: its server %s does not answer (%s); trying again", table_id, owner.name, exc)
        owner = None
        if loop.time() > deadline:
            return None
        await asyncio.sleep(RETRY_SECONDS)


async def relay(ws: WebSocket, upstream: ClientConnection, join_text: str) -> None:
    """Pass frames between the client and the owner until either side ends; the owner's
    close code reaches the client (:data:`PASSED_CODES`, else 1012)."""
    code, reason = 1012, "the table's server went away; reconnect"

    async def down() -> None:
        nonlocal code, reason
        try:
            async for message in upstream:
                if isinstance(message, str):
                    await ws.send_text(message)
                else:
                    await ws.send_bytes(message)
        except ConnectionClosed:
            pass
        closed = upstream.close_code
        if closed in PASSED_CODES:
            code, reason = closed, upstream.close_reason or ""

    async def up() -> None:
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                return
            text: Any = frame.get("text")
            data: Any = frame.get("bytes")
            try:
                await upstream.send(text if text is not None else data)
            except ConnectionClosed:
                return

    try:
        await upstream.send(join_text)
    except ConnectionClosed:
        await _close(ws, code, reason)
        return
    tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(Exception):
            await upstream.close()
    await _close(ws, code, reason)


async def _close(ws: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        await ws.close(code, reason[:120])


def forward_headers(ws: WebSocket, secret: str) -> dict[str, str]:
    """The headers of a forward: the cluster's secret, the client's cookie and address."""
    headers = {CLUSTER_HEADER: secret}
    cookie = ws.headers.get("cookie")
    if cookie:
        headers["cookie"] = cookie
    if ws.client is not None:
        headers["x-forwarded-for"] = ws.client.host
    return headers

"""The services of the event pages, accounts and ratings, wired into the app.

:class:`WebExtras` is an ASGI middleware of :func:`euchre.server.app.create_app`. It
does three things and changes nothing else:

* after the app's start (the database migrated, the hub made) it makes the
  :class:`WebServices` (``app.state.web``) and starts their sweeper; before the app
  stops it stops them;
* on the game's websocket (``/ws``) of a person with a login cookie, when the server
  welcomes him to a seat it records his account for that seat
  (:meth:`euchre.server.accounts.Accounts.record_seat`) and gives the seat his name
  when it has none, before the welcome reaches him: he plays as his account;
* nothing for any other request.

The sweeper (once a second): takes the results of events' online tables whose games
ended (:meth:`euchre.server.event_web.EventWeb.collect`), and records (and rates) every
finished game of a table with an account seated (:class:`euchre.server.ratings.Ratings`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import anyio.to_thread
import orjson
from sqlalchemy.exc import DBAPIError
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from euchre.events.errors import EventError
from euchre.events.store import EventStore
from euchre.server.accounts import Accounts
from euchre.server.connection import Connection
from euchre.server.event_web import EventWeb
from euchre.server.http_body import error
from euchre.server.hub import Hub
from euchre.server.protocol import ProtocolError
from euchre.server.ratings import GUEST, FinishedSeat, Ratings, account_subject, bot_subject
from euchre.server.storage import StorageError, Store, told
from euchre.server.table import LiveTable
from euchre.storage.limits import SharedLimits
from euchre.storage.sql import reason

log = logging.getLogger("euchre.server")

COOKIE = "euchre_session"
SWEEP_SECONDS = 1.0
LOGIN_RATE, LOGIN_BURST = 1 / 12, 5
"""Login attempts (and password checks) per client address, per name and per account:
5 at once, then one every 12 seconds."""
REGISTER_RATE, REGISTER_BURST = 20 / 3600, 20
"""Accounts (and events) created per client address: 20 at once, then 20 an hour."""


class WebServices:
    """Accounts, ratings and events of one running app.

    Attributes:
        accounts, ratings, events: the services.
        account_tables: the tables with an account seated (their finished games are
            recorded).
        limits: the token buckets by kind (:class:`~euchre.storage.limits.SharedLimits`,
            counted in the database for every process together): ``login``, login
            attempts per client address, per name and per account
            (:data:`LOGIN_BURST` at once, then :data:`LOGIN_RATE` a second);
            ``register``, accounts and events created per client address
            (:data:`REGISTER_BURST`, :data:`REGISTER_RATE`).
        clock: the limits' clock, wall-clock seconds (None: ``time.time``; a test sets
            its own).
    """

    def __init__(self, hub: Hub, store: Store, public_url: str) -> None:
        self.hub = hub
        self.store = store
        self.accounts = Accounts(store.engine)
        self.ratings = Ratings(store.engine)
        self.events = EventWeb(hub, EventStore(store.url), store.engine, public_url)
        self.public_url = public_url
        self.account_tables: set[str] = set()
        self.clock: Callable[[], float] | None = None
        self.limits = {"login": SharedLimits(store.engine, "login", LOGIN_RATE, LOGIN_BURST, self._now),
                       "register": SharedLimits(store.engine, "register", REGISTER_RATE, REGISTER_BURST, self._now)}
        self._task: asyncio.Task[None] | None = None
        self._recorded: dict[str, int] = {}  # per table, its games known to be recorded
        self._checked: set[str] = set()  # tables run here whose accounts were looked up

    def _now(self) -> float:
        return (time.time if self.clock is None else self.clock)()

    async def allow(self, kind: str, key: str) -> bool:
        """Take one attempt of ``kind`` (``login``, ``register``) for ``key`` (a client
        address, ``name:NAME``, ``account:ID``, ``event:ADDRESS``), counted in the
        database for every process: False when over the limit.

        Raises:
            KeyError: no such kind (a programming error).
            StorageError: the database could not count it.
        """
        return await anyio.to_thread.run_sync(self.limits[kind].allow, key)

    async def refusal(self, kind: str, keys: list[str], message: str) -> Response | None:
        """Take one attempt of ``kind`` for each of ``keys`` in turn (:meth:`allow`;
        none after the first refused): None when every one is allowed, else the answer
        to give, 429 ``rate_limited`` with ``message``, or 503 ``storage_error`` when
        the database could not count them."""
        try:
            for key in keys:
                if not await self.allow(kind, key):
                    return error(429, "rate_limited", message)
        except StorageError as exc:
            return error(503, "storage_error", told(exc))
        return None

    async def start(self) -> None:
        """Read the tables with accounts, and start the sweeper."""
        self.account_tables = await anyio.to_thread.run_sync(self.accounts.tables_with_accounts)
        self._task = asyncio.get_running_loop().create_task(self._sweep(), name="euchre-web-sweeper")

    async def stop(self) -> None:
        """Stop the sweeper and close the event store's connections."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.events.close()

    async def _sweep(self) -> None:
        await self._recover()
        while True:
            try:
                await self.sweep_once()
            except asyncio.CancelledError:
                raise
            except (StorageError, EventError, DBAPIError) as exc:  # the database away: one line, try again
                log.warning("the events and ratings sweeper failed: %s", reason(exc))
            except Exception:  # a failure must not stop the sweeper: log it, try again
                log.exception("the events and ratings sweeper failed")
            await asyncio.sleep(SWEEP_SECONDS)

    async def _recover(self) -> None:
        """After a start: load the tables with accounts whose game is over, so that a
        game that ended just before a crash is recorded."""
        ids = sorted(self.account_tables)
        if not ids:
            return

        try:
            for table_id in await anyio.to_thread.run_sync(self.store.tables_over, ids):
                table = await self.hub.peek(table_id)  # over: read, not run
                if table is not None:
                    await self.record_games(table)
        except Exception:
            log.exception("recording the games finished before the start failed")

    async def sweep_once(self) -> None:
        """Take the online tables' results; record the finished games of tables with
        accounts (those loaded: a table is loaded while it is played)."""
        for name in await anyio.to_thread.run_sync(self.events.uncollected_events):
            await self.events.collect(name)
        unchecked = [t for t in self.hub.tables if t not in self._checked]
        if unchecked:  # a table this process took over from another: has it accounts?
            self.account_tables |= await anyio.to_thread.run_sync(self.accounts.tables_with_accounts, unchecked)
            if len(self._checked) > 100_000:  # forget tables long gone rather than grow for ever
                self._checked.clear()
            self._checked.update(unchecked)
        for table_id in list(self.account_tables):
            table = self.hub.tables.get(table_id)
            if table is not None:
                await self.record_games(table)

    async def record_games(self, table: LiveTable) -> int:
        """Record (and rate) the table's finished games not yet recorded; returns how
        many."""
        finished = table.games_finished
        if finished <= self._recorded.get(table.id, 0):
            return 0
        done = await anyio.to_thread.run_sync(self.ratings.recorded_games, table.id)
        todo = [n for n in range(1, finished + 1) if n not in done]
        if not todo:
            self._recorded[table.id] = finished
            return 0
        owners = await anyio.to_thread.run_sync(self.accounts.seat_accounts, table.id)
        seats = []
        for s in range(table.shape.seats):
            if table.kinds[s] == "bot":
                seats.append(FinishedSeat(bot_subject(table.row.bot_level), None))
            elif s in owners:
                seats.append(FinishedSeat(account_subject(owners[s]), owners[s]))
            else:
                seats.append(FinishedSeat(GUEST, None))
        count = 0
        for number in todo:
            game = table.finished_game(number)
            count += await anyio.to_thread.run_sync(partial(self.ratings.record, table.id, number, game, table.row.preset,
                                                            seats, undone=number in table.undone_games))
        self._recorded[table.id] = finished
        return count

    async def seat_opened(self, cookie: str, table_id: str, seat_letter: str) -> None:
        """A person with a login cookie was welcomed to a seat: record his account for
        it and name the seat for him if it has no name."""
        account = await anyio.to_thread.run_sync(self.accounts.account_for, cookie)
        table = self.hub.tables.get(table_id)
        if account is None or table is None or seat_letter not in table.shape.letters:
            return
        seat = table.shape.letters.index(seat_letter)
        await anyio.to_thread.run_sync(self.accounts.record_seat, table_id, seat, account.id)
        self.account_tables.add(table_id)
        if table.names[seat] is None:
            with contextlib.suppress(ProtocolError):
                await table.rename(Connection(seat, 4), account.name, None)


def cookie_of(headers: list[tuple[bytes, bytes]] | Any) -> str | None:
    """The session cookie's value in raw ASGI headers, or None."""
    for key, value in headers:
        if key.lower() != b"cookie":
            continue
        for part in value.decode("latin-1").split(";"):
            name, _, content = part.strip().partition("=")
            if name == COOKIE and content:
                return content
    return None


def services(app: Any) -> WebServices:
    """The app's :class:`WebServices` (made when it started)."""
    made: WebServices = app.state.web
    return made


class WebExtras:
    """The ASGI middleware (see the module docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(scope, receive, send)
        elif scope["type"] == "websocket" and scope.get("path") == "/ws":
            cookie = cookie_of(scope.get("headers", []))
            if cookie is None:
                await self.app(scope, receive, send)
            else:
                await self._game_socket(scope, receive, send, cookie)
        else:
            await self.app(scope, receive, send)

    async def _lifespan(self, scope: Scope, receive: Receive, send: Send) -> None:
        app = scope.get("app")

        async def started(message: Message) -> None:
            if message["type"] == "lifespan.startup.complete" and app is not None:
                web = WebServices(app.state.hub, app.state.store, app.state.config.public_url)
                app.state.web = web
                await web.start()
            await send(message)

        async def stopping() -> Message:
            message = await receive()
            if message["type"] == "lifespan.shutdown" and app is not None and getattr(app.state, "web", None) is not None:
                await app.state.web.stop()
            return message

        await self.app(scope, stopping, started)

    async def _game_socket(self, scope: Scope, receive: Receive, send: Send, cookie: str) -> None:
        app = scope.get("app")

        async def watched(message: Message) -> None:
            text = message.get("text") if message["type"] == "websocket.send" else None
            if isinstance(text, str) and '"welcome"' in text[:40] and app is not None:
                try:
                    welcome = orjson.loads(text)
                    if welcome.get("type") == "welcome" and welcome.get("role") == "seat":
                        await services(app).seat_opened(cookie, str(welcome["table"]), str(welcome["seat"]))
                except Exception:  # the game goes on without the account rather than fail
                    log.exception("recording the account of a seat failed")
            await send(message)

        await self.app(scope, receive, watched)

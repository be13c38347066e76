"""An event's rows in the server's own tables, and the lock and log its writers share.

The event's log is :mod:`euchre.events`' (:class:`~euchre.events.store.EventStore`); the
web adds its tokens' hashes, minutes and table settings (``euchre_competition_web``) and
its online tables (``euchre_competition_table``, :mod:`euchre.storage.tables`).
:class:`EventRows` reads and writes them (blocking; called from worker threads) and
orders an event's writers (:meth:`EventRows.lock`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import anyio.to_process
import anyio.to_thread
from sqlalchemy import Engine

from euchre.events.errors import EventError
from euchre.events.event import Event
from euchre.events.store import EventStore
from euchre.server.event_request import EventWebError, TableSettings
from euchre.server.hub import Hub
from euchre.server.storage import told
from euchre.server.table_requests import token_hash
from euchre.storage.event_pages import EventPagesStore
from euchre.storage.locks import NamedLocks


class EventRows:
    """The server's events: their log, lock and rows (see the module docstring).

    Args:
        hub: the server's tables (online tables are created in its store and loaded by it).
        events: the event store on the server's database.
        engine: the server's SQLAlchemy engine (the web tables).
        public_url: the start of the links handed out ("" for paths).
        clock: seconds since the epoch.
    """

    def __init__(self, hub: Hub, events: EventStore, engine: Engine, public_url: str = "",
                 clock: Callable[[], float] = time.time) -> None:
        self.hub = hub
        self.events = events
        self.engine = engine
        self.pages = EventPagesStore(engine)
        self.base = public_url.rstrip("/")
        self.clock = clock
        self.locks = NamedLocks(engine, "event", fail=lambda why: EventWebError(503, "storage_error", why))
        self._playing = False  # bots are playing an event's tables (in a worker process)

    def lock(self, name: str) -> AbstractAsyncContextManager[None]:
        """The lock that orders the writers of one event in every process serving the
        database (``async with``; :meth:`NamedLocks.hold`). Entering it raises
        EventWebError 503 ``storage_error`` when the database cannot give it (PostgreSQL)."""
        return self.locks.hold(name)

    def close(self) -> None:
        """Close the connections of the event store and of the locks."""
        self.events.close()
        self.locks.close()

    async def find(self, token: str | None, role: str) -> str:
        """The event a token opens (``role``: ``organiser`` or ``public``).

        Raises:
            EventWebError: 404 ``no_event``.
        """
        if not token or len(token) > 64:
            raise EventWebError(404, "no_event", "this link opens no event")
        name = await anyio.to_thread.run_sync(self.pages.find, role, token_hash(token))
        if name is None:
            raise EventWebError(404, "no_event", "this link opens no event")
        return name

    async def load(self, name: str) -> Event:
        """The event with its whole log, read from the database."""
        try:
            return await anyio.to_thread.run_sync(self.events.load, name)
        except EventError as exc:
            raise EventWebError(503, "storage_error", told(exc)) from None

    async def _save(self, event: Event, entries: list[dict[str, Any]]) -> None:
        """Write entries (committed), then apply them (``euchre event``'s order)."""
        after = Event(event.spec, [*event.entries, *entries])
        try:
            await anyio.to_thread.run_sync(
                lambda: self.events.append(event.spec.name, len(event.entries), list(entries), over=after.is_over))
        except EventError as exc:
            raise EventWebError(503, "storage_error", told(exc)) from None
        for entry in entries:
            event.apply(dict(entry))

    # ------------------------------------------------------------------ the rows
    def _statuses(self, table_ids: list[str]) -> dict[str, str | None]:
        """The stored status of each table (``lobby``, ``playing``, ``over``), whichever
        process runs it."""
        return dict(self.pages.statuses(table_ids))

    def _online_rows(self, name: str) -> dict[str, tuple[str, tuple[int, int, int, int], bool]]:
        out = {}
        for t in self.pages.online_tables(name):
            s = t.players
            out[t.key] = (t.table_id, (s[0], s[1], s[2], s[3]), t.collected)
        return out

    def _mark_collected(self, name: str, key: str) -> None:
        self.pages.mark_collected(name, key, self.clock())

    def _minutes(self, name: str) -> int | None:
        return self.pages.minutes(name)

    def _table_settings(self, name: str) -> TableSettings:
        stored = self.pages.table_settings(name)
        return TableSettings.stored(None, None) if stored is None else TableSettings.stored(*stored)

    def _round_started(self, name: str) -> float | None:
        return self.pages.round_started(name)

    def uncollected_events(self) -> list[str]:
        """The events with an online table whose result is not yet taken."""
        return self.pages.uncollected_events()


"""An event's rows in the server's own tables, and the lock and log its writers share.

The event's log is :mod:`euchre.events`' (:class:`~euchre.events.store.EventStore`); the
web adds its tokens' hashes, minutes and table settings (``euchre_competition_web``) and
its online tables (``euchre_competition_table``, :mod:`euchre.storage.tables`).
:class:`EventRows` reads and writes them (blocking; called from worker threads) and
orders an event's writers (:meth:`EventRows.lock`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import anyio.to_process
import anyio.to_thread
from sqlalchemy import Engine, select, update

from euchre.events.errors import EventError
from euchre.events.event import Event
from euchre.events.store import EventStore
from euchre.server.event_request import EventWebError, TableSettings
from euchre.server.hub import Hub
from euchre.server.storage import told
from euchre.server.table_requests import token_hash
from euchre.storage.events import entries_table
from euchre.storage.locks import NamedLocks
from euchre.storage.tables import competition_table_table, competition_web_table


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
        column = competition_web_table.c.organiser_hash if role == "organiser" else competition_web_table.c.public_hash

        def read() -> str | None:
            with self.engine.connect() as connection:
                row = connection.execute(select(competition_web_table.c.competition).where(
                    column == token_hash(token))).first()
            return None if row is None else str(row[0])

        name = await anyio.to_thread.run_sync(read)
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
        from euchre.server.storage import tables_table

        if not table_ids:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(select(tables_table.c.id, tables_table.c.status)
                                      .where(tables_table.c.id.in_(table_ids))).all()
        return {str(r[0]): str(r[1]) for r in rows}

    def _online_rows(self, name: str) -> dict[str, tuple[str, tuple[int, int, int, int], bool]]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(competition_table_table).where(
                competition_table_table.c.competition == name)).all()
        out = {}
        for r in rows:
            s = json.loads(r.seats)
            out[str(r.key)] = (str(r.table_id), (int(s[0]), int(s[1]), int(s[2]), int(s[3])), r.collected_at is not None)
        return out

    def _mark_collected(self, name: str, key: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(competition_table_table).where(
                (competition_table_table.c.competition == name) & (competition_table_table.c.key == key))
                .values(collected_at=self.clock()))

    def _minutes(self, name: str) -> int | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(competition_web_table.c.minutes).where(
                competition_web_table.c.competition == name)).first()
        return None if row is None or row[0] is None else int(row[0])

    def _table_settings(self, name: str) -> TableSettings:
        with self.engine.connect() as connection:
            row = connection.execute(select(competition_web_table.c.hints, competition_web_table.c.timer).where(
                competition_web_table.c.competition == name)).first()
        return TableSettings.stored(None, None) if row is None else TableSettings.stored(row[0], row[1])

    def _round_started(self, name: str) -> float | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(entries_table.c.created_at).where(
                (entries_table.c.competition == name) & (entries_table.c.kind == "round"))
                .order_by(entries_table.c.seq.desc()).limit(1)).first()
        return None if row is None else float(row[0])

    def uncollected_events(self) -> list[str]:
        """The events with an online table whose result is not yet taken."""
        with self.engine.connect() as connection:
            return sorted({str(r[0]) for r in connection.execute(select(competition_table_table.c.competition).where(
                competition_table_table.c.collected_at.is_(None)))})


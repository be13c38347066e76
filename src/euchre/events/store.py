"""Events kept in SQL (SQLAlchemy 2; any database it and Alembic support, SQLite by
default), as the server keeps its tables (:mod:`euchre.server.storage`'s conventions).

Two tables, in this module's own :data:`metadata`, created by the project's one Alembic
history (``euchre/storage/migrations/versions/0002_events.py``; :meth:`EventStore.migrate`
runs it, with the server's migrations, on any database):

``euchre_competition``
    one row per event: its name (the key), the time it was created, its format, its
    definition (:class:`~euchre.events.event.EventSpec` as JSON) and a status kept for
    listing (``open``, ``over``; the log is the truth).
``euchre_competition_entry``
    the event's log: ``(competition, seq)`` is the key, ``seq`` counts from 0 without gaps;
    ``kind`` (``round``, ``table``, ``match``) and ``data`` (the entry as JSON).

Every write is one transaction, committed before the method returns, and a caller shows
nothing before that (:mod:`euchre.events.event`): a crash loses nothing committed. The
SQLite file runs in write-ahead-log mode with ``synchronous=FULL`` (a commit is on disk
when it returns). Two writers of one event cannot both append the same ``seq``: the key
refuses the second.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    func,
    insert,
    select,
    update,
)

from euchre.events.errors import EventError
from euchre.events.event import Event
from euchre.events.spec import EventSpec
from euchre.storage.sql import migrate, open_engine, reason, shown_url, sqlite_url

metadata = MetaData()

competitions_table = Table(
    "euchre_competition", metadata,
    Column("name", String(64), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("format", String(32), nullable=False),
    Column("spec", Text, nullable=False),
    Column("status", String(16), nullable=False),
)

entries_table = Table(
    "euchre_competition_entry", metadata,
    Column("competition", String(64), ForeignKey("euchre_competition.name"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(16), nullable=False),
    Column("data", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)


APP_NAME = "euchre"
DB_FILE = "events.sqlite3"


def default_db_url() -> str:
    """The default storage of ``euchre event``: an SQLite file in the user's data
    directory (platformdirs, e.g. ``~/.local/share/euchre/events.sqlite3`` on Linux), the
    directory made when missing."""
    from platformdirs import user_data_path

    folder = user_data_path(APP_NAME, appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    return sqlite_url(folder / DB_FILE)


@dataclass(frozen=True)
class EventRow:
    """An event as listed: its name, format, status and when it was created (seconds
    since the epoch)."""

    name: str
    format: str
    status: str
    created_at: float


class EventStore:
    """The database of events. Every method blocks and commits before it returns.

    Args:
        url: an SQLAlchemy URL (``sqlite:////path/events.sqlite3``,
            ``postgresql+psycopg://...``); not an in-memory SQLite database.

    Raises:
        EventError: a URL SQLAlchemy cannot open, or an in-memory SQLite database.
    """

    def __init__(self, url: str) -> None:
        self.shown = shown_url(url)
        self.engine: Engine = open_engine(
            url, EventError, in_memory="an in-memory SQLite database would lose the event; give a file, "
                                       "e.g. sqlite:////path/to/events.sqlite3")

    def migrate(self) -> None:
        """Bring the schema up to the newest Alembic revision (:func:`euchre.storage.sql.migrate`).

        Raises:
            EventError: the database cannot be reached or the migration failed.
        """
        migrate(self.engine, EventError)

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def create(self, spec: EventSpec) -> None:
        """Store a new event (committed).

        Raises:
            EventError: an event of that name exists, or the write failed.
        """
        try:
            with self.engine.begin() as connection:
                taken = connection.execute(select(competitions_table.c.name).where(
                    competitions_table.c.name == spec.name)).first()
                if taken is not None:
                    raise EventError(f"an event named {spec.name!r} exists; choose another name")
                connection.execute(insert(competitions_table).values(
                    name=spec.name, created_at=time.time(), format=spec.format,
                    spec=json.dumps(spec.to_dict(), sort_keys=True, ensure_ascii=False), status="open"))
        except EventError:
            raise
        except Exception as exc:
            raise EventError(f"storing event {spec.name!r} failed: {reason(exc)}") from None

    def append(self, name: str, seq: int, entries: list[dict[str, Any]], over: bool = False) -> None:
        """Append entries to an event's log from place ``seq`` on, in one transaction,
        committed before it returns.

        Args:
            name: the event.
            seq: the place of the first entry: the number of entries the writer read (a
                writer that read an old log is refused by the key).
            entries: the entries (JSON objects with ``kind``).
            over: the event is over after them (its listed status).

        Raises:
            EventError: the write failed, or ``seq`` was taken (nothing is written).
        """
        now = time.time()
        try:
            with self.engine.begin() as connection:
                if entries:
                    connection.execute(insert(entries_table), [
                        {"competition": name, "seq": seq + i, "kind": e["kind"],
                         "data": json.dumps(e, sort_keys=True, ensure_ascii=False), "created_at": now}
                        for i, e in enumerate(entries)])
                if over:
                    connection.execute(update(competitions_table).where(competitions_table.c.name == name)
                                       .values(status="over"))
        except Exception as exc:
            raise EventError(f"storing the entries of event {name!r} failed (another writer, or the database): "
                             f"{reason(exc)}") from None

    def load(self, name: str) -> Event:
        """The event with its whole log.

        Raises:
            EventError: no such event (the message names those there are), or the read
                failed.
        """
        try:
            with self.engine.connect() as connection:
                row = connection.execute(select(competitions_table.c.spec).where(
                    competitions_table.c.name == name)).first()
                rows = connection.execute(select(entries_table.c.data).where(entries_table.c.competition == name)
                                          .order_by(entries_table.c.seq)).all() if row is not None else []
        except Exception as exc:
            raise EventError(f"reading event {name!r} failed: {reason(exc)}") from None
        if row is None:
            names = ", ".join(r.name for r in self.list()) or "none yet"
            raise EventError(f"no event named {name!r}; events: {names}")
        return Event(EventSpec.from_dict(json.loads(row[0])), [json.loads(r[0]) for r in rows])

    def list(self) -> list[EventRow]:
        """Every event, oldest first.

        Raises:
            EventError: the read failed.
        """
        try:
            with self.engine.connect() as connection:
                rows = connection.execute(select(competitions_table.c.name, competitions_table.c.format,
                                                 competitions_table.c.status, competitions_table.c.created_at)
                                          .order_by(competitions_table.c.created_at)).all()
        except Exception as exc:
            raise EventError(f"reading the events failed: {reason(exc)}") from None
        return [EventRow(r[0], r[1], r[2], r[3]) for r in rows]

    def entry_count(self, name: str) -> int:
        """The number of entries in an event's log."""
        with self.engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(entries_table)
                                          .where(entries_table.c.competition == name)).scalar_one())

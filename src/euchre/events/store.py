"""Events kept in SQL (SQLAlchemy 2; any database it and Alembic support, SQLite by
default), through the one storage layer: the tables and their queries are
:mod:`euchre.storage.events` (``euchre_competition``, one row per event;
``euchre_competition_entry``, its log), created by the project's Alembic history
(``euchre/storage/migrations/versions/0002_events.py``; :meth:`EventStore.migrate` runs
it, with the server's migrations, on any database). This module turns what is stored
into :class:`~euchre.events.event.Event` and back, and tells failures as
:class:`~euchre.events.errors.EventError` (the database's as its
:class:`~euchre.events.errors.EventStorageError`, a storage error too).

Every write is one transaction, committed before the method returns, and a caller shows
nothing before that (:mod:`euchre.events.event`): a crash loses nothing committed. The
SQLite file runs in write-ahead-log mode with ``synchronous=FULL`` (a commit is on disk
when it returns). Two writers of one event cannot both append the same ``seq``: the key
refuses the second.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine

from euchre.events.errors import EventError, EventStorageError
from euchre.events.event import Event
from euchre.events.spec import EventSpec
from euchre.storage.events import EventRow, append_entries, count_entries, create_event, list_events, load_event
from euchre.storage.sql import migrate, open_engine, shown_url, sqlite_url

__all__ = ["DB_FILE", "EventRow", "EventStore", "default_db_url"]

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
            url, EventStorageError, in_memory="an in-memory SQLite database would lose the event; give a file, "
                                       "e.g. sqlite:////path/to/events.sqlite3")

    def migrate(self) -> None:
        """Bring the schema up to the newest Alembic revision (:func:`euchre.storage.sql.migrate`).

        Raises:
            EventError: the database cannot be reached or the migration failed.
        """
        migrate(self.engine, EventStorageError)

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def create(self, spec: EventSpec) -> None:
        """Store a new event (committed).

        Raises:
            EventError: an event of that name exists, or the write failed.
        """
        create_event(self.engine, spec.name, spec.format, spec.to_dict(), EventStorageError)

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
        append_entries(self.engine, name, seq, entries, EventStorageError, over=over)

    def load(self, name: str) -> Event:
        """The event with its whole log.

        Raises:
            EventError: no such event (the message names those there are), or the read
                failed.
        """
        found = load_event(self.engine, name, EventStorageError)
        if found is None:
            names = ", ".join(r.name for r in self.list()) or "none yet"
            raise EventError(f"no event named {name!r}; events: {names}")
        spec, entries = found
        return Event(EventSpec.from_dict(spec), entries)

    def list(self) -> list[EventRow]:
        """Every event, oldest first.

        Raises:
            EventError: the read failed.
        """
        return list_events(self.engine, EventStorageError)

    def entry_count(self, name: str) -> int:
        """The number of entries in an event's log.

        Raises:
            EventError: the read failed.
        """
        return count_entries(self.engine, name, EventStorageError)

"""The events' tables and their queries (the progressive evenings and tournaments of
:mod:`euchre.events`; :class:`euchre.events.store.EventStore` is their caller, which
turns the stored JSON into events and back).

Two tables (defined in the schema's one metadata, :mod:`euchre.storage.tables`), created
by the project's one Alembic history (``migrations/versions/0002_events.py``):

``euchre_competition``
    one row per event: its name (the key), the time it was created, its format, its
    definition (JSON text) and a status kept for listing (``open``, ``over``; the log is
    the truth).
``euchre_competition_entry``
    the event's log: ``(competition, seq)`` is the key, ``seq`` counts from 0 without gaps;
    ``kind`` (``round``, ``table``, ``match``) and ``data`` (the entry as JSON).

Every write is one transaction, committed before the function returns: a crash loses
nothing committed (the SQLite file runs in write-ahead-log mode with ``synchronous=FULL``,
:func:`euchre.storage.sql.open_engine`). Two writers of one event cannot both append the
same ``seq``: the key refuses the second. Each function raises the caller's exception
(``fail``, a :class:`~euchre.storage.errors.StorageError`'s subclass) with a message that
names the event, through :func:`euchre.storage.sql.transaction` and
:func:`~euchre.storage.sql.reading`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from euchre.storage.sql import Fail, reading, transaction
from euchre.storage.tables import competitions_table, entries_table

__all__ = ["EventRow", "append_entries", "competitions_table", "count_entries", "create_event", "entries_table",
           "list_events", "load_event"]

@dataclass(frozen=True)
class EventRow:
    """An event as listed: its name, format, status and when it was created (seconds
    since the epoch)."""

    name: str
    format: str
    status: str
    created_at: float


def _json(data: dict[str, Any]) -> str:
    """The JSON text stored: keys sorted, characters beyond ASCII kept."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def create_event(engine: Engine, name: str, format: str, spec: dict[str, Any], fail: Fail) -> None:
    """Store a new event (committed): its name, format and definition (a JSON object),
    status ``open``.

    Raises:
        the exception of ``fail``: an event of that name exists (nothing is changed), or
            the write failed.
    """
    with transaction(engine, f"storing event {name!r}", fail) as connection:
        taken = connection.execute(select(competitions_table.c.name).where(
            competitions_table.c.name == name)).first()
        if taken is None:
            connection.execute(insert(competitions_table).values(
                name=name, created_at=time.time(), format=format, spec=_json(spec), status="open"))
    if taken is not None:
        raise fail(f"an event named {name!r} exists; choose another name")


def append_entries(engine: Engine, name: str, seq: int, entries: Sequence[dict[str, Any]], fail: Fail,
                   over: bool = False) -> None:
    """Append entries to an event's log from place ``seq`` on, in one transaction,
    committed before it returns.

    Args:
        name: the event.
        seq: the place of the first entry: the number of entries the writer read (a
            writer that read an old log is refused by the key).
        entries: the entries (JSON objects with ``kind``).
        over: the event is over after them (its listed status).

    Raises:
        the exception of ``fail``: an entry without ``kind``, the write failed, or
            ``seq`` was taken (nothing is written).
    """
    now = time.time()
    with transaction(engine, f"storing the entries of event {name!r}", fail) as connection:
        rows = [{"competition": name, "seq": seq + i, "kind": e["kind"], "data": _json(e), "created_at": now}
                for i, e in enumerate(entries)]
        if rows:
            try:
                connection.execute(insert(entries_table), rows)
            except IntegrityError:
                raise fail(f"storing the entries of event {name!r} failed: another writer stored an entry at "
                           f"place {seq} first, or there is no such event (read the event again)") from None
        if over:
            connection.execute(update(competitions_table).where(competitions_table.c.name == name)
                               .values(status="over"))


def load_event(engine: Engine, name: str, fail: Fail) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """An event's definition and its whole log in order (JSON objects), or None when
    there is no such event.

    Raises:
        the exception of ``fail``: the read failed, or a stored value is not JSON.
    """
    with reading(engine, f"reading event {name!r}", fail) as connection:
        row = connection.execute(select(competitions_table.c.spec).where(
            competitions_table.c.name == name)).first()
        if row is None:
            return None
        rows = connection.execute(select(entries_table.c.data).where(entries_table.c.competition == name)
                                  .order_by(entries_table.c.seq)).all()
        return json.loads(row[0]), [json.loads(r[0]) for r in rows]


def list_events(engine: Engine, fail: Fail) -> list[EventRow]:
    """Every event, oldest first.

    Raises:
        the exception of ``fail``: the read failed.
    """
    c = competitions_table.c
    with reading(engine, "reading the events", fail) as connection:
        rows = connection.execute(select(c.name, c.format, c.status, c.created_at).order_by(c.created_at)).all()
    return [EventRow(r[0], r[1], r[2], r[3]) for r in rows]


def count_entries(engine: Engine, name: str, fail: Fail) -> int:
    """The number of entries in an event's log.

    Raises:
        the exception of ``fail``: the read failed.
    """
    with reading(engine, f"counting the entries of event {name!r}", fail) as connection:
        return int(connection.execute(select(func.count()).select_from(entries_table)
                                      .where(entries_table.c.competition == name)).scalar_one())

"""The web server's tables (games at a table) kept in SQL: an append-only event log per
table, in any SQLAlchemy database; the storage layer's module for the server
(:mod:`euchre.server.storage` tells its failures to clients; the server's modules call
:class:`Store`).

Three tables (defined in the schema's one metadata, :mod:`euchre.storage.tables`, and
created by the project's Alembic history, ``migrations/versions``; the server runs it on
start, see :meth:`Store.migrate`):

``euchre_table``
    one row per table: its id, the rules (every option, JSON), the preset name, the bot
    level, the seed of the game's shuffles and table setup, and a ``status`` kept for
    listing (``lobby``, ``playing``, ``over``; the log is the truth).
``euchre_token``
    the SHA-256 of each invite token (the tokens themselves are never stored), with the
    table and the seat it opens (0..3 for N, E, S, W; NULL for the spectator link).
``euchre_event``
    the log: ``(table_id, seq)`` is the key, ``seq`` counts from 0 without gaps. Kinds:
    ``settings`` (the host's choices: the host seat, a per-move timer, hints on or off,
    whether the creator chose the seed; the first event of a table created with them),
    ``claim`` (a seat was taken in the lobby), ``name``, ``start`` (the game began; bots
    fill the seats nobody claimed), ``action`` (the text form of an action, e.g.
    ``play-JH``, by the seat to act), ``take`` (a person took back the seat a bot
    played), ``rematch`` (a new game at the same table, the same seats), ``undo`` (the
    lone person at a table of bots took back his decision stored as event ``to``:
    :mod:`euchre.server.undo`), ``chat``.
    ``data`` is a JSON object.

Replaying a table is reading its row and its events in order (:meth:`Store.load`):
``Game(rules, seed)`` deals the same cards again, and the actions replay through the
core's checked ``apply``. An event is written in its own transaction and committed
before the server acknowledges it or shows it to anyone.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import Engine, func, insert, select, text, update
from sqlalchemy.engine import Connection

from euchre.storage.errors import LeaseLost, StorageError
from euchre.storage.sql import migrate, open_engine, reading, reason, shown_url, transaction
from euchre.storage.tables import events_table, metadata, tables_table, tokens_table

__all__ = ["EventRow", "Fence", "LeaseLost", "NewEvent", "StorageError", "Store", "TableRow", "events_table",
           "metadata", "tables_table", "tokens_table"]

@dataclass(frozen=True)
class TableRow:
    """A table as stored.

    Attributes:
        id: the table's id (URL-safe text).
        created_at: seconds since the epoch.
        preset: the preset the rules came from, or None for custom options.
        rules: every option by name (``Rules.to_dict()``).
        bot_level: the level of the bots (one of ``BOT_LEVELS``).
        seed: seeds the game (table setup and every shuffle).
        status: ``lobby``, ``playing`` or ``over``.
    """

    id: str
    created_at: float
    preset: str | None
    rules: dict[str, Any]
    bot_level: str
    seed: int
    status: str


@dataclass(frozen=True)
class EventRow:
    """One event of a table's log.

    Attributes:
        seq: its place in the log, from 0.
        kind: ``settings``, ``claim``, ``name``, ``start``, ``action``, ``take``,
            ``rematch``, ``undo``, ``stop`` or ``chat``.
        seat: the seat concerned (0..3), or None (the spectator's chat, ``start``).
        data: the event's fields (a JSON object).
        created_at: seconds since the epoch.
    """

    seq: int
    kind: str
    seat: int | None
    data: dict[str, Any]
    created_at: float


Fence = Callable[[Connection, Iterable[str]], set[str]]
"""In a write's transaction: which of these tables this process may still write."""


NewEvent = tuple[str, int, str, int | None, dict[str, Any], float | None]
"""An event to append: ``(table_id, seq, kind, seat, data, created_at or None)``."""


@dataclass
class _Pending:
    """An event waiting to be committed: its column values, and the outcome."""

    values: dict[str, Any]
    done: bool = False
    error: BaseException | None = None


def _event_json(data: dict[str, Any]) -> str:
    """An event's data as the JSON text stored: keys sorted, UTF-8 characters kept,
    compact (orjson: the standard encoder took a few per cent of the server under load).

    Raises:
        TypeError: something in ``data`` is not JSON (orjson.JSONEncodeError)."""
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode()


class Store:
    """The database behind the server. Every method is blocking (call it from a worker
    thread in async code) and safe to call from several threads.

    Args:
        url: an SQLAlchemy URL (``sqlite:////path/file.sqlite3``,
            ``postgresql+psycopg://...``); not an in-memory SQLite database.
        connect_timeout: seconds to wait for a PostgreSQL server (psycopg, psycopg2) to
            answer a new connection; default :data:`CONNECT_TIMEOUT`. A
            ``connect_timeout`` in the URL's query wins.

    Raises:
        StorageError: the URL is not one SQLAlchemy can open (no such dialect, its
            driver is not installed) or names an in-memory SQLite database. Nothing
            connects yet: an unreachable database is reported by the first call.
    """

    def __init__(self, url: str, connect_timeout: float | None = None) -> None:
        self.shown = shown_url(url)
        self.engine: Engine = open_engine(
            url, StorageError, connect_timeout=connect_timeout,
            in_memory="an in-memory SQLite database cannot hold the server's tables; "
                      "give a file, e.g. sqlite:////path/to/tables.sqlite3")
        self.url = url
        self._queue: list[_Pending] = []
        self._queue_lock = threading.Lock()
        self._writer_lock = threading.Lock()
        self.fence: Fence | None = None
        """Set by a server whose processes share the database
        (:class:`euchre.storage.leases.Leases`): in each write's transaction, which of the
        batch's tables this process still runs; the events of the others are refused
        with :class:`LeaseLost`. None: every table is this process's (SQLite)."""

    def migrate(self) -> None:
        """Bring the schema up to the newest Alembic revision (:func:`euchre.storage.sql.migrate`).

        Raises:
            StorageError: the database cannot be reached (``cannot connect to the
                database URL: why``, the password hidden) or the migration failed.
        """
        migrate(self.engine, StorageError)

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    # ------------------------------------------------------------------ writing
    def create_table(self, row: TableRow, tokens: Sequence[tuple[str, int | None]],
                     events: Sequence[tuple[str, int | None, dict[str, Any]]] = ()) -> None:
        """Store a new table, its token hashes and its first events in one transaction.

        Args:
            row: the table.
            tokens: ``(sha256 hex of the token, seat 0..3 or None for the spectator)``.
            events: ``(kind, seat, data)`` of the log's first events (seq 0, 1, ...),
                e.g. the table's ``settings``.

        Raises:
            StorageError: the write failed (nothing is stored).
        """
        with transaction(self.engine, f"storing table {row.id}") as connection:
            connection.execute(insert(tables_table).values(
                id=row.id, created_at=row.created_at, preset=row.preset,
                rules=json.dumps(row.rules, sort_keys=True), bot_level=row.bot_level,
                seed=row.seed, status=row.status))
            if tokens:  # an empty list would be one insert of nothing
                connection.execute(insert(tokens_table), [
                    {"token_hash": h, "table_id": row.id, "seat": seat} for h, seat in tokens])
            if events:
                connection.execute(insert(events_table), [
                    {"table_id": row.id, "seq": seq, "kind": kind, "seat": seat, "data": _event_json(data),
                     "created_at": row.created_at} for seq, (kind, seat, data) in enumerate(events)])

    def append(self, table_id: str, seq: int, kind: str, seat: int | None, data: dict[str, Any],
               created_at: float | None = None) -> None:
        """Append one event to a table's log and commit it; returns once it is committed.

        Args:
            table_id: the table.
            seq: the event's place; it must be the next one (a duplicate ``seq`` is
                refused by the key, so two writers can never both succeed).
            kind, seat, data: see :class:`EventRow`.
            created_at: seconds since the epoch (default: now).

        Raises:
            StorageError: the write failed or ``seq`` was taken; nothing is stored.
        """
        error = self.append_many([(table_id, seq, kind, seat, data, created_at)])[0]
        if error is not None:
            raise error

    def append_many(self, events: Sequence[NewEvent]) -> list[StorageError | None]:
        """Append events (of any tables) and commit them; returns once all are committed
        or refused, with each one's outcome.

        Events given together, and events appended at the same time from other threads,
        are committed together: one transaction and one sync to disk for all ("group
        commit"). When that transaction fails, each event is tried alone, so that a
        refused one (its ``seq`` taken, no such table) fails alone.

        Args:
            events: ``(table_id, seq, kind, seat, data, created_at or None for now)``
                as for :meth:`append`.

        Returns:
            Per event, in order: None when it is stored, else the StorageError saying
            why it is not (nothing of it is stored).
        """
        now = time.time()
        pending: list[_Pending] = []
        for t, seq, kind, seat, data, created_at in events:
            p = _Pending({"table_id": t, "seq": seq, "kind": kind, "seat": seat, "data": None,
                          "created_at": now if created_at is None else created_at})
            try:
                p.values["data"] = _event_json(data)
            except (TypeError, ValueError) as exc:  # not JSON (a caller's bug): this event only
                p.done, p.error = True, exc
            pending.append(p)
        with self._queue_lock:
            self._queue.extend(p for p in pending if not p.done)
        with self._writer_lock:  # the first thread in commits every event queued by then
            if not all(p.done for p in pending):
                with self._queue_lock:
                    batch, self._queue = self._queue, []
                self._write(batch)
        out: list[StorageError | None] = []
        for p in pending:
            if p.error is None:
                out.append(None)
            elif isinstance(p.error, LeaseLost):
                out.append(p.error)
            else:
                failed = StorageError(f"storing event {p.values['seq']} of table {p.values['table_id']} failed: "
                                      f"{reason(p.error)}")
                failed.__cause__ = p.error
                out.append(failed)
        return out

    def _write(self, batch: list[_Pending]) -> None:
        """Commit a batch of events in one transaction; when that fails, each in its own
        (so that one refused event, e.g. a taken ``seq``, fails alone). Marks each done."""
        try:
            with self.engine.begin() as connection:
                rows = [p.values for p in self._fenced(connection, batch)]
                if rows:
                    self._insert_events(connection, rows)
        except Exception as exc:
            if len(batch) == 1:
                batch[0].error = exc
            else:
                for p in batch:
                    if p.error is not None:
                        continue
                    try:
                        with self.engine.begin() as connection:
                            if self._fenced(connection, [p]):
                                connection.execute(insert(events_table), [p.values])
                    except Exception as one:
                        p.error = one
        for p in batch:
            p.done = True

    def _fenced(self, connection: Connection, batch: list[_Pending]) -> list[_Pending]:
        """The events of the batch this process may write (all without :attr:`fence`);
        the others are marked :class:`LeaseLost`."""
        if self.fence is None:
            return batch
        held = self.fence(connection, {p.values["table_id"] for p in batch})
        kept = []
        for p in batch:
            if p.values["table_id"] in held:
                kept.append(p)
            else:
                p.error = LeaseLost(f"table {p.values['table_id']} is run by another server process now; "
                                    f"event {p.values['seq']} was not stored")
        return kept

    def _insert_events(self, connection: Connection, rows: list[dict[str, Any]]) -> None:
        """Insert event rows in the connection's transaction. On PostgreSQL through
        psycopg 3 with one COPY (its executemany cost the server about a tenth more CPU
        per move under load; docs/performance.md), elsewhere with one executemany."""
        raw = connection.connection.driver_connection
        if self.engine.dialect.driver != "psycopg" or len(rows) == 1 or raw is None:
            connection.execute(insert(events_table), rows)
            return
        from psycopg import sql

        columns = [column.name for column in events_table.columns]
        statement = sql.SQL("COPY {} ({}) FROM STDIN").format(
            sql.Identifier(events_table.name), sql.SQL(", ").join(map(sql.Identifier, columns)))
        with raw.cursor() as cursor, cursor.copy(statement) as copy:
            for row in rows:
                copy.write_row([row[name] for name in columns])

    def set_status(self, table_id: str, status: str) -> None:
        """Record a table's status for listing (``playing``, ``over``).

        Raises:
            StorageError: the write failed.
        """
        with transaction(self.engine, f"updating table {table_id}") as connection:
            connection.execute(update(tables_table).where(tables_table.c.id == table_id).values(status=status))

    # ------------------------------------------------------------------ reading
    def tables_over(self, table_ids: Sequence[str]) -> list[str]:
        """Those of ``table_ids`` whose status is ``over``.

        Raises:
            StorageError: the read failed.
        """
        if not table_ids:
            return []
        with reading(self.engine, "reading the tables' status") as connection:
            return [str(r[0]) for r in connection.execute(select(tables_table.c.id).where(
                tables_table.c.id.in_(list(table_ids)) & (tables_table.c.status == "over")))]

    def ping(self) -> None:
        """Ask the database ``SELECT 1`` (the server's readiness, ``GET /readyz``).

        Raises:
            StorageError: the database did not answer (``the database does not answer: why``).
        """
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1")).scalar_one()
        except Exception as exc:
            raise StorageError(f"the database does not answer: {reason(exc)}") from exc

    def find_token(self, token_hash: str) -> tuple[str, int | None] | None:
        """The table and seat (None: spectator) a token opens, or None for no table.

        Raises:
            StorageError: the read failed.
        """
        with reading(self.engine, "looking up a token") as connection:
            found = connection.execute(
                select(tokens_table.c.table_id, tokens_table.c.seat).where(tokens_table.c.token_hash == token_hash)
            ).first()
        if found is None:
            return None
        return str(found[0]), None if found[1] is None else int(found[1])

    def load(self, table_id: str) -> tuple[TableRow, list[EventRow]] | None:
        """A table and its whole log in order, or None when there is no such table.

        Raises:
            StorageError: the read failed or a stored value is not valid JSON.
        """
        with reading(self.engine, f"reading table {table_id}") as connection:
            t = connection.execute(select(tables_table).where(tables_table.c.id == table_id)).first()
            if t is None:
                return None
            rows = connection.execute(
                select(events_table).where(events_table.c.table_id == table_id).order_by(events_table.c.seq)
            ).all()
            row = TableRow(id=str(t.id), created_at=float(t.created_at), preset=t.preset, rules=json.loads(t.rules),
                           bot_level=str(t.bot_level), seed=int(t.seed), status=str(t.status))
            events = [EventRow(seq=int(r.seq), kind=str(r.kind), seat=None if r.seat is None else int(r.seat),
                               data=json.loads(r.data), created_at=float(r.created_at)) for r in rows]
        return row, events

    def count_events(self, table_id: str) -> int:
        """How many events a table's log holds.

        Raises:
            StorageError: the read failed.
        """
        with reading(self.engine, f"counting the events of table {table_id}") as connection:
            n = connection.execute(
                select(func.count()).select_from(events_table).where(events_table.c.table_id == table_id)).scalar()
        return int(n or 0)

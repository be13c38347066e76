"""The SQL plumbing shared by the server's storage (:mod:`euchre.server.storage`), the
store of events (:mod:`euchre.events.store`) and the player's statistics
(:mod:`euchre.storage.stats`): opening an SQLAlchemy engine on a URL,
SQLite's settings for a log that must survive a crash, the Alembic migrations (one
history for the whole project), and errors told on one line with the password hidden.

Every failure is a :class:`~euchre.storage.errors.StorageError` (or a surface's subclass
of it: a caller passes ``fail``, which makes its exception from a message), and every
store reads and writes through one helper: :func:`transaction` (a write: one transaction,
committed when the block ends) and :func:`reading` (a read), which turn any failure of the
database into that error with what was being done and why, on one line. (The server's
table log keeps its own group commit, :meth:`euchre.storage.games.Store.append_many`,
which retries a failed batch event by event.)

Several processes may migrate one PostgreSQL database at the same moment (the servers of
a cluster starting together, ``docs/deploy.md``): each takes the advisory lock
:data:`MIGRATION_LOCK` in its migration's transaction, so they migrate one after the
other and the later ones find the schema current.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import ConnectionPoolEntry

from euchre.storage.errors import StorageError

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
"""The project's Alembic history (a folder read by Alembic): the server's tables, the
events', the accounts' and the player's statistics."""

CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a PostgreSQL server to answer a new connection (unless the URL
sets ``connect_timeout`` itself)."""

Fail = Callable[[str], Exception]
"""Makes the caller's exception from a message (:class:`StorageError` or a surface's
subclass of it: ``EventStorageError``, ``StatsError``)."""

MIGRATION_LOCK = 0x6575_6368_7265_0001
"""The key of the PostgreSQL advisory lock held by a migration's transaction: "euchre"
in ASCII, then 1 (a signed 64-bit value, as ``pg_advisory_xact_lock`` takes it). Any
other program that uses advisory locks on the same database must not use this key."""


class Migrated(NamedTuple):
    """What a migration did: the Alembic revision found (None: an empty database) and the
    revision reached (the head)."""

    before: str | None
    after: str | None


def shown_url(url: str) -> str:
    """A database URL fit for messages and logs: the password replaced by ``***``."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(not a database URL)"


def sqlite_url(path: Path | str) -> str:
    """The SQLAlchemy URL of an SQLite file at ``path`` (made absolute)."""
    return "sqlite:///" + str(Path(path).resolve())


def reason(exc: BaseException) -> str:
    """What went wrong, on one line: the driver's own message without SQLAlchemy's
    statement, parameters and links (for a DBAPI error), else the exception's text."""
    inner = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
    text = " ".join(str(inner).split())
    return text or type(inner).__name__


def _sqlite_pragmas(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    # Write-ahead log: readers do not wait for the writer, and a commit is one append to
    # the log; synchronous=FULL syncs it to disk at every commit (a committed row
    # survives a crash of the process or of the machine).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def sqlite_in_memory(url: URL) -> bool:
    """True when ``url`` is an SQLite database held in memory, not in a file: no database
    name (``sqlite://``), ``:memory:``, or SQLite's URI forms (``file::memory:``, a
    ``mode=memory`` parameter in the name or the URL's query). Such a database has no
    file: nothing may be written beside it (the one-process lock), and the storage
    refuses it (:func:`open_engine`)."""
    if url.get_backend_name() != "sqlite":
        return False
    name = url.database or ""
    return (name in ("", ":memory:") or name.startswith("file::memory:") or "mode=memory" in name
            or url.query.get("mode") == "memory")


def open_engine(url: str, fail: Fail, *, in_memory: str, connect_timeout: float | None = None) -> Engine:
    """An engine on ``url``; nothing connects yet (an unreachable database is reported by
    the first use). SQLite gets foreign keys, a 10 s busy timeout, the write-ahead log and
    a sync at every commit; other databases a liveness check of pooled connections and,
    with psycopg, ``connect_timeout`` (default :data:`CONNECT_TIMEOUT`; the URL's wins).

    Args:
        in_memory: the message refusing an in-memory SQLite database (which each thread
            would see empty, and which would not outlive the process).

    Raises:
        the exception of ``fail``: a URL SQLAlchemy cannot open (no such dialect, its
            driver not installed), or an in-memory SQLite database.
    """
    shown = shown_url(url)
    try:
        parsed = make_url(url)
    except Exception as exc:
        raise fail(f"cannot open the database {shown}: {reason(exc)}") from None
    if sqlite_in_memory(parsed):
        raise fail(in_memory)
    try:
        options: dict[str, Any] = {}
        if parsed.get_backend_name() != "sqlite":
            # A connection the database closed (a restart, an idle timeout) is replaced
            # before use instead of failing the next write.
            options["pool_pre_ping"] = True
        if parsed.get_driver_name() in ("psycopg", "psycopg2") and "connect_timeout" not in parsed.query:
            # libpq waits forever for a server that accepts and never answers.
            seconds = CONNECT_TIMEOUT if connect_timeout is None else connect_timeout
            options["connect_args"] = {"connect_timeout": max(1, round(seconds))}
        engine = create_engine(parsed, **options)
    except Exception as exc:  # ArgumentError, missing driver (ImportError), ...
        raise fail(f"cannot open the database {shown}: {reason(exc)}") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def lock_migrations(connection: Connection) -> None:
    """Wait for the migrations' lock, held until ``connection``'s transaction ends.

    On PostgreSQL: ``pg_advisory_xact_lock`` (:data:`MIGRATION_LOCK`), so that processes
    migrating the same database at once take turns. Without it two of them both find no
    ``alembic_version`` table, both create the schema, and the second fails on the first's
    tables when the first commits (``tests/test_migrate.py`` shows both). Other databases:
    nothing (SQLite serves one process; another server's database is not supported for a
    cluster).

    Raises:
        sqlalchemy.exc.DBAPIError: the database failed the statement (the connection
            was lost, say)."""
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})


def upgrade(connection: Connection) -> Migrated:
    """Take the migrations' lock (:func:`lock_migrations`), then run every pending
    Alembic migration on ``connection``, in the transaction the caller has begun and
    commits (the lock is held until then).

    Returns:
        the revision before and after (:class:`Migrated`; ``before`` None on an empty
        database).

    Raises:
        whatever Alembic or the database raises (the caller turns it into its error).
    """
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext

    lock_migrations(connection)
    before = MigrationContext.configure(connection).get_current_revision()
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, "head")
    return Migrated(before, MigrationContext.configure(connection).get_current_revision())


def migrate(engine: Engine, fail: Fail) -> Migrated:
    """Bring the schema up to the newest Alembic revision (creating it on an empty
    database; a no-op when it is current), in one transaction under the migrations'
    lock on PostgreSQL (:func:`upgrade`): processes migrating the same database at once
    take turns, and the later ones find nothing to do.

    Returns:
        the revision found and the one reached (:class:`Migrated`).

    Raises:
        the exception of ``fail``: the database cannot be reached (``cannot connect to
            the database URL: why``, the password hidden) or the migration failed.
    """
    shown = engine.url.render_as_string(hide_password=True)
    try:
        connection = engine.connect()
    except Exception as exc:
        raise fail(f"cannot connect to the database {shown}: {reason(exc)}") from exc
    try:
        with connection, connection.begin():
            return upgrade(connection)
    except Exception as exc:
        raise fail(f"the migration of the database {shown} failed: {reason(exc)}") from exc


def _failed(exc: Exception, what: str, fail: Fail) -> Exception:
    """``exc`` told as ``fail``'s exception (``WHAT failed: why``), caused by ``exc``;
    a storage error or one of ``fail``'s already raised in the block, as it is."""
    if isinstance(exc, StorageError):
        return exc
    made = fail(f"{what} failed: {reason(exc)}")
    if isinstance(exc, type(made)):
        return exc
    made.__cause__ = exc
    return made


@contextmanager
def _told(what: str, fail: Fail) -> Iterator[None]:
    """The ``with`` block's database failure raised as the caller's error (``WHAT failed:
    why``, :func:`_failed`); a storage error the block raises itself passes as it is."""
    try:
        yield
    except Exception as exc:
        failed = _failed(exc, what, fail)
        if failed is exc:
            raise
        raise failed from exc


@contextmanager
def transaction(engine: Engine, what: str, fail: Fail = StorageError) -> Iterator[Connection]:
    """A connection in a transaction for the ``with`` block's writes, committed when the
    block ends, rolled back when it raises.

    Args:
        what: what the block does, for the message (``storing table T``).
        fail: makes the caller's exception (default :class:`StorageError`).

    Raises:
        the exception of ``fail``: the database failed (``WHAT failed: why``; its cause
            the driver's error, which :func:`euchre.server.storage.told` keeps from
            clients). A storage error the block raises itself passes as it is.
    """
    with _told(what, fail), engine.begin() as connection:
        yield connection


@contextmanager
def reading(engine: Engine, what: str, fail: Fail = StorageError) -> Iterator[Connection]:
    """A connection for the ``with`` block's reads (nothing committed).

    Raises:
        the exception of ``fail``: as :func:`transaction`.
    """
    with _told(what, fail), engine.connect() as connection:
        yield connection

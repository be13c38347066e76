"""The SQL plumbing shared by the server's storage (:mod:`euchre.server.storage`) and the
store of events (:mod:`euchre.events.store`): opening an SQLAlchemy engine on a URL,
SQLite's settings for a log that must survive a crash, the Alembic migrations (one
history for the whole project), and errors told on one line with the password hidden.

Each caller raises its own error class: it passes ``fail``, which makes the exception
from a message.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import ConnectionPoolEntry

MIGRATIONS = Path(__file__).resolve().parents[1] / "server" / "migrations"
"""The project's Alembic history (a folder read by Alembic): the server's tables, the
events' and the accounts'."""

CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a PostgreSQL server to answer a new connection (unless the URL
sets ``connect_timeout`` itself)."""

Fail = Callable[[str], Exception]
"""Makes the caller's exception from a message (``StorageError``, ``EventError``)."""


def shown_url(url: str) -> str:
    """A database URL fit for messages and logs: the password replaced by ``***``."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(not a database URL)"


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
    if parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:"):
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


def migrate(engine: Engine, fail: Fail) -> None:
    """Bring the schema up to the newest Alembic revision (creating it on an empty
    database; a no-op when it is current).

    Raises:
        the exception of ``fail``: the database cannot be reached (``cannot connect to
            the database URL: why``, the password hidden) or the migration failed.
    """
    from alembic import command
    from alembic.config import Config

    shown = engine.url.render_as_string(hide_password=True)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    try:
        connection = engine.connect()
    except Exception as exc:
        raise fail(f"cannot connect to the database {shown}: {reason(exc)}") from exc
    try:
        with connection, connection.begin():
            cfg.attributes["connection"] = connection
            command.upgrade(cfg, "head")
    except Exception as exc:
        raise fail(f"the migration of the database {shown} failed: {reason(exc)}") from exc

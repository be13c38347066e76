"""Locks by name held across every process of the server (``async with locks.hold(name)``).

An event's writers (the organiser's next round, a result typed, online tables created,
started or collected by any process's sweeper) must not interleave, whichever process
each runs in. :class:`NamedLocks` orders them:

* on **PostgreSQL**, by a session advisory lock (``pg_advisory_lock``) keyed by a stable
  64-bit hash of the namespace and the name (:func:`advisory_key`: SHA-256, the same in
  every process; never Python's ``hash()``, which is salted per process), taken on a
  connection of the locks' own small pool and held for the body's whole duration. The
  database releases a session lock when its connection closes: a process that dies
  while holding one (killed, its machine gone, its connection cut) frees it at once;
  so does a body that raises or is cancelled, which unlocks before the connection goes
  back to the pool (or closes the connection when it cannot unlock).
* on **SQLite** (one process only: SQLite has no sharing across machines), by an
  in-process ``asyncio.Lock`` per name, as before.

In both, the tasks of one process wait on an in-process lock per name first, so that
at most one connection per process and name waits on the database.

A holder whose connection is cut while the body runs loses the lock without knowing it
(another process may then enter): it learns so only when it unlocks, and logs a
warning. The body's writes are each committed in their own transactions; the lock orders
them, it does not make them one transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

import anyio
import anyio.to_thread
from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from euchre.storage.errors import StorageError
from euchre.storage.sql import Fail, open_engine, reason

__all__ = ["LOCK_NOT_AVAILABLE", "WAIT_STEP_MS", "NamedLocks", "advisory_key"]

log = logging.getLogger("euchre.server")

WAIT_STEP_MS = 500
"""Milliseconds one wait for a PostgreSQL advisory lock blocks (``lock_timeout``) before
the waiter looks whether it was cancelled and waits again: a cancelled waiter stops
within this time."""

LOCK_NOT_AVAILABLE = "55P03"
"""PostgreSQL's SQLSTATE when ``lock_timeout`` ends a wait."""


def advisory_key(namespace: str, name: str) -> int:
    """The PostgreSQL advisory lock key of ``name`` in ``namespace``: the first 8 bytes of
    the SHA-256 of ``euchre:NAMESPACE:NAME`` (UTF-8) as a signed big-endian integer (a
    ``bigint``, -2**63 to 2**63 - 1); the same in every process and on every machine."""
    digest = hashlib.sha256(f"euchre:{namespace}:{name}".encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class NamedLocks:
    """Locks by name, shared by every process on PostgreSQL (see the module docstring).

    Args:
        engine: the server's database engine. On PostgreSQL the locks open their own
            pool on its URL (at most 15 connections: the default pool's 5 and 10 more),
            so that a held lock never takes a connection the body needs.
        namespace: what the names are of (``event``): the same name in two namespaces is
            two locks.
        fail: makes the exception raised when the database cannot give a lock, from a
            message (default :class:`~euchre.storage.errors.StorageError`).

    Raises:
        the exception of ``fail``: the engine's URL cannot be opened again (not
            expected: it was opened once).
    """

    def __init__(self, engine: Engine, namespace: str, fail: Fail = StorageError) -> None:
        self.namespace = namespace
        self.fail = fail
        self._local: dict[str, asyncio.Lock] = {}
        self._engine: Engine | None = None
        if engine.dialect.name == "postgresql":
            self._engine = open_engine(engine.url.render_as_string(hide_password=False), fail,
                                       in_memory="not used: PostgreSQL")

    @property
    def shared(self) -> bool:
        """Whether the locks hold across processes (PostgreSQL), not only in this one."""
        return self._engine is not None

    @contextlib.asynccontextmanager
    async def hold(self, name: str) -> AsyncIterator[None]:
        """Hold the lock of ``name`` for the body of ``async with``: wait while any task
        of any process holds it; release it when the body ends, raises or is cancelled.
        Not re-entrant: a task holding a name must not ask for it again.

        Raises:
            the exception of ``fail``: (PostgreSQL) the database could not be reached or
                refused the lock; the body did not run.
        """
        local = self._local.setdefault(name, asyncio.Lock())
        async with local:
            if self._engine is None:
                yield
                return
            held = _Held(advisory_key(self.namespace, name), name)
            await self._acquire(held)
            try:
                yield
            finally:
                await _in_thread(self._release, held)

    def close(self) -> None:
        """Close the locks' pooled connections (held locks are released by the database)."""
        if self._engine is not None:
            self._engine.dispose()

    # ------------------------------------------------------------------ PostgreSQL
    async def _acquire(self, held: _Held) -> None:
        """Take the advisory lock on a connection of the locks' pool, kept in ``held``."""
        try:
            await anyio.to_thread.run_sync(self._connect, held)
            while not await anyio.to_thread.run_sync(self._wait, held):
                await anyio.sleep(0)  # a cancelled waiter stops here
        except BaseException:
            # Cancelled or failed, perhaps just as the lock was granted: unlock whatever
            # the connection holds before it goes back to the pool.
            await _in_thread(self._discard, held)
            raise

    def _connect(self, held: _Held) -> None:
        with held.mutex:
            if held.over or self._engine is None:
                return
            try:
                held.connection = self._engine.connect().execution_options(isolation_level="AUTOCOMMIT")
                held.connection.execute(text(f"SET lock_timeout = {int(WAIT_STEP_MS)}"))
            except SQLAlchemyError as exc:
                raise self.fail(f"cannot take a lock in the database: {reason(exc)}") from exc

    def _wait(self, held: _Held) -> bool:
        """Wait up to :data:`WAIT_STEP_MS` for the lock: True when held."""
        with held.mutex:
            if held.over or held.connection is None:
                raise self.fail("the lock was given up while it was waited for")
            try:
                held.connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": held.key})
            except DBAPIError as exc:
                if getattr(exc.orig, "sqlstate", None) == LOCK_NOT_AVAILABLE:
                    held.connection.rollback()  # autocommit: only SQLAlchemy's own state
                    return False
                raise self.fail(f"cannot take a lock in the database: {reason(exc)}") from exc
            except SQLAlchemyError as exc:
                raise self.fail(f"cannot take a lock in the database: {reason(exc)}") from exc
            return True

    @staticmethod
    def _discard(held: _Held) -> None:
        """Unlock every advisory lock of the connection and give it back; close it when
        that fails (the database then releases its locks)."""
        with held.mutex:
            held.over = True
            connection, held.connection = held.connection, None
            if connection is None:
                return
            try:
                connection.execute(text("SELECT pg_advisory_unlock_all()"))
            except Exception:
                with contextlib.suppress(Exception):
                    connection.invalidate()
            with contextlib.suppress(Exception):
                connection.close()

    @staticmethod
    def _release(held: _Held) -> None:
        """Unlock the key and give the connection back; when the lock was no longer held
        (its connection was cut) or the unlock fails, log a warning and close the
        connection (the database releases whatever it held)."""
        with held.mutex:
            held.over = True
            connection, held.connection = held.connection, None
            if connection is None:
                return
            try:
                unlocked = connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": held.key}).scalar()
            except Exception as exc:
                log.warning("the lock of %r could not be released (%s): its connection is closed, which releases it",
                            held.name, reason(exc))
                unlocked = None
            if unlocked is not True:
                if unlocked is False:
                    log.warning("the lock of %r was lost while held (its database connection was cut)", held.name)
                with contextlib.suppress(Exception):
                    connection.invalidate()
            with contextlib.suppress(Exception):
                connection.close()


@dataclass
class _Held:
    """One advisory lock taken or being taken: its key and name, the connection that
    holds it, and whether it is over (released or given up). ``mutex`` makes the worker
    threads that use the connection take turns: a waiter cancelled by ``task.cancel()``
    leaves its thread running (an anyio shield does not stop a native cancellation),
    and the thread that gives the lock up must wait for it."""

    key: int
    name: str
    connection: Connection | None = None
    over: bool = False
    mutex: threading.Lock = field(default_factory=threading.Lock)


async def _in_thread(work: Callable[[_Held], None], held: _Held) -> None:
    """Run ``work(held)`` in a worker thread to its end, even when the task is cancelled
    meanwhile (the thread then finishes on its own; the cancellation goes on)."""
    with anyio.CancelScope(shield=True):
        await anyio.to_thread.run_sync(work, held)

"""Locks by name shared by every process (:mod:`euchre.storage.locks`), which order
an event's writers (:meth:`euchre.server.event_rows.EventRows.lock`).

Two :class:`NamedLocks` on two engines stand for two processes. The PostgreSQL cases
run on ``EUCHRE_TEST_POSTGRES_URL`` (skipped without it, failed with
``EUCHRE_REQUIRE_SYSTEM_TESTS=1``, as in ``test_storage``); SQLite's in-process lock
always.
"""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event, text

from euchre.events.store import EventStore
from euchre.server.config import sqlite_url
from euchre.server.event_request import EventWebError
from euchre.server.event_web import EventWeb
from euchre.server.storage import StorageError, Store
from euchre.storage.locks import NamedLocks, advisory_key
from test_storage import postgres_database

LONGER_THAN_A_WAIT_STEP = 1.2
"""Seconds a refused waiter is given: more than two of the lock's 0.5 s waits."""


@pytest.fixture
def two_processes() -> Iterator[tuple[Engine, Engine, Engine]]:
    """Two engines on one fresh PostgreSQL database, and the admin engine (autocommit)."""
    with postgres_database() as (url, admin, _name):
        first, second = Store(url), Store(url)
        try:
            yield first.engine, second.engine, admin
        finally:
            first.close()
            second.close()


def _advisory_locks(admin: Engine, engine: Engine) -> list[tuple[int, bool]]:
    """``(pid, granted)`` of the advisory locks held or waited for in ``engine``'s database."""
    with admin.connect() as connection:
        return [(int(r[0]), bool(r[1])) for r in connection.execute(text(
            "SELECT pid, granted FROM pg_locks WHERE locktype = 'advisory' "
            "AND database = (SELECT oid FROM pg_database WHERE datname = :name)"), {"name": engine.url.database})]


async def _entered_within(locks: NamedLocks, name: str, seconds: float) -> bool:
    """Whether ``locks`` gets ``name`` within ``seconds`` (released at once if so; the
    wait cancelled if not)."""
    async def enter() -> None:
        async with locks.hold(name):
            pass

    try:
        await asyncio.wait_for(enter(), seconds)
    except TimeoutError:
        return False
    return True


# ---------------------------------------------------------------------- the key
def test_the_advisory_key_is_a_stable_hash_of_the_name() -> None:
    """The key is the first 8 bytes of SHA-256("euchre:event:NAME") as a signed bigint:
    ``printf 'euchre:event:Club night' | sha256sum`` starts 0eaf88e09115a36f
    (1058214935543522159), and 'Tuesday league' b84872453460026e, whose top bit makes
    it 0xb84872453460026e - 2**64 = -5167754930850626962."""
    assert advisory_key("event", "Club night") == 1058214935543522159
    assert advisory_key("event", "Tuesday league") == -5167754930850626962
    assert advisory_key("table", "Club night") != advisory_key("event", "Club night")


def test_the_advisory_key_is_the_same_in_every_process_unlike_python_hash() -> None:
    """Two interpreters with different hash seeds give the same key; Python's ``hash()``
    of the same name differs between them (the positive control: the fault the stable
    hash avoids)."""
    code = "import sys; from euchre.storage.locks import advisory_key; print(advisory_key('event', 'Club night'), hash('Club night'))"
    seen = []
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONHASHSEED": seed},
                              capture_output=True, text=True, timeout=60, check=True)
        seen.append(done.stdout.split())
    assert seen[0][0] == seen[1][0] == "1058214935543522159"
    assert seen[0][1] != seen[1][1]


# ---------------------------------------------------------------------- SQLite: one process
def test_on_sqlite_the_lock_orders_the_tasks_of_the_process(tmp_path: Path) -> None:
    """On SQLite (one process) the lock is the process's own: a second task waits while
    the first holds it, gets it when the first's body raises; another name is free."""
    locks = NamedLocks(Store(sqlite_url(tmp_path / "x.sqlite3")).engine, "event")
    assert not locks.shared

    async def scenario() -> None:
        holding, release = asyncio.Event(), asyncio.Event()

        async def holder() -> None:
            async with locks.hold("night"):
                holding.set()
                await release.wait()
                raise RuntimeError("the body failed")

        task = asyncio.create_task(holder())
        await holding.wait()
        assert not await _entered_within(locks, "night", 0.2)
        assert await _entered_within(locks, "other", 0.2)
        release.set()
        with pytest.raises(RuntimeError, match="the body failed"):
            await task
        assert await _entered_within(locks, "night", 0.2)

    asyncio.run(scenario())


# ---------------------------------------------------------------------- PostgreSQL: every process
def test_the_advisory_lock_excludes_another_process_while_held(two_processes: tuple[Engine, Engine, Engine]) -> None:
    """While the first process holds 'night', the second waits (refused within 1.2 s),
    and its cancelled wait leaves no lock and no waiter behind; another name is free;
    once the first lets go, the second gets it at once."""
    first_engine, second_engine, admin = two_processes
    first, second = NamedLocks(first_engine, "event"), NamedLocks(second_engine, "event")
    assert first.shared and second.shared

    async def scenario() -> None:
        holding, release = asyncio.Event(), asyncio.Event()

        async def holder() -> None:
            async with first.hold("night"):
                holding.set()
                await release.wait()

        task = asyncio.create_task(holder())
        await holding.wait()
        assert not await _entered_within(second, "night", LONGER_THAN_A_WAIT_STEP)
        held = _advisory_locks(admin, first_engine)
        assert len(held) == 1 and held[0][1], held  # the holder's, granted; no waiter left
        assert await _entered_within(second, "other", LONGER_THAN_A_WAIT_STEP)
        release.set()
        await task
        assert _advisory_locks(admin, first_engine) == []
        assert await _entered_within(second, "night", 0.5)

    try:
        asyncio.run(scenario())
    finally:
        first.close()
        second.close()


def test_the_advisory_lock_is_released_when_the_body_raises_or_is_cancelled(
        two_processes: tuple[Engine, Engine, Engine]) -> None:
    """A body that raises, and a holder cancelled in its body, leave the lock free for
    the other process at once, and their connections go back to the pool holding no
    lock."""
    first_engine, second_engine, admin = two_processes
    first, second = NamedLocks(first_engine, "event"), NamedLocks(second_engine, "event")

    async def scenario() -> None:
        with pytest.raises(ValueError, match="bad result"):
            async with first.hold("night"):
                raise ValueError("bad result")
        assert _advisory_locks(admin, first_engine) == []
        assert await _entered_within(second, "night", 0.5)

        holding = asyncio.Event()

        async def holder() -> None:
            async with first.hold("night"):
                holding.set()
                await asyncio.sleep(60)

        task = asyncio.create_task(holder())
        await holding.wait()
        assert not await _entered_within(second, "night", 0.3)  # control: it was held
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert _advisory_locks(admin, first_engine) == []
        assert await _entered_within(second, "night", 0.5)

    try:
        asyncio.run(scenario())
    finally:
        first.close()
        second.close()


def test_regression_a_cancelled_waiter_s_connection_was_used_by_two_threads(
        two_processes: tuple[Engine, Engine, Engine]) -> None:
    """``asyncio.wait_for`` cancels a waiter natively, which an anyio shield does not
    stop: its thread went on waiting on the connection (up to 0.5 s) while the cleanup's
    thread unlocked and closed that same connection (SQLAlchemy once warned "transaction
    already deassociated from connection"). The cleanup now waits for the waiting
    thread. Each statement on the locks' connections is watched: none starts on a
    connection while another thread's is still running there; once all is done no lock
    is left but the holder's."""
    first_engine, second_engine, admin = two_processes
    first, second = NamedLocks(first_engine, "event"), NamedLocks(second_engine, "event")
    running: dict[int, set[int]] = {}
    overlaps: list[str] = []
    waits: list[str] = []
    watch = threading.Lock()

    def before(connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        with watch:
            inside = running.setdefault(id(connection.connection.dbapi_connection), set())
            if inside:
                overlaps.append(statement)
            if "pg_advisory_lock(" in statement:
                waits.append(statement)
            inside.add(threading.get_ident())

    def after(connection: Any, *_args: Any) -> None:
        with watch:
            running.get(id(connection.connection.dbapi_connection), set()).discard(threading.get_ident())

    def failed(context: Any) -> None:
        after(context.connection)

    lock_engine = second._engine
    assert lock_engine is not None
    event.listen(lock_engine, "before_cursor_execute", before)
    event.listen(lock_engine, "after_cursor_execute", after)
    event.listen(lock_engine, "handle_error", failed)

    async def scenario() -> None:
        async with first.hold("night"):
            for _ in range(3):
                assert not await _entered_within(second, "night", 0.2)  # cancelled within the 0.5 s wait
            await asyncio.sleep(0.8)  # the abandoned waits and their cleanups end
            assert [granted for _pid, granted in _advisory_locks(admin, first_engine)] == [True]

    try:
        asyncio.run(scenario())
    finally:
        first.close()
        second.close()
    assert overlaps == []
    assert len(waits) == 3  # control: the three waits were watched


def test_the_advisory_lock_is_released_when_the_holders_connection_is_killed(
        two_processes: tuple[Engine, Engine, Engine], caplog: pytest.LogCaptureFixture) -> None:
    """A holder whose process dies loses its connection: killing that connection
    (``pg_terminate_backend``) frees the lock for the other process within a wait step;
    the holder's body ends without an error, and a warning says the lock was not held
    to the end."""
    first_engine, second_engine, admin = two_processes
    first, second = NamedLocks(first_engine, "event"), NamedLocks(second_engine, "event")

    async def scenario() -> None:
        holding, release = asyncio.Event(), asyncio.Event()

        async def holder() -> None:
            async with first.hold("night"):
                holding.set()
                await release.wait()

        task = asyncio.create_task(holder())
        await holding.wait()
        assert not await _entered_within(second, "night", 0.3)  # control: it is held
        [(pid, granted)] = _advisory_locks(admin, first_engine)
        assert granted
        with admin.connect() as connection:
            assert connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid}).scalar() is True
        assert await _entered_within(second, "night", LONGER_THAN_A_WAIT_STEP)
        release.set()
        await task  # no error: the body's work stands

    with caplog.at_level(logging.WARNING, logger="euchre.server"):
        try:
            asyncio.run(scenario())
        finally:
            first.close()
            second.close()
    assert any("the lock of 'night'" in r.getMessage() for r in caplog.records), caplog.text


def test_a_database_that_gives_no_lock_is_the_callers_error() -> None:
    """A PostgreSQL server that cannot be reached: entering the lock raises the caller's
    error (StorageError by default) and the body does not run."""
    pytest.importorskip("psycopg")
    engine = Store("postgresql+psycopg://euchre@127.0.0.1:1/none", connect_timeout=2).engine
    ran = []

    async def scenario(locks: NamedLocks) -> None:
        async with locks.hold("night"):
            ran.append(True)

    with pytest.raises(StorageError, match="cannot take a lock in the database"):
        asyncio.run(scenario(NamedLocks(engine, "event")))
    events = NamedLocks(engine, "event", fail=lambda why: EventWebError(503, "storage_error", why))
    with pytest.raises(EventWebError, match="cannot take a lock") as refused:
        asyncio.run(scenario(events))
    assert (refused.value.status, refused.value.code, ran) == (503, "storage_error", [])


def test_regression_each_server_had_its_own_event_lock(two_processes: tuple[Engine, Engine, Engine]) -> None:
    """EventWeb.lock was an asyncio.Lock in each process, so two servers could run one
    event's writers at once. Now two servers' EventWebs on one PostgreSQL database
    cannot both hold one event's lock."""
    first_engine, second_engine, _admin = two_processes
    url = first_engine.url.render_as_string(hide_password=False)
    webs = [EventWeb(None, EventStore(url), engine) for engine in (first_engine, second_engine)]  # type: ignore[arg-type]

    async def scenario() -> None:
        async with webs[0].lock("night"):
            assert not await _entered_within(webs[1].locks, "night", LONGER_THAN_A_WAIT_STEP)
        assert await _entered_within(webs[1].locks, "night", 0.5)

    try:
        asyncio.run(scenario())
    finally:
        for web in webs:
            web.close()

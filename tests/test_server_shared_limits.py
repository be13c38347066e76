"""Rate limits counted in the database for every process together
(:mod:`euchre.storage.limits`): two engines on one database stand for two
processes (each its own pool of connections, as two servers have).

Every case runs on SQLite and on PostgreSQL (``EUCHRE_TEST_POSTGRES_URL``: skipped
without it, failed with ``EUCHRE_REQUIRE_SYSTEM_TESTS=1``, as in ``test_storage``), and
with both ways of taking a token: the one-statement upsert (PostgreSQL, SQLite) and the
portable update-then-insert of other databases.

The expected figures are worked out by hand from the bucket's rule: ``burst`` at once,
``rate`` tokens a second, never above ``burst``; the wait is the whole seconds until one
token, at least 1.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, func, select

from euchre.server.config import sqlite_url
from euchre.server.protocol import RateLimiter
from euchre.server.storage import StorageError, Store
from euchre.storage.limits import SWEEP_SECONDS, SharedLimits, limit_table
from test_server import running
from test_storage import postgres_database


class Clock:
    """A wall clock a test sets (seconds since the epoch)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["sqlite", "postgresql"])
def two_processes(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Engine, Engine]]:
    """Two engines (two processes' pools) on one fresh, migrated database."""
    def made(url: str) -> Iterator[tuple[Engine, Engine]]:
        first, second = Store(url), Store(url)
        first.migrate()
        try:
            yield first.engine, second.engine
        finally:
            first.close()
            second.close()

    if request.param == "sqlite":
        yield from made(sqlite_url(tmp_path / "limits.sqlite3"))
        return
    with postgres_database() as (url, _admin, _name):
        yield from made(url)


@pytest.fixture(params=["upsert", "portable"])
def statement(request: pytest.FixtureRequest) -> str:
    """How a token is taken: one upsert statement, or the portable update and insert."""
    return str(request.param)


def limits(engine: Engine, statement: str, kind: str, rate: float, burst: int, clock: Clock) -> SharedLimits:
    made = SharedLimits(engine, kind, rate, burst, clock)
    if statement == "portable":
        made._upsert = None  # as on a database without ON CONFLICT
    return made


def rows(engine: Engine) -> dict[str, tuple[float, float]]:
    with engine.connect() as connection:
        return {str(r.key): (float(r.tokens), float(r.at)) for r in connection.execute(select(limit_table))}


# ---------------------------------------------------------------------- one bucket for all
def test_two_processes_share_one_bucket(two_processes: tuple[Engine, Engine], statement: str) -> None:
    """Three tables a minute (burst 3, 3/60 = 0.05 a second): three takes in the first
    process empty the bucket, so the second process's first take is refused, to wait
    1 / 0.05 = 20 s. 19.5 s later the bucket holds 19.5 * 0.05 = 0.975 tokens: still
    refused, to wait (1 - 0.975) / 0.05 = 0.5 s, said as 1. At 20 s one token: the second
    process takes it, and the first is refused again (20 s). Another address has its
    own bucket."""
    first_engine, second_engine = two_processes
    clock = Clock(1_000_000.0)
    first = limits(first_engine, statement, "create", 3 / 60, 3, clock)
    second = limits(second_engine, statement, "create", 3 / 60, 3, clock)
    assert [first.take("192.0.2.7").allowed for _ in range(3)] == [True, True, True]
    refused = second.take("192.0.2.7")
    assert (refused.allowed, refused.wait) == (False, 20)
    clock.now += 19.5
    refused = second.take("192.0.2.7")
    assert (refused.allowed, refused.wait) == (False, 1)
    clock.now = 1_000_020.0
    assert (second.take("192.0.2.7").allowed, first.take("192.0.2.7").wait) == (True, 20)
    assert first.take("198.51.100.1").allowed and second.take("198.51.100.1").allowed
    assert rows(first_engine)["create:192.0.2.7"] == (0.0, 1_000_020.0)
    assert rows(first_engine)["create:198.51.100.1"] == (1.0, 1_000_020.0)


def test_kinds_keep_their_own_buckets(two_processes: tuple[Engine, Engine], statement: str) -> None:
    """The same address emptied at ``login`` (burst 1) still has its ``register`` token."""
    first_engine, second_engine = two_processes
    clock = Clock(5_000.0)
    login = limits(first_engine, statement, "login", 1 / 12, 1, clock)
    register = limits(second_engine, statement, "register", 20 / 3600, 1, clock)
    assert login.allow("203.0.113.9") and not login.allow("203.0.113.9")
    assert register.allow("203.0.113.9") and not register.allow("203.0.113.9")


def test_refund_gives_back_one_token_never_above_the_burst(two_processes: tuple[Engine, Engine], statement: str) -> None:
    """Burst 2, no time passing: two takes empty it; a refund from the other process
    gives one back (one more take, then refused); a refund to a full bucket (a new key,
    or twice) leaves it at 2, not 3 or 4."""
    first_engine, second_engine = two_processes
    clock = Clock(7_000.0)
    first = limits(first_engine, statement, "create", 1 / 60, 2, clock)
    second = limits(second_engine, statement, "create", 1 / 60, 2, clock)
    assert first.allow("a") and first.allow("a") and not first.allow("a")
    second.refund("a")
    assert rows(first_engine)["create:a"] == (1.0, 7_000.0)
    assert first.allow("a") and not second.allow("a")
    second.refund("b")  # no row: a full bucket, nothing to give back
    first.allow("b")
    second.refund("b")
    second.refund("b")
    assert [first.allow("b") for _ in range(3)] == [True, True, False]


def test_a_clock_behind_takes_no_tokens_away(two_processes: tuple[Engine, Engine], statement: str) -> None:
    """A process whose clock is 30 s behind the other's (another machine) takes from the
    bucket as it is, without counting negative time (which would take 30 * 0.05 = 1.5
    tokens away), and ``at`` stays at the later time, so that the 30 s are not counted
    twice: burst 3 at 0.05 a second, one take at 1000 by the clock ahead leaves 2; the
    clock behind (970) takes 2 more and is refused the next; at 1020 by the clock ahead
    one token (20 * 0.05) is there, not two."""
    first_engine, second_engine = two_processes
    ahead, behind = Clock(1_000.0), Clock(970.0)
    first = limits(first_engine, statement, "create", 3 / 60, 3, ahead)
    second = limits(second_engine, statement, "create", 3 / 60, 3, behind)
    assert first.allow("k")
    assert [second.allow("k") for _ in range(3)] == [True, True, False]
    assert rows(first_engine)["create:k"] == (0.0, 1_000.0)
    ahead.now = 1_020.0
    assert [first.allow("k") for _ in range(2)] == [True, False]


# ---------------------------------------------------------------------- at once
def _hammer(takers: list[Callable[[], bool]], threads_each: int, tries: int) -> int:
    """Start ``threads_each`` threads per taker at one moment, each taking ``tries``
    times; the number allowed in all."""
    allowed = 0
    count_lock = threading.Lock()
    start = threading.Barrier(len(takers) * threads_each)
    failures: list[BaseException] = []

    def run(take: Callable[[], bool]) -> None:
        nonlocal allowed
        try:
            start.wait()
            got = sum(take() for _ in range(tries))
            with count_lock:
                allowed += got
        except BaseException as exc:
            failures.append(exc)

    workers = [threading.Thread(target=run, args=(take,)) for take in takers for _ in range(threads_each)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert not failures, failures
    return allowed


def test_takes_at_once_from_two_processes_never_pass_the_burst(two_processes: tuple[Engine, Engine],
                                                               statement: str) -> None:
    """Burst 5, no refill in the test's time (the clock stands still): 4 threads in each
    of two processes take 6 times each at the same moment (48 takes): exactly 5 are
    allowed. Positive control: the in-memory RateLimiter, one per process as before,
    lets 5 through in each process, 10 in all."""
    first_engine, second_engine = two_processes
    clock = Clock(9_000.0)
    first = limits(first_engine, statement, "create", 1 / 60, 5, clock)
    second = limits(second_engine, statement, "create", 1 / 60, 5, clock)
    shared = _hammer([lambda: first.allow("192.0.2.1"), lambda: second.allow("192.0.2.1")], 4, 6)
    assert shared == 5
    assert rows(first_engine)["create:192.0.2.1"] == (0.0, 9_000.0)
    in_memory = [RateLimiter(1 / 60, 5, clock), RateLimiter(1 / 60, 5, clock)]
    per_process_lock = [threading.Lock(), threading.Lock()]

    def take_in(process: int) -> bool:
        with per_process_lock[process]:
            return in_memory[process].allow()

    assert _hammer([lambda: take_in(0), lambda: take_in(1)], 4, 6) == 10


# ---------------------------------------------------------------------- rows kept small
def test_full_buckets_are_swept(two_processes: tuple[Engine, Engine], statement: str) -> None:
    """Burst 3 at 0.05 a second. At 1000 key ``a`` takes 1 (2 left) and key ``b`` 3 (0
    left); a ``login`` row is there too. At 1020 ``a`` holds 2 + 20 * 0.05 = 3, full:
    its row is deleted; ``b`` holds 1: kept; the other kind's row is not this kind's
    to sweep. A take :data:`SWEEP_SECONDS` after the first sweeps by itself."""
    first_engine, second_engine = two_processes
    clock = Clock(1_000.0)
    create = limits(first_engine, statement, "create", 3 / 60, 3, clock)
    login = limits(second_engine, statement, "login", 1 / 12, 5, clock)
    create.allow("a")
    for _ in range(3):
        create.allow("b")
    login.allow("a")
    assert create.sweep(1_019.9) == 0
    assert create.sweep(1_020.0) == 1
    assert set(rows(first_engine)) == {"create:b", "login:a"}
    assert [create.allow("a") for _ in range(4)] == [True, True, True, False]  # no row: a full bucket
    clock.now = 1_000.0 + SWEEP_SECONDS + 60  # a and b full again; this take sweeps them, then writes c
    assert create.allow("c")
    assert set(rows(first_engine)) == {"create:c", "login:a"}


# ---------------------------------------------------------------------- keys
def test_a_key_that_is_not_plain_text_is_stored_as_its_hash(two_processes: tuple[Engine, Engine], statement: str) -> None:
    """A name of 2,000 characters, one with a NUL (which PostgreSQL refuses in text),
    one beyond ASCII and one starting with ``#`` are each a bucket of their own, stored
    as ``KIND:#`` and the SHA-256 of the key; a plain key is stored as it is."""
    first_engine, second_engine = two_processes
    clock = Clock(3_000.0)
    first = limits(first_engine, statement, "login", 1 / 12, 1, clock)
    second = limits(second_engine, statement, "login", 1 / 12, 1, clock)
    odd = ["name:" + "x" * 2000, "name:ann\x00lee", "name:jos\u00e9", "#name:ann"]
    for key in odd:
        assert first.allow(key), key
        assert not second.allow(key), key
    assert second.allow("name:ann") and not first.allow("name:ann")
    expected = {f"login:#{hashlib.sha256(k.encode()).hexdigest()}" for k in odd} | {"login:name:ann"}
    assert set(rows(first_engine)) == expected


def test_a_kind_rate_or_burst_out_of_bounds_is_refused(tmp_path: Path) -> None:
    engine = Store(sqlite_url(tmp_path / "x.sqlite3")).engine
    for kind, rate, burst in [("Login", 1.0, 1), ("", 1.0, 1), ("log in", 1.0, 1), ("login", 0.0, 1),
                              ("login", float("nan"), 1), ("login", 1.0, 0), ("login", 1.0, 2.5)]:
        with pytest.raises(ValueError, match="a limit's"):
            SharedLimits(engine, kind, rate, burst)  # type: ignore[arg-type]
    SharedLimits(engine, "login", 1.0, 1)  # positive control


def test_a_database_that_cannot_be_reached_is_a_storage_error(tmp_path: Path) -> None:
    """The database's file cannot be made (its folder does not exist): take and refund
    raise StorageError, which the routes answer 503 ``storage_error``."""
    store = Store(sqlite_url(tmp_path / "no such folder" / "x.sqlite3"))
    bucket = SharedLimits(store.engine, "create", 1.0, 1)
    with pytest.raises(StorageError, match="rate limits"):
        bucket.take("192.0.2.1")
    with pytest.raises(StorageError, match="rate limits"):
        bucket.refund("192.0.2.1")


# ---------------------------------------------------------------------- the server's routes
def test_regression_each_server_counted_its_own_creation_limit() -> None:
    """Two servers on one PostgreSQL database (an SQLite file is served by one process),
    three tables a minute from one address: two made on the first, one on the second,
    then the fourth is refused on either (429, and Retry-After of at most 20 s: one token
    at 3 a minute; at least 19, the requests taking under a second). Before, each server
    counted its own three."""
    with postgres_database() as (db, _admin, _name), \
            running(db, create_per_minute=3) as one, running(db, create_per_minute=3) as two:
        assert one.post("/api/tables", json={}).status_code == 201
        assert one.post("/api/tables", json={}).status_code == 201
        assert two.post("/api/tables", json={}).status_code == 201
        for client in (one, two):
            refused = client.post("/api/tables", json={})
            assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
            assert 19 <= int(refused.headers["retry-after"]) <= 20
        with one.app.state.store.engine.connect() as connection:  # type: ignore[attr-defined]
            assert connection.execute(select(func.count()).select_from(limit_table)).scalar() == 1


def test_regression_each_server_counted_its_own_login_limit() -> None:
    """Five login attempts at once per name, counted by both servers on one PostgreSQL
    database: three wrong passwords on the first and two on the second use them up; the
    sixth attempt is refused on either, even with the right password (the limits' clock
    stands still); 12 s later one more is allowed."""
    with postgres_database() as (db, _admin, _name), running(db) as one, running(db) as two:
        clock = Clock(1_000.0)
        one.app.state.web.clock = clock  # type: ignore[attr-defined]
        two.app.state.web.clock = clock  # type: ignore[attr-defined]
        made = one.post("/api/accounts", json={"name": "Cy", "password": "correct horse battery"})
        assert made.status_code == 201
        for client in (one, one, one, two, two):
            assert client.post("/api/login", json={"name": "Cy", "password": "wrong password"}).status_code == 401
        for client in (one, two):
            refused = client.post("/api/login", json={"name": "cy", "password": "correct horse battery"})
            assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
        clock.now += 12.0  # one attempt more, every 12 s
        assert two.post("/api/login", json={"name": "Cy", "password": "correct horse battery"}).status_code == 200


def test_a_limit_the_database_cannot_count_is_answered_503(tmp_path: Path) -> None:
    """When the limits' database cannot be written, a table creation and a login are
    answered 503 ``storage_error`` (not 500, not a 429 that would blame the client), and
    nothing is made. Positive control: the same requests with the limits working."""
    broken = Store(sqlite_url(tmp_path / "no such folder" / "x.sqlite3")).engine
    with running(tmp_path / "t.sqlite3") as client:
        state = client.app.state  # type: ignore[attr-defined]
        working = state.web.limits["login"]
        state.create_limits = SharedLimits(broken, "create", 1.0, 5)
        state.web.limits["login"] = SharedLimits(broken, "login", 1.0, 5)
        made = client.post("/api/tables", json={})
        login = client.post("/api/login", json={"name": "Cy", "password": "correct horse battery"})
        for answer in (made, login):
            assert (answer.status_code, answer.json()["error"]["code"]) == (503, "storage_error"), answer.text
            # The client is told the database cannot be reached (storage.told); the log says which part.
            assert answer.json()["error"]["message"] == "the database cannot be reached now; try again in a moment"
        with state.store.engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT count(*) FROM euchre_table").scalar() == 0
        state.create_limits = None  # made again on the server's database at the next creation
        state.web.limits["login"] = working
        assert client.post("/api/tables", json={}).status_code == 201
        assert client.post("/api/login", json={"name": "Cy", "password": "correct horse battery"}).status_code == 401

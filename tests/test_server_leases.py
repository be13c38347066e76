"""The leases by which one process runs each live table (``euchre.server.cluster``), on
PostgreSQL (``EUCHRE_TEST_POSTGRES_URL``; skipped without it, as the other PostgreSQL
tests), and the lock file that keeps a second process off an SQLite file.

Two :class:`Leases` on one database stand for two server processes (each its own owner
name and engine). The times are the database's clock: a lease of 0.3 s has expired
after 0.5 s of sleep.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from euchre.server.cluster import NO_TABLE, Leases, SoleServer, owner_name
from euchre.server.storage import LeaseLost, StorageError, Store, TableRow
from test_storage import postgres_database


@pytest.fixture
def pg() -> Iterator[tuple[Store, Store]]:
    """Two stores (two processes) on one fresh, migrated PostgreSQL database."""
    with postgres_database() as (url, _admin, _name):
        first, second = Store(url), Store(url)
        first.migrate()
        try:
            yield first, second
        finally:
            first.close()
            second.close()


def _table(store: Store, table_id: str) -> None:
    store.create_table(TableRow(id=table_id, created_at=0.0, preset="modern-standard", rules={}, bot_level="beginner",
                                seed=1, status="playing"), [], [("settings", None, {"hints": True})])


def _fenced(store: Store, leases: Leases) -> Store:
    store.fence = leases.held_in
    return store


def test_a_table_is_run_by_one_process_until_its_lease_expires(pg: tuple[Store, Store]) -> None:
    a_store, b_store = pg
    _table(a_store, "t1")
    a = Leases(a_store.engine, "p1", "http://127.0.0.1:1", seconds=0.3)
    b = Leases(b_store.engine, "p2", "http://127.0.0.1:2", seconds=0.3)
    assert a.claim("t1") is None  # a runs it
    held = b.claim("t1")
    assert held is not None and held.name == a.owner and held.url == "http://127.0.0.1:1" and held.expires_in > 0
    assert a.renew(["t1"]) == {"t1"}
    time.sleep(0.5)  # a is "dead": no renewal for longer than the lease
    assert b.claim("t1") is None  # b takes it over
    assert a.renew(["t1"]) == set()  # a learns at its next renewal that it lost it
    assert a.claim("t1") is not None  # and cannot take it back while b's lease runs


def test_a_table_id_that_names_no_table_is_no_table_not_a_database_error(pg: tuple[Store, Store]) -> None:
    a = Leases(pg[0].engine, "p1", "http://x:1")
    assert a.claim("nosuchtable") is NO_TABLE
    assert a.owner_of("nosuchtable") is None


def test_a_process_restarted_under_the_same_name_is_another_owner() -> None:
    """A process that died and came back as ``p1`` must not take its predecessor's leases
    for its own (a predecessor cut off from the network may still be writing)."""
    assert owner_name("p1") != owner_name("p1")
    assert owner_name("p1").startswith("p1#")


def test_a_write_of_a_process_that_lost_the_lease_is_refused_and_nothing_is_stored(pg: tuple[Store, Store]) -> None:
    a_store, b_store = pg
    _table(a_store, "t1")
    _table(a_store, "t2")
    a = Leases(a_store.engine, "p1", "http://x:1", seconds=0.3)
    b = Leases(b_store.engine, "p2", "http://x:2", seconds=30)
    _fenced(a_store, a)
    assert a.claim("t1") is None and a.claim("t2") is None
    a_store.append("t1", 1, "chat", 0, {"text": "mine"})  # held: stored
    time.sleep(0.5)
    assert b.claim("t1") is None  # b took t1; a still holds t2 (expired, nobody took it)
    outcomes = a_store.append_many([("t1", 2, "chat", 0, {"text": "too late"}, None),
                                    ("t2", 1, "chat", 0, {"text": "still mine"}, None)])
    assert isinstance(outcomes[0], LeaseLost) and outcomes[1] is None
    assert a_store.count_events("t1") == 2 and a_store.count_events("t2") == 2
    # Positive control: without the fence the same write goes in.
    a_store.fence = None
    a_store.append("t1", 2, "chat", 0, {"text": "unfenced"})
    assert a_store.count_events("t1") == 3


def test_a_takeover_waits_for_a_write_under_way_and_then_sees_it(pg: tuple[Store, Store]) -> None:
    """The old owner's write holds its lease row FOR SHARE until it commits: the new
    owner's claim waits, then its replay of the log has the event."""
    a_store, b_store = pg
    _table(a_store, "t1")
    a = Leases(a_store.engine, "p1", "http://x:1", seconds=0.3)
    b = Leases(b_store.engine, "p2", "http://x:2", seconds=30)
    assert a.claim("t1") is None
    time.sleep(0.5)  # expired, but nobody took it: a may still write
    claimed = threading.Event()
    with a_store.engine.begin() as connection:
        assert a.held_in(connection, ["t1"]) == {"t1"}

        def take() -> None:
            b.claim("t1")
            claimed.set()

        thread = threading.Thread(target=take)
        thread.start()
        assert not claimed.wait(0.5)  # blocked by a's write under way
        connection.execute(text("INSERT INTO euchre_event (table_id, seq, kind, seat, data, created_at) "
                                "VALUES ('t1', 1, 'chat', 0, '{\"text\": \"in flight\"}', 0)"))
    assert claimed.wait(5)
    thread.join()
    assert b.owner_of("t1") is not None and b.owner_of("t1").name == b.owner  # type: ignore[union-attr]
    found = b_store.load("t1")
    assert found is not None and [e.data for e in found[1]][-1] == {"text": "in flight"}


def test_a_graceful_stop_hands_its_tables_over_and_an_idle_unload_does_not(pg: tuple[Store, Store]) -> None:
    a_store, b_store = pg
    for t in ("t1", "t2", "t3"):
        _table(a_store, t)
    a = Leases(a_store.engine, "p1", "http://x:1", seconds=30)
    b = Leases(b_store.engine, "p2", "http://x:2", seconds=30)
    for t in ("t1", "t2", "t3"):
        assert a.claim(t) is None
    a.release(["t3"])  # unloaded for idleness: the row goes, nobody adopts it
    assert b.adopt() == []  # a's live leases are not orphans
    a.release(hand_over=True)  # a stops: t1 and t2 are b's at once
    assert sorted(b.adopt()) == ["t1", "t2"]
    assert b.renew(["t1", "t2"]) == {"t1", "t2"} and a.renew(["t1", "t2"]) == set()
    assert b.owner_of("t3") is None


def test_orphans_are_shared_between_processes_that_look_at_once(pg: tuple[Store, Store]) -> None:
    """Two processes adopting at the same moment never take the same table (SKIP LOCKED)."""
    a_store, b_store = pg
    ids = [f"t{i}" for i in range(40)]
    for t in ids:
        _table(a_store, t)
    dead = Leases(a_store.engine, "dead", "http://x:0", seconds=30)
    for t in ids:
        assert dead.claim(t) is None
    dead.release(hand_over=True)
    b = Leases(a_store.engine, "p1", "http://x:1")
    c = Leases(b_store.engine, "p2", "http://x:2")
    got: dict[str, list[str]] = {}
    threads = [threading.Thread(target=lambda who=who: got.__setitem__(who.owner, who.adopt(limit=40))) for who in (b, c)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    taken = got[b.owner] + got[c.owner]
    assert sorted(taken) == sorted(ids) and len(set(taken)) == len(ids)


def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.sqlite3")
    first = SoleServer(db)
    first.open()
    try:
        with pytest.raises(StorageError, match="served by one process; to run several, use PostgreSQL"):
            SoleServer(db).open()
    finally:
        first.close()
    again = SoleServer(db)  # positive control: free once the first has stopped
    again.open()
    again.close()


def test_regression_a_commit_whose_answer_was_lost_left_the_table_stuck(tmp_path: Path) -> None:
    """The database stores an event but its answer is lost (it went away at that
    moment): the table did not apply it, and every later write at that seq was refused
    by the key, a storage_error for ever. Now the table is read again from its log: the
    player is told to reconnect, and finds the stored event applied."""
    from starlette.websockets import WebSocketDisconnect

    from test_server import Peer, create, live, running

    db = tmp_path / "tables.sqlite3"
    with running(db, bot_delay=0.0) as client:
        made = create(client, bots="beginner")
        north = Peer(client, made["seats"]["N"])
        north.send(type="start", id="go")
        # North's first turn (the first state of the game may be it already: N may be eldest)
        state = north.until(lambda m: m["type"] == "state" and m["status"] == "playing"
                            and bool((m["game"] or {}).get("legal")))
        table = live(client, made["table"])
        seq = state["seq"]
        legal = [a["action"] for a in state["game"]["legal"]]
        # The "lost answer": the event is in the log, the table in memory never applied it.
        table.store.append(table.id, seq, "action", 0, {"action": legal[0], "by": "human"})
        north.send(type="action", action=legal[-1], seq=seq, id=1)
        refused = north.until(lambda m: m["type"] == "error")
        assert refused["code"] == "moved"
        with pytest.raises(WebSocketDisconnect) as closed:
            north.until(lambda m: False)
        assert closed.value.code == 1012
        again = Peer(client, made["seats"]["N"])
        assert again.state is not None and again.state["seq"] >= seq + 1  # the stored event applied
        assert live(client, made["table"]) is not table  # read again from the log
        found = table.store.load(table.id)
        assert found is not None and found[1][seq].data["action"] == legal[0]
        again.close()

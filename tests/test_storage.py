"""The server's storage on SQLite and on a real PostgreSQL server.

Every test taking ``db_url`` runs twice: on a fresh SQLite file, and on a fresh
PostgreSQL database created for the test (a unique name, so that ``pytest -n 2`` is
safe) on the server named by ``EUCHRE_TEST_POSTGRES_URL`` and dropped afterwards.
Without that variable the PostgreSQL cases skip, or fail when
``EUCHRE_REQUIRE_SYSTEM_TESTS=1`` (as in CI, where ``.ci/run`` starts the server).

The expected values come from the inputs: a game replayed from storage is compared with
the same game played directly on the core (``Game(rules, seed)`` and the same actions),
token hashes with ``hashlib``, chat with the text sent.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, MetaData, create_engine, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from euchre.core.game import Game
from euchre.core.presets import preset
from euchre.records import dumps, loads
from euchre.server import ServerConfig
from euchre.server.cluster import SoleServer
from euchre.server.config import sqlite_url
from euchre.server.storage import EventRow, StorageError, Store, TableRow
from euchre.server.table import LiveTable
from euchre.storage import sql as sqldb
from euchre.storage.sql import MIGRATIONS
from test_server import SEATS, Peer, create, legal_actions, live, running

POSTGRES_ENV = "EUCHRE_TEST_POSTGRES_URL"
REQUIRE_ENV = "EUCHRE_REQUIRE_SYSTEM_TESTS"
HOW_TO_RUN = (f"set {POSTGRES_ENV}=postgresql+psycopg://USER@HOST:PORT/postgres (a server on which USER may "
              "create databases; .ci/run starts one on 127.0.0.1:55432)")
SCHEMA = {"euchre_table", "euchre_token", "euchre_event", "alembic_version",
          "euchre_competition", "euchre_competition_entry",  # the events of euchre.events.store (0002)
          "euchre_competition_web", "euchre_competition_table", "euchre_account", "euchre_session",  # 0003
          "euchre_seat_account", "euchre_finished_game", "euchre_game_seat", "euchre_rating",
          "euchre_lease", "euchre_limit", "euchre_cluster",  # 0005: the processes of one database
          "euchre_stats_game"}  # 0006: the player's statistics (euchre.storage.stats)


# ---------------------------------------------------------------------- the databases
def _missing(reason: str) -> None:
    """Skip a PostgreSQL case, or fail it when the system tests are required."""
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{reason}; {REQUIRE_ENV}=1 does not allow skipping the PostgreSQL storage tests: {HOW_TO_RUN}",
                    pytrace=False)
    pytest.skip(f"{reason}: to run the PostgreSQL storage tests, {HOW_TO_RUN}")


def _admin_engine() -> Engine:
    """An autocommit engine on the PostgreSQL server of ``EUCHRE_TEST_POSTGRES_URL``
    (skips or fails the test when there is none)."""
    url = os.environ.get(POSTGRES_ENV, "")
    if not url:
        _missing(f"{POSTGRES_ENV} is not set")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing("the PostgreSQL driver psycopg is not installed (pip install 'psycopg[binary]')")
    return create_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)


def _drop(admin: Engine, name: str) -> None:
    with admin.connect() as c:
        c.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE datname = :name AND pid <> pg_backend_pid()"), {"name": name})
        c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))


@contextmanager
def postgres_database() -> Iterator[tuple[str, Engine, str]]:
    """A new, empty PostgreSQL database: ``(its URL, an admin engine, its name)``; dropped
    at the end (with any connection still open to it)."""
    admin = _admin_engine()
    name = f"euchre_test_{uuid.uuid4().hex}"
    problem = None
    try:
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        problem = sqldb.reason(exc)
    if problem is not None:
        pytest.fail(f"cannot create a test database on {sqldb.shown_url(str(admin.url))} ({POSTGRES_ENV}): {problem}",
                    pytrace=False)
    try:
        yield make_url(os.environ[POSTGRES_ENV]).set(database=name).render_as_string(hide_password=False), admin, name
    finally:
        _drop(admin, name)
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of a fresh, empty database of each kind."""
    if request.param == "sqlite":
        yield sqlite_url(tmp_path / "storage.sqlite3")
        return
    with postgres_database() as (url, _admin, _name):
        yield url


@pytest.fixture
def postgres() -> Iterator[tuple[str, Engine, str]]:
    """A fresh PostgreSQL database only: ``(URL, admin engine, database name)``."""
    with postgres_database() as made:
        yield made


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """A migrated Store on a fresh database."""
    s = Store(db_url)
    s.migrate()
    yield s
    s.close()


def _table_row(table_id: str = "t1", *, rules_name: str = "modern-standard", seed: int = 7,
               bot_level: str = "random") -> TableRow:
    return TableRow(id=table_id, created_at=1_700_000_000.25, preset=rules_name,
                    rules=preset(rules_name).to_dict(), bot_level=bot_level, seed=seed, status="lobby")


def _sha256(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _all_stored_text(url: str) -> str:
    """Every value of every row of every table in the database, as text."""
    engine = create_engine(url, poolclass=NullPool)
    meta = MetaData()
    meta.reflect(engine)
    parts: list[str] = []
    with engine.connect() as c:
        for table in meta.sorted_tables:
            for row in c.execute(select(table)):
                parts.extend(str(v) for v in row)
    engine.dispose()
    return "\n".join(parts)


# ---------------------------------------------------------------------- migrations
def test_migrations_create_the_schema_on_an_empty_database_and_a_second_run_changes_nothing(db_url: str) -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    names = sorted(p.stem.split("_")[0] for p in (MIGRATIONS / "versions").glob("[0-9]*.py"))
    assert head == names[-1]  # the newest file is the head

    s = Store(db_url)
    assert inspect(s.engine).get_table_names() == []  # really empty
    s.migrate()
    found = inspect(s.engine)
    assert set(found.get_table_names()) == SCHEMA
    assert found.get_pk_constraint("euchre_event")["constrained_columns"] == ["table_id", "seq"]
    assert found.get_pk_constraint("euchre_token")["constrained_columns"] == ["token_hash"]
    assert {fk["referred_table"] for fk in found.get_foreign_keys("euchre_event")} == {"euchre_table"}
    s.create_table(_table_row(), [(_sha256("a"), 0)])
    s.append("t1", 0, "claim", 0, {})
    s.close()

    again = Store(db_url)  # a second server start: nothing to do, nothing lost
    again.migrate()
    again.migrate()
    assert set(inspect(again.engine).get_table_names()) == SCHEMA
    with again.engine.connect() as c:
        assert c.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [head]
    assert again.count_events("t1") == 1 and again.find_token(_sha256("a")) == ("t1", 0)
    again.close()


def test_migration_0004_keeps_an_event_made_before_it_with_the_settings_its_tables_had(db_url: str) -> None:
    """An event created at revision 0003 (no organiser's hints or timer) comes through
    the upgrade with both null, read as what its online tables had then: hints on, no
    timer (``TableSettings.stored``)."""
    from alembic import command
    from alembic.config import Config

    from euchre.server.event_request import TableSettings
    from euchre.storage.tables import competition_web_table

    engine = create_engine(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as connection, connection.begin():
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "0003")
        assert "hints" not in {c["name"] for c in inspect(connection).get_columns("euchre_competition_web")}
        connection.execute(text("INSERT INTO euchre_competition (name, created_at, format, spec, status) "
                                "VALUES ('old', 1.0, 'progressive', '{}', 'open')"))
        connection.execute(text("INSERT INTO euchre_competition_web (competition, organiser_hash, public_hash, "
                                "minutes, created_at) VALUES ('old', 'o', 'p', NULL, 2.0)"))
        # two of its online tables as 0003's code opened them: one in play, one over
        for table_id, status, key in (("Tplay", "playing", "1.1"), ("Tover", "over", "1.2")):
            values = {"id": table_id, "status": status, "key": key,
                      "data": '{"hints":true,"host":null,"seeded":false,"timer":0}'}
            connection.execute(text("INSERT INTO euchre_table (id, created_at, preset, rules, bot_level, seed, status) "
                                    "VALUES (:id, 3.0, 'modern-standard', '{}', 'intermediate', 7, :status)"), values)
            connection.execute(text("INSERT INTO euchre_event (table_id, seq, kind, seat, data, created_at) "
                                    "VALUES (:id, 0, 'settings', NULL, :data, 3.0)"), values)
            connection.execute(text("INSERT INTO euchre_competition_table (competition, key, table_id, seats, "
                                    "created_at, collected_at) VALUES ('old', :key, :id, '[1,2,3,4]', 3.0, NULL)"),
                               values)
    engine.dispose()
    s = Store(db_url)
    s.migrate()
    with s.engine.connect() as connection:
        row = connection.execute(select(competition_web_table.c.hints, competition_web_table.c.timer,
                                        competition_web_table.c.organiser_hash)).one()
    playing, over = s.load("Tplay"), s.load("Tover")
    s.close()
    assert tuple(row) == (None, None, "o")
    # Regression (a hostile tester): the table in play was left without the organiser's mark, so
    # anyone seated there could still change its hints and timer after the upgrade.
    assert playing is not None and over is not None
    assert [(e.seq, e.kind, e.seat, e.data) for e in playing[1]][1:] == [(1, "settings", None, {"organised": True})]
    assert len(over[1]) == 1  # a finished table's log is left as it was
    assert TableSettings.stored(row[0], row[1]) == TableSettings(hints=True, timer=0)
    assert TableSettings.stored(0, 30) == TableSettings(hints=False, timer=30)


# ---------------------------------------------------------------------- writing and reading
def test_a_table_its_tokens_and_its_log_are_stored_and_read_back_exactly(store: Store) -> None:
    row = TableRow(id="Tb_-9x", created_at=1_796_026_288.274_171_3, preset=None,
                   rules=preset("british-benny").replace(game_target=7).to_dict(), bot_level="expert",
                   seed=2**62 - 1, status="lobby")  # the largest seed a table may have
    tokens = {f"token-{s}": s for s in range(4)} | {"spectator-token": None}
    store.create_table(row, [(_sha256(t), seat) for t, seat in tokens.items()])
    for token, seat in tokens.items():
        assert store.find_token(_sha256(token)) == (row.id, seat)
    assert store.find_token(_sha256("no such token")) is None

    # More than ten events, written out of order: they come back in numeric seq order.
    texts = {seq: f"line {seq}: é ♥ 😀 \"quoted\" back\\slash nul\x00 tab\t" for seq in range(13)}
    order = list(texts)
    random.Random(5).shuffle(order)
    for seq in order:
        store.append(row.id, seq, "chat", None if seq % 5 == 0 else seq % 4, {"text": texts[seq]},
                     created_at=1_796_026_300.0 + seq / 7)
    loaded = store.load(row.id)
    assert loaded is not None
    back, events = loaded
    assert back == row
    assert events == [EventRow(seq=seq, kind="chat", seat=None if seq % 5 == 0 else seq % 4,
                               data={"text": texts[seq]}, created_at=1_796_026_300.0 + seq / 7) for seq in range(13)]
    assert store.count_events(row.id) == 13
    assert store.load("no-such-table") is None and store.count_events("no-such-table") == 0
    store.set_status(row.id, "over")
    again = store.load(row.id)
    assert again is not None and again[0].status == "over"


def test_a_table_creation_that_fails_stores_nothing(store: Store) -> None:
    store.create_table(_table_row("first"), [(_sha256("taken"), 0)])
    with pytest.raises(StorageError):  # the last token's hash is taken: the whole table is refused
        store.create_table(_table_row("second"), [(_sha256("fresh"), 0), (_sha256("taken"), 1)])
    assert store.load("second") is None
    assert store.find_token(_sha256("fresh")) is None
    assert store.find_token(_sha256("taken")) == ("first", 0)


def test_an_event_of_no_table_or_at_a_taken_place_is_refused(store: Store) -> None:
    store.create_table(_table_row(), [])
    store.append("t1", 0, "claim", 0, {})
    with pytest.raises(StorageError):
        store.append("t1", 0, "chat", None, {"text": "sneaky"})
    with pytest.raises(StorageError):
        store.append("no-such-table", 0, "chat", None, {"text": "orphan"})
    loaded = store.load("t1")
    assert loaded is not None and [(e.seq, e.kind) for e in loaded[1]] == [(0, "claim")]
    assert store.load("no-such-table") is None


def test_an_event_whose_data_is_not_json_fails_alone_in_its_batch(store: Store) -> None:
    store.create_table(_table_row(), [])
    store.create_table(_table_row("t2"), [])
    outcomes = store.append_many([("t1", 0, "chat", None, {"text": "hello"}, None),
                                  ("t2", 0, "chat", None, {"text": {1, 2}}, None),  # a set: not JSON
                                  ("t2", 1, "chat", None, {"text": "caf\u00e9 \u2665"}, None)])
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], StorageError) and "event 0 of table t2" in str(outcomes[1])
    t1, t2 = store.load("t1"), store.load("t2")
    assert t1 is not None and [(e.seq, e.data) for e in t1[1]] == [(0, {"text": "hello"})]
    assert t2 is not None and [(e.seq, e.data) for e in t2[1]] == [(1, {"text": "caf\u00e9 \u2665"})]


def test_two_writers_of_the_same_seq_at_the_same_moment_one_wins(db_url: str) -> None:
    """Two stores (two engines, as two server processes would have) race for each
    place of the log: exactly one write succeeds, and the log holds the winner's."""
    first, second = Store(db_url), Store(db_url)
    first.migrate()
    first.create_table(_table_row(), [])
    rounds = 12
    for seq in range(rounds):
        barrier = threading.Barrier(2)
        outcome: dict[str, bool] = {}

        def write(name: str, s: Store, seq: int = seq, barrier: threading.Barrier = barrier,
                  outcome: dict[str, bool] = outcome) -> None:
            barrier.wait()
            try:
                s.append("t1", seq, "chat", None, {"text": name})
                outcome[name] = True
            except StorageError:
                outcome[name] = False

        threads = [threading.Thread(target=write, args=(n, s)) for n, s in (("first", first), ("second", second))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert sorted(outcome.values()) == [False, True], outcome
        winner = next(n for n, ok in outcome.items() if ok)
        loaded = second.load("t1")
        assert loaded is not None and loaded[1][seq].data == {"text": winner}
    assert first.count_events("t1") == rounds
    first.close()
    second.close()


def test_events_appended_at_once_from_many_threads_are_each_committed_and_a_refused_one_fails_alone(
        store: Store) -> None:
    """Appends that arrive together are committed together (group commit); each call
    returns only once its event is stored, and an event at a taken place fails alone."""
    tables = [f"t{i}" for i in range(8)]
    for t in tables:
        store.create_table(_table_row(t), [])
        store.append(t, 0, "claim", 0, {})  # seq 0 of every table is taken
    # Per table: seq 1..5 once each, and seq 0 again (refused).
    writes = [(t, seq) for t in tables for seq in range(6)]
    random.Random(2).shuffle(writes)
    barrier = threading.Barrier(len(writes))
    refused: list[tuple[str, int]] = []
    seen_after: dict[tuple[str, int], bool] = {}

    def write(table_id: str, seq: int) -> None:
        barrier.wait()
        try:
            store.append(table_id, seq, "chat", None, {"text": f"{table_id}/{seq}"})
        except StorageError:
            refused.append((table_id, seq))
            return
        loaded = store.load(table_id)  # stored by the time append returned
        seen_after[table_id, seq] = loaded is not None and any(e.seq == seq for e in loaded[1])

    threads = [threading.Thread(target=write, args=w) for w in writes]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(refused) == sorted((t, 0) for t in tables)
    assert len(seen_after) == len(tables) * 5 and all(seen_after.values())
    for t in tables:
        loaded = store.load(t)
        assert loaded is not None
        assert [(e.seq, e.kind, e.data) for e in loaded[1]] == [(0, "claim", {})] + [
            (seq, "chat", {"text": f"{t}/{seq}"}) for seq in range(1, 6)]


# ---------------------------------------------------------------------- replay
def _play_on_the_core(rules_name: str, seed: int, actions: int | None) -> tuple[Game, list[tuple[int, str]]]:
    """A game played directly on the core with random legal actions: the game and its
    ``(seat, action text)`` list (``actions`` of them, or to the end)."""
    game = Game(preset(rules_name), seed)
    rng = random.Random(seed)
    played: list[tuple[int, str]] = []
    while not game.is_over and (actions is None or len(played) < actions):
        seat = game.turn
        action = str(rng.choice(game.legal_actions()))
        game.apply(action)
        played.append((seat, action))
    return game, played


@pytest.mark.parametrize(("rules_name", "seed", "actions"),
                         [("modern-standard", 3, 0), ("modern-standard", 3, 47), ("british-benny", 12, None)])
def test_a_table_loaded_from_storage_has_the_same_hand_score_and_turn(
        db_url: str, store: Store, rules_name: str, seed: int, actions: int | None) -> None:
    reference, played = _play_on_the_core(rules_name, seed, actions)
    row = _table_row(rules_name=rules_name, seed=seed)
    store.create_table(row, [])
    log: list[tuple[str, int | None, dict[str, Any]]] = [
        ("claim", 0, {}), ("claim", 2, {}), ("name", 2, {"name": "Zoë"}), ("start", None, {"by": "N"})]
    log += [("action", seat, {"action": action, "by": "human" if seat in (0, 2) else "bot"}) for seat, action in played]
    for seq, (kind, seat, data) in enumerate(log):
        store.append(row.id, seq, kind, seat, data)

    loaded = store.load(row.id)
    assert loaded is not None
    table = LiveTable.restore(*loaded, store, ServerConfig(db_url=db_url))
    assert table.seq == len(log)
    assert table.kinds == ["human", "bot", "human", "bot"] and table.names == [None, None, "Zoë", None]
    game = table.game
    assert game is not None
    assert game.score == reference.score
    assert [list(h.history) for h in game.finished_hands] == [list(h.history) for h in reference.finished_hands]
    assert list(game.hand.history) == list(reference.hand.history)
    assert game.hand.dealer == reference.hand.dealer
    assert game.is_over == reference.is_over
    if reference.is_over:
        assert table.status == "over" and game.result == reference.result
        assert table.record_json() == dumps(reference, table.players())
    else:
        assert table.status == "playing" and game.turn == reference.turn
        assert [str(a) for a in game.legal_actions()] == [str(a) for a in reference.legal_actions()]


# ---------------------------------------------------------------------- through the server
def test_tokens_are_stored_only_as_hashes(db_url: str) -> None:
    with running(db_url) as client:
        made = create(client)
        Peer(client, made["seats"]["E"])  # opening a seat stores an event, not the token
    tokens = {made["seats"][s]: SEATS.index(s) for s in SEATS} | {made["spectator"]: None}
    stored = _all_stored_text(db_url)
    for token in tokens:
        assert token not in stored
    check = Store(db_url)
    with check.engine.connect() as c:
        rows = c.execute(text("SELECT token_hash, table_id, seat FROM euchre_token")).all()
    check.close()
    assert {(h, t, s) for h, t, s in rows} == {(_sha256(tok), made["table"], seat) for tok, seat in tokens.items()}
    if db_url.startswith("sqlite"):  # not in the file's bytes either (free pages, journal)
        path = Path(make_url(db_url).database or "")
        raw = b"".join(p.read_bytes() for p in path.parent.glob(path.name + "*"))
        for token in tokens:
            assert token.encode() not in raw


def test_chat_is_stored_within_its_limit_and_comes_back_after_a_restart(db_url: str) -> None:
    limit, history = 12, 3
    longest = "é ♥😀" * 3  # 12 characters, 27 bytes of UTF-8
    assert len(longest) == limit
    lines = [longest, "two", "three", "four"]
    with running(db_url, chat_max_chars=limit, chat_history=history) as client:
        made = create(client)
        north = Peer(client, made["seats"]["N"])
        store = client.app.state.store  # type: ignore[attr-defined]
        before = store.count_events(made["table"])
        north.send(type="chat", text=longest + "x", id="long")
        refused = north.until(lambda m: m["type"] == "error")
        assert refused["code"] == "bad_chat" and refused["id"] == "long"
        assert store.count_events(made["table"]) == before  # nothing stored
        for i, line in enumerate(lines):
            north.send(type="chat", text=line, id=i)
            assert north.until_type("ack")["id"] == i
        _, events = store.load(made["table"])
        assert [e.data["text"] for e in events if e.kind == "chat"] == lines  # the log keeps every line
        assert all(e.seat == 0 for e in events if e.kind == "chat")
    with running(db_url, chat_max_chars=limit, chat_history=history) as client:
        back = Peer(client, made["seats"]["N"])
        assert [line["text"] for line in back.history["lines"]] == lines[-history:]
        assert [line["seat"] for line in back.history["lines"]] == ["N"] * history


def test_a_game_played_to_the_end_by_bots_loads_back_with_the_same_record(db_url: str) -> None:
    """One person opens North, starts and leaves; with no grace period bots play every
    seat to the end. A new server on the same database gives the same JSON record."""
    with running(db_url, grace_seconds=0.0) as client:
        made = create(client, seed=17, bots="beginner", target=5)
        north = Peer(client, made["seats"]["N"])
        north.send(type="start")
        north.until(lambda m: m["type"] == "state" and m["status"] == "playing")
        north.close()
        table = live(client, made["table"])
        deadline = time.monotonic() + 120
        while table.status != "over":
            assert time.monotonic() < deadline, "the bots did not finish the game"
            time.sleep(0.02)
        record = table.record_json()
        assert client.get(f"/api/tables/{made['table']}/record.json").text == record
        store = client.app.state.store  # type: ignore[attr-defined]
        _, events = store.load(made["table"])
        assert [e.seq for e in events] == list(range(table.seq))
        actions = [e for e in events if e.kind == "action"]
        assert {e.data["by"] for e in actions if e.seat == 0} == {"stand-in"}
        assert {e.data["by"] for e in actions if e.seat != 0} == {"bot"}
    # The same game on the core, from the stored actions, ends the same way.
    reference = Game(preset("modern-standard").replace(game_target=5), 17)
    for e in actions:
        assert reference.turn == e.seat
        reference.apply(str(e.data["action"]))
    assert reference.is_over
    replayed, names = loads(record)
    assert replayed.result == reference.result and replayed.score == reference.score
    assert json.loads(record) == json.loads(dumps(reference, names))
    with running(db_url) as client:  # a new server process would load it the same way
        assert client.get(f"/api/tables/{made['table']}/record.json").text == record
        state = Peer(client, made["spectator"]).state
        assert state is not None and state["status"] == "over" and legal_actions(state) == []


# ---------------------------------------------------------------------- unreachable databases
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


@contextmanager
def _silent_server() -> Iterator[int]:
    """A TCP port that accepts connections and never answers (a hung database host)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        stop.set()
        thread.join(5)
        for c in accepted:
            c.close()
        listener.close()


def _serve_error(url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    """``euchre serve --db URL``'s error output; the server must not start."""
    import uvicorn

    from euchre.cli.main import main

    monkeypatch.setattr(uvicorn.Server, "run", lambda *_a, **_k: pytest.fail("the server started"))
    monkeypatch.setattr(uvicorn, "run", lambda *_a, **_k: pytest.fail("the server started"))
    capsys.readouterr()
    assert main(["serve", "--db", url]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    assert captured.err.count("\n") == 1 and captured.err.startswith("euchre serve: error: ")
    return captured.err


@pytest.mark.parametrize("kind", ["sqlite-no-directory", "postgresql-closed-port", "postgresql-no-database"])
def test_an_unreachable_database_is_a_one_line_error(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    if kind == "sqlite-no-directory":
        url = sqlite_url(tmp_path / "no" / "such" / "dir" / "t.sqlite3")
        why = "unable to open database file"
    elif kind == "postgresql-closed-port":
        url = f"postgresql+psycopg://euchre:s3cret-pw@127.0.0.1:{_free_port()}/postgres"
        why = "Connection refused"
    else:
        url = make_url(str(_admin_engine().url)).set(database="euchre_no_such_database").render_as_string(
            hide_password=False)
        why = 'database "euchre_no_such_database" does not exist'
    err = _serve_error(url, monkeypatch, capsys)
    assert "cannot connect to the database" in err and why in err
    assert "s3cret-pw" not in err  # the password is not shown
    with pytest.raises(StorageError) as caught:
        Store(url).migrate()
    assert why in str(caught.value) and "\n" not in str(caught.value)


def test_regression_a_database_host_that_never_answers_hung_the_server_start(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """libpq waits forever for a server that accepts the connection and never answers;
    the store now gives up after ``CONNECT_TIMEOUT`` seconds with a clear error."""
    pytest.importorskip("psycopg")
    monkeypatch.setattr(sqldb, "CONNECT_TIMEOUT", 2.0)
    with _silent_server() as port:
        started = time.monotonic()
        err = _serve_error(f"postgresql+psycopg://euchre@127.0.0.1:{port}/postgres", monkeypatch, capsys)
        assert time.monotonic() - started < 30
    assert "cannot connect to the database" in err and "timeout" in err


def test_regression_an_in_memory_sqlite_database_was_empty_in_every_other_thread(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``sqlite://`` gave each thread its own empty database: the schema migrated in
    one thread was missing in the worker threads, so every table creation failed."""
    for url in ("sqlite://", "sqlite:///:memory:"):
        with pytest.raises(StorageError, match="in-memory"):
            Store(url)
        assert "in-memory SQLite database" in _serve_error(url, monkeypatch, capsys)
    with pytest.raises(StorageError, match="nosuchdialect"):
        Store("nosuchdialect://x")


def test_regression_serving_an_in_memory_database_left_a_lock_file_in_the_working_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``euchre serve --db sqlite:///:memory:`` took the one-process lock beside a file
    named ``:memory:`` (creating ``:memory:.serve-lock`` in the working folder) before
    the storage refused the in-memory database. Every in-memory spelling, SQLite's URI
    forms too, is now refused with nothing written; a file database still gets its lock
    (the control)."""
    monkeypatch.chdir(tmp_path)
    for url in ("sqlite://", "sqlite:///:memory:", "sqlite:///file::memory:?cache=shared&uri=true",
                "sqlite:///file:games?mode=memory&uri=true"):
        with pytest.raises(StorageError, match="in-memory"):
            Store(url)
        assert "in-memory SQLite database" in _serve_error(url, monkeypatch, capsys)
        assert sorted(p.name for p in tmp_path.iterdir()) == [], url
    sole = SoleServer(str(tmp_path / "games.sqlite3"))
    sole.open()
    assert (tmp_path / "games.sqlite3.serve-lock").exists()
    sole.close()


def test_regression_pooled_connections_failed_once_after_a_database_restart(
        postgres: tuple[str, Engine, str]) -> None:
    """A connection the server closed (a restart, an administrator) stayed in the pool
    and failed the next write; now it is checked and replaced before use."""
    url, admin, name = postgres
    s = Store(url)
    s.migrate()
    s.create_table(_table_row(), [])
    s.append("t1", 0, "claim", 0, {})
    with admin.connect() as c:
        ended = c.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n"),
                          {"n": name}).scalars().all()
    assert ended and all(ended)
    s.append("t1", 1, "claim", 1, {})  # failed with AdminShutdown before the fix
    assert s.count_events("t1") == 2
    s.close()


def test_a_database_outage_while_playing_refuses_moves_and_play_resumes_after_it(
        postgres: tuple[str, Engine, str]) -> None:
    """PostgreSQL stops taking connections in the middle of a game: a move is answered
    ``storage_error`` and changes nothing, a join is ``unavailable``; once the database
    is back the same move is accepted."""
    url, admin, name = postgres
    with running(url) as client:
        made = create(client, seed=4)
        other = create(client, seed=5)
        peers = {s: Peer(client, made["seats"][s]) for s in SEATS}
        peers["N"].send(type="start")
        for p in peers.values():
            p.until(lambda m: m["type"] == "state" and m["status"] == "playing")
        table = live(client, made["table"])
        game = table.game
        assert game is not None
        actor = peers[SEATS[game.turn]]
        assert actor.state is not None
        move, seq, history = legal_actions(actor.state)[0], table.seq, list(game.hand.history)
        with admin.connect() as c:
            c.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'))
            c.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n"), {"n": name})
        try:
            actor.send(type="action", action=move, seq=seq, id="down")
            reply = actor.until(lambda m: m["type"] in ("ack", "error"))
            assert reply["code"] == "storage_error" and reply["id"] == "down"
            assert table.seq == seq and list(game.hand.history) == history
            late = Peer(client, None)
            late.send(type="join", token=other["seats"]["S"])
            unavailable = late.recv()
            assert unavailable["code"] == "unavailable"
            assert "\n" not in unavailable["message"] and "SELECT" not in unavailable["message"]
        finally:
            with admin.connect() as c:
                c.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
        actor.send(type="action", action=move, seq=seq, id="up")
        assert actor.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "id": "up", "seq": seq + 1}
        assert client.app.state.store.count_events(made["table"]) == seq + 1  # type: ignore[attr-defined]

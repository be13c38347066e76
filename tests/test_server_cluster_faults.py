"""Regression tests of the faults a hostile tester found in the many-process server
(issue 36), each named after its fault. The cases that need processes run on
PostgreSQL (``EUCHRE_TEST_POSTGRES_URL``) behind the cluster harness; the others on
SQLite or no database at all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

from _cluster import cluster, haproxy_binary, post_json
from _server_process import free_port
from euchre.cli.serve import process_names, trusted_proxies
from euchre.core.errors import EuchreError
from euchre.server.cluster import SoleServer, shows_secret
from euchre.server.config import ServerConfig, is_site_address
from euchre.server.storage import StorageError, told
from test_server import Peer, create, live, running
from test_storage import postgres_database


@pytest.mark.parametrize("url", ["http://127.0.0.1:99999", "http://x:0", "http://[::1", "http://a:b:c", "http://...",
                                 "http://-", "http://" + "a" * 300, "http://u@h:1", "http://", "garbage",
                                 "http://h/path"])
def test_regression_an_advertise_url_no_process_can_have_was_accepted(url: str) -> None:
    assert not is_site_address(url)
    with pytest.raises(EuchreError, match="advertise_url must be an http"):
        ServerConfig(db_url="sqlite:///x.db", advertise_url=url)


@pytest.mark.parametrize("url", ["http://server2:8000", "https://euchre.example.org", "http://[::1]:8000",
                                 "http://10.0.0.2:8000/"])
def test_an_advertise_url_of_a_host_and_port_is_accepted(url: str) -> None:
    """The positive control of the test above."""
    assert is_site_address(url)
    assert ServerConfig(db_url="sqlite:///x.db", advertise_url=url).advertise_url == url


def test_regression_an_empty_advertise_url_was_accepted() -> None:
    with pytest.raises(EuchreError, match="--advertise-url must be the address"):
        process_names("127.0.0.1", 8000, None, "   ")
    assert process_names("127.0.0.1", 8000, "", None) == ("127.0.0.1:8000", "http://127.0.0.1:8000")


@pytest.mark.parametrize(("value", "why"), [("*", "not an IP address"), ("localhost", "not an IP address"),
                                            ("haproxy", "not an IP address"), ("", "needs the balancer"),
                                            ("0.0.0.0/0", "every address"), ("::/0", "every address"),
                                            ("10.0.0.2,garbage", "not an IP address")])
def test_regression_a_trusted_proxy_that_trusts_everyone_or_no_one_was_accepted(value: str, why: str) -> None:
    with pytest.raises(EuchreError, match=why):
        trusted_proxies(value)


def test_a_trusted_proxy_address_or_network_is_accepted() -> None:
    assert trusted_proxies("10.0.0.2, 172.28.0.0/16") == "10.0.0.2,172.28.0.0/16"
    assert trusted_proxies(None) is None


@pytest.mark.parametrize("shown", ["é", "秘密", "x" * 500, "", None])
def test_regression_a_non_ascii_cluster_header_raised_a_type_error(shown: str | None) -> None:
    """hmac.compare_digest of str refuses non-ASCII text: a client's header made a 500
    and a traceback per request. Compared as bytes, it is simply not the secret."""
    assert shows_secret(shown, "the-secret") is False
    assert shows_secret("the-secret", "the-secret") is True  # the positive control
    assert shows_secret("the-secret", "") is False  # SQLite: no secret, never a process


def test_regression_a_non_ascii_cluster_header_on_the_websocket_was_a_server_error(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        made = create(client)
        with client.websocket_connect("/ws", headers={"x-euchre-cluster": "é".encode()}) as ws:  # type: ignore[dict-item]
            ws.send_text(json.dumps({"type": "join", "token": made["seats"]["N"]}))
            assert json.loads(ws.receive_text())["type"] == "welcome"
        answer = client.post("/internal/tables/x/start", json={},
                             headers={"x-euchre-cluster": "é".encode()})  # type: ignore[dict-item]
        assert answer.status_code == 403


def test_regression_a_database_error_told_clients_the_database_s_address() -> None:
    reached = OperationalError("connect", {}, Exception('connection to server at "10.1.2.3", port 5432 failed'))
    failure = StorageError('storing event 3 of table t failed: connection to server at "10.1.2.3", port 5432 failed')
    failure.__cause__ = reached
    assert told(failure) == "the database cannot be reached now; try again in a moment"
    other = StorageError("table t: event 4 is missing from the log")  # not the database's: said as it is
    assert told(other) == "table t: event 4 is missing from the log"


def test_regression_a_symbolic_link_to_the_sqlite_file_passed_the_one_process_lock(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    db.touch()
    link = tmp_path / "link.sqlite3"
    link.symlink_to(db)
    first = SoleServer(str(db))
    first.open()
    try:
        with pytest.raises(StorageError, match="served by one process"):
            SoleServer(str(link)).open()
    finally:
        first.close()


def test_regression_a_second_serve_on_an_sqlite_file_migrated_it_before_being_refused(tmp_path: Path) -> None:
    """The refusal comes before the migration: a second process (a newer release started
    by mistake beside the running one) must not change the running one's database."""
    db = tmp_path / "tables.sqlite3"
    holder = SoleServer(str(db))
    holder.open()
    try:
        done = subprocess.run([sys.executable, "-c", "import sys; from euchre.cli.main import main; sys.exit(main())",
                               "serve", "--db", f"sqlite:///{db}", "--port", str(free_port())],
                              capture_output=True, text=True, timeout=60, check=False)
    finally:
        holder.close()
    assert done.returncode == 2 and "served by one process" in done.stderr + done.stdout
    assert not db.exists() or db.stat().st_size == 0  # nothing was migrated into it


def test_regression_reading_a_finished_table_run_nowhere_replayed_its_log_at_every_request(tmp_path: Path) -> None:
    """Records and replays of a table this process does not run were rebuilt from the
    whole log at each request, on the event loop; now the copy is kept while the log
    has not grown."""
    from euchre.server.table import LiveTable

    with running(tmp_path / "t.db") as client:
        made = create(client, target=1, bots="beginner")
        north = Peer(client, made["seats"]["N"])
        north.send(type="start", id="go")
        north.until(lambda m: m["type"] == "state" and m["status"] == "playing")
        table = live(client, made["table"])
        table.kinds[0] = "bot"  # the bots play North too: to the end at once
        table._wake.set()
        north.close()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        deadline = time.monotonic() + 60
        while table.status != "over" and time.monotonic() < deadline:
            time.sleep(0.05)
        assert table.status == "over"
        del hub.tables[made["table"]]  # as at a process that does not run it
        restores = []
        original = LiveTable.restore

        def counted(*args: object, **kwargs: object) -> LiveTable:
            restores.append(1)
            return original(*args, **kwargs)  # type: ignore[arg-type]

        LiveTable.restore = counted  # type: ignore[method-assign]
        try:
            for _ in range(3):
                assert client.get(f"/api/tables/{made['table']}/record.json").status_code == 200
        finally:
            LiveTable.restore = original  # type: ignore[method-assign]
        assert len(restores) == 1


@pytest.fixture
def pg_url() -> object:
    haproxy_binary()
    with postgres_database() as (url, _admin, _name):
        yield url


def test_regression_a_join_the_owner_did_not_answer_ended_as_no_join_and_a_dead_link(pg_url: str,
                                                                                 tmp_path: Path) -> None:
    """A join forwarded to an owner nobody reaches was answered "unavailable", then
    ``join_timeout`` and close 1008 "no join", which the page took for a link that opens
    no table, for good. Now the close is 1013 (try again later) and the page retries."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    with cluster(pg_url, tmp_path, 1) as c:
        p1 = c.processes["p1"]
        status, made = post_json(p1.url + "/api/tables", {"bots": "beginner"})
        assert status == 201
        engine = create_engine(pg_url, poolclass=NullPool)
        with engine.begin() as connection:  # a lease of a process nobody reaches, for a minute
            connection.execute(text(
                "INSERT INTO euchre_lease (table_id, owner, url, epoch, expires_at) VALUES "
                "(:t, 'ghost#00000000', 'http://127.0.0.1:9', 1, extract(epoch from clock_timestamp()) + 60)"),
                {"t": made["table"]})
        engine.dispose()
        with connect(p1.url.replace("http://", "ws://") + "/ws", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "join", "token": made["seats"]["N"]}))
            refused = json.loads(ws.recv(timeout=40))
            assert refused["type"] == "error" and refused["code"] == "unavailable"
            assert "9" not in refused["message"].split("try again")[0][-3:]  # no address given away
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=10)
            assert ws.close_code == 1013


def test_regression_a_process_others_could_not_reach_ran_tables_nobody_could_join(pg_url: str,
                                                                                tmp_path: Path) -> None:
    """``--advertise-url`` pointing nowhere: the process passed /readyz and claimed
    tables that every other process then waited for in vain. Now it says it is not
    ready, claims nothing (a join there is told to come back) and logs why once."""
    port = free_port()
    log_path = tmp_path / "p9.log"
    with log_path.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-c", "import sys; from euchre.cli.main import main; sys.exit(main())",
                                 "serve", "--db", pg_url, "--port", str(port), "--name", "p9",
                                 "--advertise-url", "http://127.0.0.1:1", "--delay", "0"],
                                stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        import urllib.error
        import urllib.request

        deadline = time.monotonic() + 60
        ready = None
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                    pass
            except OSError:
                time.sleep(0.3)
                continue
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5) as answer:
                    ready = answer.status
            except urllib.error.HTTPError as exc:
                ready = exc.code
            break
        assert ready == 503
        status, made = post_json(f"http://127.0.0.1:{port}/api/tables", {"bots": "beginner"})
        assert status == 201
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "join", "token": made["seats"]["N"]}))
            refused = json.loads(ws.recv(timeout=30))
        assert refused["code"] == "unavailable" and "cannot be reached" in refused["message"]
        engine = create_engine(pg_url, poolclass=NullPool)
        with engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM euchre_lease")).scalar_one() == 0  # claimed nothing
        engine.dispose()
        time.sleep(11)
        assert "cannot be reached at its --advertise-url http://127.0.0.1:1" in log_path.read_text()
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_regression_a_database_failure_while_claiming_for_a_forward_crashed_the_session() -> None:
    """``forward.reach`` claims the table when its owner does not answer; a StorageError
    there (the database away, or this process not yet reachable) escaped the join's
    handlers (raised inside its ``except Elsewhere`` block) and ended the connection with
    a traceback. Now it is one more try, and after the deadline the join is told
    ``unavailable`` (None here)."""
    import asyncio

    from euchre.server import forward
    from euchre.server.cluster import Elsewhere, Owner

    class Hub:
        leases_seconds = 0.0  # the deadline: 5 s

        def __init__(self) -> None:
            self.tries = 0

        async def get(self, table_id: str) -> None:
            self.tries += 1
            raise StorageError("the database does not answer")

    hub = Hub()
    reached = asyncio.run(forward.reach(hub, Elsewhere("t", Owner("ghost#0", "", -1.0)), {}))  # type: ignore[arg-type]
    assert reached is None and hub.tries >= 5

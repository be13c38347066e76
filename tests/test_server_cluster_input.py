"""Bad input to a cluster of two ``euchre serve`` processes on one PostgreSQL database
(issue 36, "Faults, tested": a forged forward, a table of another process, a client
bouncing between processes, a stale claim, a forged internal request).

Skipped without ``EUCHRE_TEST_POSTGRES_URL`` or haproxy, as the other cluster tests.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from _cluster import Cluster, cluster, haproxy_binary, lease, post_json
from test_storage import postgres_database


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[Cluster, str]]:
    haproxy_binary()
    with postgres_database() as (url, _admin, _name), cluster(url, tmp_path, 2) as c:
        yield c, url


def _join(url: str, token: str, headers: dict[str, str] | None = None) -> tuple[Any, list[dict[str, Any]]]:
    """A websocket joined to a seat: (the connection, the messages up to the first state)."""
    from websockets.sync.client import connect

    ws = connect(url.replace("http://", "ws://") + "/ws", open_timeout=10,  # closed by the caller
                 additional_headers=headers or {}).__enter__()
    ws.send(json.dumps({"type": "join", "token": token}))
    got: list[dict[str, Any]] = []
    while not got or got[-1]["type"] not in ("state", "error"):
        got.append(json.loads(ws.recv(timeout=20)))
    return ws, got


def _owner(db_url: str, table: str) -> str | None:
    found = lease(db_url, table)
    return None if found is None else found[0]


def test_a_seat_of_a_table_another_process_runs_is_served_through_it_and_bouncing_changes_nothing(
        two: tuple[Cluster, str]) -> None:
    """The table is claimed by p1 (its first join); a client of another seat that joins p2,
    then p1, then p2 ... gets the same state each time: the same table, seq and hand."""
    c, db = two
    p1, p2 = c.processes["p1"], c.processes["p2"]
    status, made = post_json(p2.url + "/api/tables", {"bots": "beginner"})
    assert status == 201
    first, _ = _join(p1.url, made["seats"]["N"])
    assert _owner(db, made["table"]) == "p1"
    seen = []
    for i in range(6):
        ws, got = _join((p2 if i % 2 == 0 else p1).url, made["seats"]["E"])
        state = got[-1]
        assert state["type"] == "state" and state["table"] == made["table"] and state["you"]["seat"] == "E"
        seen.append((state["seq"], state["status"]))
        ws.close()
    assert len(set(seen)) == 1, seen  # nothing changed between the joins
    assert _owner(db, made["table"]) == "p1"  # the bouncing client never moved the table
    first.close()


def test_a_client_showing_a_made_up_cluster_secret_is_forwarded_like_any_other(two: tuple[Cluster, str]) -> None:
    """A client cannot pass for a server process: a wrong ``x-euchre-cluster`` header is
    ignored (it is forwarded to the owner and served), and /internal refuses it."""
    c, db = two
    p1, p2 = c.processes["p1"], c.processes["p2"]
    status, made = post_json(p1.url + "/api/tables", {"bots": "beginner"})
    assert status == 201
    owner_ws, _ = _join(p1.url, made["seats"]["N"])
    ws, got = _join(p2.url, made["seats"]["S"], {"x-euchre-cluster": "guess"})
    assert got[-1]["type"] == "state" and got[-1]["you"]["seat"] == "S"
    ws.close()
    request = urllib.request.Request(f"{p1.url}/internal/tables/{made['table']}/start", data=b"{}", method="POST",
                                     headers={"content-type": "application/json", "x-euchre-cluster": "guess"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 403
    # The positive control: the processes' own secret starts the table.
    engine = create_engine(db, poolclass=NullPool)
    with engine.connect() as connection:
        secret = connection.execute(text("SELECT value FROM euchre_cluster WHERE key = 'secret'")).scalar_one()
    engine.dispose()
    request = urllib.request.Request(f"{p2.url}/internal/tables/{made['table']}/start", data=b"{}", method="POST",
                                     headers={"content-type": "application/json", "x-euchre-cluster": secret})
    with pytest.raises(urllib.error.HTTPError) as elsewhere:  # p2 does not run it: it says so
        urllib.request.urlopen(request, timeout=10)
    assert elsewhere.value.code == 409 and json.loads(elsewhere.value.read())["error"]["code"] == "elsewhere"
    request.full_url = f"{p1.url}/internal/tables/{made['table']}/start"
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert json.loads(answer.read()) == {"done": True}
    owner_ws.close()


def test_a_stale_claim_pointing_nowhere_is_taken_once_it_expires(two: tuple[Cluster, str]) -> None:
    """A lease left by a process that died, with an address nobody answers (or a forged
    row pointing at another host): a join waits until it expires, then a live process
    runs the table (the one reached, or another whose look for orphans came first).
    Nothing is ever sent to the row's address but the forward."""
    c, db = two
    p2 = c.processes["p2"]
    status, made = post_json(p2.url + "/api/tables", {"bots": "beginner"})
    assert status == 201
    engine = create_engine(db, poolclass=NullPool)
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO euchre_lease (table_id, owner, url, epoch, expires_at) VALUES "
            "(:t, 'ghost#00000000', 'http://127.0.0.1:9', 7, extract(epoch from clock_timestamp()) + 3)"),
            {"t": made["table"]})
    engine.dispose()
    started = time.monotonic()
    ws, got = _join(p2.url, made["seats"]["W"])
    waited = time.monotonic() - started
    assert got[-1]["type"] == "state" and got[-1]["you"]["seat"] == "W"
    assert 2.0 <= waited < 15.0, waited  # it waited for the stale lease, not for ever
    # Taken by the process reached or, first, by another's look for orphaned leases
    # (then the join was forwarded there): by a live process, never the ghost.
    assert _owner(db, made["table"]) in ("p1", "p2")
    ws.close()

"""Limits the server keeps against clients: invite links from the configured public
address (never the request's Host header), table creation rate-limited per client, and
names that would pass a person off as a bot or another seat."""

from __future__ import annotations

from pathlib import Path

import pytest

from euchre.core.errors import EuchreError
from euchre.server import ServerConfig
from test_server import Peer, create, running


def test_regression_invite_links_never_follow_the_host_header(tmp_path: Path) -> None:
    """The links were built from the request's Host header, which a client chooses (a
    forged Host made the server hand out links to another site). Now they are paths,
    or start with the configured public address."""
    with running(tmp_path / "t.db") as client:
        response = client.post("/api/tables", json={}, headers={"host": "evil.example"})
        assert response.status_code == 201
        links = response.json()["links"]
        assert all(link.startswith("/play#") for link in links.values()), links
        assert "evil" not in str(links)
    with running(tmp_path / "u.db", public_url="https://euchre.example.org:8443/") as client:
        made = client.post("/api/tables", json={}, headers={"host": "evil.example"}).json()
        assert made["links"]["N"] == "https://euchre.example.org:8443/play#" + made["seats"]["N"]
        assert made["links"]["spectator"] == "https://euchre.example.org:8443/play#" + made["spectator"]


def test_regression_a_slash_redirect_followed_the_host_header(tmp_path: Path) -> None:
    """Starlette answered a path with a slash too many (``/api/options/``) by a redirect to
    an address built from the Host header; it is now a plain 404, with no Location."""
    with running(tmp_path / "t.db") as client:
        for path in ("/api/options/", "/play/", "/static", "/events/"):
            response = client.get(path, headers={"host": "evil.example"}, follow_redirects=False)
            assert response.status_code == 404 and "location" not in response.headers, path
        assert client.get("/static/app.js").status_code == 200


@pytest.mark.parametrize("url", ["javascript:alert(1)", "ftp://x.org", "https://x.org/a b", "https://x.org/?q=1",
                                 "https://x.org/cards", "https://x.org/cards/"])
def test_a_public_url_that_is_no_http_address_is_refused(url: str) -> None:
    with pytest.raises(EuchreError, match="public_url"):
        ServerConfig(db_url="sqlite:////tmp/x.db", public_url=url)


def test_table_creation_is_rate_limited_per_client(tmp_path: Path) -> None:
    """Three tables a minute from one address: the fourth at once is 429 rate_limited;
    nothing is created for it."""
    with running(tmp_path / "t.db", create_per_minute=3) as client:
        for _ in range(3):
            create(client)
        refused = client.post("/api/tables", json={})
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
        store = client.app.state.store  # type: ignore[attr-defined]
        with store.engine.connect() as db:
            assert db.exec_driver_sql("SELECT count(*) FROM euchre_table").scalar() == 3


@pytest.mark.parametrize(("name", "why"), [
    ("Robot", "a bot"), ("expert bot", "a bot"), ("The Computer", "a bot"), ("East", "East's seat"),
    ("  w ", "West's seat"), ("Spectator", "someone else"), ("Ann", "South's seat"),
])
def test_a_name_cannot_pass_for_a_bot_or_another_seat(tmp_path: Path, name: str, why: str) -> None:
    with running(tmp_path / "t.db") as client:
        made = create(client)
        south = Peer(client, made["seats"]["S"])
        south.send(type="name", name="Ann", id=1)
        assert south.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        north = Peer(client, made["seats"]["N"])
        north.send(type="name", name=name, id=2)
        answer = north.until(lambda m: m["type"] in ("ack", "error"))
        assert answer["type"] == "error" and answer["code"] == "bad_name" and why in answer["message"]
        north.send(type="name", name="Northern Star", id=3)  # a plain name is fine, "North" in it or not
        assert north.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"


def test_idle_tables_are_unloaded_and_come_back_where_they_were(tmp_path: Path) -> None:
    """A table nobody has been connected to for ``idle_seconds`` leaves memory (its bots
    stop); the next link loads it again from its log, at the same seq, with its chat."""
    import time

    with running(tmp_path / "t.db", idle_seconds=0.4) as client:
        made = create(client, seed=3)
        north = Peer(client, made["seats"]["N"])
        north.send(type="chat", text="still here", id=1)
        north.until(lambda m: m["type"] == "ack")
        hub = client.app.state.hub  # type: ignore[attr-defined]
        seq = hub.tables[made["table"]].seq
        time.sleep(1.0)
        assert made["table"] in hub.tables  # connected: never unloaded
        north.close()
        deadline = time.monotonic() + 10
        while made["table"] in hub.tables:
            assert time.monotonic() < deadline, "the idle table stayed in memory"
            time.sleep(0.1)
        again = Peer(client, made["seats"]["N"])
        assert made["table"] in hub.tables and hub.tables[made["table"]].seq == seq
        assert [line["text"] for line in again.history["lines"]] == ["still here"]

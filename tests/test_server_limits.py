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


def test_regression_refused_creations_counted_against_the_limit(tmp_path: Path) -> None:
    """A request refused as bad input (not JSON, an unknown preset) made nothing but used
    up one of the client's tables a minute, and the 429 did not say when to come back.
    Now only tables made count, and the 429 carries Retry-After (seconds, at least 1)."""
    with running(tmp_path / "t.db", create_per_minute=2) as client:
        for _ in range(5):
            bad = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
            assert bad.status_code == 400
            assert client.post("/api/tables", json={"preset": "no-such"}).status_code == 400
        create(client)
        create(client)
        refused = client.post("/api/tables", json={})
        assert refused.status_code == 429
        assert 1 <= int(refused.headers["retry-after"]) <= 30  # one table's worth of a 2-a-minute bucket


def test_regression_a_game_number_had_many_spellings(tmp_path: Path) -> None:
    """``?game=01`` was game 1 while ``?game=0000001`` was refused: a number is now
    written one way, without leading zeros."""
    with running(tmp_path / "t.db") as client:
        made = create(client)
        for asked in ("01", "0000001", "0", "1.0", "+1", "1 "):
            answer = client.get(f"/api/tables/{made['table']}/record.json", params={"game": asked})
            assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_request", asked


@pytest.mark.parametrize(("name", "why"), [
    ("Robot", "a bot"), ("expert bot", "a bot"), ("The Computer", "a bot"), ("East", "East's seat"),
    ("  w ", "West's seat"), ("Spectator", "someone else"), ("Ann", "South's seat"),
    # Regressions: read as NFKC, as runs of letters and of digits, and with letters run together.
    ("A.I.", "a bot"), ("bot1", "a bot"), ("B O T", "a bot"), ("r-o-b-o-t", "a bot"), ("ExpertBot", "a bot"),
    ("\uff25\uff38\uff30\uff25\uff32\uff34", "a bot"), ("\uff41\uff4e\uff4e", "South's seat"), ("ANN.", "South's seat"),
    # Regressions (a tester's findings): digits for letters, and a Cyrillic letter among Latin ones.
    ("b0t", "a bot"), ("r0b0t", "a bot"), ("c0mputer", "a bot"), ("\u0410nn", "scripts that look alike"),
    ("8ot", "a bot"), ("60t", "a bot"), ("\u3164", "1 to"), ("\u2800\u2800", "1 to"),
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


@pytest.mark.parametrize("name", ["Abbott", "Kai", "Bob", "Robin", "Aileen", "Botham", "Cpt. Ahab", "Ann Two",
                                  "Alice 2", "Room 101", "\u0410\u043b\u0438\u0441\u0430", "Jos\u00e9", "O\u2019Brien"])
def test_a_plain_name_is_not_taken_for_a_bot(name: str) -> None:
    """The positive side of the checks above: names that only hold a bot word's letters
    are anybody's, and a name wholly in one script (Cyrillic "Алиса") is no disguise."""
    from euchre.server.names import mixes_scripts, passes_for

    assert not passes_for(name) and not mixes_scripts(name)


def test_regression_a_seat_played_by_a_bot_could_be_given_a_persons_name(tmp_path: Path) -> None:
    """A person whose seat a bot plays (the game started without him) could name the seat,
    and the bot's moves were then shown under that name. He takes the seat back first."""
    with running(tmp_path / "t.db") as client:
        made = create(client, seed=3)
        north = Peer(client, made["seats"]["N"])
        north.send(type="start", id=1)
        north.until(lambda m: m["type"] in ("ack", "error"))
        east = Peer(client, made["seats"]["E"])  # joins after the start: a bot plays East
        east.send(type="name", name="Ann", id=2)
        answer = east.until(lambda m: m["type"] in ("ack", "error"))
        assert answer["type"] == "error" and answer["code"] == "seat_is_bot"
        east.send(type="take_seat", id=3)
        assert east.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        east.send(type="name", name="Ann", id=4)
        assert east.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"


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
        deadline = time.monotonic() + 60  # idle_seconds is 0.4: a minute is "never" even on a busy machine
        while made["table"] in hub.tables:
            assert time.monotonic() < deadline, "the idle table stayed in memory"
            time.sleep(0.1)
        again = Peer(client, made["seats"]["N"])
        assert made["table"] in hub.tables and hub.tables[made["table"]].seq == seq
        assert [line["text"] for line in again.history["lines"]] == ["still here"]


def test_regression_a_table_could_be_created_by_another_sites_form(tmp_path: Path) -> None:
    """Regression (a tester's finding): /api/tables and /api/referee read any body as
    JSON (a plain form of another site posts text/plain); they answer 415 not_json as
    every other endpoint does."""
    with running(tmp_path / "t.db") as client:
        for path in ("/api/tables", "/api/referee"):
            answer = client.post(path, headers={"content-type": "text/plain"}, content='{"preset": "modern-standard"}')
            assert answer.status_code == 415 and answer.json()["error"]["code"] == "not_json", path
        assert client.post("/api/tables", headers={"content-type": "application/json; charset=utf-8"},
                           content='{"preset": "modern-standard"}').status_code == 201


def test_regression_whole_names_in_look_alike_letters() -> None:
    """Regression (a tester's finding): "Асе" in Cyrillic letters was another name than
    "Ace" (for a seat, an account, an event's player); the blank names and digits read
    as letters are among the cases of the test above."""
    from euchre.server.names import same_name

    assert same_name("Ace", "\u0410\u0441\u0435") and same_name("ACE.", "\u0410\u0441\u0435")
    assert not same_name("Ace", "Ada") and not same_name("\u0410\u043b\u0438\u0441\u0430", "Alice")


def test_regression_an_old_table_showed_house_rules_switched_for_a_display_option() -> None:
    """Regression: a table stored before modern-standard's call words changed was shown
    "house rules switched" though it plays the preset's game; only an option of the play
    or of the rulings switches the house rules."""
    from euchre.core.presets import preset
    from euchre.server.table_state import rules_switched

    modern = preset("modern-standard")
    other_words = "uspcc" if modern.call_words != "uspcc" else "modern"
    assert not rules_switched(modern, modern)
    assert not rules_switched(modern, modern.replace(call_words=other_words, score_display="counters_5_5"))
    assert rules_switched(modern, modern.replace(game_target=7))
    assert rules_switched(modern, modern.replace(call_words=other_words, game_target=7))

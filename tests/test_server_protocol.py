"""The server's checks: every bad client message gets its stable error code and changes
nothing; the rate limit; chat; table creation; the page; storage and migrations; the
``euchre serve`` command."""

from __future__ import annotations

import json
import re
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from euchre.server import ServerConfig, create_app
from euchre.server.config import sqlite_url
from euchre.server.protocol import ERROR_CODES, ProtocolError, RateLimiter, clean_text, parse_message
from euchre.server.storage import StorageError
from test_server import SEATS, Peer, create, legal_actions, live, running

with warnings.catch_warnings():  # newer Starlette prefers httpx2 and says so on import
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect


def _frame(text: str | None = None, data: bytes | None = None) -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "websocket.receive"}
    if text is not None:
        frame["text"] = text
    if data is not None:
        frame["bytes"] = data
    return frame


# ---------------------------------------------------------------------- unit checks
@pytest.mark.parametrize(("text", "code"), [
    ("{not json", "bad_json"),
    ("", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('"join"', "bad_message"),
    ("{}", "bad_message"),
    ('{"type": 3}', "bad_message"),
    ('{"type": "dance"}', "unknown_type"),
    ('{"type": "join"}', "bad_message"),
    ('{"type": "join", "token": 5}', "bad_message"),
    ('{"type": "join", "token": ""}', "bad_token"),
    ('{"type": "join", "token": "x", "seat": "N"}', "bad_message"),
    ('{"type": "action", "action": ["play-JH"]}', "bad_message"),
    ('{"type": "action", "action": "play-JH", "seq": true}', "bad_message"),
    ('{"type": "action", "action": "play-JH", "seq": -1}', "bad_message"),
    ('{"type": "action", "action": "play-JH", "seq": 1.5}', "bad_message"),
    ('{"type": "action", "action": ""}', "bad_action"),
    ('{"type": "ping", "id": {"a": 1}}', "bad_message"),
    ('{"type": "ping", "id": true}', "bad_message"),
    ('{"type": "ping", "id": "' + "x" * 41 + '"}', "bad_message"),
    ('{"type": "chat", "text": null}', "bad_message"),
    ("[" * 100_000 + "]" * 100_000, "too_large"),
    ('{"type": "chat", "text": "' + "é" * 1100 + '"}', "too_large"),
    # Not JSON by RFC 8259, though Python's json module reads them:
    ('{"type": "ping", "id": NaN}', "bad_json"),
    ('{"type": "action", "action": "play-JH", "seq": Infinity}', "bad_json"),
    ('{"type": "chat", "text": "\\ud800"}', "bad_json"),  # a lone surrogate
    ('{"type": "ping", "id": ' + "9" * 30 + "}", "bad_message"),  # beyond 2**53
])
def test_each_malformed_message_has_its_code(text: str, code: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_message(_frame(text), 2048)
    assert caught.value.code == code
    assert caught.value.code in ERROR_CODES


def test_a_seq_beyond_64_bits_is_said_to_be_too_big_not_of_another_type() -> None:
    # orjson reads an integer beyond 64 bits as a float; the message must not say "type int".
    with pytest.raises(ProtocolError) as caught:
        parse_message(_frame('{"type": "action", "action": "play-JH", "seq": ' + "9" * 30 + "}"), 2048)
    assert caught.value.code == "bad_message" and "whole number below 2**63" in caught.value.message


def test_an_error_message_holding_a_lone_surrogate_can_still_be_sent() -> None:
    import orjson

    from euchre.server.protocol import encodable

    event = ProtocolError("bad_chat", "not allowed: \ud800!").event()
    assert event["message"] == "not allowed: \\ud800!"
    assert orjson.loads(orjson.dumps(event)) == event
    assert encodable("plain \u2665 text") == "plain \u2665 text"


def test_a_binary_frame_is_refused_and_a_good_message_is_read() -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_message(_frame(data=b'{"type": "ping"}'), 2048)
    assert caught.value.code == "binary_frame"
    msg = parse_message(_frame('{"type": "action", "action": "play-JH", "seq": 4, "id": "a1"}'), 2048)
    assert (msg.type, msg.fields, msg.ref) == ("action", {"action": "play-JH", "seq": 4}, "a1")
    deep = parse_message(_frame('{"type": "ping", "id": 7}'), 2048)
    assert deep.ref == 7 and deep.fields == {}


def test_chat_text_is_cleaned_of_control_characters_and_limited() -> None:
    assert clean_text("  hi\tthere \n friend ", 50) == "hi there friend"
    assert clean_text("a\u202eevil\u0007b", 50) == "aevilb"  # bidi override and bell removed
    assert clean_text("   ", 50) is None
    assert clean_text("x" * 51, 50) is None
    assert clean_text("x" * 50, 50) == "x" * 50


def test_the_rate_limiter_allows_a_burst_then_the_rate() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=2.0, burst=3, clock=lambda: now[0])
    assert [limiter.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5  # one more token
    assert [limiter.allow(), limiter.allow()] == [True, False]
    now[0] += 100
    assert sum(limiter.allow() for _ in range(10)) == 3
    assert limiter.refused == 9


def test_every_error_code_has_a_meaning() -> None:
    assert all(re.fullmatch(r"[a-z_]+", c) and m for c, m in ERROR_CODES.items())
    with pytest.raises(ValueError, match="unknown error code"):
        ProtocolError("no_such_code", "x")


# ---------------------------------------------------------------------- over the wire
def _started_table(client: TestClient, **body: Any) -> tuple[dict[str, Any], dict[str, Peer], Peer]:
    made = create(client, seed=13, **body)
    peers = {s: Peer(client, made["seats"][s]) for s in SEATS}
    peers["N"].send(type="start")
    for peer in peers.values():
        peer.until(lambda m: m["type"] == "state" and m["status"] == "playing")
    spectator = Peer(client, made["spectator"])
    for peer in peers.values():
        peer.flush()
    return made, peers, spectator


def test_bad_messages_get_error_codes_and_change_nothing(tmp_path: Path) -> None:
    with running(tmp_path / "t.db", max_message_bytes=512) as client:
        made, peers, spectator = _started_table(client)
        table = live(client, made["table"])
        store = client.app.state.store  # type: ignore[attr-defined]
        game = table.game
        assert game is not None
        actor = SEATS[game.turn]
        other = SEATS[(game.turn + 1) % 4]
        seq = table.seq
        history = list(game.hand.history)
        stored = store.count_events(made["table"])
        legal = [str(a) for a in game.legal_actions()]
        not_legal = next(f"play-{c}" for c in ("9C", "TC", "JC", "QC", "KC", "AC"))

        def expect(peer: Peer, code: str, send: Any, ref: Any = None) -> dict[str, Any]:
            if isinstance(send, str):
                peer.send_raw(send)
            elif isinstance(send, bytes):
                peer.ws.send_bytes(send)
            else:
                peer.send(**send)
            reply = peer.until(lambda m: m["type"] in ("error", "ack", "pong"))
            assert reply["type"] == "error" and reply["code"] == code, reply
            assert reply["message"]
            if ref is not None:
                assert reply["id"] == ref
            return reply

        expect(peers[actor], "bad_json", "{oops")
        expect(peers[actor], "bad_message", "[]")
        expect(peers[actor], "bad_message", {"type": 12})
        expect(peers[actor], "unknown_type", {"type": "shuffle", "id": "u1"}, ref="u1")
        expect(peers[actor], "too_large", json.dumps({"type": "chat", "text": "x" * 600}))
        expect(peers[actor], "binary_frame", b'{"type": "ping"}')
        expect(peers[actor], "bad_message", {"type": "action", "action": legal[0], "extra": 1})
        expect(peers[actor], "bad_message", {"type": "action", "action": 7})
        expect(peers[other], "not_your_turn", {"type": "action", "action": legal[0], "id": 9}, ref=9)
        reply = expect(peers[actor], "illegal_action", {"type": "action", "action": not_legal})
        assert all(a in reply["message"] for a in legal)  # the refusal names what is legal
        expect(peers[actor], "bad_action", {"type": "action", "action": "fly-away"})
        expect(peers[actor], "stale", {"type": "action", "action": legal[0], "seq": seq - 1})
        expect(peers[actor], "already_joined", {"type": "join", "token": made["seats"][actor]})
        expect(peers[actor], "already_started", {"type": "start"})
        expect(spectator, "not_a_player", {"type": "action", "action": legal[0]})
        expect(spectator, "not_a_player", {"type": "start"})
        expect(spectator, "not_a_player", {"type": "name", "name": "Eve"})
        expect(peers[actor], "bad_chat", {"type": "chat", "text": " \n\t "})
        expect(peers[actor], "bad_chat", {"type": "chat", "text": "y" * 301})
        expect(peers[actor], "bad_name", {"type": "name", "name": "z" * 25})
        # Nothing changed: not the game, not the log, not the seq; the connection lives on.
        assert table.seq == seq and list(game.hand.history) == history
        assert store.count_events(made["table"]) == stored
        peers[actor].send(type="ping", id="still")
        assert peers[actor].until(lambda m: m["type"] in ("pong", "error")) == {"type": "pong", "id": "still"}
        # No state was broadcast by any refusal.
        for peer in [*peers.values(), spectator]:
            assert not [m for m in peer.flush() if m["type"] == "state"]
        # And the right action by the right seat still works.
        peers[actor].send(type="action", action=legal[0], seq=seq, id="ok")
        assert peers[actor].until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "id": "ok", "seq": seq + 1}


def test_hint_gives_the_seat_to_act_the_experts_values_and_nobody_else(tmp_path: Path) -> None:
    import random

    from euchre.bots.advice import action_values
    from euchre.core.actions import action_text
    from euchre.core.views import view_of

    with running(tmp_path / "t.db") as client:
        made, peers, spectator = _started_table(client)
        table = live(client, made["table"])
        store = client.app.state.store  # type: ignore[attr-defined]
        game = table.game
        assert game is not None
        actor, other = SEATS[game.turn], SEATS[(game.turn + 1) % 4]
        seq, stored = table.seq, store.count_events(made["table"])
        view = view_of(game.hand, game.turn, game.score)
        expected = action_values(view, random.Random(f"hint:{made['table']}:{seq}"))
        peers[actor].send(type="hint", id="h")
        reply = peers[actor].until(lambda m: m["type"] in ("hint", "error"))
        assert reply["type"] == "hint" and reply["id"] == "h" and reply["seq"] == seq
        got = {v["action"]: v["value"] for v in reply["values"]}
        assert got == {action_text(a): round(v, 3) for a, v in expected.items()}
        assert [v["value"] for v in reply["values"]] == sorted(got.values(), reverse=True)
        for peer, code in ((peers[other], "not_your_turn"), (spectator, "not_a_player")):
            peer.send(type="hint")
            answer = peer.until(lambda m: m["type"] in ("hint", "error"))
            assert answer["type"] == "error" and answer["code"] == code
        # A hint changes nothing and is sent to nobody else.
        assert table.seq == seq and store.count_events(made["table"]) == stored
        for name, peer in peers.items():
            if name != actor:
                assert not [m for m in peer.flush() if m["type"] == "hint"]
        assert not [m for m in spectator.flush() if m["type"] == "hint"]


def test_a_chat_line_does_not_make_the_next_action_stale(tmp_path: Path) -> None:
    """A chat line is an event (seq moves on) but changes no state and sends none: the
    player's action on the state shown was refused as stale, with no state to recover."""
    with running(tmp_path / "t.db") as client:
        made, peers, spectator = _started_table(client)
        table = live(client, made["table"])
        game = table.game
        assert game is not None
        actor = SEATS[game.turn]
        seq = table.seq
        spectator.send(type="chat", text="hello", id="c")
        assert spectator.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        assert table.seq == seq + 1
        action = str(game.legal_actions()[0])
        peers[actor].send(type="action", action=action, seq=seq, id="a")
        assert peers[actor].until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "id": "a", "seq": seq + 2}
        # After a real change the old state is stale.
        game = table.game
        if game.turn == SEATS.index(actor) and not game.is_over:  # the same seat acts again
            peers[actor].send(type="action", action=str(game.legal_actions()[0]), seq=seq, id="b")
            reply = peers[actor].until(lambda m: m["type"] in ("ack", "error"))
            assert reply["type"] == "error" and reply["code"] == "stale"
        else:
            nxt = SEATS[game.turn]
            peers[nxt].send(type="action", action=str(game.legal_actions()[0]), seq=seq, id="b")
            reply = peers[nxt].until(lambda m: m["type"] in ("ack", "error"))
            assert reply["type"] == "error" and reply["code"] == "stale"


def test_hints_do_not_hold_up_the_connection_and_queue_at_most_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints were awaited in the message loop: 30 hints in a row were all computed, one
    after the other, and held up the player's action 8 s; a dropped connection's hints
    went on being computed. Now one hint at a time per connection runs beside the loop,
    a second is refused (rate_limited), and the same state's figures are kept."""
    import threading

    import anyio.to_thread

    from euchre.server.search import SearchPool

    release = threading.Event()
    calls: list[int] = []

    async def slow_values(_pool: SearchPool, view: Any, seed: str) -> dict[Any, float]:
        calls.append(1)
        await anyio.to_thread.run_sync(release.wait, 10)
        return {a: float(i) for i, a in enumerate(view.legal)}

    monkeypatch.setattr(SearchPool, "hint", slow_values)
    with running(tmp_path / "t.db") as client:
        made, peers, _ = _started_table(client)
        table = live(client, made["table"])
        assert table.game is not None
        actor = peers[SEATS[table.game.turn]]
        actor.send(type="hint", id=1)
        actor.send(type="hint", id=2)
        refused = actor.until(lambda m: m["type"] in ("hint", "error"))
        assert refused["type"] == "error" and refused["code"] == "rate_limited" and refused["id"] == 2
        actor.send(type="ping", id="p")  # answered while the hint is being computed
        assert actor.until(lambda m: m["type"] in ("pong", "hint")) == {"type": "pong", "id": "p"}
        release.set()
        first = actor.until(lambda m: m["type"] == "hint")
        assert first["id"] == 1 and len(first["values"]) == len(table.game.legal_actions())
        actor.send(type="hint", id=3)
        again = actor.until(lambda m: m["type"] in ("hint", "error"))
        assert again["type"] == "hint" and again["values"] == first["values"]
        assert len(calls) == 1  # the same state's figures were kept


def test_before_joining_only_a_good_token_is_accepted(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        made = create(client)
        peer = Peer(client, None)
        peer.send(type="action", action="pass")
        assert peer.recv()["code"] == "not_joined"
        peer.send(type="join", token="not-a-real-token")
        assert peer.recv()["code"] == "bad_token"
        peer.send(type="join", token="x" * 101)
        assert peer.recv()["code"] == "bad_token"
        peer.send(type="ping", id=1)
        assert peer.recv() == {"type": "pong", "id": 1}
        peer.send(type="join", token=made["spectator"])
        assert peer.recv()["type"] == "welcome"
        # Too many failed joins close the connection.
        pest = Peer(client, None)
        with pytest.raises(WebSocketDisconnect):
            for _ in range(10):
                pest.send(type="join", token="nope")
                assert pest.recv()["code"] == "bad_token"


def test_a_connection_that_never_joins_is_closed(tmp_path: Path) -> None:
    with running(tmp_path / "t.db", join_timeout=0.2) as client:
        peer = Peer(client, None)
        assert peer.recv()["code"] == "join_timeout"
        with pytest.raises(WebSocketDisconnect):
            peer.recv()


def test_too_many_messages_are_refused_and_a_flood_is_cut_off(tmp_path: Path) -> None:
    with running(tmp_path / "t.db", rate_per_second=0.01, rate_burst=3) as client:
        made = create(client)
        peer = Peer(client, made["spectator"])  # the join took one token
        replies = []
        for i in range(4):
            peer.send(type="ping", id=i)
            replies.append(peer.until(lambda m: m["type"] in ("pong", "error")))
        assert [r["type"] for r in replies] == ["pong", "pong", "error", "error"]
        assert replies[2]["code"] == "rate_limited"
        # Regression: a refused message's id came back only for some refusals; now always.
        assert (replies[2]["id"], replies[3]["id"]) == (2, 3)
        with pytest.raises(WebSocketDisconnect):
            for _ in range(40):
                peer.send(type="ping")
                peer.recv()


def test_seat_connection_limits(tmp_path: Path) -> None:
    with running(tmp_path / "t.db", max_connections_per_seat=1, max_spectators=1) as client:
        made = create(client)
        Peer(client, made["seats"]["N"])
        second = Peer(client, None)
        second.send(type="join", token=made["seats"]["N"])
        assert second.recv()["code"] == "seat_busy"
        Peer(client, made["spectator"])
        third = Peer(client, None)
        third.send(type="join", token=made["spectator"])
        assert third.recv()["code"] == "seat_busy"


def test_a_failed_write_is_an_error_and_changes_nothing(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        made, peers, _ = _started_table(client)
        table = live(client, made["table"])
        game = table.game
        assert game is not None
        store = client.app.state.store  # type: ignore[attr-defined]

        def broken(*_args: Any) -> None:
            raise StorageError("disk full")

        real = store.append_many  # what the server's event writer calls
        store.append_many = broken
        actor = peers[SEATS[game.turn]]
        state = actor.state
        assert state is not None
        seq, history = table.seq, list(game.hand.history)
        actor.send(type="action", action=legal_actions(state)[0], id="w")
        reply = actor.until(lambda m: m["type"] in ("ack", "error"))
        assert reply["code"] == "storage_error" and reply["id"] == "w"
        assert table.seq == seq and list(game.hand.history) == history
        store.append_many = real
        actor.send(type="action", action=legal_actions(state)[0], id="w2")
        assert actor.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"


def test_chat_goes_to_everyone_and_comes_back_on_reconnect(tmp_path: Path) -> None:
    with running(tmp_path / "t.db", chat_max_chars=40) as client:
        made = create(client)
        north = Peer(client, made["seats"]["N"])
        watcher = Peer(client, made["spectator"])
        north.send(type="name", name="  Ann\u0000 ")
        north.until_type("ack")
        north.send(type="chat", text="hello\u202e table", id="c")
        line = watcher.until_type("chat")["line"]
        assert line["text"] == "hello table" and line["seat"] == "N" and line["name"] == "Ann"
        assert north.until_type("chat")["line"] == line
        watcher.send(type="chat", text="hi from the rail")
        assert north.until_type("chat")["line"]["name"] == "Spectator"
        north.send(type="chat", text="x" * 41)
        assert north.until(lambda m: m["type"] == "error")["code"] == "bad_chat"
        again = Peer(client, made["seats"]["N"])
        assert [x["text"] for x in again.history["lines"]] == ["hello table", "hi from the rail"]
        assert again.state is not None and again.state["seats"][0]["name"] == "Ann"


# ---------------------------------------------------------------------- REST
@pytest.mark.parametrize(("body", "status", "code"), [
    ({"preset": "no-such-rules"}, 400, "bad_request"),
    ({"preset": "progressive-party", "options": {"progressive_movement": "fixed_rotation"}}, 400, "bad_rules"),
    ({"target": 0}, 400, "bad_request"),
    ({"target": 51}, 400, "bad_request"),
    ({"target": "10"}, 400, "bad_request"),
    ({"target": True}, 400, "bad_request"),
    ({"bots": "grandmaster"}, 400, "bad_request"),
    ({"seed": -1}, 400, "bad_request"),
    ({"colour": "red"}, 400, "bad_request"),
    ({"options": {"deck": 20}}, 400, "bad_rules"),
    ({"options": {"no_such_option": 1}}, 400, "bad_rules"),
    ({"options": {"laydown_claims": "allowed"}}, 400, "bad_rules"),
    ({"options": {"game_target": 99}}, 400, "bad_request"),
    ({"options": [1]}, 400, "bad_request"),
    ([1, 2], 400, "bad_request"),
])
def test_bad_table_requests_are_refused_with_a_reason(tmp_path: Path, body: Any, status: int, code: str) -> None:
    with running(tmp_path / "t.db") as client:
        response = client.post("/api/tables", json=body)
        assert response.status_code == status, response.text
        assert response.json()["error"]["code"] == code
        assert response.headers["cache-control"] == "no-store"


def test_table_creation_body_limits_and_options(tmp_path: Path) -> None:
    with running(tmp_path / "t.db", max_body_bytes=200) as client:
        as_json = {"content-type": "application/json"}
        assert client.post("/api/tables", content=b"{nope", headers=as_json).json()["error"]["code"] == "bad_json"
        big = client.post("/api/tables", content=json.dumps({"options": {"x" * 300: 1}}).encode(), headers=as_json)
        assert big.status_code == 413
        made = client.post("/api/tables", json={"preset": "uspcc-official", "options": {"deck": 24}, "bots": "random"})
        assert made.status_code == 201
        data = made.json()
        assert data["preset"] is None and data["bots"] == "random" and data["target"] == 10
        tokens = [*data["seats"].values(), data["spectator"]]
        assert len(set(tokens)) == 5 and all(len(t) >= 24 for t in tokens)
        assert data["links"]["S"].endswith("/play#" + data["seats"]["S"])
        empty = client.post("/api/tables", content=b"", headers=as_json)  # an empty JSON body is {}
        assert empty.status_code == 201 and empty.json()["preset"] == "modern-standard"
        untyped = client.post("/api/tables", content=b"")  # not said to be JSON: 415 (http_body.py)
        assert untyped.status_code == 415 and untyped.json()["error"]["code"] == "not_json"
        options = client.get("/api/options").json()
        assert "modern-standard" in [p["name"] for p in options["presets"]]
        assert options["bots"][0] == "random"


# ---------------------------------------------------------------------- the page
def test_the_page_is_served_with_no_outside_requests(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        page = client.get("/")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        csp = page.headers["content-security-policy"]
        assert "default-src 'self'" in csp and "connect-src 'self'" in csp
        assert page.headers["x-content-type-options"] == "nosniff"
        assert client.get("/play").text == page.text
        texts = [page.text]
        for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
            response = client.get(asset)
            assert response.status_code == 200
            texts.append(response.text)
        assert len(texts) == 3  # the page, its script, its style sheet
        for body in texts:
            assert not re.search(r"https?://|//cdn|@import|fonts\.", body)
        script = texts[1] if "WebSocket" in texts[1] else texts[2]
        # Text for screen readers and no HTML built from server strings.
        assert "aria-label" in script and "innerHTML" not in script
        assert ":focus-visible" in (texts[2] if "WebSocket" in texts[1] else texts[1])
        assert client.get("/healthz").json() == {"ok": True}


# ---------------------------------------------------------------------- storage
# Migrations, the log's key, token hashes and unreachable databases: test_storage.py
# (on SQLite and PostgreSQL).
def test_a_broken_log_makes_the_table_unavailable_not_the_server(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with running(db) as client:
        made = create(client)
        good = create(client)
        store = client.app.state.store  # type: ignore[attr-defined]
        seq = store.count_events(made["table"])  # after the table's settings
        store.append(made["table"], seq, "action", 1, {"action": "pass", "by": "human"})  # before any start
    with running(db) as client:
        peer = Peer(client, None)
        peer.send(type="join", token=made["seats"]["S"])
        assert peer.recv()["code"] == "unavailable"
        assert Peer(client, good["seats"]["S"]).state is not None


# ---------------------------------------------------------------------- euchre serve
def test_the_serve_command_runs_uvicorn_on_loopback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import gc
    import logging

    import uvicorn

    from euchre.cli.main import main
    from euchre.cli.serve import GC_THRESHOLDS, ClientFaultFilter

    calls: list[Any] = []
    thresholds: list[tuple[int, int, int]] = []
    before = gc.get_threshold()

    def fake_run(server: uvicorn.Server, sockets: Any = None) -> None:
        calls.append(server.config)
        thresholds.append(gc.get_threshold())
        server.started = True

    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    db = tmp_path / "serve.db"
    assert main(["serve", "--db", sqlite_url(db), "--port", "8123", "--grace", "5"]) == 0
    config, = calls
    app = config.app
    assert config.host == "127.0.0.1" and config.port == 8123
    assert app.state.config.grace_seconds == 5 and app.state.config.db_url == sqlite_url(db)
    assert db.exists()  # migrated before the server started
    assert main(["serve", "--host", "0.0.0.0", "--db", sqlite_url(db)]) == 2
    assert main(["serve", "--port", "70000", "--db", sqlite_url(db)]) == 2
    assert main(["serve", "--db", "nonsense"]) == 2
    assert main(["serve", "--host", "::1", "--db", sqlite_url(db)]) == 0
    assert len(calls) == 2
    # Served with the collector tuned (and no permessage-deflate); put back afterwards.
    assert thresholds == [GC_THRESHOLDS, GC_THRESHOLDS] and config.ws_per_message_deflate is False
    assert config.ws == "websockets-sansio" and config.loop == "auto"  # uvloop where installed
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    # uvicorn's traceback for a client's text frame that is not UTF-8 becomes one line.
    assert any(isinstance(f, ClientFaultFilter) for f in logging.getLogger("uvicorn.error").filters)


def test_the_serve_command_fails_when_the_server_does_not_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from euchre.cli.main import main

    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets=None: None)  # never started
    assert main(["serve", "--db", sqlite_url(tmp_path / "serve.db"), "--port", "8124"]) == 2


def test_regression_serve_on_a_port_in_use_says_so_in_one_line(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A port another program listens on printed the banner, then uvicorn's error, then
    ours: now one line naming the port and --port, before anything else, exit code 2."""
    import socket

    from euchre.cli.main import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--db", sqlite_url(tmp_path / "serve.db"), "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert "Euchre server" not in out
    assert f"port {port} is in use" in err and "--port" in err and len(err.strip().splitlines()) == 1


def test_serve_search_workers_and_queue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--search-workers (default the CPUs less one, at least one) and --search-queue
    (default four a worker) reach the server's config; bad values are one-line errors."""
    import uvicorn

    from euchre.cli.main import main
    from euchre.cli.serve import search_workers

    assert search_workers(None, cpus=8) == 7 and search_workers(None, cpus=1) == 1 and search_workers(3) == 3
    configs: list[Any] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets=None: (configs.append(server.config),
                                                                            setattr(server, "started", True)))
    db = sqlite_url(tmp_path / "serve.db")
    assert main(["serve", "--db", db, "--port", "8125", "--search-workers", "2"]) == 0
    config = configs[-1].app.state.config
    assert (config.search_workers, config.search_queue) == (2, 8)
    assert main(["serve", "--db", db, "--port", "8125", "--search-workers", "1", "--search-queue", "3"]) == 0
    assert (configs[-1].app.state.config.search_workers, configs[-1].app.state.config.search_queue) == (1, 3)
    assert main(["serve", "--db", db, "--search-workers", "0"]) == 2
    assert main(["serve", "--db", db, "--search-queue", "0"]) == 2


def test_a_hint_when_the_search_workers_are_full_is_answered_busy(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool's bounded queue reaches the player as the error ``busy`` with the
    message's id; the game goes on (a ping is answered, a later hint computed)."""
    from euchre.server.search import SearchBusy, SearchPool

    busy = [True]

    async def full(_pool: SearchPool, view: Any, seed: str) -> dict[Any, float]:
        if busy[0]:
            raise SearchBusy("full")
        return {a: 0.0 for a in view.legal}

    monkeypatch.setattr(SearchPool, "hint", full)
    with running(tmp_path / "t.db") as client:
        made, peers, _ = _started_table(client)
        table = live(client, made["table"])
        assert table.game is not None
        actor = peers[SEATS[table.game.turn]]
        actor.send(type="hint", id="h1")
        refused = actor.until(lambda m: m["type"] in ("hint", "error"))
        assert refused["type"] == "error" and refused["code"] == "busy" and refused["id"] == "h1"
        busy[0] = False
        actor.send(type="hint", id="h2")
        assert actor.until(lambda m: m["type"] in ("hint", "error"))["type"] == "hint"


def test_the_default_storage_is_in_the_user_data_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from euchre.server.config import default_db_url

    url = default_db_url()
    assert url.startswith("sqlite:///") and url.endswith("/server.sqlite3")
    if sys.platform.startswith("linux"):
        assert url == sqlite_url(tmp_path / "data" / "euchre" / "server.sqlite3")
        assert (tmp_path / "data" / "euchre").is_dir()


def test_config_values_are_checked() -> None:
    from euchre.core.errors import EuchreError

    with pytest.raises(EuchreError):
        ServerConfig(db_url="")
    with pytest.raises(EuchreError):
        ServerConfig(db_url="sqlite://", grace_seconds=-1)
    with pytest.raises(EuchreError):
        ServerConfig(db_url="sqlite://", rate_per_second=0)
    assert create_app(ServerConfig(db_url="sqlite://")).state.config.db_url == "sqlite://"


def test_every_error_code_is_documented() -> None:
    doc = (Path(__file__).parents[1] / "docs" / "server.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", doc, flags=re.MULTILINE))
    assert set(ERROR_CODES) <= documented


def test_a_client_too_far_behind_is_disconnected_not_waited_for() -> None:
    import asyncio

    from euchre.server.connection import Connection

    async def scenario() -> tuple[list[str], list[tuple[int, str]]]:
        sent: list[str] = []
        closed: list[tuple[int, str]] = []

        async def send(text: str) -> None:
            sent.append(text)

        async def close(code: int, reason: str) -> None:
            closed.append((code, reason))

        conn = Connection(seat=None, limit=3)
        for i in range(5):  # nobody writes yet: the outbox overflows
            conn.post({"n": i})
        await asyncio.wait_for(conn.pump(send, close), 5)
        conn.post({"n": 99})  # ignored once dropped
        return sent, closed

    sent, closed = asyncio.run(scenario())
    assert sent == [] and [code for code, _ in closed] == [1013]


def test_a_log_with_a_gap_does_not_replay(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with running(db) as client:
        made = create(client)
        store = client.app.state.store  # type: ignore[attr-defined]
        seq = store.count_events(made["table"])  # the table's settings are seq 0
        store.append(made["table"], seq + 1, "chat", None, {"text": "from the future"})  # seq is missing
    with running(db) as client:
        peer = Peer(client, None)
        peer.send(type="join", token=made["spectator"])
        reply = peer.recv()
        assert reply["code"] == "unavailable" and "missing" in reply["message"]


def test_the_state_text_with_parts_encoded_once_is_the_state_as_json() -> None:
    """States are sent as text with the parts that do not change from move to move (the
    last hand, the calls, the finished tricks) encoded once (state_cache.StateCache); the
    text must read back as exactly the state built afresh, for every seat and a
    spectator at every step of whole games."""
    import random

    from euchre.core.game import Game
    from euchre.core.presets import preset
    from euchre.server.json_text import dumps
    from euchre.server.serialize import game_json
    from euchre.server.state_cache import StateCache

    for name, seed in (("modern-standard", 1), ("british-benny", 2), ("dc-club-1862", 3)):
        game, rng, cache = Game(preset(name).replace(game_target=10), seed), random.Random(seed), StateCache()
        checked = 0
        while True:
            for viewer in (0, 1, 2, 3, None):
                state = {"type": "state", "seq": 9, "game": game_json(game, viewer, cache), "records": None}
                text = dumps(state)
                assert json.loads(text) == {**state, "game": game_json(game, viewer)}
                assert text.isascii()  # the card symbols and words as \u escapes (cheaper to send)
                checked += state["game"]["previous"] is not None
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        assert checked > 100  # the cached parts were used
    assert json.loads(dumps({"type": "state", "game": None})) == {"type": "state", "game": None}


def test_ascii_json_escapes_every_character_beyond_ascii_as_json_does() -> None:
    import orjson

    from euchre.server.json_text import ascii_json

    for value in ("J♥ ♠♣♦", "é \\Ub \" \n \x00 \x7f", "😀 a 𝄞", {"name": "Zoë", "chat": ["\u2028", "ß"]}, 12, None):
        text = ascii_json(orjson.dumps(value))
        assert text.isascii() and json.loads(text) == value
    assert ascii_json(b'{"a":"b"}') == b'{"a":"b"}'

"""The web server end to end, in process (Starlette's TestClient, SQLite in tmp_path):
whole games over websockets, what each seat and a spectator may see, bots, reconnects,
the grace period, restart and resume, and record downloads.

The helpers at the top are shared with ``test_server_protocol.py``.
"""

from __future__ import annotations

import json
import random
import re
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest

from euchre.core.cards import JOKER, card_code, parse_card
from euchre.core.game import Game
from euchre.core.hand import HandState, Phase
from euchre.records import loads
from euchre.records.egn import loads_egn
from euchre.server import ServerConfig, create_app
from euchre.server.config import sqlite_url
from euchre.server.table import LiveTable

with warnings.catch_warnings():  # newer Starlette prefers httpx2 and says so on import
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

SEATS = "NESW"
FAST: dict[str, Any] = {"bot_delay": 0.0, "grace_seconds": 60.0, "rate_per_second": 100_000.0, "rate_burst": 100_000}
RECEIVE_TIMEOUT = 15.0
OPEN_PEERS: dict[int, list[Peer]] = {}


# ---------------------------------------------------------------------- helpers
@contextmanager
def running(db: Path | str, **overrides: Any) -> Iterator[TestClient]:
    """A fresh app (migrations run on start) on the SQLite file ``db`` (or the database
    URL ``db``), running."""
    settings = {**FAST, **overrides}
    app = create_app(ServerConfig(db_url=db if isinstance(db, str) else sqlite_url(db), **settings))
    with TestClient(app) as client:
        try:
            yield client
        finally:  # a test that failed half-way must not leave sockets open (the exit would wait on them)
            for peer in OPEN_PEERS.pop(id(client), []):
                peer.close()


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def live(client: TestClient, table_id: str) -> LiveTable:
    table: LiveTable = client.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
    return table


class Peer:
    """One websocket client: joins with a token and keeps every message it receives."""

    def __init__(self, client: TestClient, token: str | None) -> None:
        self._cm = client.websocket_connect("/ws")
        self.ws = self._cm.__enter__()
        OPEN_PEERS.setdefault(id(client), []).append(self)
        self.log: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.closed = False
        self.exited = False
        if token is not None:
            self.send(type="join", token=token)
            welcome = self.recv()
            assert welcome["type"] == "welcome", welcome
            self.welcome = welcome
            self.history = self.recv()
            assert self.history["type"] == "chat_history"
            self.until_type("state")

    def send(self, **message: Any) -> None:
        self.ws.send_text(json.dumps(message))

    def send_raw(self, text: str) -> None:
        self.ws.send_text(text)

    def recv(self) -> dict[str, Any]:
        """The next message (fails the test after RECEIVE_TIMEOUT seconds instead of hanging)."""
        session = self.ws
        stream = getattr(session, "_send_rx", None)
        if stream is None:  # pragma: no cover - another Starlette: block as it does
            message = session.receive()
        else:
            async def get() -> Any:
                with anyio.fail_after(RECEIVE_TIMEOUT):
                    return await stream.receive()
            message = session.portal.call(get)
        if message["type"] == "websocket.close":
            self.closed = True
            raise WebSocketDisconnect(message.get("code", 1000), message.get("reason", ""))
        data: dict[str, Any] = json.loads(message["text"])
        self.log.append(data)
        if data["type"] == "state":
            self.state = data
        return data

    def until(self, wanted: Callable[[dict[str, Any]], bool], limit: int = 100_000,
              each: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
        for _ in range(limit):
            message = self.recv()
            if each is not None:
                each(message)
            if wanted(message):
                return message
        raise AssertionError("the wanted message never came")

    def until_type(self, kind: str) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == kind)

    def flush(self) -> list[dict[str, Any]]:
        """Everything queued for this client so far (a ping's pong comes after it)."""
        start = len(self.log)
        self.send(type="ping", id="flush")
        self.until(lambda m: m["type"] == "pong" and m.get("id") == "flush")
        return self.log[start:-1]

    def close(self) -> None:
        if not self.exited:
            self.closed = self.exited = True
            self._cm.__exit__(None, None, None)


def legal_actions(state: dict[str, Any]) -> list[str]:
    game = state["game"]
    return [] if game is None else [a["action"] for a in game["legal"]]


# ---------------------------------------------------------------------- what a seat may see
_RANK_NAMES = {"Seven": "7", "Eight": "8", "Nine": "9", "Ten": "T", "Jack": "J", "Queen": "Q", "King": "K", "Ace": "A"}
_SUIT_NAMES = {"Clubs": "C", "Diamonds": "D", "Hearts": "H", "Spades": "S"}
_CODE = re.compile(r"(?:[7-9TJQKA][CDHS]|JK)")
_ACTION = re.compile(r"(?:play|discard)-(\S+)")
_PRETTY = re.compile(r"(10|[7-9JQKA])([♣♦♥♠])|\bJoker\b")
_NAME = re.compile(r"\b(Seven|Eight|Nine|Ten|Jack|Queen|King|Ace) of (Clubs|Diamonds|Hearts|Spades)\b")


def cards_mentioned(obj: Any) -> set[int]:
    """Every card a JSON value names in any way: a card code, an action's card, a card's
    short form (``J♥``, ``10♣``, ``Joker``) or its English name, in any string."""
    found: set[int] = set()
    if isinstance(obj, dict):
        for value in obj.values():
            found |= cards_mentioned(value)
    elif isinstance(obj, list):
        for value in obj:
            found |= cards_mentioned(value)
    elif isinstance(obj, str):
        if _CODE.fullmatch(obj):
            found.add(parse_card(obj))
        action = _ACTION.fullmatch(obj)
        if action:
            found.add(parse_card(action.group(1)))
        for m in _PRETTY.finditer(obj):
            found.add(JOKER if m.group(0) == "Joker" else parse_card(m.group(0)))
        for m in _NAME.finditer(obj):
            found.add(parse_card(_RANK_NAMES[m.group(1)] + _SUIT_NAMES[m.group(2)]))
    return found


def visible_cards(hand: HandState, seat: int | None) -> set[int]:
    """The cards of a hand that ``seat`` (None: a spectator) may see, from the real
    state: the upcard (and a joker set aside), every card played, the seat's own cards
    (not while its dealer names trump blind) and, for the dealer, his discard."""
    out = {hand.upcard}
    if hand.joker_aside:
        out.add(JOKER)
    for trick in hand.tricks:
        out.update(trick.cards)
    out.update(hand.trick_cards)
    if seat is not None:
        if not (hand.phase == Phase.BLIND_NAME and seat == hand.dealer):
            out.update(hand.hand_of(seat))
        if seat == hand.dealer and hand.discarded != -1:
            out.add(hand.discarded)
    return out


def _without_called(shown: dict[str, Any], hand: HandState) -> dict[str, Any]:
    """A hand's part without its ``called`` card (call-ace: the card the maker named,
    public wherever it lies), once checked to be the card really called, or null before
    the call and at other tables."""
    called = shown.get("called")
    assert (None if called is None else called["code"]) == (None if hand.called == -1 else card_code(hand.called)), called
    return {k: v for k, v in shown.items() if k != "called"}


def check_no_hidden_card(message: dict[str, Any], game: Game | None, seat: int | None) -> None:
    """No card in ``message`` that ``seat`` may not see in the real game now; the part
    about the previous hand is checked against that hand."""
    if message.get("type") != "state" or game is None or message["game"] is None:
        assert not cards_mentioned(message), message
        return
    body = dict(message)
    body["game"] = dict(message["game"])
    previous = body["game"].pop("previous")
    body["game"]["hand"] = _without_called(body["game"]["hand"], game.hand)
    leaked = cards_mentioned(body) - visible_cards(game.hand, seat)
    assert not leaked, f"seat {seat} was sent hidden cards {leaked}"
    if previous is not None:
        old = game.finished_hands[previous["hand_number"] - 1]
        assert old is not game.hand or game.is_over  # at game over: the hand that decided it
        leaked = cards_mentioned(_without_called(previous, old)) - visible_cards(old, seat)
        assert not leaked, f"seat {seat} was sent hidden cards {leaked} of hand {previous['hand_number']}"


def check_legal(message: dict[str, Any], game: Game, seat: int | None) -> None:
    """The choices offered are exactly the core's legal actions, and only to the seat to act."""
    offered = legal_actions(message)
    if seat is not None and game.turn == seat:
        assert sorted(offered) == sorted(str(a) for a in game.legal_actions())
    else:
        assert offered == []


# ---------------------------------------------------------------------- whole games
def play_four_humans(client: TestClient, made: dict[str, Any], rng: random.Random, steps: int | None = None,
                     peers: dict[str, Peer] | None = None, spectator: Peer | None = None) -> tuple[dict[str, Peer], Peer]:
    """Four seat connections and a spectator play (at random among the legal actions),
    every message checked against the real state the moment it arrives. Stops after
    ``steps`` actions, or at the end of the game."""
    table_id = made["table"]
    if peers is None:
        peers = {s: Peer(client, made["seats"][s]) for s in SEATS}
    if spectator is None:
        spectator = Peer(client, made["spectator"])
    table = live(client, table_id)
    store = client.app.state.store  # type: ignore[attr-defined]
    everyone: list[tuple[int | None, Peer]] = [(SEATS.index(s), p) for s, p in peers.items()] + [(None, spectator)]
    for seat, peer in everyone:
        for message in peer.flush():
            check_no_hidden_card(message, table.game, seat)
    if table.status == "lobby":
        peers["N"].send(type="start", id="go")
        ack = peers["N"].until_type("ack")
        assert ack["seq"] == table.seq == store.count_events(table_id)
        for seat, peer in everyone:
            peer.until(lambda m: m["type"] == "state" and m["seq"] == table.seq,
                       each=lambda m, s=seat: check_no_hidden_card(m, table.game, s))
    done = 0
    while table.status == "playing" and (steps is None or done < steps):
        game = table.game
        assert game is not None
        actor = peers[SEATS[game.turn]]
        assert actor.state is not None and actor.state["seq"] == table.seq
        choice = rng.choice(legal_actions(actor.state))
        actor.send(type="action", action=choice, seq=actor.state["seq"], id=done)
        ack = actor.until(lambda m: m["type"] in ("ack", "error"))
        assert ack == {"type": "ack", "id": done, "seq": table.seq}, ack
        # Stored before it was acknowledged:
        assert store.count_events(table_id) == ack["seq"]
        for seat, peer in everyone:
            def check(m: dict[str, Any], s: int | None = seat) -> None:
                if m["type"] == "state":
                    assert m["seq"] == table.seq
                    check_no_hidden_card(m, table.game, s)
                    assert table.game is not None
                    check_legal(m, table.game, s)
            peer.until(lambda m: m["type"] == "state" and m["seq"] == table.seq, each=check)
        done += 1
        assert done < 5000, "the game does not end"
    return peers, spectator


@pytest.mark.parametrize(("preset", "seed"), [("modern-standard", 11), ("british-benny", 4)])
def test_four_people_and_a_spectator_play_a_whole_game_and_never_see_a_hidden_card(
        tmp_path: Path, preset: str, seed: int) -> None:
    with running(tmp_path / "t.db") as client:
        made = create(client, preset=preset, seed=seed, target=5)
        peers, spectator = play_four_humans(client, made, random.Random(seed))
        table = live(client, made["table"])
        assert table.status == "over" and table.game is not None and table.game.result is not None
        final = spectator.state
        assert final is not None and final["status"] == "over"
        assert final["game"]["result"]["score"] == list(table.game.score)
        assert final["records"]["json"] == f"/api/tables/{made['table']}/record.json"
        # The spectator never had cards or choices.
        assert all(m["game"]["hand"]["cards"] == [] and m["game"]["legal"] == []
                   for m in spectator.log if m["type"] == "state" and m["game"])
        # The JSON record replays to the same game.
        response = client.get(final["records"]["json"])
        assert response.status_code == 200
        assert "attachment" in response.headers["content-disposition"]
        replayed, names = loads(response.text)
        assert replayed.score == table.game.score and replayed.result == table.game.result
        assert names == ["North", "East", "South", "West"]
        egn = client.get(final["records"]["egn"])
        if egn.status_code == 200:
            again, _ = loads_egn(egn.text)
            assert again.score == table.game.score
        else:  # EGN cannot record some of these rules' games (a joker named blind)
            assert preset == "british-benny" and egn.status_code == 422
            assert egn.json()["error"]["code"] == "no_egn"
        for peer in [*peers.values(), spectator]:
            peer.close()


def test_one_person_with_three_bots_plays_to_the_end(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        made = create(client, seed=21, bots="beginner")
        me = Peer(client, made["seats"]["S"])
        assert me.state is not None and me.state["status"] == "lobby"
        assert [s["kind"] for s in me.state["seats"]] == ["open", "open", "human", "open"]
        me.send(type="start")
        rng = random.Random(3)
        mine = 0
        while True:
            state = me.until(lambda m: m["type"] == "state" and (bool(legal_actions(m)) or m["status"] == "over"))
            if state["status"] == "over":
                break
            me.send(type="action", action=rng.choice(legal_actions(state)), seq=state["seq"])
            mine += 1
        assert [s["kind"] for s in state["seats"]] == ["bot", "bot", "human", "bot"]
        assert state["seats"][0]["name"] == "North (beginner bot)"
        assert mine > 10
        assert state["game"]["result"]["winner"] in ("N-S", "E-W")
        table = live(client, made["table"])
        assert table.game is not None and table.game.is_over
        # A late friend's link opens the seat a bot played: he watches from it, and may
        # take it back (from then on he plays it; bots keep every other seat).
        late = Peer(client, made["seats"]["N"])
        assert late.welcome["seat"] == "N" and late.state is not None
        assert late.state["seats"][0]["kind"] == "bot" and late.state["game"]["hand"]["cards"] is not None
        late.send(type="take_seat", id="t")
        assert late.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        assert late.until_type("state")["seats"][0]["kind"] == "human"
        late.send(type="take_seat", id="again")
        assert late.until(lambda m: m["type"] in ("ack", "error"))["code"] == "not_a_bot_seat"
        late.close()
        me.close()


def test_a_new_app_on_the_same_database_resumes_every_table_exactly(tmp_path: Path) -> None:
    db = tmp_path / "resume.db"
    rng = random.Random(8)
    with running(db) as client:
        made = create(client, seed=99, target=5)
        other = create(client, seed=5)
        lobby = Peer(client, other["seats"]["E"])  # a table left in the lobby, one seat claimed
        lobby.send(type="chat", text="anyone?")
        lobby.until_type("chat")
        lobby.close()
        peers, spectator = play_four_humans(client, made, rng, steps=37)
        before = {s: p.state for s, p in peers.items()}
        table = live(client, made["table"])
        assert table.game is not None
        history = [list(h.history) for h in table.game.finished_hands] + [list(table.game.hand.history)]
        seq = table.seq
        for peer in [*peers.values(), spectator]:
            peer.close()
    # The first app is gone; a new one reads the same file.
    with running(db) as client:
        assert client.app.state.hub.tables == {}  # type: ignore[attr-defined]
        peers = {s: Peer(client, made["seats"][s]) for s in SEATS}
        table = live(client, made["table"])
        assert table.game is not None and table.seq == seq
        assert [list(h.history) for h in table.game.finished_hands] + [list(table.game.hand.history)] == history
        for s, peer in peers.items():
            now = peer.state
            assert now is not None and before[s] is not None
            assert now["game"] == before[s]["game"] and now["seq"] == before[s]["seq"]
            assert now["status"] == "playing"
        spectator = Peer(client, made["spectator"])
        play_four_humans(client, made, rng, peers=peers, spectator=spectator)
        assert table.status == "over"
        replayed, _ = loads(client.get(f"/api/tables/{made['table']}/record.json").text)
        assert replayed.result == table.game.result
        # The lobby table came back too, with its claimed seat and its chat.
        again = Peer(client, other["seats"]["W"])
        assert again.state is not None and again.state["status"] == "lobby"
        assert [s["kind"] for s in again.state["seats"]] == ["open", "human", "open", "human"]
        assert [line["text"] for line in again.history["lines"]] == ["anyone?"]
        for peer in [*peers.values(), spectator, again]:
            peer.close()


def test_reconnecting_with_the_same_link_gives_the_full_current_state(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        made = create(client, seed=2)
        peers, spectator = play_four_humans(client, made, random.Random(1), steps=9)
        last = peers["E"].state
        assert last is not None
        peers["E"].close()
        seen = peers["N"].until(lambda m: m["type"] == "state" and not m["seats"][1]["connected"])
        assert seen["seq"] == last["seq"]
        back = Peer(client, made["seats"]["E"])
        assert back.welcome["seat"] == "E" and back.welcome["role"] == "seat"
        assert back.state is not None
        assert back.state["game"] == last["game"] and back.state["seq"] == last["seq"]
        assert back.state["game"]["hand"]["cards"]  # the whole hand, not a delta
        # A second tab of the same seat sees the same.
        twin = Peer(client, made["seats"]["E"])
        assert twin.state is not None and twin.state["game"] == last["game"]
        for peer in [*peers.values(), spectator, back, twin]:
            peer.close()


def _wait(predicate: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


def test_a_bot_plays_for_an_absent_player_after_the_grace_period_until_they_return(tmp_path: Path) -> None:
    grace = 0.25
    with running(tmp_path / "t.db", grace_seconds=grace) as client:
        made = create(client, seed=31, bots="random")
        north = Peer(client, made["seats"]["N"])
        south = Peer(client, made["seats"]["S"])
        north.send(type="start")
        south.until(lambda m: m["type"] == "state" and m["status"] == "playing")
        south.close()  # South leaves: after the grace period a bot plays South's turns
        table = live(client, made["table"])
        store = client.app.state.store  # type: ignore[attr-defined]
        rng = random.Random(0)

        def stand_in_moves() -> int:
            _, events = store.load(made["table"])
            return sum(1 for e in events if e.kind == "action" and e.data["by"] == "stand-in")

        started = time.monotonic()
        while stand_in_moves() < 3:
            state = north.until(lambda m: m["type"] == "state" and (bool(legal_actions(m)) or m["status"] == "over"))
            assert state["status"] == "playing"
            north.send(type="action", action=rng.choice(legal_actions(state)), seq=state["seq"])
            assert time.monotonic() - started < 120, "no stand-in played South's turns"  # grace 0.25 s: "never"
        assert any(m["type"] == "state" and m["seats"][2]["stand_in"] for m in north.log)
        # South comes back: the bot stops at once and South's turn waits for South.
        south = Peer(client, made["seats"]["S"])
        assert south.state is not None and not south.state["seats"][2]["stand_in"]
        before = stand_in_moves()
        while table.status == "playing":
            game = table.game
            assert game is not None
            if game.turn == 2:
                seq = table.seq
                time.sleep(grace * 3)
                assert table.seq == seq and game.turn == 2  # nobody played for South
                break
            state = north.until(lambda m: m["type"] == "state")
            if legal_actions(state) and table.seq == state["seq"]:
                north.send(type="action", action=rng.choice(legal_actions(state)), seq=state["seq"])
            _wait(lambda: table.game is not None and (table.game.turn in (0, 2) or table.status != "playing"), 5)
        assert stand_in_moves() == before
        north.close()
        south.close()


def test_the_record_waits_for_the_end_of_the_game(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        made = create(client, seed=1)
        url = f"/api/tables/{made['table']}/record.json"
        assert client.get(url).json()["error"]["code"] == "not_over"
        assert client.get(url).status_code == 409
        assert client.get("/api/tables/nosuchtable/record.json").status_code == 404
        assert client.get("/api/tables/bad%20id!/record.egn").status_code == 404

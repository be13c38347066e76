"""The table's host and settings (start, per-move timer, hints), a seeded table's notice,
a rematch at the same table, the score history and the face-up replay of a finished game."""

from __future__ import annotations

import math
import random
import time
from pathlib import Path
from typing import Any

import pytest

from euchre.core.actions import action_text
from euchre.core.cards import card_code, cards_of
from euchre.core.game import Game
from euchre.core.presets import preset
from euchre.records import loads
from euchre.server.history import hand_history, replay_json
from test_server import SEATS, Peer, create, live, running


def _legal(state: dict[str, Any]) -> list[str]:
    game = state.get("game") or {}
    return [a["action"] for a in game.get("legal", [])]


def _answer(peer: Peer) -> dict[str, Any]:
    return peer.until(lambda m: m["type"] in ("ack", "error"))


def test_only_the_host_starts_and_changes_the_settings(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        made = create(client, host="S", timer=30, hints=False)
        assert (made["host"], made["timer"], made["hints"], made["seeded"]) == ("S", 30.0, False, False)
        north, south = Peer(client, made["seats"]["N"]), Peer(client, made["seats"]["S"])
        assert south.state is not None and south.state["settings"] == {
            "host": "S", "timer": 30.0, "hints": False, "seeded": False, "organised": False}
        north.send(type="start", id=1)
        assert _answer(north)["code"] == "not_host"
        north.send(type="settings", timer=0, id=2)
        assert _answer(north)["code"] == "not_host"
        south.send(type="settings", timer=4, id=3)  # below the 5 s a timer needs
        assert _answer(south)["code"] == "bad_message"
        south.send(type="settings", timer=0, hints=True, id=4)
        assert _answer(south)["type"] == "ack"
        assert south.until_type("state")["settings"]["timer"] == 0.0
        south.send(type="start", id=5)
        assert _answer(south)["type"] == "ack"


def test_hints_switched_off_are_refused(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        made = create(client, seed=13, hints=False)
        peers = {s: Peer(client, made["seats"][s]) for s in SEATS}
        peers["N"].send(type="start")
        table = live(client, made["table"])
        for p in peers.values():
            p.until(lambda m: m["type"] == "state" and m["status"] == "playing")
        assert table.game is not None
        actor = peers[SEATS[table.game.turn]]
        actor.send(type="hint", id="h")
        answer = actor.until(lambda m: m["type"] in ("hint", "error"))
        assert answer["code"] == "hints_off" and answer["id"] == "h"


def test_a_seeded_table_says_so_to_every_seat(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        seeded, unseeded = create(client, seed=5), create(client)
        assert seeded["seeded"] and not unseeded["seeded"]
        assert Peer(client, seeded["seats"]["E"]).state["settings"]["seeded"] is True  # type: ignore[index]
        assert Peer(client, seeded["spectator"]).state["settings"]["seeded"] is True  # type: ignore[index]
        assert Peer(client, unseeded["seats"]["E"]).state["settings"]["seeded"] is False  # type: ignore[index]


@pytest.mark.parametrize("body", [{"host": "X"}, {"host": 1}, {"timer": 3}, {"timer": 601}, {"timer": True},
                                  {"hints": "no"}, {"host": "3"}, {"host": "NE"}, {"host": "SW"}, {"host": ""}])
def test_bad_settings_at_creation_are_refused(tmp_path: Path, body: dict[str, Any]) -> None:
    with running(tmp_path / "t.db") as client:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400 and response.json()["error"]["code"] == "bad_request"


def test_regression_a_timer_shortened_mid_turn_played_the_move_at_once(tmp_path: Path) -> None:
    """The timer counted from the start of the turn whatever timer was set then: a person
    100 s into a 600 s turn whose host set 5 s had his move played at once. A timer
    changed mid-turn now runs whole from the change."""
    with running(tmp_path / "t.db") as client:
        made = create(client, seed=13, timer=600, host="S", bots="random")
        south = Peer(client, made["seats"]["S"])
        south.send(type="start", id=1)
        south.until(lambda m: m["type"] == "state" and bool(_legal(m)))
        table = live(client, made["table"])
        table.turn_since -= 100  # a hundred seconds of the turn have gone
        assert 490 < (table.timer_left() or 0) < 501
        south.send(type="settings", timer=5, id=2)
        assert _answer(south)["type"] == "ack"
        assert 4 < (table.timer_left() or 0) <= 5


def test_regression_empty_settings_and_a_timer_of_minus_zero(tmp_path: Path) -> None:
    """``settings`` with neither field was acknowledged (and stored) though it changed
    nothing, and a timer of -0.0 was kept as -0.0; the first is refused, the second is off."""
    with running(tmp_path / "t.db") as client:
        made = create(client, host="S")
        south = Peer(client, made["seats"]["S"])
        south.send(type="settings", id=1)
        assert _answer(south)["code"] == "bad_message"
        south.send(type="settings", timer=-0.0, id=2)
        assert _answer(south)["type"] == "ack"
        timer = south.until_type("state")["settings"]["timer"]
        assert timer == 0 and math.copysign(1, timer) == 1
        _, events = client.app.state.store.load(made["table"])  # type: ignore[attr-defined]
        changes = [e.data for e in events if e.kind == "settings"][1:]
        assert len(changes) == 1 and math.copysign(1, changes[0]["timer"]) == 1


def test_a_person_who_lets_the_timer_run_out_has_a_bot_play_that_move(tmp_path: Path) -> None:
    """With a 5-second timer, the person to act who does nothing has his move played by a
    bot (stored as by "timer"); the state shows the seconds left while it runs."""
    with running(tmp_path / "t.db") as client:
        made = create(client, seed=13, timer=5, bots="random")
        south = Peer(client, made["seats"]["S"])
        south.send(type="start")
        state = south.until(lambda m: m["type"] == "state" and bool(_legal(m)))
        assert state["timer_left"] is not None and 0 < state["timer_left"] <= 5
        seq = state["seq"]
        after = south.until(lambda m: m["type"] == "state" and m["seq"] > seq)  # RECEIVE_TIMEOUT: never
        store = client.app.state.store  # type: ignore[attr-defined]
        _, events = store.load(made["table"])
        mine = [e for e in events if e.kind == "action" and e.seat == 2]
        assert mine and mine[0].data["by"] == "timer"
        assert after["seq"] > seq
        # The wait measured by the server's own times (when the move before, which gave
        # South the turn, and the timer's move were stored), not by when the client
        # happened to read them: the whole 5 s, less a little for the store itself.
        waited = mine[0].created_at - events[mine[0].seq - 1].created_at
        assert 4.9 < waited < 60, waited


def _play_out(peers: dict[str, Peer], rng: random.Random, number: int = 1) -> dict[str, Any]:
    """Answer at random until some peer sees game ``number`` over; returns that state."""
    for _ in range(5000):
        for peer in peers.values():
            peer.flush()  # everything sent to it so far: its state is the table's latest
            state = peer.state
            if state is not None and state["status"] == "over" and state["game_number"] == number:
                return state
            if state is not None and _legal(state):
                peer.send(type="action", action=rng.choice(_legal(state)), seq=state["seq"])
        time.sleep(0.01)
    raise AssertionError("the game does not end")


def test_regression_a_hint_where_the_laws_decide_was_an_empty_list(tmp_path: Path) -> None:
    """In table mode a hint asked when correcting a revoke was answered with no values at
    all (a hint that says nothing). It is now refused as ``no_hint``, with what the expert
    does there; the terminal says the same."""
    from euchre.bots.advice import NOT_VALUED

    with running(tmp_path / "t.db") as client:
        made = create(client, seed=3, options={"renege_mode": "penalize_on_claim"})
        peers = {s: Peer(client, made["seats"][s]) for s in SEATS}
        peers["N"].send(type="start")
        rng = random.Random(4)
        for _ in range(20000):
            for peer in peers.values():
                peer.flush()
                state = peer.state
                if state is None or not _legal(state):
                    continue
                if state["game"]["hand"]["phase"] == "revoke_correction":
                    peer.send(type="hint", id="h")
                    answer = peer.until(lambda m: m["type"] in ("hint", "error"))
                    assert answer["code"] == "no_hint" and "corrects a revoke" in answer["message"]
                    assert NOT_VALUED.split(":")[0] in answer["message"].lower()
                    return
                peer.send(type="action", action=rng.choice(_legal(state)), seq=state["seq"])
            time.sleep(0.005)
        raise AssertionError("no revoke was made to correct")


def test_a_rematch_plays_a_new_game_at_the_same_table_with_its_own_record(tmp_path: Path) -> None:
    """Game over: the host's rematch starts game 2 (the same seats, a fresh secret seed),
    the first game's record stays available as game 1, each record replays with its own
    seed; a rematch before the end or by another seat is refused."""
    with running(tmp_path / "t.db") as client:
        made = create(client, seed=21, target=2, host="N")
        peers = {s: Peer(client, made["seats"][s]) for s in ("N", "S")}
        peers["S"].send(type="rematch", id="early")
        assert _answer(peers["S"])["code"] == "not_host"
        peers["N"].send(type="rematch", id="early")
        assert _answer(peers["N"])["code"] == "not_over"
        peers["N"].send(type="start")
        first = _play_out(peers, random.Random(1))
        assert first["game_number"] == 1 and [g["game"] for g in first["games"]] == [1]
        peers["N"].send(type="rematch", id="r")
        assert _answer(peers["N"])["type"] == "ack"
        second = peers["N"].until(lambda m: m["type"] == "state" and m["game_number"] == 2)
        assert second["status"] == "playing" and [s["kind"] for s in second["seats"]] == ["human", "bot", "human", "bot"]
        assert second["history"] == [] and [g["game"] for g in second["games"]] == [1]
        one = client.get(f"/api/tables/{made['table']}/record.json?game=1")
        assert one.status_code == 200
        game1, _ = loads(one.text)
        assert game1.seed == 21 and game1.is_over
        assert client.get(f"/api/tables/{made['table']}/record.json?game=2").status_code == 409
        assert client.get(f"/api/tables/{made['table']}/record.json?game=3").status_code == 404
        assert client.get(f"/api/tables/{made['table']}/record.json?game=x").status_code == 400
        _play_out(peers, random.Random(2), 2)
        game2, _ = loads(client.get(f"/api/tables/{made['table']}/record.json?game=2").text)
        assert game2.is_over and game2.seed != 21
        assert client.get(f"/api/tables/{made['table']}/record.json").text == \
            client.get(f"/api/tables/{made['table']}/record.json?game=2").text
    with running(tmp_path / "t.db") as client:  # a restarted server replays both games and the rematch
        peer = Peer(client, made["seats"]["N"])
        assert peer.state is not None and peer.state["game_number"] == 2 and peer.state["status"] == "over"
        assert [g["game"] for g in peer.state["games"]] == [1, 2]


def test_the_score_history_lists_every_finished_hand() -> None:
    """Worked from the game's own hands: one entry a finished hand, the score after each
    the running sum of the hands' points, the last equal to the game's score."""
    game = Game(preset("modern-standard").replace(game_target=5), 3)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    history = hand_history(game)
    assert [h["hand"] for h in history] == list(range(1, len(game.finished_hands) + 1))
    running_score = [0, 0]
    for entry, hand in zip(history, game.finished_hands, strict=True):
        assert hand.result is not None
        running_score = [a + b for a, b in zip(running_score, hand.result.points, strict=True)]
        assert entry["points"] == list(hand.result.points) and entry["score"] == running_score
        assert entry["label"] == hand.result.label and entry["dealer"] == "NESW"[hand.dealer]
    assert history[-1]["score"] == list(game.score)


def test_the_replay_shows_every_card_and_steps_through_each_hand() -> None:
    """Each hand starts from the deal (every seat's five cards face up); each step is one
    action of the hand's history, the cards after it held as the real hand held them at
    that point; the trick shows the cards played; the result and score follow."""
    game = Game(preset("modern-standard").replace(game_target=3), 8)
    rng = random.Random(8)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    made = replay_json(game)
    assert len(made["hands"]) == len(game.finished_hands)
    for entry, hand in zip(made["hands"], game.finished_hands, strict=True):
        dealt = {s: sorted(c["code"] for c in cards) for s, cards in entry["start"].items()}
        assert dealt == {"NESW"[s]: sorted(card_code(c) for c in cards_of(hand.deal_hands[s])) for s in range(4)}
        assert [step["action"] for step in entry["steps"]] == [action_text(c) for _, c in hand.history]
        last = entry["steps"][-1]
        # What each seat holds at the end, as the hand itself ended (none after a played
        # hand, except a lone player's partner; all five after a passed-out deal).
        assert {s: sorted(c["code"] for c in cards) for s, cards in last["cards"].items()} == {
            "NESW"[s]: sorted(card_code(c) for c in cards_of(hand.hands[s])) for s in range(4)}
        assert last["tricks_won"] == list(hand.tricks_won)
        if hand.tricks:
            assert len(last["trick"]) == bin(hand.active).count("1")  # the last trick stays shown
            assert [t["card"]["code"] for t in last["trick"]] == [card_code(c) for c in hand.tricks[-1].cards]
    assert made["hands"][-1]["result"]["score"] == list(game.score)


def test_the_replay_endpoint_is_for_finished_games_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Also a regression: the replay was worked out again in a thread at every request
    (a client asking in a loop kept the threads busy); it is made once per game."""
    import euchre.server.table_shown as table_module

    made_for: list[int] = []

    def counted(game: Game) -> dict[str, Any]:
        made_for.append(id(game))
        return replay_json(game)

    monkeypatch.setattr(table_module, "replay_json", counted)
    with running(tmp_path / "t.db") as client:
        made = create(client, seed=21, target=2)
        peers = {"N": Peer(client, made["seats"]["N"])}
        url = f"/api/tables/{made['table']}/replay.json"
        assert client.get(url).status_code == 409
        peers["N"].send(type="start")
        _play_out(peers, random.Random(4))
        reply = client.get(url)
        assert reply.status_code == 200 and reply.json()["game"] == 1 and reply.json()["hands"]
        assert client.get(url + "?game=2").status_code == 404
        for _ in range(3):
            assert client.get(url + "?game=1").content == reply.content
        assert len(made_for) == 1


def test_regression_a_rematch_could_be_dealt_by_anyone_who_read_the_first_record(tmp_path: Path) -> None:
    """A tester's finding: the rematch's seed was derived from the table's seed, which the
    first game's record gives: anyone could deal game 2. It is now a fresh secret seed
    (in the server's log only): two tables with the same seed get different rematches."""
    games = []
    for name in ("a", "b"):
        with running(tmp_path / f"{name}.db") as client:
            made = create(client, seed=21, target=1, host="N")
            peers = {"N": Peer(client, made["seats"]["N"])}
            peers["N"].send(type="start")
            _play_out(peers, random.Random(1))
            peers["N"].send(type="rematch", id="r")
            assert _answer(peers["N"])["type"] == "ack"
            table = live(client, made["table"])
            assert table.game is not None
            games.append(table.game.hand.deal_hands)
            record, _ = loads(client.get(f"/api/tables/{made['table']}/record.json?game=1").text)
            assert record.seed == 21
            assert Game(record.rules, 21).hand.deal_hands != table.game.hand.deal_hands
    assert games[0] != games[1]

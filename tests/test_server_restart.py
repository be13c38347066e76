"""A real ``euchre serve`` process killed with SIGKILL mid-hand and started again on the
same SQLite file: every table resumes exactly where it was (the same hand, cards, trick,
score and turn), an acknowledged action is never lost, and the game plays on to its end.

Each test starts its own server (a subprocess on a free loopback port, a database in
``tmp_path``) and talks to it with websocket clients, as browsers would.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from _server_process import SeatClient, ServerProcess, legal, replay, serving, stored_log
from euchre.records import loads

SEATS = "NESW"
MAX_STEPS = 3000


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    """A state without what may change across a restart: who is connected now, and
    whether a bot stands in (seat names and kinds stay)."""
    out = dict(state)
    out["seats"] = [{k: v for k, v in s.items() if k not in ("connected", "stand_in")} for s in state["seats"]]
    return out


def join_all(server: ServerProcess, made: dict[str, Any], seats: str) -> dict[str, SeatClient]:
    return {s: SeatClient(server.ws_url, made["seats"][s]) for s in seats}


def close_all(clients: dict[str, SeatClient]) -> None:
    for c in clients.values():
        c.close()


def settle(clients: dict[str, SeatClient], seq: int) -> int:
    """Wait until every client holds the state of ``seq`` or later; the latest seq."""
    return max(c.until_seq(seq)["seq"] for c in clients.values())


def start(clients: dict[str, SeatClient], seat: str) -> int:
    """``seat`` starts the game; wait until every client holds the started state. Its seq."""
    clients[seat].send(type="start", id="go")
    return settle(clients, clients[seat].until(lambda m: m["type"] == "ack")["seq"])


def humans_turn(clients: dict[str, SeatClient]) -> SeatClient | None:
    """The client whose turn its own latest state says it is (None: a bot's turn or over)."""
    for c in clients.values():
        if c.state is not None and c.state["status"] == "playing" and legal(c.state):
            return c
    return None


def wait_for_humans_turn(clients: dict[str, SeatClient]) -> SeatClient | None:
    """Let the bots play until a human is to act (that client, all clients up to date) or
    the game is over (None)."""
    while True:
        states = [c.state for c in clients.values() if c.state is not None]
        latest = max(states, key=lambda s: s["seq"])
        if latest["status"] == "over":
            return None
        actor = humans_turn(clients)
        if actor is not None and all(s["seq"] == latest["seq"] for s in states) and len(states) == len(clients):
            return actor
        if actor is None:  # a bot is to move: wait for its move on any one client
            next(iter(clients.values())).until_seq(latest["seq"] + 1)
        settle(clients, max(c.state["seq"] for c in clients.values() if c.state is not None))


def act(actor: SeatClient, rng: random.Random, ref: int) -> dict[str, Any]:
    """The actor takes a random legal action; its ack."""
    assert actor.state is not None
    choice = rng.choice(legal(actor.state))
    actor.send(type="action", action=choice, seq=actor.state["seq"], id=ref)
    reply = actor.until(lambda m: m["type"] in ("ack", "error"))
    assert reply["type"] == "ack" and reply["id"] == ref, reply
    return reply


def play_until(clients: dict[str, SeatClient], rng: random.Random, stop: Any, steps: int = MAX_STEPS) -> None:
    """Humans act at random (bots play their own turns) until ``stop(state)`` holds for the
    state of the human to act, or the game is over."""
    for step in range(steps):
        actor = wait_for_humans_turn(clients)
        if actor is None or stop(actor.state):
            return
        ack = act(actor, rng, step)
        settle(clients, ack["seq"])
    raise AssertionError("the game did not reach the wanted point")


def mid_hand(state: dict[str, Any]) -> bool:
    """In the play of a hand after the first, with a trick done and one begun."""
    game = state["game"]
    hand = game["hand"]
    return (game["hand_number"] >= 2 and hand["phase"] == "play" and len(hand["tricks"]) >= 1
            and len(hand["trick"]) >= 1 and game["score"] != [0, 0])


def play_to_the_end(clients: dict[str, SeatClient], rng: random.Random) -> dict[str, Any]:
    play_until(clients, rng, stop=lambda s: False)
    final = max((c.state for c in clients.values() if c.state is not None), key=lambda s: s["seq"])
    assert final["status"] == "over"
    return final


def check_record(server: ServerProcess, table_id: str, final: dict[str, Any]) -> None:
    status, body = server.get(f"/api/tables/{table_id}/record.json")
    assert status == 200, body
    game, _names = loads(body.decode())
    assert game.is_over and list(game.score) == final["game"]["score"] == final["game"]["result"]["score"]


# ---------------------------------------------------------------------- tests
def test_a_table_resumes_exactly_after_kill_9_and_plays_to_the_end(tmp_path: Path) -> None:
    rng = random.Random(2024)
    with serving(tmp_path, delay=0.0, grace=30.0) as server:
        # North and East are people; South and West, never opened, become bots at the start.
        made = server.create_table(preset="modern-standard", seed=77, target=10, bots="intermediate")
        clients = join_all(server, made, "NE")
        start(clients, "N")
        play_until(clients, rng, stop=mid_hand)
        actor = humans_turn(clients)
        assert actor is not None
        before = {s: c.state for s, c in clients.items()}
        assert before["N"] is not None and before["N"]["seq"] == before["E"]["seq"]  # type: ignore[index]
        events_before = len(stored_log(server.db_url, made["table"])[2])
        assert events_before == before["N"]["seq"]  # type: ignore[index]

        server.kill9()
        close_all(clients)
        server.start(port=server.port)

        clients = join_all(server, made, "NE")
        for s, c in clients.items():
            after = c.state
            assert after is not None
            assert comparable(after) == comparable(before[s]), f"{s} sees another state after the restart"  # type: ignore[arg-type]
        hand = clients["N"].state["game"]["hand"]  # type: ignore[index]
        assert hand["phase"] == "play" and hand["trick"], "the restart was meant to fall mid-trick"
        # Nothing happened while the server was down or starting: it is still the same human's turn.
        assert len(stored_log(server.db_url, made["table"])[2]) == events_before

        final = play_to_the_end(clients, rng)
        assert final["status"] == "over" and max(final["game"]["score"]) >= 10
        check_record(server, made["table"], final)
        # The stored log replays to the same end.
        rules, seed, events = stored_log(server.db_url, made["table"])
        game = replay(rules, seed, events)
        assert game is not None and game.is_over and list(game.score) == final["game"]["score"]
        assert sum(1 for e in events if e.kind == "action" and e.data.get("by") == "bot") > 0
        close_all(clients)


def test_an_acknowledged_action_survives_kill_9_right_after_the_ack(tmp_path: Path) -> None:
    rng = random.Random(7)
    with serving(tmp_path, delay=0.0, grace=30.0) as server:
        made = server.create_table(preset="modern-standard", seed=3, target=5)
        clients = join_all(server, made, SEATS)
        start(clients, "S")
        base = clients["S"].state["seq"]  # type: ignore[index]
        # Kill right after the ack of the game's first call, then of two actions later on;
        # every time the server comes back with that action in place.
        for kill_after in (0, 9, 25):
            play_until(clients, rng, stop=lambda s, k=kill_after: s["seq"] >= base + k)
            actor = humans_turn(clients)
            assert actor is not None and actor.state is not None
            seat = actor.state["you"]["seat"]
            choice = rng.choice(legal(actor.state))
            actor.send(type="action", action=choice, seq=actor.state["seq"], id="last")
            ack = actor.until(lambda m: m["type"] in ("ack", "error"))
            assert ack["type"] == "ack", ack
            server.kill9()  # at once: the state broadcast may not even have left the server
            close_all(clients)

            rules, seed, events = stored_log(server.db_url, made["table"])
            assert len(events) == ack["seq"]
            last = events[-1]
            assert (last.kind, SEATS[last.seat], last.data["action"]) == ("action", seat, choice)  # type: ignore[index]

            server.start(port=server.port)
            clients = join_all(server, made, SEATS)
            for c in clients.values():
                assert c.state is not None and c.state["seq"] == ack["seq"]
            mine = clients[seat].state
            assert mine is not None
            game = replay(rules, seed, events)
            assert game is not None
            if choice.startswith("play-"):
                card = choice.removeprefix("play-")
                assert card not in [c["code"] for c in mine["game"]["hand"]["cards"]]
                shown = [p["card"]["code"] for p in mine["game"]["hand"]["trick"]]
                shown += [p["card"]["code"] for t in mine["game"]["hand"]["tricks"] for p in t["cards"]]
                if mine["game"]["previous"] is not None and not mine["game"]["hand"]["tricks"]:
                    shown += [p["card"]["code"] for t in mine["game"]["previous"]["tricks"] for p in t["cards"]]
                assert card in shown
            else:
                calls = mine["game"]["hand"]["calls"]
                prev = mine["game"]["previous"]
                seen = calls + (prev["calls"] if prev is not None else [])
                assert any(c["seat"] == seat and c["action"] == choice for c in seen), (choice, seen)
            # What the restarted server shows is the stored game, turn and score included.
            assert mine["game"]["score"] == list(game.score)
            if not game.is_over:
                assert mine["game"]["hand"]["turn"] == SEATS[game.turn]
        final = play_to_the_end(clients, rng)
        assert final["status"] == "over"
        check_record(server, made["table"], final)
        close_all(clients)


def test_after_a_restart_a_bot_stands_in_for_a_player_who_does_not_come_back(tmp_path: Path) -> None:
    rng = random.Random(99)
    # Grace 3 s: North's join after the restart (which loads the table and starts East's
    # grace) must see the table before the stand-in moves, even on a busy machine.
    with serving(tmp_path, delay=0.0, grace=3.0) as server:
        made = server.create_table(preset="modern-standard", seed=12, target=5, bots="beginner")
        clients = join_all(server, made, "NE")
        start(clients, "E")
        play_until(clients, rng, stop=lambda s: s["you"]["seat"] == "E" and s["game"]["hand_number"] >= 2)
        waiting = clients["E"].state
        assert waiting is not None and legal(waiting)
        server.kill9()
        close_all(clients)
        server.start(port=server.port)

        # Only North comes back: East's turn is played for him once the grace period is over.
        north = {"N": SeatClient(server.ws_url, made["seats"]["N"])}
        assert north["N"].state is not None and north["N"].state["seq"] == waiting["seq"]
        moved = north["N"].until(lambda m: m["type"] == "state" and m["seq"] > waiting["seq"])
        east = next(s for s in moved["seats"] if s["seat"] == "E")
        assert east["kind"] == "human" and not east["connected"] and east["stand_in"]
        _rules, _seed, events = stored_log(server.db_url, made["table"])
        assert (events[waiting["seq"]].seat, events[waiting["seq"]].data["by"]) == (1, "stand-in")

        final = play_to_the_end(north, rng)
        check_record(server, made["table"], final)
        close_all(north)

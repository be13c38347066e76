"""``undo`` on the page (issue 34): a person alone with bots takes back his last decision
through the websocket, as ``euchre play`` lets him at the terminal; refused with a
second person at the table; the log keeps it, so that a restarted server shows the game
as it is after the undo (the move taken back does not come back, nothing else is lost)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from euchre.core.actions import parse_action
from euchre.core.game import Game
from euchre.core.presets import DEFAULT_PRESET, preset
from euchre.server.undo import Checkpoints, undo_refusal
from test_server import Peer, create, legal_actions, live, running


def _answer(peer: Peer) -> dict[str, Any]:
    return peer.until(lambda m: m["type"] in ("ack", "error"))


def _my_turn(peer: Peer) -> dict[str, Any]:
    """The next state in which the peer has a choice (or the game is over)."""
    return peer.until(lambda m: m["type"] == "state" and (bool(legal_actions(m)) or m["status"] == "over"))


def _history(game: Game | None) -> list[list[tuple[int, int]]]:
    assert game is not None
    return [list(h.history) for h in game.finished_hands] + [list(game.hand.history)]


def _alone_with_bots(client: Any, **body: Any) -> tuple[dict[str, Any], Peer]:
    made = create(client, seed=21, bots="random", **body)
    me = Peer(client, made["seats"]["S"])
    me.send(type="start", id="start")
    assert _answer(me)["type"] == "ack"
    return made, me


def test_undo_with_every_other_seat_a_bot_puts_back_the_state_before_the_decision(tmp_path: Path) -> None:
    """South plays against three bots: after two decisions he takes back the last one.
    The state he is sent equals, field for field, the state he was sent before that
    decision (hand, trick, calls, score, legal choices), and the game's history is the
    history then."""
    with running(tmp_path / "t.db") as client:
        made, me = _alone_with_bots(client)
        table = live(client, made["table"])
        first = _my_turn(me)
        assert first["you"] == {"role": "seat", "seat": "S", "undo_offered": True, "can_undo": False}
        me.send(type="action", action=legal_actions(first)[-1], seq=first["seq"], id=1)
        assert _answer(me)["type"] == "ack"
        before = _my_turn(me)
        history_before = _history(table.game)
        assert before["you"]["can_undo"] is True
        me.send(type="action", action=legal_actions(before)[0], seq=before["seq"], id=2)
        assert _answer(me)["type"] == "ack"
        _my_turn(me)
        assert _history(table.game) != history_before
        me.send(type="undo", id="u")
        ack = _answer(me)
        assert ack == {"type": "ack", "id": "u", "seq": table.seq}
        after = me.until_type("state")
        assert after["game"] == before["game"] and after["status"] == "playing"
        assert after["seq"] > before["seq"] and after["you"]["can_undo"] is True  # the first decision may go too
        assert _history(table.game) == history_before
        me.send(type="undo", id="u2")
        assert _answer(me)["type"] == "ack"
        again = me.until_type("state")
        assert again["game"] == first["game"] and again["you"]["can_undo"] is False
        me.send(type="undo", id="u3")
        refused = _answer(me)
        assert refused["code"] == "nothing_to_undo" and refused["id"] == "u3"
        _, events = client.app.state.store.load(made["table"])  # type: ignore[attr-defined]
        actions = [e for e in events if e.kind == "action" and e.data["by"] == "human"]
        undos = [e for e in events if e.kind == "undo"]
        assert [u.data["to"] for u in undos] == [actions[1].seq, actions[0].seq]  # last decision first
        assert all(u.seat == 2 for u in undos)


def _bots_after_redoing(tmp_path: Path, keep_bots: bool) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The actions after South's first decision, played once, then again after taking
    it back and making it again. ``keep_bots`` False is the positive control: the copies
    of the bots are not kept (as for a table read back from its log), so the random bots
    go on from where their generators were."""
    with running(tmp_path / f"bots-{keep_bots}.db") as client:
        made, me = _alone_with_bots(client)
        table = live(client, made["table"])
        first = _my_turn(me)
        start = len(table.game.hand.history) if table.game is not None else 0
        table._replaying = not keep_bots
        me.send(type="action", action=legal_actions(first)[0], seq=first["seq"], id=1)
        _answer(me)
        _my_turn(me)
        assert table.game is not None
        played = list(table.game.hand.history[start:])
        table._replaying = False
        me.send(type="undo", id="u")
        assert _answer(me)["type"] == "ack"
        redo = me.until_type("state")
        me.send(type="action", action=legal_actions(first)[0], seq=redo["seq"], id=2)
        _answer(me)
        _my_turn(me)
        replayed = list(table.game.hand.history[start:])
        return played, replayed


def test_after_an_undo_the_bots_play_as_they_did(tmp_path: Path) -> None:
    """The bots are put back with the game (copies kept before each of the person's
    decisions, as ``run_table`` keeps them at the terminal): the same decision again
    brings the same answers from random bots. Without the copies (the control) they
    answer otherwise."""
    played, replayed = _bots_after_redoing(tmp_path, keep_bots=True)
    assert len(played) > 2 and replayed == played
    played, replayed = _bots_after_redoing(tmp_path, keep_bots=False)
    assert replayed != played


def test_undo_is_refused_with_a_second_person_at_the_table(tmp_path: Path) -> None:
    """South and North are people: South's decision is not taken back (North's moves
    would go with it); the state offers no undo to either."""
    seed = next(s for s in range(200) if Game(preset(DEFAULT_PRESET), s).turn == 2)  # South speaks first
    with running(tmp_path / "t.db") as client:
        made = create(client, seed=seed, bots="random")
        south, north = Peer(client, made["seats"]["S"]), Peer(client, made["seats"]["N"])
        south.send(type="start", id="s")
        state = _my_turn(south)
        assert state["you"]["undo_offered"] is False and state["you"]["can_undo"] is False
        south.send(type="action", action=legal_actions(state)[0], seq=state["seq"], id=1)
        assert _answer(south)["type"] == "ack"
        table = live(client, made["table"])
        seq = table.seq
        south.send(type="undo", id="u")
        refused = _answer(south)
        assert refused["code"] == "undo_refused" and refused["id"] == "u"
        assert refused["message"] == ("taking back is offered only where every other seat is a bot; North is played "
                                      "by a person, whose moves would be taken back too")
        assert table.seq >= seq and len(table.checkpoints) == 0
        _, events = client.app.state.store.load(made["table"])  # type: ignore[attr-defined]
        assert not [e for e in events if e.kind == "undo"]
        playing = north.until(lambda m: m["type"] == "state" and m["status"] == "playing")
        assert playing["you"]["undo_offered"] is False


def test_undo_refusals_change_nothing(tmp_path: Path) -> None:
    """A spectator, the lobby, a bot's seat, an event's table, and a finished game are
    each refused with their code and a reason."""
    with running(tmp_path / "t.db") as client:
        made = create(client, seed=21, bots="random", target=1)
        me = Peer(client, made["seats"]["S"])
        me.send(type="undo", id="lobby")
        assert _answer(me)["code"] == "not_started"
        watcher = Peer(client, made["spectator"])
        watcher.send(type="undo", id="w")
        assert _answer(watcher)["code"] == "not_a_player"
        me.send(type="start", id="start")
        _answer(me)
        late = Peer(client, made["seats"]["N"])  # a bot plays North: its person watches
        late.send(type="undo", id="n")
        assert _answer(late)["code"] == "seat_is_bot"
        table = live(client, made["table"])
        state = _my_turn(me)
        me.send(type="action", action=legal_actions(state)[0], seq=state["seq"], id=1)
        _answer(me)
        table.organised = True  # as at an event's online table
        me.send(type="undo", id="event")
        refused = _answer(me)
        assert refused["code"] == "undo_refused" and "an event's table" in refused["message"]
        table.organised = False
        while True:  # to the end of the game (one point)
            state = _my_turn(me)
            if state["status"] == "over":
                break
            me.send(type="action", action=legal_actions(state)[0], seq=state["seq"], id="a")
        me.send(type="undo", id="over")
        refused = _answer(me)
        assert refused["code"] == "game_over" and "cannot be taken back" in refused["message"]
        assert state["you"]["undo_offered"] is False
        _, events = client.app.state.store.load(made["table"])  # type: ignore[attr-defined]
        assert not [e for e in events if e.kind == "undo"]


def test_a_restarted_server_shows_the_game_after_the_undo(tmp_path: Path) -> None:
    """The undo is in the log: a new app on the same database shows South the state he
    had after it (the move taken back, acknowledged and stored, does not come back: his
    other choice stands in its place), and what came after the undo (his next decision,
    the bots' moves, a chat line, a name) is all there."""
    db = tmp_path / "restart.db"
    with running(db) as client:
        made, me = _alone_with_bots(client)
        table = live(client, made["table"])
        state = _my_turn(me)
        me.send(type="action", action=legal_actions(state)[-1], seq=state["seq"], id=1)
        _answer(me)
        state = _my_turn(me)
        choices = legal_actions(state)
        assert len(choices) > 1
        at = len(_flat(table.game))  # where South's second decision goes in the game's history
        me.send(type="action", action=choices[0], seq=state["seq"], id=2)
        assert _answer(me)["type"] == "ack"
        _my_turn(me)
        assert _flat(table.game)[at] == (2, parse_action(choices[0]))
        me.send(type="undo", id="u")
        assert _answer(me)["type"] == "ack"
        after_undo = me.until_type("state")
        me.send(type="name", name="Ann", id="n")
        _answer(me)
        me.send(type="chat", text="again", id="c")
        _answer(me)
        me.send(type="action", action=choices[-1], seq=table.seq, id=3)
        assert _answer(me)["type"] == "ack"
        last = _my_turn(me)
        history = _history(table.game)
        seq = table.seq
        me.close()
    with running(db) as client:
        back = Peer(client, made["seats"]["S"])
        table = live(client, made["table"])
        assert table.seq == seq and _history(table.game) == history
        assert _flat(table.game)[at] == (2, parse_action(choices[-1]))  # the move taken back is gone
        assert back.state is not None and back.state["game"] == last["game"]
        assert back.state["seats"][2]["name"] == "Ann" and [line["text"] for line in back.history["lines"]] == ["again"]
        assert back.state["you"]["can_undo"] is True  # the decision made after the undo may be taken back
        back.send(type="undo", id="u")
        assert _answer(back)["type"] == "ack"
        assert back.until_type("state")["game"] == after_undo["game"]
        back.close()


def _flat(game: Game | None) -> list[tuple[int, int]]:
    return [step for hand in _history(game) for step in hand]


def test_a_game_with_an_undo_is_recorded_but_not_rated(tmp_path: Path) -> None:
    from sqlalchemy import create_engine

    from euchre.server.config import sqlite_url
    from euchre.server.ratings import FinishedSeat, Ratings, account_subject, bot_subject
    from euchre.server.storage import Store

    store = Store(sqlite_url(tmp_path / "r.db"))
    store.migrate()
    ratings = Ratings(create_engine(sqlite_url(tmp_path / "r.db")))
    game = Game(preset("modern-standard").replace(game_target=1), 4)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    seats = [FinishedSeat(bot_subject("random"), None)] * 4
    seats[2] = FinishedSeat(account_subject("a1"), "a1")
    assert ratings.record("t1", 1, game, "modern-standard", seats, undone=True)
    assert ratings.rating(account_subject("a1"), "modern-standard") is None  # recorded, not rated
    assert ratings.record("t2", 1, game, "modern-standard", seats)  # the control: the same game is rated
    assert ratings.rating(account_subject("a1"), "modern-standard") is not None
    store.close()


def test_checkpoints_restore_only_the_last_decision() -> None:
    game = Game(preset("modern-standard"), 3)
    points = Checkpoints()
    points.take(7, game, None)
    game.apply(game.legal_actions()[0])
    try:
        points.restore(6, game)
    except ValueError as exc:
        assert "no decision of event 6" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("restored a decision that is not the last")
    assert points.restore(7, game) is None and game.hand.history == [] and len(points) == 0
    table = preset("modern-standard").table
    assert undo_refusal(table, ["bot", "bot", "human", "bot"], 2, False) is None
    assert undo_refusal(table, ["bot", "human", "human", "human"], 2, False) == (
        "taking back is offered only where every other seat is a bot; East and West are played by a person, whose "
        "moves would be taken back too")

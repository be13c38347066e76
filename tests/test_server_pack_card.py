"""A card the game's pack lacks, sent as an action (issue 34): the refusal names the pack
("this game is played with 24 cards, nine to ace: it has no sevens"), as the terminal and
the referee do, beside the legal actions."""

from __future__ import annotations

from pathlib import Path

from test_server import Peer, create, legal_actions, running


def test_an_action_with_a_card_the_pack_lacks_names_the_pack(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        made = create(client, seed=21, bots="random")
        me = Peer(client, made["seats"]["S"])
        me.send(type="start", id="s")
        state = me.until(lambda m: m["type"] == "state" and bool(legal_actions(m)))
        for sent, why in (("play-7S", "it has no sevens"), ("discard-8H", "it has no eights"),
                          ("play-JK", "it has no joker")):
            me.send(type="action", action=sent, seq=state["seq"], id=sent)
            refused = me.until(lambda m: m["type"] == "error")
            assert refused["code"] == "illegal_action" and refused["id"] == sent
            assert refused["message"].startswith(f"{sent} is not legal now (This game is played with 24 cards, nine to "
                                                 f"ace: {why}); legal: ")
        control = next(a for a in ("play-9S", "play-TS", "play-9H") if a not in legal_actions(state))
        me.send(type="action", action=control, seq=state["seq"], id="control")
        refused = me.until(lambda m: m["type"] == "error")  # a card of the pack: no word of the pack (the control)
        assert refused["code"] == "illegal_action" and "This game is played" not in refused["message"]

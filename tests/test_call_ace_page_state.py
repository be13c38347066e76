"""What the page is sent at a call-ace table (RULES.md decision 21; X-35, X-47): the card
the maker called, from the call on, and the seat that played it (his partner) once it
has fallen, never before, to no seat (the partner himself included: he knows it from
his own cards) and no spectator. Built by :func:`euchre.server.serialize.hand_json`
and :func:`~euchre.server.serialize.game_json` from the core's views."""

from __future__ import annotations

import json
import random
from typing import Any

from euchre.core import Game, HandState, preset
from euchre.core.cards import parse_card
from euchre.server.json_text import dumps
from euchre.server.serialize import game_json, hand_json
from euchre.server.state_cache import StateCache
from euchre.server.state_parts import card_json

try:
    from .test_call_ace import _hand5, _hides_the_partner
except ImportError:
    from test_call_ace import _hand5, _hides_the_partner  # type: ignore[no-redef]


def _state(hand: HandState, viewer: int | None) -> Any:
    shown, legal = hand_json(hand, (0,) * len(hand.table.teams), viewer)
    return shown, legal


def test_the_called_card_is_sent_from_the_call_and_the_partner_once_the_card_is_played() -> None:
    """X-47: the holder of the ace called is the partner, known when it is played. In
    the fixed deal seat 3 ("4") holds the ace of clubs the maker calls."""
    hand = _hand5()
    viewers = (*range(5), None)
    assert [_state(hand, v)[0]["called"] for v in viewers] == [None] * 6
    for a in ("order", "discard-8C", "call-C"):
        hand.apply(a)
    ace = card_json(parse_card("AC"))
    for v in viewers:
        shown = _state(hand, v)[0]
        assert shown["called"] == ace and shown["partner"] is None, v
    hand.apply("play-QH")
    hand.apply("play-AS")
    for v in viewers:
        assert _state(hand, v)[0]["partner"] is None, v
    hand.apply("play-AC")  # seat 3 throws the ace of clubs: the partner is known to all
    assert [_state(hand, v)[0]["partner"] for v in viewers] == ["4"] * 6


def test_at_the_other_tables_nothing_is_called() -> None:
    game = Game(preset("modern-standard"), 3)
    rng = random.Random(3)
    for _ in range(40):
        shown = game_json(game, 0)["hand"]
        assert shown["called"] is None and shown["partner"] is None
        game.apply(rng.choice(game.legal_actions()))


def test_no_seat_is_sent_the_secret_partner_before_the_card_is_played() -> None:
    """Two games alike but for who holds the called card send every other seat (the
    maker included) the same state, word for word."""
    same, tried = _hides_the_partner(lambda h, s: json.dumps(_state(h, s), sort_keys=True), range(120))
    assert tried > 50 and same == tried


def test_positive_control_a_state_that_named_the_partner_is_caught() -> None:
    def leaky(h: HandState, s: int) -> Any:
        shown, legal = _state(h, s)
        return json.dumps([{**shown, "partner": str(h.partner + 1)}, legal], sort_keys=True)

    same, tried = _hides_the_partner(leaky, range(120))
    assert tried > 50 and same == 0


def test_the_last_hand_keeps_its_called_card_and_partner_and_the_cached_text_is_the_state() -> None:
    """The last hand's part (``previous``) names the card called and the seat that
    played it; the state text made with the cached parts reads back as the state built
    afresh, for every seat and a spectator, at every step of a call-ace-6 game."""
    rules = preset("call-ace-6").replace(game_target=5)
    game, rng, cache = Game(rules, 8), random.Random(8), StateCache()
    calls_seen = partners_seen = 0
    while not game.is_over:
        for viewer in (*range(6), None):
            state = {"type": "state", "game": game_json(game, viewer, cache)}
            assert json.loads(dumps(state)) == {**state, "game": game_json(game, viewer)}
        previous = game_json(game, None)["previous"]
        if previous is not None:
            last = game.finished_hands[previous["hand_number"] - 1]
            if last.called == -1:
                assert previous["called"] is None and previous["partner"] is None
            else:
                calls_seen += 1
                assert previous["called"] == card_json(last.called)
                # Every dealt card is played by the end: the partner is known, or the
                # called card lay in the stock and nobody played it.
                played = [t.seats[t.cards.index(last.called)] for t in last.tricks if last.called in t.cards]
                assert previous["partner"] == (str(played[0] + 1) if played else None)
                assert (last.partner == -1) == (not played)
                partners_seen += bool(played)
        game.apply(rng.choice(game.legal_actions()))
    assert calls_seen and partners_seen  # the cases happened

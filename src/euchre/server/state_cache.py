"""The parts of a table's states that stay the same from move to move, kept as JSON text.

:class:`StateCache` is read and filled by :func:`euchre.server.serialize.game_json`; a
state built with it equals one built afresh (tests/test_server_state_cache.py).
"""

from __future__ import annotations

from typing import Any

import orjson

from euchre.core.game import Game
from euchre.core.hand import HandState
from euchre.core.rules import Rules
from euchre.core.views import PlayerView
from euchre.server.call_list import _calls_json, calls_history
from euchre.server.json_text import ascii_json
from euchre.server.state_parts import (
    _PREVIOUS_HEAD,
    _called,
    _last_hand,
    _last_view,
    _legal_entry,
    _previous_tail,
    _public_fields,
    _tricks_json,
    card_fragment,
    display_order,
)
from euchre.text.words import (
    in_claim_round,
)


class StateCache:
    """The parts of a game's states that stay the same from move to move, or from one
    seat to the next, kept as JSON text for the next states of one table: the last
    hand's part (the fields every seat sees once, the calls per seat; it changes when
    a hand ends), the calls as a seat sees them
    (they change only while bidding), the finished tricks, a seat's cards, the legal
    actions' entries, and the part of the hand in play that every seat sees (made once
    for the four states of a move).

    Each part is keyed by everything it is made of in the seat's view (the calls and
    tricks by their own content, the last hand by itself), all under one rules value
    (the table's: rules of another value empty the cache first), so a part is never
    shown for another state than its own: a state built with a long-lived cache equals
    one built afresh, as after a restart (tests/test_server_state_cache.py). Holds the
    parts of the hand in play only; read and filled by :func:`game_json`, whose result
    then holds some parts as :class:`orjson.Fragment` (for :func:`dumps`).
    """

    def __init__(self) -> None:
        self.rules: Rules | None = None  # the rules every part was made under
        self.hands = -1  # finished hands when the parts were made
        self.previous: dict[int | None, orjson.Fragment | None] = {}
        self.previous_parts: tuple[bytes, bytes] | None = None  # the last hand's fields before and after its calls
        # The last hand the parts above were made of (held, so that ``is`` can tell it
        # from a copy), its number and its history: a game taken back (undo, restore)
        # to the same count of finished hands may hold another last hand.
        self.previous_hand: HandState | None = None
        self.previous_key: tuple[Any, ...] | None = None
        self.previous_history: tuple[tuple[int, int], ...] = ()
        self.calls: dict[tuple[Any, ...], bytes] = {}
        self.tricks: dict[tuple[Any, ...], bytes] = {}
        self.cards: dict[tuple[tuple[int, ...], int], bytes] = {}  # by (hand, trump)
        self.legal: dict[tuple[Any, ...], orjson.Fragment] = {}
        self.public_key: tuple[Any, ...] | None = None
        self.public_head = b""  # the public fields' JSON object without its closing brace

    def _under(self, rules: Rules) -> None:
        """Forget every part unless it was made under ``rules`` (every part's words,
        cards and table come from them; a table's rules never change, so this costs one
        ``is`` a call)."""
        if rules is self.rules:
            return
        if self.rules is None or rules != self.rules:
            self.hands = -1
            self.previous.clear()
            self.previous_parts = None
            self.previous_hand = self.previous_key = None
            self.previous_history = ()
            self.calls.clear()
            self.tricks.clear()
            self.cards.clear()
            self.legal.clear()
            self.public_key = None
        self.rules = rules

    def for_hand(self, finished: int) -> StateCache:
        """Forget the parts of an earlier hand (``finished``: the game's finished hands)."""
        if finished != self.hands:
            self.hands = finished
            self.previous.clear()
            self.previous_parts = None
            self.calls.clear()
            self.tricks.clear()
            self.cards.clear()
            self.legal.clear()
        return self

    def previous_of(self, game: Game, viewer: int | None) -> orjson.Fragment | None:
        """The last finished hand as ``viewer`` sees it (see :func:`_previous_json`): the
        fields every seat sees are encoded once per hand, the calls once per viewer."""
        self._under(game.rules)
        last = _last_hand(game)
        hand_key = None if last is None else (last[1], len(last[0].history))
        if hand_key != self.previous_key or (last is not None and (
                last[0] is not self.previous_hand or tuple(last[0].history) != self.previous_history)):
            self.previous.clear()
            self.previous_parts = None
            self.previous_hand, self.previous_key = None if last is None else last[0], hand_key
            self.previous_history = () if last is None else tuple(last[0].history)
        if viewer in self.previous:
            return self.previous[viewer]
        if last is None:
            made = None
        else:
            hand, number = last
            view = _last_view(hand, viewer)
            if self.previous_parts is None:
                public = _public_fields(view, card_fragment, orjson.Fragment(self.tricks_of(view)))
                head = ascii_json(orjson.dumps({k: public[k] for k in _PREVIOUS_HEAD}))
                tail = ascii_json(orjson.dumps(_previous_tail(hand, number, public)))
                self.previous_parts = (head[:-1] + b',"calls":', b"," + tail[1:])
            head, tail = self.previous_parts
            made = orjson.Fragment(b"".join((head, self.calls_of(view, view.seat if viewer is None else viewer), tail)))
        self.previous[viewer] = made
        return made

    def calls_of(self, view: PlayerView, viewer: int) -> bytes:
        """The calls of ``view`` as ``viewer`` is told them (see :func:`_calls_json`),
        keyed by all that function reads: the history to its last listed entry
        (:func:`calls_history`, by the same :func:`is_listed`) and the view's fields the
        words, the claims' outcomes and their points are made of (the rules: one value
        for the whole cache)."""
        self._under(view.rules)
        key = (viewer, view.dealer, view.upcard, calls_history(view), view.shown, view.claim_log,
               view.revokes, view.proofs, view.active, view.alone, view.defender_alone)
        made = self.calls.get(key)
        if made is None:
            made = self.calls[key] = ascii_json(orjson.dumps(_calls_json(view, viewer)))
        return made

    def legal_of(self, view: PlayerView, code: int) -> orjson.Fragment:
        """One of the legal actions of ``view``, the seat to act's (see :func:`_legal_entry`)."""
        # The claim round before the bidding shares round one's phase but not its words
        # (a pass there is "No claim."): whether the action is a claim-round one is part of the key.
        self._under(view.rules)
        key = (code, view.seat, view.turn, view.dealer, view.phase, view.upcard,
               in_claim_round(view), view.trick_cards[:1], view.trump,
               view.hand if view.rules.revokes_possible else ())
        made = self.legal.get(key)
        if made is None:
            made = self.legal[key] = orjson.Fragment(ascii_json(orjson.dumps(_legal_entry(view, code))))
        return made

    def tricks_of(self, view: PlayerView) -> bytes:
        """The finished tricks of ``view`` (see :func:`_tricks_json`)."""
        self._under(view.rules)
        key = view.tricks
        made = self.tricks.get(key)
        if made is None:
            made = self.tricks[key] = orjson.dumps(_tricks_json(view, card_fragment))
        return made

    def hand_of(self, view: PlayerView, viewer: int, own: bool) -> orjson.Fragment:
        """The hand object of ``view`` (:func:`_public_hand` with the viewer's ``cards``
        and ``discard`` when ``own``, none for a spectator), as JSON text."""
        self._under(view.rules)
        key = (view.dealer, view.phase, in_claim_round(view), view.turn, view.upcard, view.upcard_to_dealer,
               view.joker_aside, view.trump,
               view.maker, view.alone, view.defender_alone, view.active, view.trick_seats, view.trick_cards,
               view.tricks, view.tricks_won, view.hand_sizes, view.exposed, _called(view))
        if key != self.public_key:
            fields = _public_fields(view, card_fragment, orjson.Fragment(self.tricks_of(view)))
            self.public_head = ascii_json(orjson.dumps(fields))[:-1]
            self.public_key = key
        if own:
            jk = view.rules.joker_card
            cards = self.cards.get((view.hand, view.trump))
            if cards is None:
                cards = self.cards[(view.hand, view.trump)] = orjson.dumps(
                    [card_fragment(c, jk) for c in display_order(view)])
            discard = orjson.dumps(card_fragment(view.discard, jk)) if view.discard != -1 else b"null"
        else:
            cards, discard = b"[]", b"null"
        return orjson.Fragment(b"".join((self.public_head, b',"calls":', self.calls_of(view, viewer),
                                         b',"cards":', cards, b',"discard":', discard, b"}")))


"""The pieces a seat's state is built of, each from the core's view of one hand.

Seats, the table's shape, cards, tricks, the fields of a hand every seat sees, a legal
action's entry and a finished hand's result, in the shapes of
:mod:`euchre.server.serialize`'s docstring. Nothing here decides what is hidden: the
core's :class:`~euchre.core.views.PlayerView` does.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import orjson

from euchre.core.actions import ACTIONS, Action, action_text, is_discard_code, is_give_code, is_play_code
from euchre.core.cards import JOKER, NO_TRUMP, Card, card_code, sort_hand
from euchre.core.game import Game
from euchre.core.hand import HandState, Phase
from euchre.core.rules import Rules
from euchre.core.seats import FOUR_HANDED, Table
from euchre.core.state import HandResult
from euchre.core.views import PlayerView, public_view_of, view_of
from euchre.server.json_text import ascii_json
from euchre.text.words import (
    describe_pending,
    in_claim_round,
    plain,
    suit_word,
)

SEATS = FOUR_HANDED.letters
"""The seat letters of the four-hand table (a table's own are ``Table.letters``)."""


def seat_text(seat: int, table: Table = FOUR_HANDED) -> str | None:
    """The letter of a seat of ``table`` (``"N"``..``"W"`` at the four-hand table), None
    for -1 (nobody)."""
    return table.letters[seat] if 0 <= seat < table.seats else None


def table_shape(table: Table) -> dict[str, Any]:
    """The table's shape for the page: its seats clockwise (letters), their titles, and
    its sides (name and seats): ``{"seats": ["N", "E", "S", "W"], "titles": {"N":
    "North", ...}, "sides": [{"name": "N-S", "seats": ["N", "S"]}, ...]}``."""
    letters = list(table.letters)
    return {"seats": letters, "titles": dict(zip(letters, table.titles, strict=True)),
            "sides": [{"name": table.team_names[i], "seats": [letters[s] for s in team]}
                      for i, team in enumerate(table.teams)]}


@functools.cache
def card_json(card: int, joker_card: str = "joker") -> dict[str, str]:
    """A card for the client: its code, short text, English name (for screen readers)
    and suit letter (``J`` for the joker, whose text is that of the card standing for it,
    ``joker_card``: ``2♠`` for the two of spades; its code stays ``JK``, as actions name
    it). Made once per card and shared: read only."""
    c = Card(card)
    return {"code": card_code(card), "short": c.pretty(joker_card), "name": c.name_text(joker_card),
            "suit": "J" if card == JOKER else "CDHS"[card >> 3]}


@functools.cache
def card_fragment(card: int, joker_card: str = "joker") -> orjson.Fragment:
    """:func:`card_json` as ASCII JSON text, made once per card."""
    return orjson.Fragment(ascii_json(orjson.dumps(card_json(card, joker_card))))


def _trump_text(trump: int) -> str | None:
    if trump == -1:
        return None
    return "NT" if trump == NO_TRUMP else "CDHS"[trump]


def _upcard_state(view: PlayerView) -> str:
    if view.upcard_to_dealer:
        return "taken"
    if view.phase in (Phase.BID_ROUND_1, Phase.BLIND_NAME):
        return "up"
    return "turned_down"


def _tricks_json(view: PlayerView, card: Callable[[int, str], Any] = card_json) -> list[dict[str, Any]]:
    jk = view.rules.joker_card
    table = view.table
    return [{"leader": seat_text(t.leader, table), "winner": seat_text(t.winner, table),
             "cards": [{"seat": seat_text(s, table), "card": card(c, jk)} for s, c in zip(t.seats, t.cards, strict=True)]}
            for t in view.tricks]


def display_order(view: PlayerView) -> list[int]:
    """The seat's own cards in the order the terminal shows them (the core's
    :func:`~euchre.core.cards.sort_hand`): trump first, highest first, the left bower
    with it; the other suits by effective suit; by printed suit while trump is not
    named. The page shows them in this order and decides nothing about bowers."""
    return sort_hand(view.hand, None if view.trump == -1 else view.trump)


def _called(view: PlayerView) -> int:
    """Call-ace: the called card (:attr:`PlayerView.called`), or -1 (and at any other table)."""
    return view.called if view.rules.calls_partner else -1


def _public_fields(view: PlayerView, card: Callable[[int, str], Any] = card_json, tricks: Any = None) -> dict[str, Any]:
    """The fields of a hand that are the same in every seat's view (all but the calls,
    whose words depend on who is told them); ``card`` makes a card's value, ``tricks``
    is the finished tricks' value if made already."""
    table = view.table
    called = _called(view)
    return {
        "dealer": seat_text(view.dealer, table),
        "phase": "claims" if in_claim_round(view) else view.phase.name.lower(),
        "turn": seat_text(view.turn, table),
        "upcard": card(view.upcard, view.rules.joker_card),
        "upcard_state": _upcard_state(view),
        "upcard_face_down": _upcard_state(view) == "turned_down" and view.rules.turn_down_display == "face_down_on_stock",
        "joker_aside": view.joker_aside,
        "trump": _trump_text(view.trump),
        "trump_name": suit_word(view.trump) if view.trump != -1 else None,
        "maker": seat_text(view.maker, table),
        "alone": seat_text(view.alone, table),
        "defender_alone": seat_text(view.defender_alone, table),
        "sitting_out": [table.letters[s] for s in range(table.seats) if view.sits_out(s)],
        "trick": [{"seat": seat_text(s, table), "card": card(c, view.rules.joker_card)}
                  for s, c in zip(view.trick_seats, view.trick_cards, strict=True)],
        "tricks": _tricks_json(view, card) if tricks is None else tricks,
        "tricks_won": list(view.tricks_won),
        "hand_sizes": list(view.hand_sizes),
        # Table mode: the cards exposed by corrected revokes, face up before their owners.
        "exposed": {seat_text(s, table): [card(c, view.rules.joker_card) for c in cards]
                    for s, cards in enumerate(view.exposed) if cards},
        # Call-ace: the card the maker called (its name is public, where it lies is not)
        # and the seat that played it, his partner, once it has fallen (decision 21).
        "called": None if called == -1 else card(called, view.rules.joker_card),
        "partner": seat_text(view.revealed_partner(), table) if called != -1 else None,
    }


def _legal_entry(view: PlayerView, code: int) -> dict[str, Any]:
    # A call is any decision but a card played, discarded or given (the call of an
    # exposed card too: a button, like the other calls).
    kind = ("give" if is_give_code(code) else "play" if is_play_code(code)
            else "discard" if is_discard_code(code) else "call")
    out: dict[str, Any] = {
        "action": action_text(code),
        "kind": kind,
        "card": card_code(Action(code).card) if kind != "call" else None,
        "label": ("make no claim" if code == Action.PASS and view.phase == Phase.REVOKE_CLAIMS
                  else plain(code, upcard=view.upcard, joker_card=view.rules.joker_card, table=view.table)),
        "words": describe_pending(view, code, viewer=view.seat),
    }
    if kind == "play" and view.rules.revokes_possible:
        # Table mode: a card that fails to follow suit while the hand holds it is a
        # revoke the other side may claim (RULES.md decision 27).
        out["revoke"] = ACTIONS[code] not in view.following_actions()
    return out


def public_view(hand: HandState, score: tuple[int, ...] | list[int]) -> PlayerView:
    """The view a spectator's state is built from (:func:`euchre.core.views.public_view_of`:
    what every seat sees, no seat's own cards, discards or cards given face down)."""
    return public_view_of(hand, tuple(int(x) for x in score))


def result_json(result: HandResult, rules: Rules) -> dict[str, Any]:
    """A finished hand's result for the page, in the shape of the module docstring: the
    points and tricks per side, the core's label, how the hand ended (``kind``: played
    out; ``passed_out`` in the bidding; ``forfeit``, the stuck dealer's point; a deal
    ``thrown_in`` by a claim of the dealt hand, RULES.md decision 23; ``renege``, ended by
    a proved revoke, the modern law X-29, X-30), and the play's own points and label apart
    from what the claims' laws gave (``penalties``; decision 27)."""
    if result.thrown_in:
        kind = "thrown_in"
    elif result.forfeit:
        kind = "forfeit"
    elif result.passed_out:
        kind = "passed_out"
    elif result.revokes and rules.renege_ends_hand:
        kind = "renege"
    else:
        kind = "played"
    law = result.penalties or (0,) * len(result.points)
    return {"points": list(result.points), "tricks": list(result.tricks), "label": result.label, "kind": kind,
            "hand_points": [p - q for p, q in zip(result.points, law, strict=True)],
            "hand_label": result.label.removesuffix(", revoke penalty"), "same_dealer": result.dealer_deals_again}


_PREVIOUS_HEAD = ("dealer", "upcard", "upcard_state", "joker_aside", "trump", "trump_name", "maker", "alone",
                  "defender_alone", "sitting_out", "called", "partner")
"""The fields of the last hand shown before its calls (then its tricks and result)."""


def _last_hand(game: Game) -> tuple[HandState, int] | None:
    """The last finished hand before the one shown and its number (1 for the first),
    or None; once the game is over, the game's last hand (the one that decided it)."""
    finished = game.finished_hands
    if finished and finished[-1] is game.hand and not game.is_over:
        finished = finished[:-1]
    return (finished[-1], len(finished)) if finished else None


def _previous_tail(hand: HandState, number: int, public: dict[str, Any]) -> dict[str, Any]:
    """The fields of the last hand after its calls: tricks, tricks won, number, result."""
    out = {"tricks": public["tricks"], "tricks_won": public["tricks_won"], "hand_number": number}
    if hand.result is not None:
        out["result"] = result_json(hand.result, hand.rules)
    return out


def _last_view(hand: HandState, viewer: int | None) -> PlayerView:
    return public_view(hand, (0,) * len(hand.table.teams)) if viewer is None else view_of(hand, viewer)


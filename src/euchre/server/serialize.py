"""The JSON a client receives about the game, built only from the core's views.

A seat's state comes from ``view_of(hand, seat)``; a spectator's from the view of a seat
that is not the dealer, with that seat's own cards and choices left out, so that it
holds only what every seat sees (the upcard and its fate, the calls, the cards played,
who is alone, the score). Nothing here decides what is hidden: the core's
:class:`~euchre.core.views.PlayerView` does (DESIGN.md, "one source of truth").

Shapes (seats are the table's letters, ``"N"``, ``"E"``, ``"S"``, ``"W"`` at the four-hand
table and ``"1"``, ``"2"`` at the two-handed one; scores, tricks and counters have one
entry per side of the table, ``[N-S, E-W]`` or ``[Player 1, Player 2]``; a card
is ``{"code": "JH", "short": "J♥", "name": "Jack of Hearts", "suit": "H"}``, the joker
``{"code": "JK", "short": "Joker", "name": "Joker", "suit": "J"}``)::

    {"score": [3, 5], "target": 10 | null, "hand_number": 4, "bridge": "N-S" | "E-W" | null,  (a side's name)
     "round_hands": 8 | null, "hands_counted": 3,  (progressive play: the round's hands, those played)
     "display": {"score": "numeric" | "counters_2_3" | ..., "turn_down": "face_up_under_stock" | ...},
     "counters": [[COUNTER, COUNTER], [COUNTER, COUNTER]] | null,   (per team, score_display)
     "hand": {"dealer": "W", "phase": "play" | "claims" | ..., "turn": "S" | null,  (claims: the claim round)
              "upcard": CARD, "upcard_state": "up" | "taken" | "turned_down",
              "upcard_face_down": false,     (turned down face down on the stock, S000 L123)
              "joker_aside": false, "trump": "H" | "NT" | null, "trump_name": "hearts" | null,
              "maker": "E" | null, "alone": null, "defender_alone": null, "sitting_out": [],
              "called": CARD | null, "partner": "3" | null,  (call-ace: the card the maker called;
                                              the seat that played it, once it is played)
              "calls": [{"seat": "N", "action": "pass" | null, "words": "Pass.",
                         "cards": [CARD, ...],     (cards: only on a claim, the cards it shows)
                         "outcome": "Upheld. East revoked in trick 1: ...",  (only on a revoke claim,
                                                    sides written "E–W" as the page writes them)
                         "claim": {"upheld": true, "trick": 2 | null,  (only on a revoke claim: made
                                   "points": [2, 0]}}],     during trick 2, or null after the last
                                                    trick; the points its law gives each side)
              "trick": [{"seat": "N", "card": CARD}],
              "tricks": [{"leader": "N", "winner": "E", "cards": [{"seat": "N", "card": CARD}]}],
              "tricks_won": [1, 2], "hand_sizes": [3, 3, 3, 3],
              "cards": [CARD, ...],          (a seat's own cards, in the core's display order:
                                              trump first, the left bower with it; [] for a spectator)
              "discard": CARD | null},       (the dealer's own discard, to the dealer only)
     "legal": [{"action": "play-JH", "kind": "play" | "discard" | "give" | "call",
                "card": "JH" | null, "label": "play J♥", "words": "J♥",
                "revoke": false}],   (table mode's plays only: true for a card that fails to follow suit)
     "previous": {"hand_number": 3, "dealer": "S", "upcard": CARD, "trump": "C", ...,
                  "tricks": [...], "result": {"points": [0, 2], "tricks": [2, 3], "label": "euchre",
                     "kind": "played" | "passed_out" | "forfeit" | "thrown_in" | "renege",
                     "hand_points": [0, 2], "hand_label": "euchre",  (the play's own points and
                                              label, without what the claims' laws gave)
                     "same_dealer": false}} | null,   (a deal thrown in that the same dealer deals again)
     "result": {"winner": "N-S" | null, "score": [10, 7], "games": 1,
                "player_points": [10, 7, 10, 7]} | null}   (winner null: a tie in progressive play)

A ``COUNTER`` is ``{"pips": 3, "name": "tray", "face_up": true, "showing": 3}``
(:mod:`euchre.text.counters`); a side's counters are null when its points are beyond
what they show. The page honours the display options (``score_display``,
``turn_down_display``) as the terminal does.
"""


from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from euchre.core.game import Game, bridge_team
from euchre.core.hand import HandState
from euchre.core.views import PlayerView, view_of
from euchre.server.call_list import _calls_json
from euchre.server.state_cache import StateCache
from euchre.server.state_parts import (
    _PREVIOUS_HEAD,
    _last_hand,
    _last_view,
    _legal_entry,
    _previous_tail,
    _public_fields,
    card_json,
    display_order,
    public_view,
)
from euchre.text.counters import counters


def _public_hand(view: PlayerView, viewer: int) -> dict[str, Any]:
    """The part of a hand every seat sees, from ``view`` (the words as ``viewer`` sees them)."""
    out = _public_fields(view)
    out["calls"] = _calls_json(view, viewer)
    return out


def _legal_json(view: PlayerView, cache: StateCache | None = None) -> list[Any]:
    if cache is None:
        return [_legal_entry(view, int(action)) for action in view.legal]
    return [cache.legal_of(view, int(action)) for action in view.legal]


def hand_json(hand: HandState, score: tuple[int, ...] | list[int], viewer: int | None,
              cache: StateCache | None = None) -> tuple[Any, list[Any]]:
    """One hand as ``viewer`` (a seat of the hand's table, or None for a spectator) may see it.

    Args:
        cache: the table's :class:`StateCache`, or None. With one, the hand and the
            legal actions' entries are JSON text (:class:`orjson.Fragment`).

    Returns:
        ``(hand, legal)`` in the shapes of the module docstring; ``legal`` is empty when
        it is not the viewer's turn and always for a spectator.
    """
    sc = tuple(int(x) for x in score)
    if viewer is None:
        view = public_view(hand, sc)
        if cache is not None:
            return cache.hand_of(view, view.seat, own=False), []
        out = _public_hand(view, view.seat)
        out["cards"] = []
        out["discard"] = None
        return out, []
    view = view_of(hand, viewer, sc)
    if cache is not None:
        return cache.hand_of(view, viewer, own=True), _legal_json(view, cache)
    out = _public_hand(view, viewer)
    jk = view.rules.joker_card
    out["cards"] = [card_json(c, jk) for c in display_order(view)]
    out["discard"] = card_json(view.discard, jk) if view.discard != -1 else None
    return out, _legal_json(view)


def _previous_json(game: Game, viewer: int | None) -> dict[str, Any] | None:
    """The last finished hand before the one shown: its public record and result."""
    last = _last_hand(game)
    if last is None:
        return None
    hand, number = last
    view = _last_view(hand, viewer)
    public = _public_hand(view, view.seat if viewer is None else viewer)
    out = {k: public[k] for k in _PREVIOUS_HEAD}
    out["calls"] = public["calls"]
    out.update(_previous_tail(hand, number, public))
    return out


def _counters_json(style: str, score: Sequence[int]) -> list[list[dict[str, Any]] | None] | None:
    if style == "numeric":
        return None
    out: list[list[dict[str, Any]] | None] = []
    for points in score:
        shown = counters(style, points)
        out.append(None if shown is None else [
            {"pips": c.pips, "name": c.name, "face_up": c.face_up, "showing": c.showing} for c in shown])
    return out


def game_json(game: Game, viewer: int | None, cache: StateCache | None = None) -> dict[str, Any]:
    """The whole game as ``viewer`` (a seat, or None for a spectator) may see it, in the
    shape of the module docstring.

    Args:
        cache: a :class:`StateCache` the caller keeps per game: the parts that do not
            change from move to move are made once, as JSON text (:func:`dumps`
            puts them in); None builds everything as plain values every time.
    """
    last: dict[str, Any] | orjson.Fragment | None
    if cache is None:
        last = _previous_json(game, viewer)
    else:
        last = cache.for_hand(len(game.finished_hands)).previous_of(game, viewer)
    hand, legal = hand_json(game.hand, game.score, viewer, cache)
    if game.is_over:
        legal = []
    result = game.result
    number = len(game.finished_hands) + (0 if game.is_over else 1)
    rules = game.rules
    return {
        "score": list(game.score),
        "target": rules.game_target if rules.plays_to_target else None,
        "round_hands": None if rules.plays_to_target else rules.progressive_hands,
        "hands_counted": game.hands_counted,
        "bridge": None if len(game.table.teams) != 2 or (team := bridge_team(rules, game.score)) is None
        else game.table.team_names[team],
        "display": {"score": rules.score_display, "turn_down": rules.turn_down_display},
        "counters": _counters_json(rules.score_display, game.score),
        "hand_number": max(number, 1),
        "hand": hand,
        "legal": legal,
        "previous": last,
        "result": None if result is None else {
            "winner": None if result.winner is None else game.table.team_names[result.winner],
            "score": list(result.score), "games": result.games, "player_points": list(result.player_points)},
    }


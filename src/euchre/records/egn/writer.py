"""Writing our games as EGN 1.4."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from euchre.core.actions import DISCARD, Action, action_text, is_discard_code
from euchre.core.cards import JOKER, NO_TRUMP, cards_of
from euchre.core.errors import RecordError, RecordTypeError
from euchre.core.game import Game
from euchre.core.hand import HandState, Phase
from euchre.records.egn.cards import _SUIT_LETTERS, card_to_egn
from euchre.records.egn.notation import FILE_TYPE, VERSION
from euchre.records.egn.ruleset import ruleset_from_rules

_BIDDING = (Phase.BID_ROUND_1, Phase.BID_ROUND_2)
"""The phases whose calls EGN's bidding phase lists."""


def _hand_to_deal(hand: HandState, index: int) -> dict[str, Any]:
    where = f"deals[{index}]"
    if hand.upcard == JOKER:
        raise RecordError(f"{where}.initialState.upCard", "EGN cannot record a turned-up joker named blind by the dealer")
    calls: list[str] = []
    discard: int | None = None
    defender = -1
    for (seat, code), phase in zip(hand.history, hand.history_phases, strict=True):
        bidding = phase in _BIDDING  # as the hand recorded it
        if phase == Phase.PLAY:
            continue
        if is_discard_code(code):
            discard = DISCARD.card(code)
        elif code == Action.DEFEND_ALONE:
            defender = seat
        elif bidding and code == Action.PASS:
            calls.append("Pass")
        elif bidding and code in (Action.ORDER_UP, Action.ORDER_UP_ALONE):
            calls.append("Order")
        elif bidding and Action(code).is_naming:
            suit = Action(code).named_suit
            calls.append("n" if suit == NO_TRUMP else _SUIT_LETTERS[suit])
        elif not bidding and code == Action.PASS:
            continue  # a defender who does not defend alone
        else:
            raise RecordError(f"{where}.phases[0]", f"EGN cannot express {action_text(code)}")
    bid: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls, "isAlone": hand.alone != -1}
    if discard is not None:
        bid["discard"] = card_to_egn(discard)
    if hand.defend_done or defender != -1:
        bid["aloneDefender"] = defender
    phases: list[dict[str, Any]] = [bid]
    if hand.phase == Phase.PLAY or hand.tricks:
        tricks = [[card_to_egn(c) for c in t.cards] for t in hand.tricks]
        if hand.trick_cards:
            tricks.append([card_to_egn(c) for c in hand.trick_cards])
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks})
    return {
        "dealNumber": index,
        "initialState": {
            "dealer": hand.dealer,
            "upCard": card_to_egn(hand.upcard),
            "playerCards": [[card_to_egn(c) for c in cards_of(hand.deal_hands[s])] for s in range(4)],
        },
        "phases": phases,
    }


def game_to_egn(game: Game, players: Sequence[str] = (), title: str | None = None) -> dict[str, Any]:
    """An EGN 1.4 file of a game so far: every finished deal, and the deal in progress
    when one of its actions was taken. JSON-ready; valid under ``egn-schema-v1.json``.

    Each deal records ``playerCards`` (the dealt hands), the upcard, the calls with
    ``isAlone``, the dealer's ``discard``, ``aloneDefender`` (once the defenders have
    decided) and the tricks. ``finalScore`` is written when the game is over.
    :func:`load_egn` reads the file back to the same deals, actions and score (the kitty's
    order is not recorded; a deal stopped between two defenders' decisions is written up
    to the trump call).

    Args:
        game: the game.
        players: the four names by seat N, E, S, W (default "Player 1".."Player 4").
        title: an optional title.

    Raises:
        RecordTypeError: ``game`` is not a Game.
        RecordError: the game cannot be expressed in EGN: a rule EGN lacks (see
            :func:`ruleset_from_rules`), a turned-up joker named blind, more than 100
            deals, or names that are not four texts of at most 64 characters.
    """
    if not isinstance(game, Game):
        raise RecordTypeError("", f"an EGN file is written from a Game, not a {type(game).__name__}")
    ruleset = ruleset_from_rules(game.rules)  # first: a table EGN cannot hold is the reason to give
    names = list(players) if players else [f"Player {i + 1}" for i in range(4)]
    if len(names) != 4 or not all(isinstance(n, str) and len(n) <= 64 for n in names):
        raise RecordError("metadata.players", "expected four names of at most 64 characters")
    hands = list(game.finished_hands)
    if not game.is_over and game.hand.history:
        hands.append(game.hand)
    if len(hands) > 100:
        raise RecordError("deals", f"EGN holds at most 100 deals, this game has {len(hands)}")
    meta: dict[str, Any] = {}
    if title is not None:
        meta["title"] = title[:128]
    meta["players"] = names
    meta["initialScore"] = list(game.initial_score)
    if game.result is not None:
        meta["finalScore"] = list(game.score)
    meta["ruleset"] = ruleset
    return {
        "fileType": FILE_TYPE,
        "version": VERSION,
        "metadata": meta,
        "deals": [_hand_to_deal(h, i) for i, h in enumerate(hands)],
    }


def dumps_egn(game: Game, players: Sequence[str] = (), title: str | None = None) -> str:
    """:func:`game_to_egn` as JSON text.

    Raises:
        RecordError: as :func:`game_to_egn`.
    """
    return json.dumps(game_to_egn(game, players, title), indent=2, ensure_ascii=False)

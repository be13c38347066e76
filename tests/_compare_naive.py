"""Random play checked step by step against a naive model (``_naive_individual``,
``_naive_call_ace``): the one loop the tests of the tables where every player plays for
himself share. Not a test module."""

from __future__ import annotations

import random
from typing import Any

from euchre.core.cards import card_code, cards_of
from euchre.core.hand import HandState


def deal_of(hand: HandState) -> tuple[dict[str, Any], int, list[list[str]], list[str]]:
    """A naive model's arguments for ``hand``'s deal: the options, the dealer, each seat's
    cards and the stock, as card codes."""
    hands = [[card_code(c) for c in cards_of(m)] for m in hand.deal_hands]
    return hand.rules.to_dict(), hand.dealer, hands, [card_code(c) for c in hand.stock]


def play_against(hand: HandState, naive: Any, rng: random.Random) -> None:
    """Play ``hand`` to its end by random legal actions, checking before each that the
    engine and ``naive`` agree on the seat to act and the legal actions, and at the end on
    the points, a pass-out and every trick's winner."""
    while not hand.is_over:
        assert hand.turn == naive.turn
        assert sorted(str(a) for a in hand.legal_actions()) == sorted(naive.legal())
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        naive.apply(str(action))
    assert naive.phase == "done" and hand.result is not None
    assert hand.result.points == naive.points and hand.result.passed_out == naive.passed_out
    assert [t.winner for t in hand.tricks] == [w for _, w in naive.tricks]

"""Regression tests for faults found in cards.py."""

from euchre.core.cards import JOKER, NO_TRUMP, Card, sort_hand


def test_sort_hand_with_joker_before_trump_is_fixed() -> None:
    """sort_hand(cards, None) raised IndexError on the joker (its effective suit under
    no trump was out of range). The joker, the best bower, sorts first (S001 L6)."""
    hand = [Card.parse("7C"), JOKER, Card.parse("AH")]
    assert sort_hand(hand, None)[0] == JOKER
    assert sort_hand(hand, 0)[0] == JOKER
    assert sorted(sort_hand(hand, None)) == sorted(hand)
    assert NO_TRUMP == 4

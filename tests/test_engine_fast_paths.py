"""The engine's fast paths (issue 35, Speed) give what the plain paths give.

- ``HandState.deal`` shuffles, cuts and deals inline from per-rules constants; the cards
  must be those of the library's own steps (``shuffled_pack``, ``choose_packets``,
  ``deal_pack``) for the same seed, under every preset, dealer and packet pattern.
- ``push`` of a card outside table mode saves a short undo record; ``pop`` must give back
  every field, across a quitted trick and the end of the hand, with debug checks off
  (the search's mode) as well as on (the test suite's).
"""

from __future__ import annotations

import random

import pytest

from euchre.core import HandState, preset
from euchre.core.cards import mask_of
from euchre.core.deal import PACKETS, choose_packets, deal_pack, shuffled_pack
from euchre.core.hand import set_debug_checks
from euchre.core.presets import PLAYABLE_PRESETS
from euchre.core.state import FIELDS, Phase


def _reference_deal(name: str, dealer: int, seed: int, packets: str | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hands (card masks) and stock of the deal made by the library's own steps."""
    rules = preset(name)
    rng = random.Random(seed)
    pack = shuffled_pack(rules.deck, rules.joker, rules.cut_min_packet, rng)
    pattern = packets if packets is not None else choose_packets(rules.deal_packets, rng)
    hands, stock = deal_pack(pack, dealer, pattern, rules.table)
    return tuple(mask_of(h) for h in hands), tuple(stock)


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_deal_gives_the_cards_of_the_shuffle_cut_and_packets(name: str) -> None:
    rules = preset(name)
    for dealer in range(rules.table.seats):
        for packets in (None, *PACKETS):
            for seed in range(5):
                hand = HandState.deal(rules, dealer, random.Random(seed), packets=packets)
                hands, stock = _reference_deal(name, dealer, seed, packets)
                assert hand.deal_hands == hands
                # The joker turned up and set aside goes to the end of the stock.
                expected_stock = (*stock[1:], stock[0]) if hand.joker_aside else stock
                assert hand.stock == expected_stock
                # Control: another seed deals other cards, so the comparison can fail.
                other, _ = _reference_deal(name, dealer, seed + 100, packets)
                assert other != hand.deal_hands


def _fields(hand: HandState) -> dict[str, object]:
    """Every field of the state, lists copied (the undo stack left out)."""
    out: dict[str, object] = {}
    for name in FIELDS:
        if name == "_stack":
            continue
        value = getattr(hand, name)
        out[name] = list(value) if isinstance(value, list) else value
    return out


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("name", ["openspiel", "modern-standard", "two-handed", "cutthroat-3"])
def test_pop_after_a_card_push_restores_every_field(name: str, debug: bool) -> None:
    before_debug = set_debug_checks(debug)
    try:
        rules = preset(name)
        rng = random.Random(11)
        seen_end = False
        for _ in range(30):
            hand = HandState.deal(rules, rng.randrange(rules.table.seats), rng)
            hand.legal_codes()
            start = _fields(hand)
            while not hand.is_over:
                if hand.phase == Phase.PLAY:
                    codes = hand.legal_codes()  # computed first: pop restores the cache too
                    before = _fields(hand)
                    for code in codes:
                        hand.push(code)
                        seen_end = seen_end or hand.is_over
                        hand.pop()
                        assert _fields(hand) == before
                hand.push(rng.choice(hand.legal_codes()))
            # The whole hand pushed unwinds to the deal.
            for _ in range(len(hand.history)):
                hand.pop()
            assert _fields(hand) == start
        # Control: a push that is not popped leaves a different state.
        hand = HandState.deal(rules, 0, random.Random(5))
        while hand.phase != Phase.PLAY and not hand.is_over:
            hand.push(hand.legal_codes()[0])
        if hand.phase == Phase.PLAY:
            code = hand.legal_codes()[0]
            before = _fields(hand)
            hand.push(code)
            assert _fields(hand) != before
        assert seen_end  # the last card of a hand was pushed and popped
    finally:
        set_debug_checks(before_debug)

"""The engine's fast paths (issue 35, Speed) give what the plain paths give.

- ``HandState.deal`` shuffles, cuts and deals inline from per-rules constants; the cards
  must be those of the plain steps (``random.Random.shuffle`` and ``randint`` as the
  standard library makes them, ``choose_packets``, ``deal_pack``) for the same seed,
  under every preset, dealer and packet pattern. ``shuffle_pack`` and ``draw_below``
  make the library's draws inline: the same order and number, and the generator left in
  the same state.
- ``push`` of a card outside table mode saves a short undo record; ``pop`` must give back
  every field, across a quitted trick and the end of the hand, with debug checks off
  (the search's mode) as well as on (the test suite's).
"""

from __future__ import annotations

import random

import pytest

from euchre.core import HandState, preset
from euchre.core.cards import mask_of
from euchre.core.deal import PACKETS, choose_packets, deal_pack, draw_below, pack_of, shuffle_pack
from euchre.core.hand import set_debug_checks
from euchre.core.presets import PLAYABLE_PRESETS
from euchre.core.state import FIELDS, Phase


def _reference_deal(name: str, dealer: int, seed: int, packets: str | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hands (card masks) and stock of the deal made by the plain steps: the
    standard library's shuffle and randint for the cut (S001 L8)."""
    rules = preset(name)
    rng = random.Random(seed)
    pack = list(pack_of(rules.deck, rules.joker))
    rng.shuffle(pack)
    k = rng.randint(rules.cut_min_packet, len(pack) - rules.cut_min_packet)
    pack = pack[k:] + pack[:k]
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


@pytest.mark.parametrize("size", [1, 2, 3, 7, 24, 25, 28, 29, 32, 33, 64])
def test_shuffle_pack_gives_the_order_and_draws_of_random_shuffle(size: int) -> None:
    for seed in range(60):
        ours, theirs = random.Random(seed), random.Random(seed)
        pack, expected = list(range(size)), list(range(size))
        shuffle_pack(pack, ours)
        theirs.shuffle(expected)
        assert pack == expected
        assert ours.getstate() == theirs.getstate()  # the same draws, no more, no fewer
    # Control: another seed gives another order (for packs that have more than one).
    if size > 3:
        a, b = list(range(size)), list(range(size))
        shuffle_pack(a, random.Random(1))
        shuffle_pack(b, random.Random(2))
        assert a != b


@pytest.mark.parametrize("n", [1, 2, 5, 16, 17, 24, 1000])
def test_draw_below_gives_the_value_and_draws_of_randrange(n: int) -> None:
    for seed in range(60):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert draw_below(n, ours) == theirs.randrange(n)
        assert ours.getstate() == theirs.getstate()


def test_a_generator_of_another_class_shuffles_with_its_own_method() -> None:
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            Counting.calls += 1
            super().shuffle(x)

        def randrange(self, *args: int) -> int:  # type: ignore[override]
            Counting.calls += 1
            return super().randrange(*args)

    pack = list(range(24))
    shuffle_pack(pack, Counting(3))
    assert draw_below(10, Counting(3)) in range(10)
    assert Counting.calls == 2
    expected = list(range(24))
    random.Random(3).shuffle(expected)
    assert pack == expected


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


@pytest.mark.parametrize("bad", ["play-9C", 10**6])
def test_push_of_a_bad_card_code_leaves_no_undo_record(bad: object) -> None:
    """Regression (a reviewer's finding on the inlined card play): with debug checks off,
    a code outside push's contract that raises must not leave an undo record behind,
    or the next ``pop`` undoes the card before it without giving it back (seen: the
    trick's card list emptied, the card lost from every hand)."""
    before_debug = set_debug_checks(False)
    try:
        hand = HandState.deal(preset("modern-standard"), 0, random.Random(0))
        for code in (1, 40, 67):  # order up, the dealer's discard, a first card
            hand.push(code)
        depth = len(hand._stack)
        with pytest.raises((TypeError, IndexError)):
            hand.push(bad)  # type: ignore[arg-type]
        assert len(hand._stack) == depth
        hand.pop()  # the first card, as pushed
        assert hand.trick_cards == [] and len(hand.history) == 2
        assert bin(hand.hands[hand.turn]).count("1") == 5  # the card is back in its hand
    finally:
        set_debug_checks(before_debug)


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_push_plays_a_card_as_apply_does(name: str) -> None:
    """``push`` plays a card outside table mode by its own inlined copy of
    ``TrickPlay._apply_play`` (debug checks off: the search's path), a card that ends
    the trick or the hand as well. Played side by
    side with ``apply``, the same codes leave every field but the undo stack equal
    after every action, under every preset."""
    before_debug = set_debug_checks(False)
    try:
        rules = preset(name)
        rng = random.Random(23)
        inlined = 0
        for _ in range(40):
            dealer = rng.randrange(rules.table.seats)
            seed = rng.randrange(1 << 30)
            pushed = HandState.deal(rules, dealer, random.Random(seed))
            applied = HandState.deal(rules, dealer, random.Random(seed))
            while not applied.is_over:
                code = rng.choice(applied.legal_codes())
                inlined += applied.phase == Phase.PLAY
                applied.apply(code)
                pushed.push(code)
                assert _fields(pushed) == _fields(applied), (name, code)
        assert inlined > 100  # control: the inlined path was taken
        # Control: the comparison sees a card that differs.
        hand = HandState.deal(rules, 0, random.Random(5))
        other = HandState.deal(rules, 0, random.Random(5))
        while hand.phase != Phase.PLAY and not hand.is_over:
            code = hand.legal_codes()[0]
            hand.push(code)
            other.push(code)
        if hand.phase == Phase.PLAY and len(hand.legal_codes()) > 1:
            hand.push(hand.legal_codes()[0])
            other.push(other.legal_codes()[1])
            assert _fields(hand) != _fields(other)
    finally:
        set_debug_checks(before_debug)


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_a_kept_hand_result_is_the_one_the_hand_scores(name: str) -> None:
    """Outside table mode one HandResult per way a hand ends is kept per Rules value and
    shared; each hand's must be the one its own end scores (``_scored_result``)."""
    rules = preset(name)
    rng = random.Random(11)
    labels = set()
    for _ in range(300):
        hand = HandState.deal(rules, rng.randrange(rules.table.seats), rng)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_codes()))
        if hand.result is None or hand.result.passed_out or rules.revokes_possible:
            continue
        assert hand.result == hand._scored_result()
        labels.add(hand.result.label)
    assert len(labels) >= 2  # control: hands ended in more than one way


def test_pickled_rules_leave_the_engines_caches_behind() -> None:
    import pickle

    rules = preset("openspiel")
    rng = random.Random(2)
    for _ in range(50):
        hand = HandState.deal(rules, 0, rng)
        while not hand.is_over:
            hand.push(rng.choice(hand.legal_codes()))
    assert "_hand_results" in rules.__dict__ and "_hand_consts" in rules.__dict__  # control: the caches exist
    copy = pickle.loads(pickle.dumps(rules))
    assert copy == rules and copy.table == rules.table
    assert "_hand_results" not in copy.__dict__ and "_hand_consts" not in copy.__dict__
    hand = HandState.deal(copy, 0, random.Random(2))
    assert hand.deal_hands == HandState.deal(rules, 0, random.Random(2)).deal_hands

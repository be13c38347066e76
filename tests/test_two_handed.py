"""The two-handed game (preset ``two-handed``): Keller, *The Game of Euchre* (1887),
chapter 7 (REFERENCE X-15b), and Cassell's *Book of In-door Amusements* (X-45).

One test per rule point, each citing its source and asserting the value the text
gives; random play compared at every step with an independent naive model
(``tests/_naive_individual.py``); legal-sequence counts of a fixed deal worked out by
hand; records, views and copies as for the four-hand game.
"""

from __future__ import annotations

import random

import pytest

from euchre.core import Action, Game, HandState, Phase, RulesError, preset, sample_world, view_of
from euchre.core.cards import cards_of
from euchre.records import dumps, loads

try:
    from . import _naive_euchre as kit
    from ._compare_naive import deal_of, play_against
    from ._naive_individual import NaiveIndividualHand
except ImportError:
    import _naive_euchre as kit  # type: ignore[no-redef]
    from _compare_naive import deal_of, play_against  # type: ignore[no-redef]
    from _naive_individual import NaiveIndividualHand  # type: ignore[no-redef]

TWO = preset("two-handed")
DEALER, NON_DEALER = 0, 1


def _hand(dealer: int, first: str, second: str, stock: str) -> HandState:
    """A two-handed deal from card codes: the dealer's hand, the other's, then the pack
    left (its first card turned up)."""
    hands = {dealer: kit.cards(first), 1 - dealer: kit.cards(second)}
    return HandState.from_deal(TWO, dealer, [hands[0], hands[1]], kit.cards(stock))


def _stock_after(*taken: str) -> str:
    used = {c for t in taken for c in t.split()}
    return " ".join(c for c in kit.deck(32, False) if c not in used)


DEAL = ("JH JD AH 9C TC", "AS KS QS 9S 8D")
UP = "KH"
STOCK = UP + " " + _stock_after(*DEAL, UP)


def test_a_two_handed_table_has_two_players_who_play_for_themselves() -> None:
    """X-15b: 'two-handed Euchre'; no partners ('in those points relating to partners')."""
    table = TWO.table
    assert table.seats == 2 and table.individual and table.teams == ((0,), (1,))
    assert table.partner == (0, 1) and table.mates == ((), ())


def test_the_deal_is_five_each_in_twos_then_threes_and_the_eleventh_card_turned() -> None:
    """X-15b: 'dealt alternately, beginning with the non-dealer, giving first two cards
    to each player and then three'; X-45: 'The eleventh card is then turned up'."""
    from euchre.core.deal import deal_pack

    pack = list(range(32))  # card numbers in order, top first
    hands, stock = deal_pack(pack, DEALER, "2-3", TWO.table)
    assert hands[NON_DEALER] == [0, 1, 4, 5, 6] and hands[DEALER] == [2, 3, 7, 8, 9]
    assert stock[0] == 10  # the eleventh card is the one turned up
    assert len(stock) == 22  # X-15b: 'twenty-two cards remain in the pack'
    hand = HandState.deal(TWO, DEALER, random.Random(4))
    assert all(m.bit_count() == 5 for m in hand.deal_hands) and len(hand.stock) == 22


def test_the_non_dealer_speaks_first_and_leads() -> None:
    """X-15b: 'The non-dealer must then examine his hand, and say whether he orders up the
    trump or passes ... the game must begin with the non-dealer leading.'"""
    hand = _hand(DEALER, *DEAL, STOCK)
    assert hand.turn == NON_DEALER and hand.legal_actions() == (Action.PASS, Action.ORDER_UP)
    hand.apply(Action.ORDER_UP)
    assert hand.phase == Phase.DISCARD and hand.turn == DEALER  # 'the dealer must take up the trump and discard'
    hand.apply(hand.legal_codes()[0])
    assert hand.phase == Phase.PLAY and hand.turn == NON_DEALER and hand.leader == NON_DEALER


def test_the_dealer_adopts_or_passes_then_each_may_make_the_trump_once() -> None:
    """X-15b: 'if he passes, the dealer must either adopt the trump or pass ... it then
    devolves upon the non-dealer to make the trump or pass the making. If he passes the
    making, the dealer then has the right to make the trump or pass the making.'"""
    hand = _hand(DEALER, *DEAL, STOCK)
    hand.apply("pass")
    assert hand.turn == DEALER and hand.legal_actions() == (Action.PASS, Action.ORDER_UP)
    hand.apply("pass")
    assert hand.phase == Phase.BID_ROUND_2 and hand.turn == NON_DEALER
    names = {a for a in hand.legal_actions() if a.is_naming}
    assert names == {Action.name_trump(s) for s in (0, 1, 3)}  # any suit but the turned-down hearts
    hand.apply("pass")
    assert hand.turn == DEALER and Action.PASS in hand.legal_actions()


def test_both_passing_the_making_gives_a_new_deal_by_the_former_non_dealer() -> None:
    """X-15b: 'If the dealer should pass the making, a new deal is in order with the
    former non-dealer as the dealer.'"""
    game = Game(TWO, 5)
    first = game.hand.dealer
    for _ in range(4):
        game.apply("pass")
    assert game.finished_hands[0].result is not None and game.finished_hands[0].result.passed_out
    assert game.hand.dealer == 1 - first and game.score == (0, 0)


@pytest.mark.parametrize(("tricks", "points"), [(3, (1, 0)), (4, (1, 0)), (5, (2, 0)), (2, (0, 2)), (0, (0, 2))])
def test_scoring_one_for_three_or_four_two_for_a_march_two_for_a_euchre(tricks: int, points: tuple[int, int]) -> None:
    """X-15b: 'When a player in two-handed Euchre takes all the tricks, he is entitled to
    score but two points. But a euchre counts two, and three or four tricks only count
    one'; X-45 the same. Seat 0 makes trump; ``points`` are (maker, other)."""
    from euchre.core.scoring import score_hand

    makers, pts, _ = score_hand(TWO, tricks, False, False)
    assert ((pts, 0) if makers else (0, pts)) == points
    # And in a whole hand: the points go to the maker, or to the other player.
    hand = _hand(DEALER, *DEAL, STOCK)
    hand.apply("order")  # the non-dealer makes hearts
    hand.apply(hand.legal_codes()[0])
    rng = random.Random(tricks)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_codes()))
    assert hand.result is not None
    made = hand.result.tricks[NON_DEALER]
    _, expected, _ = score_hand(TWO, made, False, False)
    assert hand.result.points[NON_DEALER if made >= 3 else DEALER] == expected
    assert hand.result.points[DEALER if made >= 3 else NON_DEALER] == 0


def test_five_points_win_the_game() -> None:
    """X-45: 'Five points constitute the game.'"""
    assert TWO.game_target == 5


def test_no_lone_hands() -> None:
    """X-15b: 'there are no lone hands in the two-handed game'."""
    assert not TWO.alone_allowed
    with pytest.raises(RulesError, match="alone_allowed = true needs partners"):
        TWO.replace(alone_allowed=True)
    hand = _hand(DEALER, *DEAL, STOCK)
    assert not any(a.is_alone for a in hand.legal_actions())


def test_perft_of_a_fixed_deal_counted_by_hand() -> None:
    """The legal sequences of the deal above, counted by hand: depth 1, the non-dealer
    passes or orders up (2); depth 2, after an order the dealer discards one of his five
    own cards (5), after a pass he adopts or passes (2): 7; depth 3, after order and
    discard the non-dealer leads any of five cards (25), after pass and adopt the dealer
    discards (5), after two passes the non-dealer names one of three suits or passes (4):
    34."""
    hand = _hand(DEALER, *DEAL, STOCK)

    def count(h: HandState, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for code in h.legal_codes():
            h.push(code)
            total += count(h, depth - 1)
            h.pop()
        return total

    assert [count(hand, d) for d in (1, 2, 3)] == [2, 7, 34]


def _naive_of(hand: HandState) -> NaiveIndividualHand:
    return NaiveIndividualHand(*deal_of(hand))


@pytest.mark.parametrize("seed", range(40))
def test_random_play_agrees_with_the_naive_model(seed: int) -> None:
    rules = TWO if seed % 2 else TWO.replace(deck=24, all_pass_round2="stick_the_dealer", round2_may_name_turned_down=True)
    rng = random.Random(seed)
    for _ in range(5):
        hand = HandState.deal(rules, rng.randrange(2), rng)
        naive = _naive_of(hand)
        play_against(hand, naive, rng)


@pytest.mark.parametrize("seed", range(6))
def test_games_records_views_and_worlds(seed: int) -> None:
    rng = random.Random(seed)
    game = Game(TWO, seed)
    while not game.is_over:
        seat = game.hand.turn
        view = view_of(game.hand, seat, game.score)
        other = 1 - seat
        assert not (set(cards_of(game.hand.hands[other])) & set(view.hand))
        if rng.random() < 0.2:
            world = sample_world(view, rng)
            assert view_of(world, seat, game.score) == view
        game.apply(rng.choice(game.legal_codes()))
    assert game.result is not None and max(game.score) >= 5
    loaded, names = loads(dumps(game))
    assert loaded.score == game.score and names == ["Player 1", "Player 2"]

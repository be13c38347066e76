"""The bots at the two-handed table (preset ``two-handed``: Keller 1887 ch. 7, X-15b;
Cassell's, X-45): each player for himself, 32 cards, five each and 22 in the stock.

Values worked by hand: what one seat knows and how many cards its one opponent holds,
a call's estimate with one opponent (the module formula of :mod:`euchre.bots.strength`),
no partner's share, no partner's lead; and every level playing whole hands legally at
full strength. The solver's two-handed values are in ``tests/test_solver.py``, the
legality of every level in every phase in ``tests/test_bots.py``, ``test_rollout.py``
and ``test_search_bot.py``, and the view-only checks in ``test_bots_see_only_views.py``
(all parametrized over this preset).
"""

from __future__ import annotations

import functools
import random

import pytest

from euchre.analysis.duplicate import deal_for, play_hand
from euchre.bots import BOT_LEVELS, make_bot
from euchre.bots.bidding import (
    DEFAULT_POLICY,
    SINGLE_POLICY,
    Seats,
    _upcard_estimate,
    opponents_of,
    policy_for,
)
from euchre.bots.card_play import choose_card
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.knowledge import knowledge_of, popcount
from euchre.core import Action, HandState, Phase, preset, view_of
from euchre.core.cards import deck_cards, mask_of, parse_card

TWO = preset("two-handed")
FOUR = preset("modern-standard")
DEALER, NON_DEALER = 0, 1


def _deal(dealer_cards: str, other_cards: str, upcard: str) -> HandState:
    """A two-handed deal with seat 0 dealing: his hand, the non-dealer's, the upcard;
    the stock is the other cards in deck order after the upcard."""
    hands = [[parse_card(c) for c in dealer_cards.split()], [parse_card(c) for c in other_cards.split()]]
    up = parse_card(upcard)
    used = {c for h in hands for c in h} | {up}
    stock = [up, *(c for c in deck_cards(TWO.deck, TWO.joker) if c not in used)]
    return HandState.from_deal(TWO, DEALER, hands, stock)


def _mask(text: str) -> int:
    return mask_of([parse_card(c) for c in text.split()])


def test_knowledge_holds_one_entry_per_player_and_the_stock_is_unknown() -> None:
    """The non-dealer after ordering up, before the dealer's discard: the upcard is known
    in the dealer's hand; every other card but his own five is of unknown place (the
    dealer's five and the 21 cards left in the stock: 26); the dealer holds six, one of
    them known, so five unknown cards are his and one unknown card is his with chance
    5/26."""
    hand = _deal("9C TC QC KC AC", "JH JD AH KH AS", "QH")
    hand.apply("order")
    assert hand.phase == Phase.DISCARD
    view = view_of(hand, NON_DEALER)
    kn = knowledge_of(view)
    assert len(kn.held) == 2
    assert kn.held == (_mask("QH"), 0)
    assert kn.mine == _mask("JH JD AH KH AS")
    assert popcount(kn.unknown) == 26
    assert kn.opponent_slots(view) == 5
    assert kn.opponent_share(view) == pytest.approx(5 / 26)


def test_one_opponent_holds_five_cards_and_no_partner_shares() -> None:
    """At the two-handed table the estimates count one opponent's five cards (two
    opponents' ten at the four-hand table), and a call is judged on the caller's own
    tricks only (no partner's 0.85)."""
    hand = _deal("9C TC QC KC AC", "JH JD AH KH AS", "QH")
    view = view_of(hand, NON_DEALER)
    assert opponents_of(view) == (5, 1)
    assert Seats.of(view).partner == -1
    four = HandState.deal(FOUR, 0, random.Random(1))
    assert opponents_of(view_of(four, 1)) == (10, 2)
    assert Seats.of(view_of(four, 1)).partner == 3
    assert policy_for(TWO) is SINGLE_POLICY and policy_for(FOUR) is DEFAULT_POLICY


def test_the_estimate_of_ordering_up_against_one_opponent_worked_by_hand() -> None:
    """The non-dealer holds JH JD AH KH AS; the dealer would take up the QH. Hearts
    trump: the four top trumps but the queen are his, so each is a sure trick (1.0).
    The ace of spades has no higher spade out; it is lost only to a ruff: the opponent
    holds 4 unknown cards (5 less the upcard) of 26 unknown ones, so p = 4/26 for each;
    he is void of the 7 spades out with chance (1 - p)^7, and holds a trump with chance
    1 - (1 - p)^5 (the 5 trumps against: the QH he takes up and TH 9H 8H 7H; the module
    counts each as his with chance p). One opponent: risk = (1 - p)^7 (1 - (1 - p)^5)
    (two opponents would be 1 - (1 - that)^2). The estimate is 4 + (1 - risk) = 4.824,
    and with no partner the side's tricks are the same."""
    hand = _deal("9C TC QC KC AC", "JH JD AH KH AS", "QH")
    view = view_of(hand, NON_DEALER)
    kn = knowledge_of(view)
    est = _upcard_estimate(view, kn, 2, Seats.of(view))
    p = 4 / 26
    risk = (1 - p) ** 7 * (1 - (1 - p) ** 5)
    assert est.outlook.opponents == 1
    assert est.outlook.slot_share == pytest.approx(p)
    assert est.own == pytest.approx(4 + (1 - risk))
    assert est.own == pytest.approx(4.824, abs=1e-3)
    assert est.side(SINGLE_POLICY) == est.own and est.side(DEFAULT_POLICY) == est.own
    assert HeuristicBot(0).choose(view) == Action.ORDER_UP


def test_a_maker_without_partner_leads_his_side_ace_not_a_small_trump() -> None:
    """The non-dealer ordered up hearts with AH 9H AS KC 9D; the right and left bowers
    are out, so his ace of trumps is no winner yet and he holds only two trumps. The
    partnership rule "partner made it: lead a small trump" (S002 L61) has no partner to
    follow here; he leads a winner instead, the ace of spades (no higher spade)."""
    hand = _deal("7C 8C 9C TC QC", "AH 9H AS KC 9D", "TH")
    hand.apply("order")
    hand.apply("discard-7C")
    assert hand.phase == Phase.PLAY and hand.turn == NON_DEALER
    view = view_of(hand, NON_DEALER)
    assert choose_card(view, knowledge_of(view)) == Action.play(parse_card("AS"))


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_at_full_strength_plays_two_handed_hands_legally(level: str) -> None:
    """Each level, as ``make_bot`` makes it, against the intermediate in both seats of
    two deals (play_hand checks every action against the view's legal ones)."""
    for index in range(2):
        for seat in (0, 1):
            hand = deal_for(TWO, 5, index)
            bots = [make_bot("intermediate", 1), make_bot("intermediate", 1)]
            bots[seat] = make_bot(level, 2)
            result = play_hand(hand, bots)
            assert hand.is_over and len(result.points) == 2
            assert result.passed_out or sum(result.points) > 0


def test_a_match_of_two_handed_games_is_played_by_two_bots() -> None:
    from euchre.bots import play_game, play_match

    game = play_game(TWO, [make_bot("intermediate", 1), make_bot("beginner", 2)], seed=3)
    assert game.result is not None and max(game.score) >= TWO.game_target
    result = play_match(TWO, functools.partial(make_bot, "intermediate"), functools.partial(make_bot, "random"), 20, 1)
    assert result.games == 20 and result.points_share > 0.5

"""Three-handed cut-throat euchre (preset ``cutthroat-3``): Foster, *Complete Hoyle*
(1897), "Cut-Throat Euchre" (REFERENCE X-55); Brisbane, *The American Card Player*
(1866), three-handed euchre (X-56); gamerules.com (X-44) and rarepike.com (X-46) for
the deal, the kitty and the modern target. RULES.md decision 19.

One test per rule point, each citing its source and asserting the value the text gives;
random play compared at every step with the independent naive model
(``tests/_naive_individual.py``); legal-sequence counts of a fixed deal worked out by
hand; records, views and sampled worlds as for the other tables.
"""

from __future__ import annotations

import random

import pytest

from euchre.core import Action, Game, HandState, Phase, RulesError, preset, sample_world, view_of
from euchre.core.cards import cards_of
from euchre.core.game import DealProvider
from euchre.records import dumps, loads

try:
    from . import _naive_euchre as kit
    from ._compare_naive import deal_of, play_against
    from ._naive_individual import NaiveIndividualHand
except ImportError:
    import _naive_euchre as kit  # type: ignore[no-redef]
    from _compare_naive import deal_of, play_against  # type: ignore[no-redef]
    from _naive_individual import NaiveIndividualHand  # type: ignore[no-redef]

CUT = preset("cutthroat-3")
DEALER = 0
ELDEST, SECOND = 1, 2  # the dealer's left, then the next


def _hand(hands: tuple[str, str, str], stock: str) -> HandState:
    """A cutthroat deal with seat 0 dealing: the three hands by seat, then the kitty
    (its first card turned up)."""
    return HandState.from_deal(CUT, DEALER, [kit.cards(h) for h in hands], kit.cards(stock))


DEAL = ("JH JD AH 9C TC", "AS KS QS 9S TD", "AC KC QC JC KD")
UP = "KH"
KITTY = UP + " " + " ".join(c for c in kit.deck(24, False) if c not in {x for h in DEAL for x in h.split()} | {UP})


def test_three_players_each_for_himself() -> None:
    """X-55, X-56: 'played by three persons, and as each one plays for himself'."""
    table = CUT.table
    assert table.seats == 3 and table.individual and table.teams == ((0,), (1,), (2,))
    assert table.mates == ((), (), ())


def test_five_cards_each_and_nine_in_the_kitty_its_top_card_turned() -> None:
    """X-44, X-46: five cards each of a 24-card pack, the remaining nine face down as the
    kitty, its top card turned up. Dealt two to each then three to each, from the
    dealer's left (X-46 '3+2 or 2+3 in rounds')."""
    from euchre.core.deal import deal_pack

    hands, stock = deal_pack(list(range(24)), DEALER, "2-3", CUT.table)
    assert hands[ELDEST] == [0, 1, 6, 7, 8] and hands[SECOND] == [2, 3, 9, 10, 11]
    assert hands[DEALER] == [4, 5, 12, 13, 14]
    assert stock[0] == 15 and len(stock) == 9  # the sixteenth card is turned up
    hand = HandState.deal(CUT, DEALER, random.Random(4))
    assert all(m.bit_count() == 5 for m in hand.deal_hands) and len(hand.stock) == 9


def test_bidding_goes_round_from_the_dealers_left_and_the_dealer_takes_up() -> None:
    """X-44: 'Starting with the player seated left of the dealer, each player ... tell the
    dealer to pick it up'; there is no partner to assist (X-55: each for himself)."""
    hand = _hand(DEAL, KITTY)
    assert hand.turn == ELDEST and hand.legal_actions() == (Action.PASS, Action.ORDER_UP)
    hand.apply("pass")
    assert hand.turn == SECOND and hand.legal_actions() == (Action.PASS, Action.ORDER_UP)
    hand.apply("order")
    assert hand.phase == Phase.DISCARD and hand.turn == DEALER
    assert hand.maker == SECOND
    hand.apply(hand.legal_codes()[0])
    assert hand.phase == Phase.PLAY and hand.turn == ELDEST  # the dealer's left leads


def test_the_maker_plays_alone_against_both_others_and_nobody_sits_out() -> None:
    """X-44: 'whoever names trump is automatically playing alone against the other two';
    so no lone hand is offered (alone_allowed false) and all three play every trick."""
    assert not CUT.alone_allowed
    with pytest.raises(RulesError, match="alone_allowed = true needs partners"):
        CUT.replace(alone_allowed=True)
    hand = _hand(DEAL, KITTY)
    assert not any(a.is_alone for a in hand.legal_actions())
    hand.apply("order")
    hand.apply(hand.legal_codes()[0])
    rng = random.Random(2)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_codes()))
    assert all(len(t.cards) == 3 for t in hand.tricks) and len(hand.tricks) == 5


def test_stick_the_dealer_in_the_second_round() -> None:
    """X-46: 'Under stick the dealer rules: If the first two players pass in Round 2, the
    dealer must call a suit. This rule is recommended for 3-player euchre.'"""
    hand = _hand(DEAL, KITTY)
    for _ in range(5):
        hand.apply("pass")
    assert hand.phase == Phase.BID_ROUND_2 and hand.turn == DEALER
    assert Action.PASS not in hand.legal_actions()
    assert {a for a in hand.legal_actions() if a.is_naming} == {Action.name_trump(s) for s in (0, 1, 3)}


def _fixed(relative: tuple[str, str, str], up: str) -> DealProvider:
    """A deal provider giving every hand the same cards by place: ``relative[0]`` to the
    dealer, ``[1]`` to his left (eldest), ``[2]`` to the next; ``up`` turned up."""
    def deal(index: int, dealer: int) -> HandState:
        hands = [kit.cards(relative[(seat - dealer) % 3]) for seat in range(3)]
        used = {c for h in relative for c in h.split()} | {up}
        stock = up + " " + " ".join(c for c in kit.deck(24, False) if c not in used)
        return HandState.from_deal(CUT, dealer, hands, kit.cards(stock))
    return deal


# Hearts trump in each. Eldest holds the five best trumps: whatever is played he leads
# and wins every trick. Eldest holds the three best trumps and two low clubs, the third
# player three higher clubs: eldest wins his three trump leads and no club trick.
FIVE_BEST = ("9C TC 9D TD QD", "JH JD AH KH QH", "AS KS QS AC KC")
THREE_BEST = ("AS KD QD TD 9D", "JH JD AH 9C TC", "AC KC QC KS QS")


def _play_out(game: Game, calls: list[str], rng: random.Random) -> None:
    for call in calls:
        game.apply(call)
    first = len(game.finished_hands)
    while len(game.finished_hands) == first:
        game.apply(rng.choice(game.legal_codes()))


@pytest.mark.parametrize("seed", range(5))
def test_a_march_scores_three_for_the_maker_alone(seed: int) -> None:
    """X-55: 'Suppose C makes a march, 3 points'. Eldest orders up the 9H holding the five
    best trumps: he takes every trick, whatever anyone plays."""
    game = Game(CUT, seed, deal_provider=_fixed(FIVE_BEST, "9H"))
    eldest = CUT.table.left[game.hand.dealer]
    _play_out(game, ["order"], random.Random(seed))
    result = game.finished_hands[0].result
    assert result is not None and result.tricks[eldest] == 5
    assert list(result.points) == [3 if s == eldest else 0 for s in range(3)]


@pytest.mark.parametrize("seed", range(5))
def test_three_tricks_score_one_point(seed: int) -> None:
    """X-44 and X-56 ('the next dealer makes one point'): three tricks make the point."""
    game = Game(CUT, seed, deal_provider=_fixed(THREE_BEST, "KH"))
    eldest = CUT.table.left[game.hand.dealer]
    _play_out(game, ["order"], random.Random(seed))
    result = game.finished_hands[0].result
    assert result is not None and result.tricks[eldest] == 3
    assert list(result.points) == [1 if s == eldest else 0 for s in range(3)]


@pytest.mark.parametrize("seed", range(5))
def test_a_euchred_maker_gives_two_to_each_opponent(seed: int) -> None:
    """X-56: 'should he be euchred, both adversaries count two'. The dealer takes up the
    9H (after two passes) against the five best trumps on his left: no trick."""
    game = Game(CUT, seed, deal_provider=_fixed(FIVE_BEST, "9H"))
    dealer = game.hand.dealer
    _play_out(game, ["pass", "pass", "order"], random.Random(seed))
    result = game.finished_hands[0].result
    assert result is not None and result.tricks[dealer] == 0
    assert list(result.points) == [0 if s == dealer else 2 for s in range(3)]


def test_the_game_is_ten_points() -> None:
    """X-44: 'The first player to earn 10 points or more wins the game'."""
    assert CUT.game_target == 10


def test_one_opponent_past_the_target_by_a_euchre_wins() -> None:
    """A euchre gives 2 to each opponent (X-56): from 8 and 7 the first reaches 10 and
    wins; the other has 9."""
    first = Game(CUT, 0, deal_provider=_fixed(FIVE_BEST, "9H")).hand.dealer
    left, right = CUT.table.left[first], CUT.table.left[CUT.table.left[first]]
    score = [0, 0, 0]
    score[left], score[right] = 8, 7
    game = Game(CUT, 0, initial_score=score, deal_provider=_fixed(FIVE_BEST, "9H"))
    _play_out(game, ["pass", "pass", "order"], random.Random(0))
    assert game.result is not None and game.result.winner == left
    assert game.score[left] == 10 and game.score[right] == 9 and game.score[first] == 0


def test_both_opponents_level_at_the_target_play_on() -> None:
    """RULES.md decision 18: from 8 each, a euchre puts both opponents at 10, level: no
    one has won and the next hand is dealt (Foster's players 'divide the pool'; a game
    here has one winner)."""
    first = Game(CUT, 0, deal_provider=_fixed(FIVE_BEST, "9H")).hand.dealer
    score = [8, 8, 8]
    score[first] = 0
    game = Game(CUT, 0, initial_score=score, deal_provider=_fixed(FIVE_BEST, "9H"))
    _play_out(game, ["pass", "pass", "order"], random.Random(0))
    assert game.result is None and not game.is_over
    assert sorted(game.score) == [0, 10, 10] and len(game.finished_hands) == 1
    assert game.hand.dealer == CUT.table.left[first]  # the deal passes left


def test_perft_of_a_fixed_deal_counted_by_hand() -> None:
    """The legal sequences of ``DEAL`` (seat 0 deals), counted by hand: depth 1, eldest
    passes or orders up (2); depth 2, after an order the dealer discards one of his five
    own cards (5), after a pass the second player passes or orders (2): 7; depth 3, after
    order and discard eldest leads any of five cards (25); after pass-order the dealer
    discards (5); after two passes the dealer passes or takes up (2): 32."""
    hand = _hand(DEAL, KITTY)

    def count(h: HandState, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for code in h.legal_codes():
            h.push(code)
            total += count(h, depth - 1)
            h.pop()
        return total

    assert [count(hand, d) for d in (1, 2, 3)] == [2, 7, 32]


def _naive_of(hand: HandState) -> NaiveIndividualHand:
    return NaiveIndividualHand(*deal_of(hand))


@pytest.mark.parametrize("seed", range(40))
def test_random_play_agrees_with_the_naive_model(seed: int) -> None:
    variants = [CUT, CUT.replace(all_pass_round2="deal_passes_left"), CUT.replace(deck=32),
                CUT.replace(round2_may_name_turned_down=True, points_march=2)]
    rules = variants[seed % len(variants)]
    rng = random.Random(seed)
    for _ in range(5):
        hand = HandState.deal(rules, rng.randrange(3), rng)
        naive = _naive_of(hand)
        play_against(hand, naive, rng)


@pytest.mark.parametrize("seed", range(6))
def test_games_records_views_and_worlds(seed: int) -> None:
    rng = random.Random(seed)
    game = Game(CUT, seed)
    while not game.is_over:
        seat = game.hand.turn
        view = view_of(game.hand, seat, game.score)
        others = set().union(*(cards_of(game.hand.hands[s]) for s in range(3) if s != seat))
        assert not (others & set(view.hand))
        if rng.random() < 0.2:
            world = sample_world(view, rng)
            assert view_of(world, seat, game.score) == view
        game.apply(rng.choice(game.legal_codes()))
    assert game.result is not None and max(game.score) >= 10
    loaded, names = loads(dumps(game))
    assert loaded.score == game.score and names == ["Player 1", "Player 2", "Player 3"]


def test_regression_a_record_reads_one_initial_score_per_side() -> None:
    """A record's reader wanted two initial scores whatever the table: a three-player
    game's record (three scores) was refused. It reads one per side, and refuses two."""
    import json

    from euchre.core.errors import RecordError

    game = Game(CUT, 1, initial_score=[1, 2, 3])
    game.apply("pass")
    text = dumps(game)
    loaded, _ = loads(text)
    assert loaded.score == (1, 2, 3) and loaded.hand.history == game.hand.history
    data = json.loads(text)
    data["initial_score"] = [1, 2]
    with pytest.raises(RecordError, match="initial_score: expected 3 whole numbers"):
        loads(json.dumps(data))


@pytest.mark.parametrize(("score", "team"), [((9, 7, 5), 0), ((9, 8, 5), None), ((3, 9, 0), 1),
                                             ((2, 9, 7), 1), ((7, 7, 9), 2)])
def test_regression_the_bridge_counts_every_opponent(score: tuple[int, int, int], team: int | None) -> None:
    """The bridge (S001 L24, uspcc: one point from game, the opponents at most
    ``target - 3``) looked at sides 0 and 1 only: at three players the third was never
    at the bridge and the third's score was never counted. Every opponent counts now
    (#interp: each must stand at most 7 of 10)."""
    from euchre.core.game import bridge_team

    rules = CUT.replace(bridge_definition="uspcc")
    assert bridge_team(rules, score) == team

"""Call-ace euchre for four, five and six (presets ``call-ace-4``, ``-5``, ``-6``):
every player for himself, the maker calling the best card of a suit whose holder is his
secret partner (X-35, X-47; the Call-Ace book X-57). RULES.md decision 21.

One test per rule point, citing its source and asserting the value the text gives;
fixed deals worked out by hand; legal-sequence counts of a fixed deal counted by hand;
random play compared at every step with an independent naive model
(``tests/_naive_call_ace.py``); the secret kept (views, sampled worlds, bots), with a
positive control that a leaky view is caught; records, push/pop and each card once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from euchre.bots.levels import BOT_LEVELS, make_bot
from euchre.bots.rollout import hand_value
from euchre.core import Action, Game, HandState, Phase, RulesError, preset, sample_world, view_of
from euchre.core.actions import action_text, parse_action
from euchre.core.after_trump import best_card
from euchre.core.cards import JOKER, cards_of, deck_cards, parse_card
from euchre.core.errors import IllegalActionError
from euchre.core.views import PlayerView
from euchre.records import dumps, loads
from euchre.solver import analyse, numba_available, solvable
from euchre.text.words import describe, plain

try:
    from . import _naive_euchre as kit
    from ._compare_naive import deal_of, play_against
    from ._naive_call_ace import NaiveCallAceHand
except ImportError:
    import _naive_euchre as kit  # type: ignore[no-redef]
    from _compare_naive import deal_of, play_against  # type: ignore[no-redef]
    from _naive_call_ace import NaiveCallAceHand  # type: ignore[no-redef]

CA4, CA5, CA6 = preset("call-ace-4"), preset("call-ace-5"), preset("call-ace-6")
C, D, H, S = 0, 1, 2, 3

# Five players, seat 0 deals (28 cards, 8 to A). Eldest (seat 1) holds the five best
# hearts but the ten; the ace of diamonds lies in the stock under the turned ten of
# hearts; the ace of clubs is seat 3's, the ace of spades seat 2's.
DEAL5 = ("9C 8C 9S 8S 9H", "JH JD AH KH QH", "AS KS QS JS TS", "AC KC QC JC TC", "KD QD TD 9D 8D")
STOCK5 = "TH AD 8H"


def _hand5(rules: Any = CA5) -> HandState:
    return HandState.from_deal(rules, 0, [kit.cards(h) for h in DEAL5], kit.cards(STOCK5))


def _play_randomly(hand: HandState, rng: random.Random) -> None:
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_codes()))


# ------------------------------------------------------------------ the table
@pytest.mark.parametrize("rules, n", [(CA4, 4), (CA5, 5), (CA6, 6)])
def test_four_to_six_players_each_for_himself(rules: Any, n: int) -> None:
    """X-35: players 'compete individually'; X-47 keeps individual scores; REFERENCE 2:
    four to six players."""
    table = rules.table
    assert table.seats == n and table.individual and table.teams == tuple((s,) for s in range(n))
    assert rules.calls_partner and rules.num_players == n


@pytest.mark.parametrize("rules, deck, stock", [(CA4, 24, 4), (CA5, 28, 3), (CA6, 32, 2)])
def test_the_pack_deals_five_each_and_leaves_a_stock(rules: Any, deck: int, stock: int) -> None:
    """X-47: five players with the 2s to 7s removed (28 cards) leave three cards; 24
    cards for four leave four, 32 for six leave two (RULES.md decision 21)."""
    assert rules.deck == deck
    hand = HandState.deal(rules, 0, random.Random(1))
    assert all(m.bit_count() == 5 for m in hand.deal_hands) and len(hand.stock) == stock


def test_a_pack_too_small_for_the_table_is_refused() -> None:
    """Five players need 26 cards (five each and the upcard): 24 is a RulesError naming
    the option."""
    with pytest.raises(RulesError, match="num_players = 5 needs a pack of at least 26"):
        CA5.replace(deck=24)
    with pytest.raises(RulesError, match="num_players = 6 needs a pack of at least 31"):
        CA6.replace(deck=28)


def test_call_ace_is_for_four_to_six_and_nobody_defends_alone() -> None:
    """REFERENCE 2: four to six; no lone defence, since no partner is known (decision 21)."""
    with pytest.raises(RulesError, match="variant = call_ace needs num_players = 4 or 5 or 6, not 3"):
        CA4.replace(num_players=3)
    with pytest.raises(RulesError, match="defend_alone = true needs partners"):
        CA5.replace(defend_alone=True)


def test_the_scores_of_the_presets() -> None:
    """X-47: 1 for three or four tricks, 2 for a march, 2 for a euchre, 5 for a lone
    march; game 10."""
    for rules in (CA4, CA5, CA6):
        assert (rules.points_make, rules.points_march, rules.points_euchre, rules.points_lone_march,
                rules.game_target) == (1, 2, 2, 5, 10)


# ------------------------------------------------------------------ the call
def test_the_call_comes_after_the_dealers_discard() -> None:
    """X-47: when the dealer is ordered up, the called card is named after he has
    discarded; bidding as in four-hand euchre, with no assist."""
    hand = _hand5()
    assert hand.turn == 1 and hand.legal_actions() == (Action.PASS, Action.ORDER_UP)
    hand.apply("order")
    assert hand.phase == Phase.DISCARD and hand.turn == 0
    hand.apply("discard-8C")
    assert hand.phase == Phase.ALONE_DECISION and hand.turn == 1
    # The best heart is the right bower, which the maker holds: hearts cannot be called.
    assert hand.legal_actions() == (Action.CALL_C, Action.CALL_D, Action.CALL_S, Action.GO_ALONE)


def test_the_best_card_of_a_suit() -> None:
    """Decision 20: the best card of a plain suit is its ace; of trumps the right bower,
    or the joker (the best bower) when the pack has one."""
    assert best_card(C, H, False) == parse_card("AC")
    assert best_card(D, H, False) == parse_card("AD")  # the left bower's suit: still its ace
    assert best_card(H, H, False) == parse_card("JH")
    assert best_card(H, H, True) == JOKER
    assert best_card(S, 4, False) == parse_card("AS")  # no trump: every suit's ace


def test_the_holder_of_the_called_card_is_the_partner_and_both_score_the_march() -> None:
    """X-47: the holder of the called card is the maker's partner; the makers score 2
    for a march, each of them keeping his own score. Eldest leads the five best trumps
    and takes every trick whatever is played; his partner (the ace of clubs, seat 3)
    scores with him."""
    for seed in range(4):
        hand = _hand5()
        for a in ("order", "discard-8C", "call-C"):
            hand.apply(a)
        assert hand.partner == 3 and hand.called == parse_card("AC")
        _play_randomly(hand, random.Random(seed))
        assert hand.result is not None and hand.result.tricks[1] == 5
        assert hand.result.points == (0, 2, 0, 2, 0) and hand.result.label == "march"
        assert hand.result.partner == 3  # shown once the hand is over


def test_the_result_line_names_the_partner_after_the_hand() -> None:
    from euchre.cli.render import result_line

    hand = _hand5()
    for a in ("order", "discard-8C", "call-C"):
        hand.apply(a)
    _play_randomly(hand, random.Random(0))
    assert hand.result is not None
    assert result_line(hand.result, CA5.table).startswith("Player 2 (maker) and Player 4 (partner) took 5 tricks: march.")


def test_a_called_card_in_the_stock_leaves_the_maker_without_a_partner() -> None:
    """X-47: the called card may be buried; the maker then plays without a partner and a
    march scores the lone five (decision 21)."""
    hand = _hand5()
    for a in ("order", "discard-8C", "call-D"):
        hand.apply(a)
    assert hand.partner == -1 and hand.alone == -1  # nothing public tells the card is buried
    _play_randomly(hand, random.Random(0))
    assert hand.result is not None and hand.result.points == (0, 5, 0, 0, 0)
    assert hand.result.label == "lone march" and hand.result.partner is None


def test_going_alone_instead_of_calling() -> None:
    """X-47: the caller may elect to go alone; a lone march scores 5."""
    hand = _hand5()
    for a in ("order", "discard-8C", "alone"):
        hand.apply(a)
    assert hand.alone == 1 and hand.called == -1 and hand.phase == Phase.PLAY
    _play_randomly(hand, random.Random(0))
    assert hand.result is not None and hand.result.points == (0, 5, 0, 0, 0)


def test_a_euchre_gives_two_to_every_other_player() -> None:
    """X-47: a euchre gives the defenders two; each keeps his own score (decision 21: to
    every other player). The dealer takes up the ten of hearts, calls the ace of clubs
    (seat 3), and eldest's five best trumps take every trick."""
    hand = _hand5()
    for a in ("pass", "pass", "pass", "pass", "order", "discard-8C", "call-C"):
        hand.apply(a)
    assert hand.maker == 0 and hand.partner == 3
    _play_randomly(hand, random.Random(0))
    assert hand.result is not None and hand.result.points == (0, 2, 2, 0, 2)
    assert hand.result.label == "euchre"


def test_calling_the_right_bower_makes_its_holder_the_partner() -> None:
    """Decision 20: the best card of trumps is the right bower: the dealer who calls
    hearts has eldest (who holds it) for partner, and their march scores 2 each."""
    hand = _hand5()
    for a in ("pass", "pass", "pass", "pass", "order", "discard-8C", "call-H"):
        hand.apply(a)
    assert hand.partner == 1 and hand.called == parse_card("JH")
    _play_randomly(hand, random.Random(0))
    assert hand.result is not None and hand.result.points == (2, 2, 0, 0, 0)


def test_with_call_timing_the_lone_hand_is_declared_with_the_bid() -> None:
    """Decision 20: with alone_declare_timing = with_call the maker goes alone in his
    bid (order-alone) and makes no call; otherwise he calls and may not go alone then."""
    rules = CA5.replace(alone_declare_timing="with_call")
    hand = _hand5(rules)
    assert hand.legal_actions() == (Action.PASS, Action.ORDER_UP, Action.ORDER_UP_ALONE)
    hand.apply("order-alone")
    hand.apply("discard-8C")
    assert hand.phase == Phase.PLAY and hand.alone == 1
    hand = _hand5(rules)
    hand.apply("order")
    hand.apply("discard-8C")
    assert hand.legal_actions() == (Action.CALL_C, Action.CALL_D, Action.CALL_S)


def test_a_maker_who_holds_every_best_card_must_go_alone() -> None:
    """Decision 20: with nothing to call, going alone is the only answer, even where
    lone hands are declared with the bid."""
    rules = CA4.replace(alone_declare_timing="with_call")
    deal = ("9S TS QS KS 9D", "AC AD AS JH KH", "KC QC JC TC 9C", "QH TH 9H JS TD")
    hand = HandState.from_deal(rules, 0, [kit.cards(h) for h in deal], kit.cards("AH JD QD KD"))
    hand.apply("order")
    hand.apply("discard-9D")
    assert hand.legal_actions() == (Action.GO_ALONE,)


def test_the_calls_read_and_write_as_text() -> None:
    """The calls are codes 53-56, written ``call-C`` ... ``call-S``."""
    assert [int(Action.call(s)) for s in range(4)] == [53, 54, 55, 56]
    assert [action_text(53 + s) for s in range(4)] == ["call-C", "call-D", "call-H", "call-S"]
    assert parse_action("call-h") == 55 and Action.parse("call-S") == Action.CALL_S
    assert Action.CALL_H.is_call and Action.CALL_H.called_suit == H and not Action.CALL_H.is_discard
    with pytest.raises(IllegalActionError):
        Action.call(4)
    with pytest.raises(IllegalActionError):
        parse_action("call-X")


def test_the_words_of_a_call() -> None:
    hand = _hand5()
    assert describe(Action.CALL_H, 1, dealer=0, phase=Phase.ALONE_DECISION, table=CA5.table) == "I call the best heart."
    assert plain(Action.CALL_C) == "call the best ♣ clubs card for your partner"
    try:  # the oracle that tells phases from the history (tests/_history_phases_model.py)
        from ._history_phases_model import history_phases
    except ImportError:
        from _history_phases_model import history_phases  # type: ignore[no-redef]
    history = [(1, 1), (0, int(Action.discard(parse_card("8C")))), (1, int(Action.CALL_C))]
    assert history_phases(history, CA5.table) == [Phase.BID_ROUND_1, Phase.DISCARD, Phase.ALONE_DECISION]
    assert hand.phase == Phase.BID_ROUND_1


def test_regression_a_call_is_not_hidden_as_a_discard() -> None:
    """The views hid every code 20-59 from all but the dealer as a discard; the calls
    53-56 are public (decision 21)."""
    hand = _hand5()
    for a in ("order", "discard-8C", "call-C"):
        hand.apply(a)
    seen = view_of(hand, 2).history
    assert seen[-1] == (1, 53) and seen[-2][1] == -1  # the call shown, the discard hidden


# ------------------------------------------------------------------ perft
def test_perft_of_a_fixed_deal_counted_by_hand() -> None:
    """Four players, seat 0 deals, the king of hearts turned. Eldest holds the ace of
    spades. Depth 1: eldest passes or orders up (2). Depth 2: after the order the dealer
    discards one of his five own cards (5); after a pass seat 2 passes or orders (2): 7.
    Depth 3: after order and discard eldest calls clubs, diamonds or hearts (the ace of
    spades is his own) or goes alone (4): 20; after pass and order the dealer discards
    (5); after two passes seat 3 passes or orders (2): 27. Depth 4: after each of the 20,
    eldest leads any of five cards (100); seat 2, holding the right bower, calls clubs,
    diamonds or spades or goes alone after each of the dealer's 5 discards (20); after
    pass, pass, order the dealer discards (5); after three passes the dealer passes or
    takes up (2): 127."""
    deal = ("KS QS JS TS 9S", "AS 9C TC 9D TD", "JH JD AH QH 9H", "AC KC QC JC KD")
    hand = HandState.from_deal(CA4, 0, [kit.cards(h) for h in deal], kit.cards("KH TH AD QD"))

    def count(h: HandState, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for code in h.legal_codes():
            h.push(code)
            total += count(h, depth - 1)
            h.pop()
        return total

    assert [count(hand, d) for d in (1, 2, 3, 4)] == [2, 7, 27, 127]


# ------------------------------------------------------------------ the naive model
def _naive_of(hand: HandState) -> NaiveCallAceHand:
    return NaiveCallAceHand(*deal_of(hand))


VARIANTS = [CA4, CA5, CA6, CA5.replace(alone_declare_timing="with_call"), CA6.replace(alone_allowed=False),
            CA4.replace(no_trump_call=True, round2_may_name_turned_down=True),
            CA5.replace(alone_lead="lone_player", all_pass_round2="stick_the_dealer"),
            CA4.replace(alone_declare_timing="with_call", alone_lead="left_of_lone_player")]


@pytest.mark.parametrize("seed", range(48))
def test_random_play_agrees_with_the_naive_model(seed: int) -> None:
    rules = VARIANTS[seed % len(VARIANTS)]
    rng = random.Random(seed)
    for _ in range(6):
        hand = HandState.deal(rules, rng.randrange(rules.table.seats), rng)
        naive = _naive_of(hand)
        play_against(hand, naive, rng)
        assert hand.partner == (-1 if naive.partner is None else naive.partner)


# ------------------------------------------------------------------ the secret
def _after_call(rules: Any, rng: random.Random, plays: int) -> HandState | None:
    """A hand some cards after a call, the called card not yet played, or None."""
    hand = HandState.deal(rules, rng.randrange(rules.table.seats), rng)
    while not hand.is_over and hand.called == -1:
        legal = hand.legal_actions()
        calls = [a for a in legal if a.is_call]
        hand.apply(rng.choice(calls) if calls else rng.choice(legal))
    if hand.called == -1:
        return None
    for _ in range(plays):
        legal = [a for a in hand.legal_actions() if a.card != hand.called]
        if not legal:
            break
        hand.apply(rng.choice(legal))
    played = {c for t in hand.tricks for c in t.cards} | set(hand.trick_cards)
    return None if hand.called in played or hand.is_over else hand


def _swapped(hand: HandState, to: int) -> HandState | None:
    """The same public game with the called card dealt to seat ``to`` instead of its
    holder (a card of ``to`` not yet played going the other way), or None when the
    history is not legal on that deal."""
    holder = hand.partner
    card = hand.called
    swap = [c for c in cards_of(hand.hands[to]) if c != hand.upcard]
    if holder == -1 or not swap or card == hand.upcard:
        return None  # (the upcard taken up is seen by all: its holder is no secret)
    hands = [list(cards_of(m)) for m in hand.deal_hands]
    give = swap[0]
    hands[holder][hands[holder].index(card)] = give
    hands[to][hands[to].index(give)] = card
    other = HandState.from_deal(hand.rules, hand.dealer, hands, list(hand.stock))
    try:
        for _seat, code in hand.history:
            other.apply(code)
    except IllegalActionError:
        return None
    return other


ViewFn = Callable[[HandState, int], Any]


def _hides_the_partner(view_fn: ViewFn, seeds: range) -> tuple[int, int]:
    """Over hands after a call, how many pairs of games differing only in who holds the
    called card showed a third seat the same view (and how many pairs were tried)."""
    same = tried = 0
    for seed in seeds:
        rng = random.Random(seed)
        rules = (CA4, CA5, CA6)[seed % 3]
        hand = _after_call(rules, rng, rng.randrange(8))
        if hand is None or hand.partner == -1:
            continue
        for to in range(rules.table.seats):
            if to in (hand.partner, hand.maker):
                continue
            other = _swapped(hand, to)
            if other is None:
                continue
            assert other.partner == to != hand.partner  # the two games have different partners
            for viewer in range(rules.table.seats):
                if viewer in (hand.partner, to):
                    continue
                tried += 1
                same += view_fn(hand, viewer) == view_fn(other, viewer)
    return same, tried


def test_no_view_shows_the_secret_partner_before_the_card_is_played() -> None:
    """X-35, X-47: the partner is known only when the called card is played. Two games
    alike but for who holds the called card show every other seat (the maker included)
    exactly the same view."""
    same, tried = _hides_the_partner(view_of, range(120))
    assert tried > 50 and same == tried


def test_positive_control_a_leaky_view_is_caught() -> None:
    """The comparison above can fail: a view that also carried the state's partner
    differs between the two games."""
    def leaky(state: HandState, seat: int) -> Any:
        return view_of(state, seat), state.partner

    same, tried = _hides_the_partner(leaky, range(120))
    assert tried > 50 and same == 0


def test_the_partner_knows_himself_and_is_revealed_when_the_card_is_played() -> None:
    """The holder of the called card knows he is the partner; the maker and the others
    learn it when it is played (X-47)."""
    hand = _hand5()
    for a in ("order", "discard-8C", "call-C"):
        hand.apply(a)
    assert view_of(hand, 3).known_partner() == 3
    assert [view_of(hand, s).known_partner() for s in (0, 1, 2, 4)] == [-1, -1, -1, -1]
    assert view_of(hand, 2).called == parse_card("AC")
    # Eldest leads a trump; seat 3 (void of hearts) may throw the ace of clubs.
    hand.apply("play-QH")
    hand.apply("play-AS")
    hand.apply("play-AC")
    assert [view_of(hand, s).known_partner() for s in range(5)] == [3] * 5


def test_sampled_worlds_keep_the_partner_unknown() -> None:
    """sample_world deals the called card to any holder a seat cannot rule out: another
    player or the stock; to the partner himself every world has him as partner."""
    hand = _hand5()
    for a in ("order", "discard-8C", "call-C"):
        hand.apply(a)
    rng = random.Random(5)
    holders = set()
    for _ in range(300):
        world = sample_world(view_of(hand, 2), rng)
        assert world.called == parse_card("AC")
        holders.add(world.partner)
    assert holders == {-1, 0, 3, 4}  # the stock, the dealer, seats 3 and 4 (never the maker, 1)
    assert all(sample_world(view_of(hand, 3), rng).partner == 3 for _ in range(50))


def test_bots_of_every_level_answer_legally_at_every_call_ace_table() -> None:
    """Every level chooses a legal action at four, five and six seats (the search levels
    play their cards by the open-hand solver over worlds with the partner unknown)."""
    for rules in (CA4, CA5, CA6):
        for level in BOT_LEVELS:
            game = Game(rules, 3)
            bots = [make_bot(level, s) for s in range(rules.table.seats)]
            while not game.is_over and not game.finished_hands:
                hand = game.hand
                view = view_of(hand, hand.turn, game.score)
                action = bots[hand.turn].choose(view)
                assert action in hand.legal_actions(), (level, action)
                game.apply(action)


def _eldest_with(hand: str) -> HandState:
    """A five-player deal (seat 0 deals, the ten of hearts turned) in which the eldest,
    seat 1, holds ``hand``; the other cards dealt in order."""
    mine = kit.cards(hand)
    deck = [c for c in deck_cards(CA5.deck, CA5.joker) if c not in mine and c != parse_card("TH")]
    others = [deck[i * 5:(i + 1) * 5] for i in range(4)]
    hands = [others[0], mine, *others[1:]]
    stock = [parse_card("TH"), *deck[20:]]
    return HandState.from_deal(CA5, 0, hands, stock)


def test_the_beginner_wants_four_trumps_to_call_at_call_ace() -> None:
    """The beginner's naive rule (its module docstring): three trumps to call at the
    four-hand table, four at call-ace, where the maker faces three to five others. With
    the right bower, ace and king of hearts it passes the turned heart at five seats;
    with the queen as well it orders it up."""
    beginner = make_bot("beginner")
    assert beginner.choose(view_of(_eldest_with("JH AH KH TC TS"), 1)) == Action.PASS
    assert beginner.choose(view_of(_eldest_with("JH AH KH QH TS"), 1)) == Action.ORDER_UP


def test_the_intermediate_has_its_own_numbers_at_call_ace() -> None:
    from euchre.bots.bidding import CALL_ACE_POLICY, DEFAULT_POLICY, SINGLE_POLICY, policy_for

    assert policy_for(CA5) is CALL_ACE_POLICY
    assert policy_for(preset("cutthroat-3")) is SINGLE_POLICY
    assert policy_for(preset("modern-standard")) is DEFAULT_POLICY
    assert CALL_ACE_POLICY.call < SINGLE_POLICY.call


def test_the_heuristic_calls_the_best_trump_it_lacks() -> None:
    """The intermediate maker without the right bower calls trumps, so that their best
    card plays with him (decision 21's bots)."""
    hand = _hand5()
    for a in ("pass", "pass", "pass", "pass", "order", "discard-8C"):
        hand.apply(a)
    assert make_bot("intermediate").choose(view_of(hand, 0)) == Action.CALL_H


def test_the_solver_plays_the_maker_and_the_holder_of_the_called_card_together() -> None:
    """Worked by hand. Seat 1 orders up the ten of hearts, the dealer discards the eight
    of clubs, and seat 1 calls clubs: the ace of clubs is seat 3's, so seats 1 and 3 are
    the makers (X-47, RULES.md decision 21). Seat 1 holds the five highest hearts (right
    and left bowers, A, K, Q): whatever he leads, the makers take every trick, a march of
    2 points each (the preset's march). Once he leads the right bower, seat 2 (a
    defender, holding no heart) takes nothing whatever it plays: the makers' march, -2
    for the defenders. The solver counts the defenders' tricks together and used to
    refuse call-ace."""
    hand = _hand5()
    for a in ("order", "discard-8C", "call-C"):
        hand.apply(a)
    assert solvable(CA4) and solvable(CA5) and solvable(CA6)
    assert hand.maker_side() == ((1, 3), False)
    backends = ["python", "numba"] if numba_available() else ["python"]
    for backend in backends:
        sol = analyse(hand, backend=backend)
        assert sol.seat == 1 and set(sol.tricks.values()) == {5} and set(sol.points.values()) == {2}
    hand.apply("play-JH")
    for backend in backends:
        sol = analyse(hand, backend=backend)
        assert sol.seat == 2 and set(sol.tricks.values()) == {0} and set(sol.points.values()) == {-2}
        assert set(sol.tricks) == set(kit.cards("AS KS QS JS TS"))


def test_regression_a_rollout_values_a_hand_against_every_opponent() -> None:
    """hand_value read the score of side ``1 - team``: at a table of three or more sides
    it compared with one arbitrary side. A hand is worth its points less the mean of
    every other side's."""
    assert hand_value((0, 2, 0, 2, 0), 1, (0, 0, 0, 0, 0), 10) == 2 - (0 + 0 + 2 + 0) / 4
    assert hand_value((0, 0, 2, 0, 2), 1, (0, 0, 0, 0, 0), 10) == 0 - (0 + 2 + 0 + 2) / 4
    assert hand_value((5, 0), 0, (0, 0), 10) == 5.0  # two sides: as before


def test_regression_a_euchre_or_a_call_made_with_a_partner_was_worth_nothing() -> None:
    """hand_value took the most any other player scored: a defender's euchre at
    cutthroat was worth 2 - 2 = 0 (the other defender scores 2 too) and the call-ace
    maker's call made with his partner 1 - 1 = 0 (X-47: both score 1), so the expert's
    rollouts saw no gain in either. Against the mean of the others they are worth what a
    share of all the points says."""
    zero3, zero6 = (0, 0, 0), (0,) * 6
    assert hand_value((2, 0, 2), 0, zero3, 5) == 2 - (0 + 2) / 2  # cutthroat: a euchre, as a defender
    assert hand_value((0, 2, 2), 0, zero3, 5) == -2.0  # the maker euchred: both others score 2
    assert hand_value((1, 1, 0, 0, 0, 0), 0, zero6, 10) == 1 - 1 / 5  # call-ace-6: made with a partner
    assert hand_value((0, 0, 2, 2, 2, 2), 0, zero6, 10) == 0 - 8 / 5  # euchred: four defenders score 2
    assert hand_value((0, 1, 0, 0, 0, 0), 0, zero6, 10) == -1 / 5  # another's call made without me
    # Points beyond a player's target still count for nothing: 9 of 10 caps at 1.
    assert hand_value((0, 2, 2), 0, (0, 9, 0), 10) == 0 - (1 + 2) / 2


# ------------------------------------------------------------------ properties
@pytest.mark.parametrize("seed", range(12))
def test_each_card_once_push_pop_and_records(seed: int) -> None:
    rules = (CA4, CA5, CA6)[seed % 3]
    rng = random.Random(seed)
    game = Game(rules, seed)
    n = rules.table.seats
    while not game.is_over:
        hand = game.hand
        masks = hand.hands
        assert all(not (masks[a] & masks[b]) for a in range(n) for b in range(a + 1, n))
        played = [c for t in hand.tricks for c in t.cards] + hand.trick_cards
        assert len(set(played)) == len(played) and not any(m >> c & 1 for m in masks for c in played)
        before = (repr(hand), list(hand.history), hand.called, hand.partner, hand.phase, hand.turn, hand.alone)
        for code in hand.legal_codes():
            hand.push(code)
            hand.pop()
            assert (repr(hand), list(hand.history), hand.called, hand.partner, hand.phase, hand.turn,
                    hand.alone) == before
        view = view_of(hand, hand.turn, game.score)
        assert isinstance(view, PlayerView) and not any(
            set(cards_of(masks[s])) & set(view.hand) for s in range(n) if s != hand.turn)
        game.apply(rng.choice(game.legal_codes()))
    assert game.result is not None and max(game.score) >= 10
    loaded, names = loads(dumps(game))
    assert loaded.score == game.score and loaded.result == game.result
    assert names == [f"Player {s + 1}" for s in range(n)]


def test_regression_an_illegal_action_at_five_seats_names_the_seat() -> None:
    """The refusal and the repr of a hand named seats from the four-hand letters N E S W:
    at five or six seats they failed with an IndexError. They now use the table's."""
    hand = _hand5()
    for a in ("pass", "pass", "pass", "pass"):
        hand.apply(a)
    assert hand.turn == 0
    with pytest.raises(IllegalActionError, match="name-H is not legal for 1"):
        hand.apply("name-H")
    table = CA6.table
    six = HandState.deal(CA6, 5, random.Random(2))
    assert "dealer=6" in repr(six) and table.letters == "123456"


def test_regression_sampled_worlds_never_give_the_maker_his_called_card() -> None:
    """sample_world could deal the called card to the maker, whose call is then illegal:
    the replay failed and no world was found. A maker never holds the card he called."""
    hand = _hand5()
    for a in ("order", "discard-8C", "call-C"):
        hand.apply(a)
    rng = random.Random(1)
    for seat in (0, 2, 4):
        for _ in range(60):
            assert not sample_world(view_of(hand, seat), rng).hands[1] >> parse_card("AC") & 1


def test_who_may_go_alone_is_dormant_at_call_ace() -> None:
    """Only the maker can go alone at call-ace (no partner is known to take a lone hand
    over): ``alone_who`` takes no effect there, and ``euchre rules`` says so."""
    assert not CA5.takes_effect("alone_who") and preset("modern-standard").takes_effect("alone_who")
    assert CA5.takes_effect("alone_lead") and CA5.takes_effect("points_lone_march")
    hand = HandState.deal(CA5.replace(alone_who="maker_or_partner"), 0, random.Random(3))
    _play_randomly(hand, random.Random(3))
    assert Phase.TAKEOVER not in hand.history_phases


def test_regression_the_call_is_spoken_words() -> None:
    """is_spoken read every code from 20 up as a discard or a card, so the terminal told
    the maker's call as narration ('Player 2 I call the best heart.'). A call is spoken."""
    from euchre.text.words import is_spoken

    assert is_spoken(Action.CALL_H) and is_spoken(Action.PASS)
    assert not is_spoken(Action.discard(parse_card("8C"))) and not is_spoken(Action.play(parse_card("8C")))


@pytest.mark.parametrize("name", ["call-ace-4", "two-handed", "cutthroat-3"])
def test_call_for_best_needs_partners(name: str) -> None:
    """Railroad's call for best (X-20) passes a partner's card to a lone player: at the
    tables where every player plays for himself there is no partner to give it, so the
    option is refused naming it (it would otherwise be inert: a lone call-ace maker was
    never given a card)."""
    with pytest.raises(RulesError, match="call_for_best = lone_maker needs partners"):
        preset(name).replace(call_for_best="lone_maker")

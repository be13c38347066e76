"""The claims of the dealt hand before the bidding: the farmer's hand, the hand of
nines and tens and the ace with no face (RULES.md decision 23).

Sources: X-25 (euchrestrategy.info: a farmer's hand is "three nines or three tens",
shown and exchanged "for the three unexposed cards in the kitty"; more than one claim is
a misdeal; an ace and no face cards may call a misdeal and "the deal is then passed
clockwise"), X-11 (a hand of only nines and tens with no trump may be shown for a new
deal), X-09 (the McEvoy: shown before anyone calls or passes, redealt by the same
dealer). Every deal below is worked by hand: the 24-card pack is 9 T J Q K A of C D H S.
"""

from __future__ import annotations

import random

import pytest

from euchre.bots.heuristic import HeuristicBot
from euchre.bots.random_bot import RandomBot
from euchre.core import HandState, IllegalActionError, Phase, RulesError, preset, view_of
from euchre.core.actions import Action, action_text, parse_action
from euchre.core.errors import RecordError
from euchre.core.game import Game
from euchre.core.rules import Rules
from euchre.core.sampling import sample_world
from euchre.records import dumps, loads
from euchre.records.egn import game_to_egn

try:
    from . import _naive_euchre as kit
except ImportError:
    import _naive_euchre as kit  # type: ignore[no-redef]

N, E, S, W = 0, 1, 2, 3
MS = preset("modern-standard")
FARMER = MS.replace(farmers_hand=True)
NINES = MS.replace(nines_tens_redeal=True)
ACE = MS.replace(ace_no_face_redeal=True)
ALL = MS.replace(farmers_hand=True, nines_tens_redeal=True, ace_no_face_redeal=True)


def legal(state: HandState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def cards(text: str) -> tuple[int, ...]:
    return tuple(sorted(kit.cards(text)))


def hand(state: HandState, seat: int) -> tuple[int, ...]:
    return tuple(state.hand_of(seat))


# The farmer's deal, dealt by West: North (eldest) holds three nines; no other seat holds
# three nines or three tens (East one ten, South one ten, West one nine and one ten).
# The upcard is AH with TS JS QS face down under it.
FARMER_DEAL = ["9C 9D 9H AS KS", "TC JC QC KC AC", "TD JD QD KD AD", "TH JH QH KH 9S"]


def farmer_state(rules: Rules = FARMER) -> HandState:
    return kit.make_state(rules, W, FARMER_DEAL, "AH", "TS JS QS")


def test_action_codes_and_texts_of_the_claims() -> None:
    """The claims have their own codes, 18 and 19 (free before the discards at 20), and
    text forms that round-trip."""
    assert int(Action.FARMERS_HAND) == 18 and int(Action.THROW_IN) == 19
    for code, text in ((18, "farmers-hand"), (19, "throw-in")):
        assert action_text(code) == text and parse_action(text) == code
    assert not Action.FARMERS_HAND.is_discard and not Action.THROW_IN.is_discard


def test_every_seat_is_asked_once_from_the_eldest_before_the_first_bid() -> None:
    """X-25 "before bidding", X-09 "before any player calls trump or passes": the claim
    round goes from the dealer's left to the dealer; a seat with nothing to claim may only
    pass; then round one starts with the eldest again."""
    state = farmer_state()
    assert state.phase == Phase.BID_ROUND_1 and state.claims_left == 4
    seen = []
    for seat, expected in ((N, {"pass", "farmers-hand"}), (E, {"pass"}), (S, {"pass"}), (W, {"pass"})):
        assert state.turn == seat and legal(state) == expected
        seen.append(seat)
        state.apply("pass")
    assert seen == [N, E, S, W]
    assert state.claims_left == 0 and state.turn == N
    assert legal(state) == {"pass", "order", "order-alone"}
    assert hand(state, N) == cards("9C 9D 9H AS KS")  # nothing claimed, nothing changed


def test_farmers_hand_takes_the_three_face_down_cards_of_the_kitty() -> None:
    """X-25: the three nines are shown and exchanged for the three unexposed cards of the
    kitty; the upcard stays turned up. North: 9C 9D 9H AS KS gives up the nines and takes
    TS JS QS: AS KS TS JS QS."""
    state = farmer_state()
    state.apply("farmers-hand")
    assert hand(state, N) == cards("9C 9D 9H AS KS")  # the exchange waits for the round's end
    for _ in range(3):
        state.apply("pass")
    assert hand(state, N) == cards("AS KS TS JS QS")
    assert state.upcard == kit.cards("AH")[0] and state.phase == Phase.BID_ROUND_1 and state.turn == N
    assert state.shown == ((N, sum(1 << c for c in cards("9C 9D 9H"))),)


def test_three_tens_make_a_farmers_hand_and_four_nines_do_not() -> None:
    """X-25 "three nines or three tens"; four of them is the "mixed" variant, not ours."""
    tens = kit.make_state(FARMER, W, ["TC TD TH AS KS", None, None, None], "AH")
    assert legal(tens) == {"pass", "farmers-hand"}
    four = kit.make_state(FARMER, W, ["9C 9D 9H 9S KS", None, None, None], "AH")
    assert legal(four) == {"pass"}


def test_regression_two_farmers_hands_are_a_misdeal_and_the_same_dealer_deals() -> None:
    """X-25: if more than one player claims a farmer's hand, the deal is a misdeal; the
    same dealer deals again (RULES.md decision 23, #interp after X-29, X-36)."""
    first = kit.make_state(FARMER, W, ["9C 9D 9H AS KS", "TC TD TH AC KC", "JC QC JD QD KD", "AD JH QH KH 9S"],
                           "AH", "TS JS QS")
    game = kit.game_with_first_hand(FARMER, W, first)
    game.apply("farmers-hand")
    assert {str(a) for a in game.hand.legal_actions()} == {"pass", "farmers-hand"}
    game.apply("farmers-hand")
    game.apply("pass")
    game.apply("pass")
    result = game.finished_hands[0].result
    assert result is not None and result.passed_out and result.dealer_deals_again
    assert result.points == (0, 0) and result.label == "misdeal: two farmer's hands"
    assert game.score == (0, 0) and game.dealer == W and game.hand.dealer == W
    assert hand(game.finished_hands[0], N) == cards("9C 9D 9H AS KS")  # no exchange


def test_nines_and_tens_with_no_trump_are_thrown_in_and_the_same_dealer_deals() -> None:
    """X-11: a hand of only nines and tens with none of the upcard's suit may be shown for
    a new deal; the same dealer deals (X-09). North: 9C TC 9D TD 9S under AH."""
    first = kit.make_state(NINES, W, ["9C TC 9D TD 9S", None, None, None], "AH")
    assert legal(first) == {"pass", "throw-in"}
    game = kit.game_with_first_hand(NINES, W, first)
    game.apply("throw-in")
    result = game.finished_hands[0].result
    assert result is not None and result.passed_out and result.dealer_deals_again
    assert result.label == "thrown in: a hand of nines and tens" and result.points == (0, 0)
    assert game.dealer == W and game.hand.dealer == W
    assert game.finished_hands[0].history == [(N, 19)]  # nobody after the claim is asked


def test_nines_and_tens_holding_a_trump_may_not_be_thrown_in() -> None:
    """X-11 "no trump": 9H is of the upcard's suit (AH)."""
    state = kit.make_state(NINES, W, ["9C TC 9D TD 9H", None, None, None], "AH")
    assert legal(state) == {"pass"}


def test_an_ace_and_no_face_is_thrown_in_and_the_deal_passes() -> None:
    """X-25: a hand with an ace and no face card may be called a misdeal and "the deal is
    then passed clockwise": West dealt, North deals next. North: AC 9C TD 9H TS."""
    first = kit.make_state(ACE, W, ["AC 9C TD 9H TS", None, None, None], "KH")
    assert legal(first) == {"pass", "throw-in"}
    game = kit.game_with_first_hand(ACE, W, first)
    game.apply("throw-in")
    result = game.finished_hands[0].result
    assert result is not None and result.passed_out and not result.dealer_deals_again
    assert result.label == "thrown in: an ace and no face"
    assert game.dealer == N and game.hand.dealer == N


@pytest.mark.parametrize("holding", ["AC 9C TD 9H JS", "AC 9C TD QH TS", "AC KC TD 9H TS", "9C TC 9D TD 9H"])
def test_a_face_card_or_no_ace_is_no_ace_no_face(holding: str) -> None:
    """X-25 "Ace and no face cards": a jack, queen or king spoils it, and so does holding
    no ace."""
    state = kit.make_state(ACE, W, [holding, None, None, None], "KS" if "KC" in holding else "KD")
    assert legal(state) == {"pass"}


def test_the_joker_is_no_low_card() -> None:
    """#interp (RULES.md decision 23): the joker, the highest trump, spoils an ace and no
    face (it is no nine, ten or ace either)."""
    rules = ACE.replace(joker=True, joker_turned_up="turn_next_card")
    state = kit.make_state(rules, W, ["AC 9C TD 9H JK", None, None, None], "KD")
    assert legal(state) == {"pass"}


def test_a_throw_in_voids_an_earlier_farmers_claim() -> None:
    """A throw-in ends the deal at once (RULES.md decision 23): North's farmer's claim
    comes to nothing, East (ace, no face) throws in, the deal passes to North."""
    first = kit.make_state(ALL, W, ["9C 9D 9H AS KS", "AC AD 9S TC TD", None, None], "KH")
    game = kit.game_with_first_hand(ALL, W, first)
    game.apply("farmers-hand")
    assert {str(a) for a in game.hand.legal_actions()} == {"pass", "throw-in"}
    game.apply("throw-in")
    done = game.finished_hands[0]
    assert done.result is not None and done.result.label == "thrown in: an ace and no face"
    assert hand(done, N) == cards("9C 9D 9H AS KS")
    assert game.dealer == N


def test_views_show_the_shown_cards_to_everybody_and_nothing_else() -> None:
    """A claim shows cards: every seat's view has them (PlayerView.shown); no other card
    of the claimant's hand is in another seat's view."""
    state = farmer_state()
    state.apply("farmers-hand")
    nines = cards("9C 9D 9H")
    for seat in range(4):
        view = view_of(state, seat)
        assert view.shown == ((N, nines),)
        if seat != N:
            assert not set(view.hand) & set(cards("AS KS"))
    for _ in range(3):
        state.apply("pass")
    east = view_of(state, E)
    assert east.shown == ((N, nines),) and east.hand == cards(FARMER_DEAL[E])
    assert view_of(state, N).hand == cards("AS KS TS JS QS")


def test_sampled_worlds_put_a_farmers_shown_cards_in_the_kitty() -> None:
    """After the exchange the three nines lie under the upcard: no sampled world gives
    them to a player; before it, they are the claimant's."""
    state = farmer_state()
    state.apply("farmers-hand")
    rng = random.Random(3)
    nines = set(cards("9C 9D 9H"))
    for _ in range(20):
        world = sample_world(view_of(state, E), rng)
        assert nines <= set(world.hand_of(N))
    for _ in range(3):
        state.apply("pass")
    for seat in (E, S, W):
        for _ in range(20):
            world = sample_world(view_of(state, seat), rng)
            assert world.claims_left == 0 and world.turn == N
            assert not nines & set().union(*(set(world.hand_of(s)) for s in range(4)))
            assert world.hand_of(seat) == state.hand_of(seat)


def test_push_and_pop_undo_an_exchange() -> None:
    """push/pop restore the claim round and the hands (DESIGN.md: push/pop for search)."""
    state = farmer_state()
    before = kit.snapshot(state)
    for code in (18, 0, 0, 0):
        state.push(code)
    assert hand(state, N) == cards("AS KS TS JS QS")
    for _ in range(4):
        state.pop()
    assert kit.snapshot(state) == before


def test_a_claim_not_allowed_is_refused_naming_the_legal_actions() -> None:
    state = farmer_state()
    state.apply("pass")
    with pytest.raises(IllegalActionError, match="pass"):
        state.apply("farmers-hand")


def test_no_claim_round_when_the_joker_is_named_blind() -> None:
    """RULES.md decision 23: with the joker turned up and named blind the dealer calls
    first, before he has seen his cards; there is no claim round."""
    rules = NINES.replace(joker=True)
    state = kit.make_state(rules, W, [None] * 4, "JK")
    assert state.phase == Phase.BLIND_NAME and state.claims_left == 0


def test_no_claim_round_without_the_options() -> None:
    state = kit.make_state(MS, W, FARMER_DEAL, "AH", "TS JS QS")
    assert state.claims_left == 0 and legal(state) == {"pass", "order", "order-alone"}


@pytest.mark.parametrize("changes", [{"deck": 32}, {"deck": 28}, {"joker": True}])
def test_farmers_hand_needs_the_24_card_pack(changes: dict[str, object]) -> None:
    """REFERENCE 4.6: a farmer's hand needs the 24-card pack (nines and tens are its
    lowest cards); with the joker the kitty holds four cards under the upcard, not the
    three the farmer takes (regression: the joker was let through)."""
    with pytest.raises(RulesError, match="farmers_hand"):
        FARMER.replace(**changes)


def test_farmers_hand_needs_the_four_hand_kitty() -> None:
    """The kitty of the upcard and three cards face down is the four-hand table's."""
    with pytest.raises(RulesError, match="farmers_hand"):
        preset("cutthroat-3").replace(farmers_hand=True)
    assert preset("cutthroat-3").replace(ace_no_face_redeal=True).ace_no_face_redeal


def test_bots_make_the_claims() -> None:
    """The bots' simple rule: a claim offered is made."""
    for bot in (HeuristicBot(1),):
        assert bot.choose(view_of(farmer_state(), N)) == Action.FARMERS_HAND
        thrown = kit.make_state(ACE, W, ["AC 9C TD 9H TS", None, None, None], "KH")
        assert bot.choose(view_of(thrown, N)) == Action.THROW_IN


def test_records_round_trip_with_claims() -> None:
    """A game with claims is written and read back to the same deals, actions, results
    and score (the exchange is replayed from the deal and the actions)."""
    found = set()
    for seed in range(12):
        game = Game(ALL, seed)
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        while not game.is_over:
            game.apply(bots[game.hand.turn].choose(view_of(game.hand, game.hand.turn, game.score)))
        found |= {code for h in game.finished_hands for _, code in h.history if code in (18, 19)}
        back, _ = loads(dumps(game))
        assert back.score == game.score
        assert [h.history for h in back.finished_hands] == [h.history for h in game.finished_hands]
        assert [h.result for h in back.finished_hands] == [h.result for h in game.finished_hands]
    assert found == {18, 19}  # both claims were made and recorded


def test_egn_export_refuses_the_claim_round() -> None:
    """EGN's bidding has no claim round: the export refuses, naming the option."""
    game = Game(ACE, 1)
    game.apply(game.hand.legal_actions()[0])
    with pytest.raises(RecordError, match="ace_no_face_redeal"):
        game_to_egn(game)


def test_the_words_of_the_claim_round() -> None:
    """The claim round's words: a pass there claims nothing (not "Turning it down", which
    the dealer says in round one), and the phases after it are told right."""
    from euchre.text.words import describe_history, describe_pending, plain

    state = farmer_state()
    assert describe_pending(state, Action.FARMERS_HAND) == "A farmer's hand."
    assert "three nines or tens" in plain(Action.FARMERS_HAND)
    state.apply("farmers-hand")
    for _ in range(3):
        assert describe_pending(state, Action.PASS) == "No claim."
        state.apply("pass")
    assert describe_pending(state, Action.PASS) == "Pass."  # North, round one
    for _ in range(4):
        state.apply("pass")  # round one: the dealer West turns it down
    words = [w for _, _, w in describe_history(state)]
    assert words == ["A farmer's hand.", "No claim.", "No claim.", "No claim.", "Pass.", "Pass.", "Pass.",
                     "Pass."]  # the modern words: the dealer too just passes
    assert state.phase == Phase.BID_ROUND_2


def _naive_of(state: HandState) -> kit.NaiveHand:
    hands = [kit.codes([c for c in range(33) if state.deal_hands[s] >> c & 1]) for s in range(4)]
    return kit.NaiveHand(state.rules.to_dict(), state.dealer, hands, kit.codes(list(state.stock)))


def _agrees(state: HandState) -> bool:
    """The engine and the naive model offer the same claims at every step of the claim
    round (everyone claims what he may, else passes)."""
    model = _naive_of(state)
    while state.claims_left and not state.is_over:
        if sorted(legal(state)) != sorted(model.legal()):
            return False
        offered = legal(state)
        action = "throw-in" if "throw-in" in offered else "farmers-hand" if "farmers-hand" in offered else "pass"
        model.apply(action)
        state.apply(action)
    return sorted(kit.codes(state.hand_of(N))) == sorted(model.hands[N])


FOUR_NINES = ["9C 9D 9H 9S KS", "TC JC QC KC AC", "TD JD QD KD AD", "TH JH QH AS TS"]


def test_the_naive_model_agrees_on_the_claims_with_a_positive_control(monkeypatch: pytest.MonkeyPatch) -> None:
    """The naive model (tests/_naive_euchre.py, written from X-25 and X-11 apart from
    the engine) offers the same claims on these deals; an engine that took four nines for
    a farmer's hand (the "mixed" variant) is caught by the same check."""
    deals = [(FARMER, FARMER_DEAL, "AH", "TS JS QS"), (ALL, FOUR_NINES, "AH", "KH JS QS"),
             (ALL, ["9C TC 9D TD 9S", "AC AD 9H TH TS", None, None], "KH", None)]
    for rules, hands, up, rest in deals:
        assert _agrees(kit.make_state(rules, W, hands, up, rest))
    from euchre.core import calls

    def mixed(hand: int) -> int:  # four of a rank counts as well: the fault the control plants
        for rank in (2, 3):
            held = [c for c in range(32) if hand >> c & 1 and c & 7 == rank]
            if len(held) >= 3:
                return sum(1 << c for c in held[:3])
        return 0

    monkeypatch.setattr(calls, "farmers_cards", mixed)
    assert not _agrees(kit.make_state(FARMER, W, FOUR_NINES, "AH"))

"""REFERENCE 6.2 test vectors T1-T30, one test each (RULES.md decision 5).

Each test builds the situation by hand (HandState.from_deal with chosen cards) and asserts
the value the rule text gives. RULES.md decision 11 corrects T6, T7 and T28; the tests
follow the corrected text. T21, T23 and T24 need capabilities the engine refuses with a
RulesError (calling for best, revoke penalties); their tests check that refusal and
what can be checked without it.
"""

from __future__ import annotations

import random

import pytest

from euchre.core import HandState, IllegalActionError, Phase, preset, view_of
from euchre.core.cards import plain_order, trick_winner_index, trump_order
from euchre.core.deal import cut_pack
from euchre.core.game import draw_value, setup_table, teams_from_draw
from euchre.core.presets import preset_values
from euchre.core.rules import Rules
from euchre.core.scoring import score_hand

try:
    from . import _naive_euchre as kit
except ImportError:
    import _naive_euchre as kit

N, E, S, W = 0, 1, 2, 3
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
C = kit.cards


def one(text: str) -> int:
    return C(text)[0]


def legal_texts(state: HandState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def plays(state: HandState) -> set[str]:
    return {t[len("play-"):] for t in legal_texts(state)}


def apply_all(state: HandState, *actions: str) -> None:
    for a in actions:
        state.apply(a)


def first_card(state: HandState, seat: int) -> str:
    return kit.codes(state.hand_of(seat))[0]


# --------------------------------------------------------------------- T1-T5
def test_t01_trump_order_hearts_24_cards() -> None:
    """T1 (all presets, deck 24): hearts trump ranks J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥ (7 cards);
    diamonds as a plain suit A♦ K♦ Q♦ 10♦ 9♦ (5 cards).
    Source: REFERENCE 6.2 T1, 6.1 "Trump order"; S000 L87-89, S001 L5-6."""
    trumps = C("JH JD AH KH QH TH 9H")
    diamonds = C("AD KD QD TD 9D")
    assert trump_order(HEARTS, 24, False) == trumps
    assert plain_order(DIAMONDS, HEARTS, 24) == diamonds
    # In a trick, each higher trump beats each lower one, whichever is played first.
    for i, high in enumerate(trumps):
        for low in trumps[i + 1:]:
            assert trick_winner_index([high, low], HEARTS) == 0
            assert trick_winner_index([low, high], HEARTS) == 1
    for i, high in enumerate(diamonds):
        for low in diamonds[i + 1:]:
            assert trick_winner_index([low, high], HEARTS) == 1
    # The jack of diamonds is no diamond: on a diamond lead it trumps.
    assert trick_winner_index(C("AD JD"), HEARTS) == 1


def test_t02_trump_order_spades_32_cards() -> None:
    """T2 (all presets, deck 32): spades trump ranks J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠ 8♠ 7♠ (9 cards);
    clubs A K Q 10 9 8 7 (7 cards). Source: REFERENCE 6.2 T2; S000 L87-89, S001 L5-6."""
    trumps = C("JS JC AS KS QS TS 9S 8S 7S")
    clubs = C("AC KC QC TC 9C 8C 7C")
    assert trump_order(SPADES, 32, False) == trumps
    assert plain_order(CLUBS, SPADES, 32) == clubs
    for i, high in enumerate(trumps):
        for low in trumps[i + 1:]:
            assert trick_winner_index([low, high], SPADES) == 1
    for i, high in enumerate(clubs):
        for low in clubs[i + 1:]:
            assert trick_winner_index([low, high], SPADES) == 1


def _benny_state(east: str, south: str) -> HandState:
    # british-benny: 24 cards + joker. N deals, E (eldest) orders up the 9♣: clubs trump.
    rules = preset("british-benny")
    state = kit.make_state(rules, N, [
        "JC QC AD AH AS", east, south, "JS 9S TS QS KS"], upcard="9C", rest="TC KC JD JH")
    apply_all(state, "order", "discard-AS")
    assert state.phase == Phase.PLAY and state.turn == E
    return state


def test_t03_joker_is_highest_trump_and_a_club() -> None:
    """T3 (joker presets): clubs trump with the joker: Joker > J♣ > J♠ > A♣; the joker
    follows a club lead; a joker lead is a club lead.
    Source: REFERENCE 6.2 T3, 6.1 "Effective suit"; S001 L4-6, S003 L12."""
    assert trump_order(CLUBS, 24, True)[:4] == C("JK JC JS AC")
    # A joker lead is a club lead: S (only club A♣) and W (only "club" J♠) must follow.
    state = _benny_state(east="JK KD QD TD 9D", south="AC 9H TH QH KH")
    state.apply("play-JK")
    assert plays(state) == {"AC"}
    state.apply("play-AC")
    assert plays(state) == {"JS"}
    state.apply("play-JS")
    assert plays(state) == {"JC", "QC", "9C"}
    state.apply("play-JC")
    assert state.tricks[0].winner == E  # the joker beats both bowers
    # The joker follows a club lead: S, holding the joker and no other club, must play it.
    state = _benny_state(east="AC KD QD TD 9D", south="JK 9H TH QH KH")
    state.apply("play-AC")
    assert plays(state) == {"JK"}
    apply_all(state, "play-JK", "play-JS", "play-JC")
    assert state.tricks[0].winner == S


def _hearts_ordered_up() -> HandState:
    # modern-standard; N deals, E orders up the 9♥ (hearts trump), N discards 9♠.
    state = kit.make_state(preset("modern-standard"), N, [
        "JC JS 9S TS QS", "AH AD KD QD TD", "JD 9C TC QC KC", "JH KH QH TH AC"],
        upcard="9H", rest="KS AS 9D")
    apply_all(state, "order", "discard-9S")
    assert state.phase == Phase.PLAY and state.turn == E
    return state


def test_t04_left_bower_holder_is_void_in_its_printed_suit() -> None:
    """T4 (all presets): hearts trump, a diamond led, the player holds J♦ and clubs only:
    J♦ is a heart, so he is void in diamonds and any card is legal.
    Source: REFERENCE 6.2 T4, 6.1 "Legal plays"; S003 L12, L24."""
    state = _hearts_ordered_up()
    state.apply("play-AD")
    assert state.turn == S
    assert plays(state) == {"JD", "9C", "TC", "QC", "KC"}


def test_t05_left_bower_must_follow_a_trump_lead() -> None:
    """T5 (all presets): hearts trump, a heart led, the player's only heart or diamond is
    J♦: he must play J♦ (it is a heart). Source: REFERENCE 6.2 T5; S003 L24, S001 L17."""
    state = _hearts_ordered_up()
    state.apply("play-AH")
    assert plays(state) == {"JD"}


# --------------------------------------------------------------------- T6-T11
def _lone_call(rules: Rules, dealer: int, lone: int) -> HandState:
    """``lone`` orders up (or takes up) the 9♥ and goes alone, however the rules ask."""
    state = kit.make_state(rules, dealer, [None, None, None, None], upcard="9H")
    kit.bid(state, maker=lone, trump="H", round1=True, alone=True, discard=first_card(state, dealer))
    assert state.phase == Phase.PLAY
    assert state.alone == lone
    return state


@pytest.mark.parametrize("name", kit.FOUR_HAND_PRESETS)
def test_t06_third_hand_alone_dealers_partner_leads(name: str) -> None:
    """T6 (every preset with alone_lead = first_active_left_of_dealer, RULES.md 11): the
    third hand (eldest's partner) plays alone, so the eldest sits out and the dealer's
    partner leads trick 1. Source: REFERENCE 6.2 T6; S000 L173, S001 L17."""
    rules = preset(name)
    assert rules.alone_lead == "first_active_left_of_dealer"
    state = _lone_call(rules, N, W)  # N deals: E eldest, S dealer's partner, W third hand
    assert not state.is_active(E)
    assert state.turn == S and state.leader == S


def test_t06_correction_lone_player_leads_under_lone_player() -> None:
    """T6 as corrected by RULES.md decision 11: with alone_lead = lone_player the lone
    third hand leads himself. Source: S000 L181 (the "improper custom")."""
    state = _lone_call(preset("modern-standard").replace(alone_lead="lone_player"), N, W)
    assert state.turn == W


@pytest.mark.parametrize("name", kit.FOUR_HAND_PRESETS)
def test_t07_dealer_alone_eldest_leads(name: str) -> None:
    """T7 (all presets): the dealer plays alone; the eldest leads trick 1.
    Source: REFERENCE 6.2 T7; S000 L173, S001 L17."""
    state = _lone_call(preset(name), N, N)
    assert not state.is_active(S)
    assert state.turn == E and state.leader == E


def test_t07_correction_dealer_leads_under_lone_player() -> None:
    """T7 as corrected by RULES.md decision 11: with alone_lead = lone_player the lone
    dealer leads. Source: S000 L181."""
    state = _lone_call(preset("modern-standard").replace(alone_lead="lone_player"), N, N)
    assert state.turn == N


@pytest.mark.parametrize("name", ["uspcc-official", "modern-standard"])
def test_t08_dealer_may_not_go_alone_on_an_assist(name: str) -> None:
    """T8 (uspcc-official / modern-standard): the dealer's partner assists; the dealer
    wants to go alone: not allowed, only the maker may. Source: REFERENCE 6.2 T8; S001 L15."""
    state = kit.make_state(preset(name), N, [None, None, None, None], upcard="9H")
    apply_all(state, "pass", "order")  # E passes, S (dealer's partner) assists
    assert state.phase == Phase.DISCARD and state.turn == N
    assert all(t.startswith("discard-") for t in legal_texts(state))
    before = kit.snapshot(state)
    for refused in ("take-over", "alone", "order-alone"):
        with pytest.raises(IllegalActionError):
            state.apply(refused)
    assert kit.snapshot(state) == before
    state.apply(f"discard-{first_card(state, N)}")
    assert state.phase == Phase.PLAY and state.alone == -1 and state.active == 0b1111


@pytest.mark.parametrize("name", ["dc-club-1862", "hoyle-1857"])
def test_t09_dealer_goes_alone_on_an_assist_before_discarding(name: str) -> None:
    """T9 (dc-club-1862; also hoyle-1857's "some players" reading): the dealer's partner
    assists; the dealer declares alone before discarding: allowed, the dealer's partner
    sits out, the eldest leads. Source: REFERENCE 6.2 T9; S000 L171, L183; S002 L47."""
    state = kit.make_state(preset(name), N, [None, None, None, None], upcard="9H")
    apply_all(state, "pass", "order")
    assert state.phase == Phase.TAKEOVER and state.turn == N
    assert legal_texts(state) == {"pass", "take-over"}
    state.apply("take-over")
    assert state.phase == Phase.DISCARD and state.turn == N  # he declared before discarding
    state.apply(f"discard-{first_card(state, N)}")
    assert state.alone == N and not state.is_active(S)
    assert state.phase == Phase.PLAY and state.turn == E


def test_t10_partner_takes_over_a_lone_hand() -> None:
    """T10 (dc-club-1862): A deals; B (eldest) orders up alone; D (B's partner, third
    hand) declares alone: D plays alone, B sits out, C (the dealer's partner) leads.
    Source: REFERENCE 6.2 T10; S000 L185."""
    a, b, c, d = N, E, S, W
    state = kit.make_state(preset("dc-club-1862"), a, [None, None, None, None], upcard="9H")
    state.apply("order-alone")  # B
    assert state.phase == Phase.TAKEOVER and state.turn == d
    state.apply("take-over")  # D
    assert state.phase == Phase.DISCARD and state.turn == a
    state.apply(f"discard-{first_card(state, a)}")
    assert state.alone == d
    assert not state.is_active(b) and state.is_active(a) and state.is_active(c)
    assert state.phase == Phase.PLAY and state.turn == c


def test_t11_a_player_who_passed_cannot_go_alone() -> None:
    """T11 (dc-club-1862): the eldest passes; the third hand orders up; the eldest asks
    to go alone: refused. Source: REFERENCE 6.2 T11; S000 L187."""
    state = kit.make_state(preset("dc-club-1862"), N, [None, None, None, None], upcard="9H")
    apply_all(state, "pass", "pass", "order")  # E, S pass; W (third hand) orders up
    assert state.phase == Phase.DISCARD and state.turn == N  # no takeover offered to E
    before = kit.snapshot(state)
    with pytest.raises(IllegalActionError):
        state.apply("take-over")
    assert kit.snapshot(state) == before
    state.apply(f"discard-{first_card(state, N)}")
    assert state.alone == -1 and state.active == 0b1111
    assert all(code != 15 for _, code in state.history)


# --------------------------------------------------------------------- T12-T16
@pytest.mark.parametrize("name", ["uspcc-official", "hoyle-1857", "modern-standard", "modern-tournament",
                                  "modern-canadian", "openspiel"])
def test_t12_round_two_may_not_name_the_turned_down_suit(name: str) -> None:
    """T12 (uspcc-official, hoyle-1857, modern-*): in round two, naming the turned-down
    suit is illegal (not offered). Source: REFERENCE 6.2 T12; S001 L13, S002 L13."""
    state = kit.make_state(preset(name), N, [None, None, None, None], upcard="9H")
    apply_all(state, "pass", "pass", "pass", "pass")
    assert state.phase == Phase.BID_ROUND_2
    for seat in (E, S, W, N):
        assert state.turn == seat
        names = {t for t in legal_texts(state) if t.startswith("name-")}
        assert names and not any(t.startswith("name-H") for t in names)
        with pytest.raises(IllegalActionError):
            state.apply("name-H")
        if seat != N:
            state.apply("pass")


@pytest.mark.parametrize("name", ["dc-club-1862", "uspcc-official", "hoyle-1857", "modern-standard"])
def test_t13_all_pass_deal_passes_left(name: str) -> None:
    """T13 (dc, uspcc, hoyle, modern-standard): all 8 calls are passes: the hand is thrown
    in, the next dealer is the old dealer's left, the score is unchanged.
    Source: REFERENCE 6.2 T13; S000 L129, S001 L13, S002 L13."""
    rules = preset(name)
    game = kit.game_with_first_hand(rules, W, kit.make_state(rules, W, [None] * 4, upcard="9H"))
    for _ in range(8):
        game.apply("pass")
    first = game.finished_hands[0]
    assert first.result is not None and first.result.passed_out
    assert first.result.points == (0, 0) and first.tricks == []
    assert game.score == (0, 0) and game.result is None
    assert game.dealer == N and game.hand.dealer == N and game.hand.history == []


def test_t14_all_pass_same_dealer_redeals() -> None:
    """T14 (casual-web-003, progressive-party): all 8 calls are passes: the same dealer
    redeals; the score is unchanged. Source: REFERENCE 6.2 T14; S003 L19; X-32."""
    for rules in (preset("casual-web-003"), preset("progressive-party")):
        game = kit.game_with_first_hand(rules, W, kit.make_state(rules, W, [None] * 4, upcard="9H"))
        for _ in range(8):
            game.apply("pass")
        assert game.finished_hands[0].result is not None and game.finished_hands[0].result.passed_out
        assert game.score == (0, 0)
        assert game.dealer == W and game.hand.dealer == W and game.hand.history == []
    assert preset_values("progressive-party")["all_pass_round2"] == "same_dealer_redeals"


def test_t15_stick_the_dealer() -> None:
    """T15 (modern-tournament): round two reaches the dealer after three passes: he must
    name a suit other than the turned-down one; "pass" is not offered.
    Source: REFERENCE 6.2 T15; X-28, X-29."""
    state = kit.make_state(preset("modern-tournament"), N, [None] * 4, upcard="9H")
    apply_all(state, *["pass"] * 7)
    assert state.phase == Phase.BID_ROUND_2 and state.turn == N
    assert legal_texts(state) == {"name-C", "name-D", "name-S", "name-C-alone", "name-D-alone", "name-S-alone"}
    with pytest.raises(IllegalActionError):
        state.apply("pass")


@pytest.mark.parametrize("name", kit.FOUR_HAND_PRESETS)
def test_t16_dealer_may_not_discard_the_upcard(name: str) -> None:
    """T16 (all presets, dealer_may_discard_upcard = false): the dealer picks up the
    upcard; it is not among his discard choices: he discards one of his own five cards.
    Source: REFERENCE 6.2 T16; S000 L123 "in lieu", S001 L10."""
    rules = preset(name)
    assert rules.dealer_may_discard_upcard is False
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    own = kit.codes(state.hand_of(N))
    apply_all(state, "pass", "pass", "pass", "order")
    assert state.phase == Phase.DISCARD and state.turn == N
    assert legal_texts(state) == {f"discard-{c}" for c in own}
    with pytest.raises(IllegalActionError):
        state.apply("discard-9H")


# --------------------------------------------------------------------- T17-T24
MAKERS_3 = [N, E, S, W, N]
MAKERS_4 = [N, S, N, E, S]
MAKERS_5 = [N, N, S, S, N]
MAKERS_2 = [E, N, W, S, E]


@pytest.mark.parametrize("name", ["modern-standard", "uspcc-official", "dc-club-1862", "hoyle-1857",
                                  "casual-web-003", "modern-tournament", "openspiel"])
def test_t17_partnership_scoring(name: str) -> None:
    """T17 (all presets): makers playing together take 3 / 4 / 5 / 2 tricks: +1 / +1 / +2
    (+3 in casual-web-003) / defenders +2.
    Source: REFERENCE 6.2 T17; S000 L139-141, S001 L19-23, S003 L39."""
    rules = preset(name)
    march = 3 if name == "casual-web-003" else 2
    for winners, tricks, points in ((MAKERS_3, (3, 2), (1, 0)), (MAKERS_4, (4, 1), (1, 0)),
                                    (MAKERS_5, (5, 0), (march, 0)), (MAKERS_2, (2, 3), (0, 2))):
        result = kit.play_scripted(rules, winners).result
        assert result is not None
        assert result.tricks == tricks
        assert result.points == points, (name, tricks)


def test_t18_lone_hand_scoring_dc_club() -> None:
    """T18 (dc-club-1862): a lone maker takes 5 / 3 / 2 tricks: +4 / +1 / defenders +4.
    Source: REFERENCE 6.2 T18; S000 L175."""
    rules = preset("dc-club-1862")
    for winners, points in (([N] * 5, (4, 0)), ([N, E, N, W, N], (1, 0)), ([E, N, W, N, E], (0, 4))):
        result = kit.play_scripted(rules, winners, lone=True).result
        assert result is not None and result.alone == N
        assert result.points == points


@pytest.mark.parametrize("name", ["uspcc-official", "modern-standard"])
def test_t19_lone_hand_euchred_scores_two(name: str) -> None:
    """T19 (uspcc-official, modern-standard): a lone maker takes 2 tricks: defenders +2.
    Source: REFERENCE 6.2 T19; S001 L23."""
    result = kit.play_scripted(preset(name), [E, N, W, N, E], lone=True).result
    assert result is not None and result.points == (0, 2)


def test_t20_defenders_march_is_only_a_euchre() -> None:
    """T20 (dc-club-1862): the makers ordered up; the defenders take all 5 tricks:
    defenders +2 only. Source: REFERENCE 6.2 T20; S000 L141."""
    state = kit.play_scripted(preset("dc-club-1862"), [E, W, E, W, E], round1=True)
    assert state.result is not None
    assert state.history[0] == (N, 1)  # N (eldest) ordered up
    assert state.result.tricks == (0, 5) and state.result.points == (0, 2)


def test_t21_railroad_lone_defender_euchre_scores_four() -> None:
    """T21 (railroad): a lone maker against a lone defender who takes 3 tricks: the
    defender's side +4. The scoring does not depend on the call for best (RULES.md
    decision 20): it is checked with railroad's other options, the scripted deal
    having no card given. Source: REFERENCE 6.2 T21; X-20, X-15c."""
    assert preset("railroad").call_for_best == "lone_maker_and_lone_defender"
    rules = Rules(**{**preset_values("railroad"), "call_for_best": "none"})
    assert rules.defend_alone and rules.defend_alone_scoring == "euchre_scores_4"
    assert score_hand(rules, 2, True, True)[:2] == (False, 4)
    result = kit.play_scripted(rules, [E, N, E, N, E], lone=True, defender=E).result
    assert result is not None
    assert result.alone == N and result.defender_alone == E
    assert result.points == (0, 4)


def test_t22_coteries_odd_trick_scores_four() -> None:
    """T22 (dc-club-1862-coteries): a lone maker against a lone defender; the maker takes
    3 tricks: maker +4 [interp]. Source: REFERENCE 6.2 T22; S000 L179."""
    result = kit.play_scripted(preset("dc-club-1862-coteries"), [N, E, N, E, N], lone=True, defender=E).result
    assert result is not None and result.points == (4, 0)


@pytest.mark.parametrize(("name", "penalty"), [("dc-club-1862", 2), ("hoyle-1857", 1)])
def test_t23_t24_revoke_penalties(name: str, penalty: int) -> None:
    """T23 (dc-club-1862, revoke established: the offenders' opponents +2) and T24
    (hoyle-1857: opponents +1), in table mode (renege_mode = penalize_on_claim, off in
    every preset). Both codes play the hand out and add the penalty to its score (RULES.md
    decision 27): E revokes in the first trick, N claims after the last, and N-S get the
    hand's point (3 tricks: see tests/test_table_mode.py) plus the penalty. Source:
    REFERENCE 6.2 T23-T24; S000 L131, S002 L13."""
    try:
        from ._table_mode_deal import play_out_with_revoke
    except ImportError:  # run from the tests folder
        from _table_mode_deal import play_out_with_revoke  # type: ignore[no-redef]

    rules = preset(name).replace(renege_mode="penalize_on_claim")
    assert rules.renege_penalty == penalty and preset(name).renege_mode == "prevent"
    result = play_out_with_revoke(rules)
    assert result.points == (1 + penalty, 0) and result.penalties == (penalty, 0)


# --------------------------------------------------------------------- T25-T30
@pytest.mark.parametrize(("name", "target"), [("dc-club-1862", 5), ("hoyle-1857", 5), ("casual-web-003", 5),
                                              ("uspcc-official", 10), ("modern-standard", 10),
                                              ("modern-tournament", 10)])
def test_t25_game_target(name: str, target: int) -> None:
    """T25: a side reaching 5 points wins under dc-club-1862, hoyle-1857 and
    casual-web-003; under uspcc-official and modern-* the target is 10.
    Source: REFERENCE 6.2 T25; S000 L113, S002 L9, S003 L33, S001 L24."""
    rules = preset(name)
    assert rules.game_target == target
    for start, over in (((target - 1, 0), True), ((target - 2, 0), False)):
        script = kit.scripted_hand(rules.deck, rules.joker, W, "H", N, MAKERS_3)
        game = kit.game_with_first_hand(rules, W, kit.state_from_script(rules, W, script), initial=start)
        hand = game.hand
        kit.bid(hand, maker=N, trump="H", apply=game.apply)
        kit.play_script(hand, script, apply=game.apply)
        assert game.score == (start[0] + 1, 0)
        assert game.is_over is over
        if over:
            assert game.result is not None and game.result.winner == 0
            assert game.legal_actions() == ()
            with pytest.raises(IllegalActionError):
                game.apply("pass")
        else:
            assert game.result is None and len(game.finished_hands) == 1


def test_t26_joker_turned_up_dealer_names_trump_blind() -> None:
    """T26 (british-benny): the upcard is the joker: the dealer's side are makers; the
    dealer names trump before seeing his hand (his view holds no cards until he chooses);
    he takes the joker and discards. Source: REFERENCE 6.2 T26; X-22, X-11."""
    rules = preset("british-benny")
    state = kit.make_state(rules, N, ["9C TC QC KC AC", None, None, None], upcard="JK")
    assert state.phase == Phase.BLIND_NAME and state.turn == N
    assert view_of(state, N).hand == ()
    assert legal_texts(state) == {f"name-{s}{a}" for s in "CDHS" for a in ("", "-alone")}
    state.apply("name-S")
    assert state.maker == N and state.trump == SPADES
    assert view_of(state, N).hand != ()
    assert state.phase == Phase.DISCARD and state.turn == N
    assert one("JK") in state.hand_of(N) and len(state.hand_of(N)) == 6
    assert legal_texts(state) == {f"discard-{c}" for c in ("9C", "TC", "QC", "KC", "AC")}
    state.apply("discard-9C")
    assert one("JK") in state.hand_of(N) and state.phase == Phase.PLAY


def test_t27_joker_turned_up_turn_next_card() -> None:
    """T27 (casual-web-003 with the joker): the upcard is the joker: it is set aside and
    the next stock card becomes the upcard. Source: REFERENCE 6.2 T27; S003 L12."""
    rules = preset("casual-web-003").replace(joker=True)
    state = kit.make_state(rules, N, [None] * 4, upcard="JK", rest="9H")
    assert state.upcard == one("9H") and state.joker_aside
    assert state.phase == Phase.BID_ROUND_1 and state.turn == E
    assert all(one("JK") not in state.hand_of(s) for s in range(4))
    apply_all(state, "pass", "pass", "pass", "order")
    assert one("9H") in state.hand_of(N) and one("JK") not in state.hand_of(N)


def test_t28_canadian_loner() -> None:
    """T28 (modern-canadian): the dealer's partner orders up in round one: he is alone
    automatically; the dealer sits out, so the upcard stays with the dealer's dead hand
    and no exchange is played out [interp]; the eldest leads. (The no-exchange note holds
    with with_call timing: RULES.md decision 11.) Source: REFERENCE 6.2 T28; X-06, X-11."""
    rules = preset("modern-canadian")
    assert rules.alone_declare_timing == "with_call"
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    dealt = state.hand_of(N)
    state.apply("pass")
    assert legal_texts(state) == {"pass", "order-alone"}
    with pytest.raises(IllegalActionError):
        state.apply("order")
    state.apply("order-alone")
    assert state.alone == S and not state.is_active(N)
    assert state.phase == Phase.PLAY and state.turn == E
    assert state.hand_of(N) == dealt and all(not 20 <= code < 60 for _, code in state.history)


def test_t28_correction_after_bidding_dealer_has_exchanged() -> None:
    """RULES.md decision 11 on T28: with after_bidding timing the dealer has already
    exchanged before his partner decides to go alone; then he sits out."""
    rules = preset("modern-standard").replace(alone_declare_timing="after_bidding")
    state = kit.make_state(rules, N, ["9C TC QC KC AC", None, None, None], upcard="9H")
    apply_all(state, "pass", "order")
    assert state.phase == Phase.DISCARD and state.turn == N
    state.apply("discard-9C")
    assert state.phase == Phase.ALONE_DECISION and state.turn == S
    state.apply("alone")
    assert state.alone == S and not state.is_active(N)
    assert sorted(state.hand_of(N)) == sorted(C("TC QC KC AC 9H"))
    assert state.phase == Phase.PLAY and state.turn == E


def test_t29_cut_leaves_four_cards_in_each_packet() -> None:
    """T29 (uspcc-official): the cut leaves at least 4 cards in each packet.
    Source: REFERENCE 6.2 T29; S001 L8."""
    rules = preset("uspcc-official")
    assert rules.cut_min_packet == 4
    pack = list(range(32))
    seen = set()
    for seed in range(3000):
        cut = cut_pack(pack, random.Random(seed), rules.cut_min_packet)
        k = cut.index(0)  # the lifted packet (pack[:k']) went to the bottom
        lifted = (32 - k) % 32
        assert cut == pack[lifted:] + pack[:lifted]
        assert 4 <= lifted <= 28
        seen.add(lifted)
    assert seen == set(range(4, 29))


class _RiggedPack:
    """A stand-in random generator whose shuffle puts chosen cards on top of the pack
    (the engine draws with pack.pop(), so the last element is drawn first)."""

    def __init__(self, draws: list[str]) -> None:
        self.draws = draws

    def shuffle(self, pack: list[int]) -> None:
        top = C(" ".join(self.draws))
        rest = [c for c in pack if c not in top]
        pack[:] = rest + top[::-1]

    def randrange(self, n: int) -> int:  # pragma: no cover - not used by these methods
        raise AssertionError("no random choice expected")


def test_t30_draw_for_partners() -> None:
    """T30 (uspcc-official): cards drawn K, 7, A, 10: partnerships {K, 10} against
    {7, A}; the player who drew the A deals (ace low, lowest deals).
    Source: REFERENCE 6.2 T30; S001 L7."""
    rules = preset("uspcc-official")
    assert [draw_value(one(c), "ace_low") for c in ("AD", "7H", "TC", "KS")] == sorted(
        draw_value(one(c), "ace_low") for c in ("AD", "7H", "TC", "KS"))
    assert teams_from_draw([2, 1, 3, 0]) == ((2, 1), (3, 0))
    setup = setup_table(rules, _RiggedPack(["KS", "7H", "AD", "TC"]))  # type: ignore[arg-type]
    drew = {kit.codes([card])[0]: player for player, card in setup.draws}
    assert set(drew) == {"KS", "7H", "AD", "TC"}
    seat = {player: s for s, player in enumerate(setup.seating)}
    assert seat[drew["KS"]] ^ 2 == seat[drew["TC"]]
    assert seat[drew["7H"]] ^ 2 == seat[drew["AD"]]
    assert setup.first_dealer == seat[drew["AD"]]

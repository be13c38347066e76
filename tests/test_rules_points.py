"""Rule points beyond the REFERENCE 6.2 vectors, one test per point, each citing its source.

Deals are built by hand (HandState.from_deal through the kit's make_state / scripted
hands) and every assertion states the value the rule text gives.
"""

from __future__ import annotations

import random

import pytest

from euchre.core import HandState, IllegalActionError, Phase, RulesError, preset
from euchre.core.cards import trick_winner_index
from euchre.core.deal import cut_pack
from euchre.core.game import Game, Setup, bridge_team, draw_value, setup_table
from euchre.core.presets import PLAYABLE_PRESETS, PRESET_NAMES, preset_values
from euchre.core.rules import Rules
from euchre.core.scoring import score_hand

try:
    from . import _naive_euchre as kit
except ImportError:
    import _naive_euchre as kit

N, E, S, W = 0, 1, 2, 3
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
NO_TRUMP = 4
MS = preset("modern-standard")
C = kit.cards


def one(text: str) -> int:
    return C(text)[0]


def legal_texts(state: HandState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def plays(state: HandState) -> set[str]:
    return {t[len("play-"):] for t in legal_texts(state)}


def apply_all(state: HandState, *actions: str) -> list[Phase]:
    """Apply actions; return the phase before each one."""
    phases = []
    for a in actions:
        phases.append(state.phase)
        state.apply(a)
    return phases


def first_card(state: HandState, seat: int) -> str:
    return kit.codes(state.hand_of(seat))[0]


def result_of(state: HandState) -> tuple[int, int]:
    assert state.result is not None
    return state.result.points


# ===================================================== effective suit, following suit
def _hearts_named_by_east(rules: Rules = MS) -> HandState:
    """N deals; 9♠ turned down; E (eldest) names hearts in round two and leads."""
    state = kit.make_state(rules, N, [
        "KS AD KD 9H TH",   # N
        "TS AC JH AH KH",   # E
        "QS TC 9D TD QD",   # S
        "AS 9C KC QC JC",   # W
    ], upcard="9S", rest="JS JD QH")
    apply_all(state, "pass", "pass", "pass", "pass", "name-H")
    assert state.phase == Phase.PLAY and state.turn == E and state.trump == HEARTS
    return state


def test_left_bower_led_is_a_trump_lead() -> None:
    """The left bower led is a trump lead: followers must play trump, not its printed
    suit; it beats the ace of trumps. Source: REFERENCE 6.1 "Effective suit", S003 L12, L24;
    S000 L87-89 (the left bower is the second trump)."""
    state = kit.make_state(MS, N, [
        "AH 9D TD QD KD",   # N: the ace of trumps and diamonds
        "JD AC KC QC TC",   # E leads the left bower
        "KH AD 9S TS QS",   # S: a heart and the ace of diamonds
        "9C JC JS KS AS",   # W: no hearts
    ], upcard="9H", rest="TH QH JH")
    apply_all(state, "order", "discard-9D")  # E orders up, N discards
    state.apply("play-JD")
    assert plays(state) == {"KH"}  # S must follow trump, not diamonds
    state.apply("play-KH")
    assert plays(state) == {"9C", "JC", "JS", "KS", "AS"}  # W is void in trump
    state.apply("play-JS")
    assert "AH" in plays(state) and "9H" in plays(state)
    state.apply("play-AH")
    assert state.tricks[0].winner == E


def test_next_suit_led_left_bower_does_not_follow() -> None:
    """The next suit (trump's colour) lead: the left bower is not of that suit, so a
    holder of J♦ and K♦ must play K♦ under hearts trump. Source: REFERENCE 6.1 "Plain
    order: the next suit has no jack"; S003 L24."""
    state = kit.make_state(MS, N, [
        "9C TC QC KC AC",
        "AD AH KH QH TH",
        "JD KD 9S TS QS",
        "JH JC JS KS AS",
    ], upcard="9H", rest="9D TD QD")
    apply_all(state, "order", "discard-9C")
    state.apply("play-AD")
    assert plays(state) == {"KD"}


def test_no_trump_call_jacks_are_plain_and_rank_between_queen_and_ten() -> None:
    """With a no-trump call there are no bowers: every card is of its printed suit, jacks
    rank between Q and 10, and only the suit led wins. Source: REFERENCE 6.1 ("With
    no_trump_call..."), 4.3 no_trump_call; X-27."""
    rules = MS.replace(no_trump_call=True)
    state = kit.make_state(rules, N, [
        "AH AS KS QS 9C",   # N: void in diamonds, holds the ace of hearts
        "QD 9H TH QH KH",   # E leads the Q♦
        "JD JH 9S TS JS",   # S: J♦ is its only diamond
        "KD TD AC KC QC",   # W
    ], upcard="TC", rest="JC AD 9D")
    apply_all(state, "pass", "pass", "pass", "pass", "name-NT")
    assert state.trump == NO_TRUMP and state.phase == Phase.PLAY and state.turn == E
    state.apply("play-QD")
    assert plays(state) == {"JD"}
    state.apply("play-JD")
    assert plays(state) == {"KD", "TD"}
    state.apply("play-TD")
    assert plays(state) == {"AH", "AS", "KS", "QS", "9C"}  # void: anything; no card trumps
    state.apply("play-AH")
    assert state.tricks[0].winner == E  # Q♦ > J♦ > 10♦; the A♥ of a third suit never wins
    assert trick_winner_index(C("JD TD"), NO_TRUMP) == 0
    assert trick_winner_index(C("JD QD"), NO_TRUMP) == 1


def test_no_trump_only_in_round_two() -> None:
    """A no-trump call is a round-two call only. Source: REFERENCE 4.3 no_trump_call."""
    state = kit.make_state(MS.replace(no_trump_call=True), N, [None] * 4, upcard="9H")
    assert legal_texts(state) == {"pass", "order", "order-alone"}
    apply_all(state, "pass", "pass", "pass", "pass")
    assert {"name-NT", "name-NT-alone"} <= legal_texts(state)


# ========================================================================== tricks
def test_third_suit_never_wins_and_led_suit_comes_from_the_first_card() -> None:
    """The trick winner is the highest trump, else the highest card of the suit led; a
    card of a third suit never wins; the led suit is the first card's, not the first in
    seat order; the winner leads the next trick.
    Source: REFERENCE 6.1 "Trick winner"; S001 L17; S000 L131; DESIGN.md "Trick evaluation"."""
    state = _hearts_named_by_east()
    apply_all(state, "play-TS", "play-QS", "play-AS", "play-KS")
    assert state.tricks[0].winner == W
    assert state.turn == W  # the winner leads
    state.apply("play-9C")  # W leads a club; N (seat 0) is void and throws the A♦
    assert plays(state) == {"AD", "KD", "9H", "TH"}
    apply_all(state, "play-AD", "play-AC", "play-TC")
    assert state.tricks[1].leader == W
    assert state.tricks[1].winner == E  # A♣ wins the club lead; the A♦ never wins


def test_lowest_trump_beats_any_plain_card() -> None:
    """Any trump beats every plain card ("the lowest trump winning the highest cards").
    Source: S000 L131, S001 L17."""
    assert trick_winner_index(C("AC KC 9H QC"), HEARTS) == 2
    assert trick_winner_index(C("AS 9D JD KS"), HEARTS) == 2  # the left bower is trump
    assert trick_winner_index(C("9S TS AH JC"), CLUBS) == 3  # J♣ is the right bower


# ===================================================================== opening lead
@pytest.mark.parametrize(("alone_lead", "lone", "leader"), [
    ("first_active_left_of_dealer", E, E), ("first_active_left_of_dealer", S, E),
    ("first_active_left_of_dealer", W, S), ("first_active_left_of_dealer", N, E),
    ("left_of_lone_player", E, S), ("left_of_lone_player", S, W),
    ("left_of_lone_player", W, N), ("left_of_lone_player", N, E),
    ("lone_player", E, E), ("lone_player", S, S), ("lone_player", W, W), ("lone_player", N, N),
])
def test_opening_lead_with_a_lone_hand(alone_lead: str, lone: int, leader: int) -> None:
    """Opening leader with a lone maker, N dealing: first_active_left_of_dealer = the first
    seat from the dealer's left that is not sitting out; left_of_lone_player = the first
    active seat left of the lone maker; lone_player = the lone maker.
    Source: REFERENCE 6.1 "Opening leader", 4.4 alone_lead; S000 L173, L181, S001 L17; X-11."""
    state = kit.make_state(MS.replace(alone_lead=alone_lead), N, [None] * 4, upcard="9H")
    kit.bid(state, maker=lone, trump="H", round1=True, alone=True, discard=first_card(state, N))
    assert state.alone == lone and not state.is_active((lone + 2) % 4)
    assert state.turn == leader and state.leader == leader


@pytest.mark.parametrize("alone_lead", ["first_active_left_of_dealer", "left_of_lone_player", "lone_player"])
def test_opening_lead_without_a_lone_hand_is_the_eldest(alone_lead: str) -> None:
    """With nobody alone the eldest hand leads, whatever alone_lead says.
    Source: S000 L131, S001 L17, S003 L24."""
    state = kit.make_state(MS.replace(alone_lead=alone_lead), N, [None] * 4, upcard="9H")
    kit.bid(state, maker=W, trump="H", round1=True, discard=first_card(state, N))
    assert state.turn == E


def test_left_of_lone_player_skips_the_lone_defenders_partner() -> None:
    """left_of_lone_player takes the first ACTIVE seat clockwise from the lone maker: with
    N alone and W defending alone, E sits out and W leads. Source: REFERENCE 6.1."""
    rules = MS.replace(alone_lead="left_of_lone_player", defend_alone=True)
    state = kit.make_state(rules, S, [None] * 4, upcard="9H")  # S deals: W eldest, N dealer's partner
    kit.bid(state, maker=N, trump="H", round1=True, alone=True, defender=W, discard=first_card(state, S))
    assert state.alone == N and state.defender_alone == W
    assert state.active == (1 << N) | (1 << W)
    assert state.turn == W


# ============================================================ the sitting-out partner
def test_sitting_out_partner_is_skipped_in_play() -> None:
    """The lone player's partner takes no part: turns skip him, tricks have three cards,
    his hand stays as dealt; the next leader is always the trick's winner.
    Source: S000 L171-173, S001 L15; DESIGN.md "Seat arithmetic and sitting-out partners"."""
    winners = [E, W, N, N, E]
    state = kit.play_scripted(MS, winners, lone=True)  # W deals, N alone: S sits out
    assert len(state.hand_of(S)) == 5 and state.deal_hands[S] == state.hands[S]
    for i, trick in enumerate(state.tricks):
        assert S not in trick.seats and len(trick.cards) == 3
        assert trick.leader == (N if i == 0 else winners[i - 1])  # N is eldest
    assert all(seat != S for seat, code in state.history if code >= 60)  # S never plays


def test_lone_defender_partner_is_skipped_too() -> None:
    """Against a lone defender both partners sit out: tricks have two cards.
    Source: REFERENCE 4.4 defend_alone ("his partner sits out"); X-19, X-20."""
    state = kit.play_scripted(MS.replace(defend_alone=True), [N, E, N, E, N], lone=True, defender=E)
    assert all(set(t.seats) == {N, E} for t in state.tricks)
    assert state.hand_of(S) and state.hand_of(W)


# ========================================================================= pass-outs
def test_dealer_forfeit_or_call() -> None:
    """dealer_forfeit_or_call: the dealer must name trump or let the opponents score 1,
    after which the deal passes. Source: REFERENCE 6.1 "Pass-out", 4.3; X-11."""
    rules = MS.replace(all_pass_round2="dealer_forfeit_or_call")
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    game = kit.game_with_first_hand(rules, N, state)
    for _ in range(7):
        game.apply("pass")
    assert state.turn == N
    assert legal_texts(state) == {"forfeit", "name-C", "name-D", "name-S", "name-C-alone", "name-D-alone", "name-S-alone"}
    game.apply("forfeit")
    assert state.result is not None and state.result.forfeit
    assert state.result.points == (0, 1)  # E-W, the dealer's opponents
    assert game.score == (0, 1)
    assert game.dealer == E and game.hand.dealer == E


def test_dealer_forfeit_or_call_the_dealer_may_name() -> None:
    """Under dealer_forfeit_or_call the dealer may instead name a suit and play."""
    state = kit.make_state(MS.replace(all_pass_round2="dealer_forfeit_or_call"), N, [None] * 4, upcard="9H")
    apply_all(state, *["pass"] * 7, "name-S")
    assert state.maker == N and state.trump == SPADES and state.phase == Phase.PLAY


def test_stick_the_dealer_others_may_still_pass() -> None:
    """stick_the_dealer: only the dealer may not pass. Source: REFERENCE 6.1; X-28."""
    state = kit.make_state(preset("modern-tournament"), N, [None] * 4, upcard="9H")
    for _ in range(7):
        assert "pass" in legal_texts(state)
        state.apply("pass")
    assert "pass" not in legal_texts(state)


# ==================================================================== natural trump
def _natural_state(rules: Rules) -> HandState:
    return kit.make_state(rules, N, [
        "JC AC AD 9S TS",   # N (dealer): no heart
        "JD 9C TC QC KC",   # E: only the left bower of hearts
        "TH 9D TD QD KD",   # S: one heart
        "JS QS KS AS JH",   # W: the right bower
    ], upcard="9H", rest="QH KH AH")


def test_natural_trump_round_one() -> None:
    """require_trump_to_call = natural_trump: a caller must hold a trump other than the
    left bower; for the dealer the upcard counts (he may always take up).
    Source: REFERENCE 4.3; X-11, X-29; RULES.md decision 10."""
    state = _natural_state(MS.replace(require_trump_to_call="natural_trump"))
    assert legal_texts(state) == {"pass"}  # E holds only the left bower
    state.apply("pass")
    assert legal_texts(state) == {"pass", "order", "order-alone"}  # S holds 10♥
    state.apply("pass")
    assert legal_texts(state) == {"pass", "order", "order-alone"}  # W holds J♥
    state.apply("pass")
    assert legal_texts(state) == {"pass", "order", "order-alone"}  # the dealer, no heart


def test_natural_trump_round_two() -> None:
    """In round two a player may name only a suit in which he holds a natural trump (the
    left bower does not count; the jack of the named suit does).
    Source: REFERENCE 4.3; X-11; RULES.md decision 10."""
    state = _natural_state(MS.replace(require_trump_to_call="natural_trump"))
    apply_all(state, "pass", "pass", "pass", "pass")

    def names() -> set[str]:
        return {t for t in legal_texts(state) if t.startswith("name-") and not t.endswith("-alone")}

    assert names() == {"name-C", "name-D"}  # E: clubs, and J♦ is a natural diamond
    state.apply("pass")
    assert names() == {"name-D"}  # S
    state.apply("pass")
    assert names() == {"name-S"}  # W: J♥ is only the left bower of diamonds
    state.apply("pass")
    assert names() == {"name-C", "name-D", "name-S"}  # N


def test_natural_trump_joker_counts() -> None:
    """Under natural_trump the joker counts as a trump. Source: RULES.md decision 10."""
    rules = MS.replace(require_trump_to_call="natural_trump", joker=True)
    state = kit.make_state(rules, N, [None, "JK 9C TC QC KC", None, None], upcard="9H")
    assert legal_texts(state) == {"pass", "order", "order-alone"}


def test_natural_trump_stuck_dealer_without_natural_trump_may_name_any() -> None:
    """A stuck dealer with no natural trump in any suit he may name may name any of them
    (the hand never deadlocks); a dealer who may pass must pass.
    Source: RULES.md decision 10."""
    hands = [" TH JH QH KH AH", None, None, None]
    stuck = kit.make_state(MS.replace(require_trump_to_call="natural_trump", all_pass_round2="stick_the_dealer"),
                           N, hands, upcard="9H")
    apply_all(stuck, *["pass"] * 7)
    assert stuck.turn == N
    assert legal_texts(stuck) == {"name-C", "name-D", "name-S", "name-C-alone", "name-D-alone", "name-S-alone"}
    free = kit.make_state(MS.replace(require_trump_to_call="natural_trump"), N, hands, upcard="9H")
    apply_all(free, *["pass"] * 7)
    assert legal_texts(free) == {"pass"}


def test_natural_trump_stuck_dealer_with_the_no_trump_call_may_name_every_suit_or_no_trump() -> None:
    """With no_trump_call on too, the stuck dealer who holds no natural trump in any suit
    he may name (North: every heart but the 9H turned down; the J♥ is only the left bower
    of diamonds) is offered every suit he may name and no trump, not no trump alone: the
    natural-trump rule tests a suit named, and a no-trump call names none; stick the
    dealer makes him "name a suit"; the option adds a call and takes none away. Worked by
    hand: clubs, diamonds, spades (not the turned-down hearts) and no trump, each alone
    or not. A stuck dealer holding a natural spade gets spades and no trump only.
    Source: RULES.md decision 10 (amended, issue 34); REFERENCE 3 (natural trump, stick
    the dealer, no-trump call), 4.3 and 6.1 round 2."""
    rules = MS.replace(require_trump_to_call="natural_trump", all_pass_round2="stick_the_dealer", no_trump_call=True)
    stuck = kit.make_state(rules, N, ["TH JH QH KH AH", None, None, None], upcard="9H")
    apply_all(stuck, *["pass"] * 7)
    assert (stuck.phase, stuck.turn) == (Phase.BID_ROUND_2, N)
    assert legal_texts(stuck) == {f"name-{s}{a}" for s in ("C", "D", "S", "NT") for a in ("", "-alone")}
    spade = kit.make_state(rules, N, ["TH JH QH KH 9S", None, None, None], upcard="9H")
    apply_all(spade, *["pass"] * 7)
    assert legal_texts(spade) == {f"name-{s}{a}" for s in ("S", "NT") for a in ("", "-alone")}


# ==================================================================== round two naming
def test_round_two_may_name_turned_down_option() -> None:
    """round2_may_name_turned_down = true offers the turned-down suit to everyone.
    Source: REFERENCE 4.3 (S000 silent; S001 L13 and S002 L13 forbid it)."""
    state = kit.make_state(MS.replace(round2_may_name_turned_down=True), N, [None] * 4, upcard="9H")
    apply_all(state, "pass", "pass", "pass", "pass")
    assert {f"name-{s}" for s in "CDHS"} <= legal_texts(state)


def test_stuck_dealer_may_name_turned_down_is_the_dealers_only() -> None:
    """stuck_dealer_may_name_turned_down lets only the stuck dealer name the turned-down
    suit. Source: REFERENCE 4.3; X-25 (yes), X-28 (no)."""
    rules = preset("modern-tournament").replace(stuck_dealer_may_name_turned_down=True)
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    apply_all(state, "pass", "pass", "pass", "pass")
    for _ in range(3):
        assert "name-H" not in legal_texts(state)
        state.apply("pass")
    assert {"name-H", "name-H-alone"} <= legal_texts(state)


def test_first_name_in_round_two_ends_the_bidding() -> None:
    """In round two the first player to name a suit ends the bidding; no exchange.
    Source: REFERENCE 4.3 "Fixed"; S001 L13-14."""
    state = kit.make_state(MS, N, [None] * 4, upcard="9H")
    dealt = state.hand_of(N)
    apply_all(state, "pass", "pass", "pass", "pass", "pass", "name-S")
    assert state.maker == S and state.phase == Phase.PLAY and state.turn == E
    assert state.hand_of(N) == dealt


def test_dealer_partner_may_not_assist_when_forbidden() -> None:
    """dealer_partner_may_assist = false: the dealer's partner may only pass in round one.
    Source: REFERENCE 4.3 (all seeds allow it; false for odd house rules)."""
    state = kit.make_state(MS.replace(dealer_partner_may_assist=False), N, [None] * 4, upcard="9H")
    state.apply("pass")
    assert legal_texts(state) == {"pass"}


def test_alone_not_allowed() -> None:
    """alone_allowed = false: no call offers alone, and no alone decision is asked.
    Source: REFERENCE 4.4 alone_allowed."""
    for timing in ("with_call", "after_bidding"):
        state = kit.make_state(MS.replace(alone_allowed=False, alone_declare_timing=timing), N, [None] * 4, upcard="9H")
        assert legal_texts(state) == {"pass", "order"}
        state.apply("order")
        state.apply(f"discard-{first_card(state, N)}")
        assert state.phase == Phase.PLAY


# ======================================================================= the joker up
def test_joker_blind_no_takeover_and_dealer_may_go_alone() -> None:
    """Joker turned up, dealer_names_trump_blind: the dealer names any suit alone or not;
    no takeover even where alone_who allows one; a lone dealer still takes the joker and
    discards. Source: REFERENCE 4.1 joker_turned_up; X-22; RULES.md decision 10."""
    for who in ("maker_or_partner", "maker_or_dealer_when_assisted", "maker_only"):
        rules = preset("british-benny").replace(alone_who=who)
        state = kit.make_state(rules, N, ["9C TC QC KC AC", None, None, None], upcard="JK")
        state.apply("name-D-alone")
        assert state.alone == N and not state.is_active(S)
        assert state.phase == Phase.DISCARD and one("JK") in state.hand_of(N)
        assert "discard-JK" not in legal_texts(state)
        state.apply("discard-9C")
        assert state.phase == Phase.PLAY and state.turn == E


def test_joker_blind_discardable_when_dealer_may_discard_upcard() -> None:
    """With dealer_may_discard_upcard the dealer may discard the joker he took.
    Source: RULES.md decision 10."""
    rules = preset("british-benny").replace(dealer_may_discard_upcard=True)
    state = kit.make_state(rules, N, [None] * 4, upcard="JK")
    state.apply("name-H")
    assert "discard-JK" in legal_texts(state)


def test_dealer_may_discard_upcard_option() -> None:
    """dealer_may_discard_upcard = true: the upcard is one of six discard choices.
    Source: REFERENCE 4.3."""
    state = kit.make_state(MS.replace(dealer_may_discard_upcard=True), N, [None] * 4, upcard="9H")
    own = kit.codes(state.hand_of(N))
    apply_all(state, "order")
    assert legal_texts(state) == {f"discard-{c}" for c in [*own, "9H"]}


# ========================================================================= alone_who
def test_maker_only_no_takeover() -> None:
    """alone_who = maker_only: only the accepting seat may add alone; after the eldest's
    order the third hand is not asked. Source: REFERENCE 6.1; S001 L15."""
    state = kit.make_state(MS, N, [None] * 4, upcard="9H")
    state.apply("order")
    assert state.phase == Phase.DISCARD


def test_maker_or_dealer_when_assisted_only_after_an_assist() -> None:
    """maker_or_dealer_when_assisted: the dealer may declare alone when his partner
    assists without going alone; not when the partner went alone, and nobody else may
    take over. Source: REFERENCE 6.1; S002 L47."""
    rules = preset("hoyle-1857")
    assert rules.alone_who == "maker_or_dealer_when_assisted"
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    apply_all(state, "pass", "order-alone")  # S assists alone: the dealer sits out
    assert state.phase == Phase.PLAY and state.alone == S
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    state.apply("order")  # the eldest orders up: no takeover for the third hand
    assert state.phase == Phase.DISCARD


def test_maker_or_partner_takeovers() -> None:
    """maker_or_partner: the pairs eldest -> third hand and dealer's partner -> dealer;
    a partner who has passed (third hand after the eldest, dealer after his partner) is
    never asked; in round two nobody can take over.
    Source: REFERENCE 6.1; S000 L183-187."""
    rules = preset("dc-club-1862")
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    state.apply("order")
    assert state.phase == Phase.TAKEOVER and state.turn == W
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    apply_all(state, "pass", "order-alone")
    assert state.phase == Phase.TAKEOVER and state.turn == N
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    apply_all(state, "pass", "pass", "pass", "order")  # the dealer takes up; S passed
    assert state.phase == Phase.DISCARD
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    apply_all(state, "pass", "pass", "pass", "pass", "name-S")
    assert state.phase == Phase.PLAY and state.alone == -1


def test_maker_or_partner_assist_alone_then_dealer_takes_over() -> None:
    """If both partners claim the lone hand, the one whose turn comes later gets it and
    the first declarer sits out (the dealer then takes the upcard and discards).
    Source: S000 L185; Leeds & Dwight s94."""
    state = kit.make_state(preset("dc-club-1862"), N, [None] * 4, upcard="9H")
    apply_all(state, "pass", "order-alone", "take-over")
    assert state.alone == N and not state.is_active(S)
    assert state.phase == Phase.DISCARD and one("9H") in state.hand_of(N)


# ===================================================== decision 9: order of decisions
def test_with_call_order_takeover_discard_defend_play() -> None:
    """alone_declare_timing = with_call: partner takeover, then the dealer's discard,
    then defending alone, then play. Source: RULES.md decision 9."""
    rules = preset("dc-club-1862").replace(defend_alone=True)
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    phases = apply_all(state, "order-alone", "pass", f"discard-{first_card(state, N)}", "pass", "pass")
    assert phases == [Phase.BID_ROUND_1, Phase.TAKEOVER, Phase.DISCARD, Phase.DEFEND_ALONE, Phase.DEFEND_ALONE]
    assert [s for s, _ in state.history] == [E, W, N, S, N]
    assert state.phase == Phase.PLAY and state.alone == E


def test_after_bidding_order_discard_alone_takeover_defend_play() -> None:
    """alone_declare_timing = after_bidding: no alone with the call; then the dealer's
    discard, the maker's alone-or-partner decision, the partner takeover, defending
    alone, play. Source: RULES.md decision 9."""
    rules = preset("dc-club-1862").replace(defend_alone=True, alone_declare_timing="after_bidding")
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    assert legal_texts(state) == {"pass", "order"}
    phases = apply_all(state, "order", f"discard-{first_card(state, N)}", "alone", "take-over", "pass", "defend-alone")
    assert phases == [Phase.BID_ROUND_1, Phase.DISCARD, Phase.ALONE_DECISION, Phase.TAKEOVER,
                      Phase.DEFEND_ALONE, Phase.DEFEND_ALONE]
    assert [s for s, _ in state.history] == [E, N, E, W, S, N]
    assert state.alone == W and state.defender_alone == N
    assert state.active == (1 << W) | (1 << N)
    assert state.phase == Phase.PLAY and state.turn == W  # E and S sit out: W is first active


def test_after_bidding_takeover_makes_dealer_active_then_he_discards() -> None:
    """after_bidding: a dealer whom a takeover made active and who has not discarded yet
    discards after the takeover (Canadian loner: the dealer's partner was forced alone).
    Source: RULES.md decisions 9 and 10."""
    rules = MS.replace(canadian_loner=True, alone_who="maker_or_partner", alone_declare_timing="after_bidding")
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    phases = apply_all(state, "pass", "order-alone", "take-over", f"discard-{first_card(state, N)}")
    assert phases == [Phase.BID_ROUND_1, Phase.BID_ROUND_1, Phase.TAKEOVER, Phase.DISCARD]
    assert state.alone == N and not state.is_active(S) and state.phase == Phase.PLAY


def test_after_bidding_dealer_takeover_after_partner_plays_with_partner() -> None:
    """after_bidding with maker_or_dealer_when_assisted: the dealer discards, his
    partner decides to play with him, then the dealer may declare alone.
    Source: RULES.md decision 9; S002 L47."""
    rules = preset("hoyle-1857").replace(alone_declare_timing="after_bidding")
    state = kit.make_state(rules, N, [None] * 4, upcard="9H")
    phases = apply_all(state, "pass", "order", f"discard-{first_card(state, N)}", "partner", "take-over")
    assert phases == [Phase.BID_ROUND_1, Phase.BID_ROUND_1, Phase.DISCARD, Phase.ALONE_DECISION, Phase.TAKEOVER]
    assert state.alone == N and not state.is_active(S) and state.phase == Phase.PLAY


def test_sitting_out_dealer_neither_takes_up_nor_discards() -> None:
    """A dealer who sits out (his partner alone, with_call) neither takes the upcard nor
    discards. Source: RULES.md decision 9; REFERENCE 6.2 note on T28."""
    state = kit.make_state(MS, N, [None] * 4, upcard="9H")
    dealt = state.hand_of(N)
    apply_all(state, "pass", "order-alone")
    assert state.phase == Phase.PLAY and state.hand_of(N) == dealt


# ====================================================================== defend alone
def test_defend_alone_only_against_a_lone_maker_by_default() -> None:
    """defend_alone (defend_alone_against = lone_maker): one may defend alone only after
    a lone call; with any_maker each defender is asked even against makers together.
    Source: REFERENCE 4.4; RULES.md decision 8."""
    state = kit.make_state(MS.replace(defend_alone=True), N, [None] * 4, upcard="9H")
    apply_all(state, "order", f"discard-{first_card(state, N)}")
    assert state.phase == Phase.PLAY
    state = kit.make_state(MS.replace(defend_alone=True, defend_alone_against="any_maker"), N, [None] * 4, upcard="9H")
    apply_all(state, "order", f"discard-{first_card(state, N)}")
    assert state.phase == Phase.DEFEND_ALONE and state.turn == S


def test_defend_alone_first_defender_from_dealers_left_and_partner_sits_out() -> None:
    """The defenders are asked in turn from the dealer's left; the first who defends
    alone gets it and his partner sits out. Source: REFERENCE 4.4 defend_alone [interp]."""
    state = kit.make_state(MS.replace(defend_alone=True), N, [None] * 4, upcard="9H")
    apply_all(state, "order-alone", f"discard-{first_card(state, N)}")
    assert state.phase == Phase.DEFEND_ALONE and state.turn == S
    state.apply("defend-alone")
    assert state.defender_alone == S and state.active == (1 << E) | (1 << S)
    assert state.phase == Phase.PLAY and state.turn == E


@pytest.mark.parametrize(("winners", "points"), [
    ([E, N, E, N, E], (0, 4)), ([N, E, N, E, N], (1, 0)), ([N, N, E, N, N], (1, 0)), ([N] * 5, (4, 0)),
])
def test_defend_alone_euchre_scores_4(winners: list[int], points: tuple[int, int]) -> None:
    """euchre_scores_4: the lone defender euchres the lone maker -> 4; the maker takes 3-4
    -> 1; all 5 -> 4. Source: REFERENCE 4.4 defend_alone_scoring, 6.1; X-19, X-20, X-11."""
    state = kit.play_scripted(MS.replace(defend_alone=True), winners, lone=True, defender=E)
    assert result_of(state) == points


@pytest.mark.parametrize(("winners", "points"), [
    ([N, E, N, E, N], (4, 0)), ([N] * 5, (4, 0)), ([E, N, E, N, E], (0, 4)), ([E] * 5, (0, 4)),
])
def test_defend_alone_odd_trick_scores_4(winners: list[int], points: tuple[int, int]) -> None:
    """odd_trick_scores_4 (the S000 coterie custom): whichever single player wins the odd
    trick (3+) scores 4. Source: REFERENCE 6.1 [interp of S000 L179]."""
    state = kit.play_scripted(preset("dc-club-1862-coteries"), winners, lone=True, defender=E)
    assert result_of(state) == points


@pytest.mark.parametrize(("winners", "points"), [
    ([E, N, E, S, E], (0, 4)), ([N, E, S, E, N], (1, 0)), ([N, S, N, S, N], (2, 0)),
])
def test_defend_alone_against_makers_together(winners: list[int], points: tuple[int, int]) -> None:
    """defend_alone_against = any_maker (OpenSpiel): a lone defender against makers
    playing together; a euchre by the lone defender scores 4, otherwise the usual values.
    Source: RULES.md decision 8."""
    rules = preset("openspiel").replace(defend_alone=True)
    state = kit.play_scripted(rules, winners, defender=E)
    assert state.alone == -1 and state.active == (1 << N) | (1 << E) | (1 << S)
    assert result_of(state) == points


# ======================================================================= super euchre
def test_super_euchre() -> None:
    """super_euchre: makers playing together who take no trick give the defenders 4 (1
    trick: the usual 2); a lone maker euchred scores points_lone_euchred.
    Source: REFERENCE 4.5 super_euchre; X-11; RULES.md decision 10."""
    rules = MS.replace(super_euchre=True)
    assert result_of(kit.play_scripted(rules, [E, W, E, W, E])) == (0, 4)
    assert result_of(kit.play_scripted(rules, [E, N, W, E, W])) == (0, 2)
    assert result_of(kit.play_scripted(rules, [E, W, E, W, E], lone=True)) == (0, 2)
    lone_4 = preset("dc-club-1862").replace(super_euchre=True)
    assert result_of(kit.play_scripted(lone_4, [E, W, E, W, E], lone=True)) == (0, 4)
    assert result_of(kit.play_scripted(MS, [E, W, E, W, E])) == (0, 2)


# ===================================================================== scoring table
# REFERENCE 5 / 5.14, literally: (make, march, euchre, lone make, lone march, lone euchred)
SCORE_TABLE = {
    "modern-standard": (1, 2, 2, 1, 4, 2),
    "modern-tournament": (1, 2, 2, 1, 4, 2),
    "uspcc-official": (1, 2, 2, 1, 4, 2),
    "dc-club-1862": (1, 2, 2, 1, 4, 4),
    "dc-club-1862-coteries": (1, 2, 2, 1, 4, 2),
    "hoyle-1857": (1, 2, 2, 1, 4, 2),
    "casual-web-003": (1, 3, 2, 1, 4, 2),
    "openspiel": (1, 2, 2, 1, 4, 2),
    "british-benny": (1, 2, 2, 1, 4, 2),
    "modern-canadian": (1, 2, 2, 1, 4, 2),
    "two-handed": (1, 2, 2, 1, 4, 2),  # the lone values are unused: no lone hands (Keller 1887 ch. 7)
    "cutthroat-3": (1, 3, 2, 1, 4, 2),  # march 3 (Foster 1897), euchre 2 to each opponent (Brisbane 1866); no lone values used
    "railroad": (1, 2, 2, 1, 4, 2),  # uspcc-official's values (X-20 adds no new scores but the lone defence)
    "call-ace-4": (1, 2, 2, 1, 5, 2),  # make 1, march 2, euchre 2 to each, lone march 5 (RULES.md decision 21)
    "call-ace-5": (1, 2, 2, 1, 5, 2),
    "call-ace-6": (1, 2, 2, 1, 5, 2),
    "progressive-party": (1, 2, 2, 1, 4, 2),  # X-32's tally: 1, 2, 4 (modern-standard's values)
}


def test_score_table_covers_every_playable_preset() -> None:
    assert set(SCORE_TABLE) == set(PLAYABLE_PRESETS)


@pytest.mark.parametrize("name", sorted(SCORE_TABLE))
def test_scoring_values(name: str) -> None:
    """Every row of REFERENCE 6.1 "Scoring" with each preset's values (REFERENCE 5.14):
    makers 3-4 / 5 / <=2, lone maker 3-4 / 5 / <=2, lone defender; exactly one side
    scores. Source: REFERENCE 6.1, 4.5; S000 L139-141, L175; S001 L19-23; S003 L39."""
    rules = preset(name)
    make, march, euchre, lone_make, lone_march, lone_euchred = SCORE_TABLE[name]

    def score(t: int, alone: bool = False, defender: bool = False) -> tuple[bool, int]:
        makers, points, _ = score_hand(rules, t, alone, defender)
        return makers, points

    for t in (3, 4):
        assert score(t) == (True, make)
        assert score(t, alone=True) == (True, lone_make)
    assert score(5) == (True, march)
    assert score(5, alone=True) == (True, lone_march)
    for t in (0, 1, 2):
        assert score(t) == (False, euchre)  # a defenders' march is only a euchre (S000 L141)
        assert score(t, alone=True) == (False, lone_euchred)
    if rules.defend_alone_scoring == "odd_trick_scores_4":
        for t in range(6):
            assert score(t, True, True) == ((True, 4) if t >= 3 else (False, 4))
    else:
        assert [score(t, True, True) for t in range(6)] == [
            (False, 4), (False, 4), (False, 4), (True, lone_make), (True, lone_make), (True, lone_march)]


def test_scoring_alternative_values() -> None:
    """The option values the sources allow: march 3 (S003 L39), lone march 5 (S003 L22),
    lone euchred 4 (S000 L175); others are refused. Source: REFERENCE 4.5."""
    assert score_hand(MS.replace(points_march=3), 5, False, False)[:2] == (True, 3)
    assert score_hand(MS.replace(points_lone_march=5), 5, True, False)[:2] == (True, 5)
    assert score_hand(MS.replace(points_lone_euchred=4), 1, True, False)[:2] == (False, 4)
    for bad in ({"points_march": 4}, {"points_make": 2}, {"points_lone_march": 3}, {"points_euchre": 3}):
        with pytest.raises(RulesError):
            MS.replace(**bad)


# ========================================================================== game end
def _game_after_one_hand(rules: Rules, initial: tuple[int, int], winners: list[int], *, lone: bool = False) -> Game:
    script = kit.scripted_hand(rules.deck, rules.joker, W, "H", N, winners, lone=lone)
    game = kit.game_with_first_hand(rules, W, kit.state_from_script(rules, W, script), initial)
    hand = game.hand
    kit.bid(hand, maker=N, trump="H", alone=lone, apply=game.apply)
    kit.play_script(hand, script, apply=game.apply)
    return game


def test_game_ends_when_a_side_reaches_the_target() -> None:
    """After each hand a side at or above the target wins; the game ends at once (no
    further action). Overshooting counts; the defenders can win by a euchre.
    Source: REFERENCE 6.1 "Game end", 4.5 "Fixed"."""
    game = _game_after_one_hand(MS, (8, 9), [N, N, S, S, N])  # a march: 8 + 2 = 10
    assert game.result is not None and game.result.winner == 0 and game.result.score == (10, 9)
    game = _game_after_one_hand(MS, (9, 0), [N, N, S, S, N])  # 9 + 2 = 11
    assert game.result is not None and game.result.score == (11, 0)
    game = _game_after_one_hand(MS, (9, 8), [E, N, W, S, E])  # euchred: E-W 8 + 2
    assert game.result is not None and game.result.winner == 1 and game.is_over
    assert game.turn == -1 and game.legal_actions() == ()
    game = _game_after_one_hand(MS, (8, 8), [N, E, S, W, N])
    assert game.result is None and game.score == (9, 8)


def test_laps_carry_the_excess_into_the_next_game() -> None:
    """laps: points beyond the target carry into the next game; without laps nothing
    carries. Source: REFERENCE 4.5 laps; D.C. ch. IV (X-04b), X-15a, X-20."""
    game = _game_after_one_hand(MS.replace(laps=True), (9, 3), [N] * 5, lone=True)  # 9 + 4 = 13
    assert game.result is not None and game.result.carry == (3, 0)
    nxt = game.next_game(seed=5)
    assert nxt.score == (3, 0) and nxt.dealer == (game.dealer + 1) % 4
    game = _game_after_one_hand(MS, (9, 3), [N] * 5, lone=True)
    assert game.result is not None and game.result.carry == (0, 0)
    assert game.next_game(seed=5).score == (0, 0)


def test_slams_count_double() -> None:
    """slams: a game won while the opponents are on 0 counts as two games; otherwise one.
    Source: REFERENCE 4.5 slams; X-15a, X-20."""
    slams = MS.replace(slams=True)
    game = _game_after_one_hand(slams, (9, 0), [N, E, S, W, N])
    assert game.result is not None and game.result.games == 2
    game = _game_after_one_hand(slams, (9, 1), [N, E, S, W, N])
    assert game.result is not None and game.result.games == 1
    game = _game_after_one_hand(MS, (9, 0), [N, E, S, W, N])
    assert game.result is not None and game.result.games == 1


def test_next_game_refused_before_the_end() -> None:
    game = kit.game_with_first_hand(MS, N, kit.make_state(MS, N, [None] * 4, upcard="9H"))
    with pytest.raises(Exception, match="not over"):
        game.next_game()


# ============================================================================ bridge
@pytest.mark.parametrize(("definition", "score", "team"), [
    ("uspcc", (4, 0), 0), ("uspcc", (4, 1), 0), ("uspcc", (4, 2), 0), ("uspcc", (4, 3), None),
    ("uspcc", (3, 0), None), ("uspcc", (2, 4), 1), ("uspcc", (4, 4), None),
    ("dc_1862", (4, 0), None), ("dc_1862", (4, 1), 0), ("dc_1862", (4, 2), 0), ("dc_1862", (4, 3), None),
    ("dc_1862", (1, 4), 1),
    ("hoyle_1857", (4, 1), 0), ("hoyle_1857", (4, 0), None), ("hoyle_1857", (4, 2), None), ("hoyle_1857", (1, 4), 1),
    ("none", (4, 1), None), ("none", (4, 0), None),
])
def test_bridge_definitions(definition: str, score: tuple[int, int], team: int | None) -> None:
    """"At the bridge" in a 5-point game: uspcc = own 4 against 2 or fewer; dc_1862 =
    own 4 against 1 or 2; hoyle_1857 = own 4 against 1.
    Source: REFERENCE 1I I6, 4.7 bridge_definition; S001 L24; X-05; S002 L49-51."""
    rules = MS.replace(game_target=5, bridge_definition=definition)
    assert bridge_team(rules, score) == team
    game = kit.game_with_first_hand(rules, N, kit.make_state(rules, N, [None] * 4, upcard="9H"), score)
    assert game.bridge() == team


def test_preset_bridge_definitions() -> None:
    """The presets' bridge definitions. Source: REFERENCE 5.14."""
    assert preset("dc-club-1862").bridge_definition == "dc_1862"
    assert preset("hoyle-1857").bridge_definition == "hoyle_1857"
    assert preset("uspcc-official").bridge_definition == "uspcc"


# ================================================================ drawing and the deal
class _RiggedPack:
    """Stands in for random.Random: shuffle() puts the given cards on top of the pack
    (drawn first, since the engine draws with pack.pop())."""

    def __init__(self, draws: list[str], shuffler: int | None = None) -> None:
        self.draws = draws
        self.shuffler = shuffler

    def shuffle(self, pack: list[int]) -> None:
        top = C(" ".join(self.draws))
        pack[:] = [c for c in pack if c not in top] + top[::-1]

    def randrange(self, n: int) -> int:
        if self.shuffler is None:
            raise AssertionError("no random choice expected")
        return self.shuffler  # who deals the face-up cards (first_jack)


def _seats_by_card(setup: Setup) -> dict[str, int]:
    seat_of = {player: s for s, player in enumerate(setup.seating)}
    out: dict[str, int] = {}
    for player, card in setup.draws:
        out.setdefault(kit.codes([card])[0], seat_of[player])
    return out


def test_draw_ties_are_redrawn_by_the_tied_players_only() -> None:
    """Players drawing equal cards draw again; only they redraw. The two highest play the
    two lowest; the lowest deals. Source: S001 L7; D.C. Law 1 (X-07); REFERENCE 4.2."""
    rules = preset("uspcc-official")
    setup = setup_table(rules, _RiggedPack(["KS", "KH", "7C", "AD", "9S", "QH"]))  # type: ignore[arg-type]
    assert len(setup.draws) == 6
    players = [p for p, _ in setup.draws]
    assert players[:4] == [0, 1, 2, 3] and players[4:] == [0, 1]
    seat = _seats_by_card(setup)
    assert seat["KS"] ^ 2 == seat["KH"]  # the two kings (after the redraw: the highest pair)
    assert seat["7C"] ^ 2 == seat["AD"]
    assert setup.first_dealer == seat["AD"]


def test_draw_value_orders() -> None:
    """Card orders for drawing: ace_low A 7 8 9 10 J Q K (S000 L113, S001 L7); jack_high
    7 8 9 10 Q K A J (X-12); whist 7 8 9 10 J Q K A. Source: REFERENCE 4.2 cut_rank_order."""
    for order, low_to_high in (("ace_low", "A789TJQK"), ("jack_high", "789TQKAJ"), ("whist", "789TJQKA")):
        values = [draw_value(one(r + "S"), order) for r in low_to_high]
        assert values == sorted(values) and len(set(values)) == 8, order


def test_highest_cut_deals() -> None:
    """highest_cut: the highest card deals (1877 rules, Leeds & Dwight; british-benny).
    Source: REFERENCE 4.2 first_dealer_method; X-12, X-13, X-22."""
    rules = preset("dc-club-1862").replace(first_dealer_method="highest_cut", partnership_method="fixed_seats")
    setup = setup_table(rules, _RiggedPack(["9S", "KH", "7C", "AD"]))  # type: ignore[arg-type]
    assert setup.seating == (0, 1, 2, 3)
    assert setup.first_dealer == E


def test_first_jack_and_first_black_jack_deal() -> None:
    """first_jack / first_black_jack: a player deals cards face up one at a time from his
    left; the first (black) jack deals. With the dealer of the face-up cards at North the
    first card goes to East. Source: REFERENCE 4.2; X-28, X-29; S000 L113 ("first knave")."""
    setup = setup_table(MS, _RiggedPack(["9C", "QD", "JH", "JS"], shuffler=N))  # type: ignore[arg-type]
    assert [p for p, _ in setup.draws] == [E, S, W]  # 9C to East, QD to South, JH to West
    assert setup.first_dealer == W
    black = MS.replace(first_dealer_method="first_black_jack")
    setup = setup_table(black, _RiggedPack(["9C", "JH", "QD", "JS"], shuffler=W))  # type: ignore[arg-type]
    assert setup.first_dealer == W  # 9C N, JH E, QD S, JS W
    assert [p for p, _ in setup.draws] == [N, E, S, W]


def test_regression_first_jack_is_fair_to_every_seat() -> None:
    """The face-up deal always started at North, so North dealt first in 1,256 of 4,000
    games and West in 782 (the odds of the first jack's position in a 24-card pack). A
    person starts wherever the shuffler sits: the start is drawn, so for any pack each
    start seat gives a different first dealer, the four in turn, and each seat is
    equally likely. Source: REFERENCE 4.2 first_dealer_method (X-28); issue 9."""
    for cards in (["JC"], ["9C", "JD"], ["9C", "QD", "JH"], ["9C", "QD", "KH", "JS"], ["9C", "QD", "KH", "AS", "JH"]):
        dealers = [setup_table(MS, _RiggedPack(cards, shuffler=start)).first_dealer  # type: ignore[arg-type]
                   for start in range(4)]
        assert dealers == [(start + len(cards)) % 4 for start in range(4)], cards
        assert sorted(dealers) == [N, E, S, W]
    # And from the game's own generator: over 4,000 seeded games each seat deals first
    # about 1,000 times (binomial, 1/4; the old fixed start gave North 1,256 and West 782).
    counts = [0, 0, 0, 0]
    for seed in range(4000):
        counts[setup_table(MS, random.Random(seed)).first_dealer] += 1
    assert all(880 <= c <= 1120 for c in counts), counts  # each within 4.4 standard deviations (27.4)


def test_cut_minimum_packet() -> None:
    """The cut leaves cut_min_packet cards in each packet; an impossible minimum is an
    error. Source: S001 L8; REFERENCE 4.2 cut_min_packet."""
    import random

    for m in (1, 4, 12):
        for seed in range(200):
            cut = cut_pack(list(range(24)), random.Random(seed), m)
            lifted = (24 - cut.index(0)) % 24
            assert m <= lifted <= 24 - m
    with pytest.raises(Exception, match="packet"):
        cut_pack(list(range(24)), random.Random(0), 13)


# ====================================================================== RulesError
@pytest.mark.parametrize(("changes", "option"), [
    ({"match_format": "rubber_best_of_3"}, "match_format"),
    ({"laydown_claims": "allowed"}, "laydown_claims"),
])
def test_unsupported_options_raise_rules_error_naming_them(changes: dict[str, object], option: str) -> None:
    """An option the engine does not implement raises a RulesError naming it; it is never
    silently ignored. Source: RULES.md decision 1."""
    with pytest.raises(RulesError, match=option):
        MS.replace(**changes)


@pytest.mark.parametrize(("changes", "words"), [
    ({"canadian_loner": True, "alone_allowed": False}, "canadian_loner"),
    ({"joker": True, "no_trump_call": True}, "no_trump_call"),
    ({"num_players": 3}, "num_players"),
    ({"cut_min_packet": 13}, "cut_min_packet"),
    ({"deck": 20}, "deck"),
    ({"deck": "24"}, "deck"),
    ({"game_target": 0}, "game_target"),
    ({"alone_lead": "eldest"}, "alone_lead"),
    ({"all_pass_round2": "misdeal"}, "all_pass_round2"),
    ({"no_such_option": 1}, "no_such_option"),
])
def test_clashes_and_bad_values_raise_rules_error(changes: dict[str, object], words: str) -> None:
    """Clashes (RULES.md decision 10: Canadian loner without alone, the joker with no
    trump) and values outside REFERENCE 4's allowed sets raise RulesError naming the option."""
    with pytest.raises(RulesError, match=words):
        MS.replace(**changes)


def test_rules_from_dict_rejects_unknown_options() -> None:
    with pytest.raises(RulesError, match="bogus"):
        Rules.from_dict({"bogus": True})
    assert Rules.from_dict(MS.to_dict()) == MS


def test_every_preset_is_playable_and_a_capability_not_played_is_refused_by_name() -> None:
    """Every preset plays (progressive-party since RULES.md decision 24); an option that
    needs a capability the engine does not play yet raises RulesError naming it.
    Source: RULES.md decision 1."""
    assert set(PRESET_NAMES) == set(PLAYABLE_PRESETS)
    for changes, name in (({"match_format": "rubber_best_of_3"}, "match_format"),
                          ({"laydown_claims": "allowed"}, "laydown_claims")):
        with pytest.raises(RulesError, match=name):
            MS.replace(**changes)


def test_unknown_preset() -> None:
    with pytest.raises(RulesError, match="presets"):
        preset("no-such-preset")


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_every_playable_preset_prevents_reneges(name: str) -> None:
    """renege_mode = prevent is the default of every preset. Source: RULES.md decision 3."""
    assert preset(name).renege_mode == "prevent"
    assert preset_values(name)["renege_mode"] == "prevent"


# ============================================================ IllegalActionError
def _assert_refused(state: HandState, action: object) -> None:
    before = kit.snapshot(state)
    legal = [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)  # type: ignore[arg-type]
    err = info.value
    assert list(err.legal) == legal
    for text in legal:
        assert text in str(err)
    assert kit.snapshot(state) == before


def test_illegal_actions_name_the_legal_ones_and_change_nothing() -> None:
    """An illegal action raises IllegalActionError naming the legal actions, and leaves
    the state unchanged. Source: DESIGN.md "Style" (errors say what would have been right)."""
    state = kit.make_state(MS, N, [
        "9C TC QC KC AC", "AD AH KH QH TH", "JD KD 9S TS QS", "JH JC JS KS AS"], upcard="9H", rest="9D TD QD")
    _assert_refused(state, "name-H")  # round one: naming is not a round-one call
    _assert_refused(state, "discard-9C")
    _assert_refused(state, "play-AD")
    _assert_refused(state, "fold")  # not an action at all
    _assert_refused(state, 999)
    _assert_refused(state, None)
    state.apply("order")
    _assert_refused(state, "discard-9H")  # the upcard (T16)
    _assert_refused(state, "discard-AD")  # not his card
    state.apply("discard-9C")
    state.apply("play-AD")
    _assert_refused(state, "play-JD")  # S holds K♦: must follow diamonds
    _assert_refused(state, "play-AD")  # already played


def test_no_action_after_the_hand_is_over() -> None:
    state = kit.play_scripted(MS, [N, E, S, W, N])
    before = kit.snapshot(state)
    assert state.legal_actions() == ()
    with pytest.raises(IllegalActionError):
        state.apply("pass")
    assert kit.snapshot(state) == before


def test_game_illegal_action_changes_nothing() -> None:
    game = kit.game_with_first_hand(MS, N, kit.make_state(MS, N, [None] * 4, upcard="9H"))
    before = kit.snapshot(game.hand)
    with pytest.raises(IllegalActionError):
        game.apply("play-9H")
    assert kit.snapshot(game.hand) == before and game.score == (0, 0) and not game.finished_hands

"""Table mode: revokes possible, claimed, proved and penalised under each preset's law
(``renege_mode = penalize_on_claim``; RULES.md decision 27). Every expected value is
worked by hand from the deal of ``_table_mode_deal`` (see its docstring) and the law's
text: Leeds & Dwight 1888 (the Somerset Club) s62-s71 and s4, New York 1877 s10, the
D.C. club S000 L131, Hoyle S002 L13, the tournament sheets X-29, X-30.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from euchre.bots import make_bot
from euchre.core import RulesError, preset, view_of
from euchre.core.actions import Action
from euchre.core.cards import parse_card
from euchre.core.game import Game
from euchre.core.hand import HandState, Phase, set_debug_checks
from euchre.core.revokes import revoke_points, revoke_proof
from euchre.core.state import Revoke

try:
    from . import _table_mode_deal as deal_kit
except ImportError:  # pragma: no cover
    import _table_mode_deal as deal_kit  # type: ignore[no-redef]

N, E, S, W = 0, 1, 2, 3
SPADES, CLUBS = 3, 0
C = parse_card
TOURNAMENT = preset("modern-tournament").replace(renege_mode="penalize_on_claim")
DC = preset("dc-club-1862").replace(renege_mode="penalize_on_claim")
E_REVOKE = Revoke(E, 0, C("9C"), SPADES)
"""E's revoke in the deal: trick 1 (index 0), 9C played to a spade lead while holding 9S, TS."""


def _after_first_trick(rules, honest: bool = False, alone: bool = False) -> HandState:  # type: ignore[no-untyped-def]
    state = deal_kit.deal(rules, honest)
    deal_kit.bid(state, alone)
    return state


# ------------------------------------------------------------------ playing any card
def test_in_table_mode_a_player_may_play_any_card_he_holds_and_the_revoke_is_recorded() -> None:
    """A person may play any card they hold; the revoke is recorded where it happened
    (Leeds & Dwight s62: holding a card of the suit led, he plays another)."""
    state = _after_first_trick(TOURNAMENT)
    state.apply("play-KS")
    plays = {a.card for a in state.legal_actions() if a.is_play}
    assert plays == set(kit_cards("9S TS AD KD 9C"))  # E may revoke: every card he holds
    state.apply("play-9C")
    assert state.revokes == (E_REVOKE,)
    state.apply("play-AS")
    state.apply("play-KC")  # W holds no spade: out of the suit, no revoke
    assert state.revokes == (E_REVOKE,)


def test_under_prevent_only_cards_that_follow_suit_are_legal() -> None:
    """Decision 3: every preset prevents revokes; E must follow spades."""
    state = deal_kit.deal(preset("modern-tournament"))
    deal_kit.bid(state)
    state.apply("play-KS")
    assert {a.card for a in state.legal_actions()} == set(kit_cards("9S TS"))


def kit_cards(text: str) -> list[int]:
    return [C(c) for c in text.split()]


# ------------------------------------------------------------ the tournament law
def test_tournament_a_proved_renege_ends_the_hand_with_two_points_to_the_claimants() -> None:
    """X-29, X-30: a proved renege ends the hand; the victims get 2 and the hand scores
    nothing else. N claims at his turn in trick 2 (E and W failed to follow spades)."""
    state = _after_first_trick(TOURNAMENT)
    deal_kit.play(state, deal_kit.TRICKS[0] + ["play-TC", "play-QC"])
    assert state.turn == N and Action.CLAIM_REVOKE in state.legal_actions()
    state.apply("renege")
    result = state.result
    assert state.is_over and result is not None
    assert result.points == (2, 0) and result.label == "renege" and result.penalties == (2, 0)
    assert result.revokes == (E_REVOKE,)
    # The proof: E has not shown spades yet, so the card he still holds (9S, the lower).
    assert revoke_proof(state, E_REVOKE) == (-1, C("9S"))


def test_tournament_a_renege_against_a_lone_hand_costs_four() -> None:
    """X-30, X-52: 4 if a loner was involved. N plays alone, E revokes in trick 1, and N
    claims before his lead to trick 2."""
    state = _after_first_trick(TOURNAMENT, alone=True)
    state.apply("play-KS")
    state.apply("play-9C")
    state.apply("play-KC")  # S sits out; W has no spade; KS wins for N
    deal_kit.stand(state)  # E and W let their cards stand
    assert state.turn == N and Action.CLAIM_REVOKE in state.legal_actions()
    state.apply("renege")
    assert state.result is not None and state.result.points == (4, 0)


def test_tournament_a_false_claim_costs_two_and_play_goes_on() -> None:
    """X-29, X-30: an unproved accusation costs 2 (modern-tournament). In the honest deal
    E's 9C is no revoke (he holds no spade): N's claim fails, E-W get 2, N still plays,
    and he may not claim again until a player of E-W fails to follow suit once more."""
    state = _after_first_trick(TOURNAMENT, honest=True)
    deal_kit.play(state, deal_kit.TRICKS[0] + ["play-TC", "play-QC"])
    state.apply("renege")
    assert not state.is_over and state.turn == N
    assert state.penalty_points == (0, 2) and state.claim_log == ((N, 0),)
    assert Action.CLAIM_REVOKE not in state.legal_actions()
    state.apply("play-AC")
    state.apply("play-AD")  # E out of clubs: a new show-out
    deal_kit.stand(state)
    state.apply("play-JH")  # N leads trick 3
    state.apply("play-KD")  # E again
    state.apply("play-KH")
    state.apply("play-9H")
    deal_kit.stand(state)  # E, out of trumps, lets his KD stand
    assert state.turn == N and Action.CLAIM_REVOKE in state.legal_actions()


def test_a_claim_is_offered_only_after_a_player_of_another_side_failed_to_follow() -> None:
    """Nobody may claim before anyone fails to follow suit, nor against his own side."""
    state = _after_first_trick(TOURNAMENT)
    assert Action.CLAIM_REVOKE not in state.legal_actions()  # N's lead, nothing played
    state.apply("play-KS")
    state.apply("play-9C")
    state.apply("play-AS")  # S is N-S: E's show-out is against E-W, so S may claim...
    state.apply("play-KC")
    deal_kit.stand(state)
    assert state.turn == S and Action.CLAIM_REVOKE in state.legal_actions()
    state.apply("play-TC")
    state.apply("play-QC")
    state.apply("play-AC")
    # ... but E, whose side alone has failed to follow, may not.
    assert state.turn == E and Action.CLAIM_REVOKE not in state.legal_actions()


# ------------------------------------------------------------ the 19th-century law
def test_dc_club_no_claim_during_the_play_and_the_claims_come_after_the_last_trick() -> None:
    """Leeds & Dwight s66, New York 1877 s10: the tricks are searched at the end of the
    hand. Without renege_ends_hand no claim is offered in the play; after the fifth
    trick the claims ask N first (the eldest; E and W failed to follow suit)."""
    state = _after_first_trick(DC)
    for trick in deal_kit.TRICKS:
        for p in trick:
            assert Action.CLAIM_REVOKE not in state.legal_actions()
            state.apply(p)
        deal_kit.stand(state)
    assert state.phase == Phase.REVOKE_CLAIMS and state.turn == N
    assert set(state.legal_actions()) == {Action.PASS, Action.CLAIM_REVOKE}


@pytest.mark.parametrize(("name", "penalty"), [("dc-club-1862", 2), ("hoyle-1857", 1), ("dc-club-1862-coteries", 2)])
def test_played_out_law_adds_the_penalty_to_the_hands_score(name: str, penalty: int) -> None:
    """S000 L131 (2 points), S002 L13 (1 point): the hand is played out and N-S take 4
    tricks (1 point) plus the penalty."""
    rules = preset(name).replace(renege_mode="penalize_on_claim")
    assert not rules.renege_ends_hand
    result = deal_kit.play_out_with_revoke(rules)
    assert result.points == (1 + penalty, 0) and result.penalties == (penalty, 0)
    assert result.revokes == (E_REVOKE,)


def test_the_proof_is_the_later_trick_that_shows_the_suit() -> None:
    """New York 1877 s10: turn up the trick of the revoke and the later trick in which
    the player showed the suit: trick 4 (index 3), E's TS."""
    state = _after_first_trick(DC)
    for trick in deal_kit.TRICKS:
        deal_kit.play(state, trick)
    assert revoke_proof(state, E_REVOKE) == (3, C("TS"))


def test_the_view_proves_the_revoke_from_the_tricks_only() -> None:
    """After trick 4 N's view proves E's revoke (E failed to follow spades in trick 1 and
    played TS in trick 4); W's failures to follow are no proof (W never shows spades)."""
    state = _after_first_trick(DC)
    for trick in deal_kit.TRICKS[:3]:
        deal_kit.play(state, trick)
    assert view_of(state, N).proved_revokes() == []  # not yet shown
    deal_kit.play(state, deal_kit.TRICKS[3])
    assert view_of(state, N).proved_revokes() == [E_REVOKE]
    assert view_of(state, E).proved_revokes() == []  # nothing against N-S


def test_an_established_revoke_is_not_claimed_twice() -> None:
    """Nothing is scored twice: after N's upheld claim S is not asked (no new failure to
    follow by E-W since N-S claimed), and the penalty is counted once."""
    state = _after_first_trick(DC)
    for trick in deal_kit.TRICKS:
        deal_kit.play(state, trick)
    state.apply("renege")
    asked = []
    while state.phase == Phase.REVOKE_CLAIMS:
        asked.append(state.turn)
        state.apply("pass")
    assert asked == [E, W]  # N showed out in trick 5: E-W may claim; S may not
    assert state.result is not None and state.result.penalties == (2, 0)


# ------------------------------------------------------------ penalties by the law
def test_equal_numbers_of_revokes_on_different_sides_cancel() -> None:
    """Leeds & Dwight s71; s63: the penalty as often as the revoke is repeated."""
    one_each = [Revoke(E, 0, 0, 0), Revoke(N, 1, 0, 0)]
    assert revoke_points(DC, DC.table, one_each, False) == (0, 0)
    two_to_one = [Revoke(E, 0, 0, 0), Revoke(W, 1, 0, 0), Revoke(N, 2, 0, 0)]
    assert revoke_points(DC, DC.table, two_to_one, False) == (2, 0)
    assert revoke_points(DC, DC.table, [Revoke(E, 0, 0, 0), Revoke(W, 1, 0, 0)], False) == (4, 0)


def test_with_the_hand_ended_a_side_pays_once() -> None:
    """X-29, X-30: the hand ends at the proved renege: one penalty, however many revokes."""
    both = [Revoke(E, 0, 0, 0), Revoke(W, 1, 0, 0)]
    assert revoke_points(TOURNAMENT, TOURNAMENT.table, both, False) == (2, 0)
    assert revoke_points(TOURNAMENT, TOURNAMENT.table, both, True) == (4, 0)


def test_cutthroat_each_other_player_is_paid() -> None:
    """Cutthroat: each opponent scores on a euchre (X-56), and so on a revoke: both other
    players get the penalty (RULES.md decision 27)."""
    rules = preset("cutthroat-3").replace(renege_mode="penalize_on_claim")
    assert revoke_points(rules, rules.table, [Revoke(1, 0, 0, 0)], False) == (2, 0, 2)


def test_the_revoke_penalty_is_scored_first() -> None:
    """Leeds & Dwight s4: the penalty of a revoke takes precedence of all other scores.
    Hoyle (1 point a revoke, game to 5) at 4 to 4: N-S march (2) but S revoked, and E's
    claim gives E-W the point first: E-W reach 5 by it and win, although the march takes
    N-S to 6."""
    rules = preset("hoyle-1857").replace(renege_mode="penalize_on_claim")
    assert rules.game_target == 5 and rules.renege_penalty == 1
    game = Game(rules, seed=1, initial_score=(4, 4))
    hand = deal_kit.kit.make_state(rules, W, deal_kit.MARCH_HANDS, "7H")
    game.hand = hand
    game.dealer = hand.dealer
    deal_kit.bid(hand, discard="7S")
    for trick in deal_kit.MARCH_TRICKS:
        deal_kit.play(hand, trick)
    while hand.phase == Phase.REVOKE_CLAIMS:
        game.apply("renege" if hand.turn == E else "pass")
    result = hand.result
    assert result is not None and result.points == (2, 1) and result.penalties == (0, 1)
    assert result.revokes == (Revoke(S, 0, C("AC"), 2),)
    assert game.result is not None and game.result.winner == 1 and game.result.score == (6, 5)


# ------------------------------------------------------------ views and bots
def test_a_view_holds_no_revoke_not_yet_proved() -> None:
    """The revoke is hidden until a claim proves it: N's view at his turn in trick 2 is
    the same whether E revoked (the deal) or was out of spades (the honest deal). The
    positive control: the two hands do differ, in their hidden revokes."""
    a = _after_first_trick(TOURNAMENT)
    b = _after_first_trick(TOURNAMENT, honest=True)
    for state in (a, b):
        deal_kit.play(state, deal_kit.TRICKS[0] + ["play-TC", "play-QC"])
    assert a.revokes != b.revokes  # the control: something hidden differs
    assert view_of(a, N) == view_of(b, N)
    assert view_of(a, E) != view_of(b, E)  # E's own hand differs, of course


@pytest.mark.parametrize("level", ["random", "beginner", "intermediate", "advanced"])
def test_bots_claim_exactly_when_their_view_proves_a_revoke(level: str) -> None:
    """Bots see only their view: over games against careless beginners every claim a bot
    makes is upheld, it claims whenever the claim is offered and its view proves a
    revoke, and it never revokes itself."""
    set_debug_checks(True)
    rules = TOURNAMENT
    claims = revokes_by_bot = offered_and_proved = 0
    for g in range(6 if level == "advanced" else 25):
        game = Game(rules, seed=g)
        bots = [make_bot(level if s % 2 == 0 else "careless", g * 4 + s) for s in range(4)]
        while not game.is_over:
            hand, seat = game.hand, game.hand.turn
            view = view_of(hand, seat, game.score)
            action = bots[seat].choose(view)
            proved = bool(view.proved_revokes()) and Action.CLAIM_REVOKE in view.legal
            if seat % 2 == 0:
                offered_and_proved += proved
                assert (action == Action.CLAIM_REVOKE) == proved
            before = len(hand.revokes)
            game.apply(action)
            if seat % 2 == 0 and action.is_play:
                revokes_by_bot += len(hand.revokes) - before
            if action == Action.CLAIM_REVOKE:
                claims += 1
                assert hand.claim_log[-1][0] == seat and hand.claim_log[-1][1] > 0
    assert revokes_by_bot == 0
    assert (claims > 0 and offered_and_proved == claims) or seat is None


def test_the_careless_beginner_revokes_now_and_then_and_only_in_table_mode() -> None:
    """The practice level revokes about one time in eight that it could; under prevent it
    cannot revoke at all."""
    made = chances = 0
    for g in range(60):
        state = HandState.deal(TOURNAMENT, g % 4, random.Random(g))
        bot = make_bot("careless", g)
        while not state.is_over:
            view = view_of(state, state.turn)
            action = bot.choose(view)
            if state.phase == Phase.PLAY and action.is_play:
                follow = set(view.following_actions())
                if len(follow) < len([a for a in view.legal if a.is_play]):
                    chances += 1
                    made += action not in follow
            state.apply(action)
    assert chances > 100 and 0.05 < made / chances < 0.25


def test_call_ace_refuses_table_mode() -> None:
    """The revoker's adversaries are unknown while the partner is secret (decision 21)."""
    with pytest.raises(RulesError, match="renege_mode"):
        preset("call-ace-5").replace(renege_mode="penalize_on_claim")


def test_fixed_layouts_refuse_table_mode() -> None:
    """Rules.extra_decisions names it, so the batch kernel, PettingZoo and OpenSpiel refuse."""
    assert "renege_mode = penalize_on_claim" in TOURNAMENT.extra_decisions


def test_regression_the_proof_may_be_in_the_trick_being_played() -> None:
    """Found watching a game: a claim made as the revoker showed the suit in the trick
    still on the table said nothing of the proof. In trick 4 E plays TS to N's AH; S,
    to play next, claims: the proof is that trick (index 3) and TS."""
    state = _after_first_trick(TOURNAMENT)
    for trick in deal_kit.TRICKS[:3]:
        deal_kit.play(state, trick)
    deal_kit.play(state, ["play-AH", "play-TS"])
    assert state.turn == S
    state.apply("renege")
    assert state.result is not None and state.result.points == (2, 0)
    assert revoke_proof(state, E_REVOKE) == (3, C("TS"))


def test_egn_refuses_table_mode_by_name() -> None:
    """EGN has no notation for a claim or its penalty: the export says so up front."""
    from euchre.core.errors import RecordError
    from euchre.records.egn.ruleset import ruleset_from_rules

    with pytest.raises(RecordError, match="renege_mode"):
        ruleset_from_rules(TOURNAMENT)


def test_the_hint_after_the_last_trick_is_exact() -> None:
    """The claims after the last trick: every card is played, so the tricks prove every
    revoke. N's claim wins N-S the penalty (2) on top of the hand's point (dc-club plays
    the hand out); passing leaves the point alone: +3 against +1 for N-S."""
    from euchre.bots.advice import action_values

    state = _after_first_trick(DC)
    for trick in deal_kit.TRICKS:
        deal_kit.play(state, trick)
    values = action_values(view_of(state, N), random.Random(1))
    assert values == {Action.CLAIM_REVOKE: 3.0, Action.PASS: 1.0}


def test_the_house_rule_revokes_switches_table_mode_on() -> None:
    """The page's create form and `--rule revokes=on` switch table mode on over a preset,
    with the preset's own law (hoyle-1857: 1 point, played out)."""
    from euchre.core.house_rules import changes_for

    rules = preset("hoyle-1857")
    changed = rules.replace(**changes_for(rules, {"revokes": True}))
    assert changed.renege_mode == "penalize_on_claim" and changed.renege_penalty == 1
    assert not changed.renege_ends_hand


def test_regression_sides_level_on_the_penalties_alone_are_decided_by_the_whole_hand() -> None:
    """Found by a tester: when two sides reached the target level on the penalties alone,
    the game went on, although after the hand one side was clearly ahead past the target.
    Hoyle to 5 at 4-4: both sides' revokes are claimed (1 each, scored first: 5-5), and
    N-S's march makes it 7-5: N-S win."""
    from euchre.core.game import settle_hand
    from euchre.core.state import HandResult as Result

    rules = preset("hoyle-1857")
    result = Result(False, False, 0, 2, None, None, (5, 0), (3, 1), "march, revoke penalty", penalties=(1, 1))
    settled = settle_hand(rules, (4, 4), 3, 0, result)
    assert settled.result is not None and settled.result.winner == 0 and settled.score == (7, 5)


def test_regression_review_counts_revokes_apart_from_unrecorded_cards() -> None:
    """Found running euchre review on a table-mode game: the revokes and claims, which the
    expert does not value, were reported as decisions skipped for cards the record does
    not give. The deal of _table_mode_deal under dc-club-1862: E's revoke (play 2 of
    trick 1) and his letting it stand before the trick is quitted are unvalued (W's
    stand, his only choice, is no decision), nothing is skipped."""
    from euchre.analysis.review import review_game
    from euchre.core.game import Setup

    game = Game(DC, seed=1, setup=Setup((0, 1, 2, 3), W, (), "given"),
                deal_provider=lambda index, dealer: deal_kit.deal(DC), max_hands=1)
    deal_kit.bid(game.hand)
    for trick in deal_kit.TRICKS:
        deal_kit.play(game.hand, trick)
    while game.hand.phase == Phase.REVOKE_CLAIMS:
        game.apply("renege" if game.hand.turn == N else "pass")
    review = review_game(game, (E,), worlds=2, play_worlds=2)
    assert review.unvalued == 2 and review.skipped == 0


def test_regression_one_sides_revoke_is_not_said_to_cancel() -> None:
    """Found by a new user: after an upheld claim against one side only, the hand's line
    said "The revokes on both sides cancel" before giving the penalty."""
    from euchre.cli.render import result_line

    result = deal_kit.play_out_with_revoke(DC)
    line = result_line(result, DC.table)
    assert "cancel" not in line and "Penalties (scored first): 2 to N-S." in line
    both = dataclasses.replace(result, penalties=())  # revokes on both sides: nothing paid
    assert "cancel" in result_line(both, DC.table)

"""Game equity (:mod:`euchre.bots.equity`) and the score-aware rollouts that use it.

The chances are worked by hand from the model's rates (HAND_OUTCOMES) and the rules'
points: in a game to 1 point, or at 9 to 9 in a game to 10, the first side to score
wins; at 8 to 9 the side at 8 needs a march, a euchre or two singles before the other
side scores anything.
"""

from __future__ import annotations

import random

import pytest

from euchre.bots.equity import HAND_OUTCOMES, applies, hand_points, win_chance
from euchre.bots.rollout import game_value, rollout_decision
from euchre.bots.rollout_settings import RolloutSettings
from euchre.core import preset
from euchre.core.errors import EuchreError
from euchre.core.hand import HandState, Phase
from euchre.core.views import view_of

MS = preset("modern-standard")


def _rate(makers: str, *kinds: str) -> float:
    return sum(rate for m, kind, rate in HAND_OUTCOMES if m == makers and kind in kinds)


# The dealer's side scores when it makes, or when the other side is euchred (and the
# other way round); the rest of the hands score nothing.
SCORES = ("make", "march", "lone_make", "lone_march")
DEALER_SCORES = _rate("dealer", *SCORES) + _rate("other", "euchred", "lone_euchred")
OTHER_SCORES = _rate("other", *SCORES) + _rate("dealer", "euchred", "lone_euchred")
IDLE = 1 - DEALER_SCORES - OTHER_SCORES


def _first_to_score(deals: bool) -> float:
    """A side's chance of scoring before the other, dealing now (``deals``) or not, the
    deal passing after each hand: W_d = p_d + i W_o, W_o = p_o + i W_d."""
    p_mine, p_other = (DEALER_SCORES, OTHER_SCORES) if deals else (OTHER_SCORES, DEALER_SCORES)
    return (p_mine + IDLE * p_other) / (1 - IDLE * IDLE)


def test_the_model_is_a_distribution_with_few_hands_passed_out() -> None:
    assert 0 < IDLE < 0.01
    assert abs(DEALER_SCORES + OTHER_SCORES + IDLE - 1) < 1e-12


@pytest.mark.parametrize("deals", [True, False])
def test_in_a_game_to_one_point_the_first_side_to_score_wins(deals: bool) -> None:
    rules = MS.replace(game_target=1)
    assert win_chance(rules, (0, 0), 0, 0 if deals else 1) == pytest.approx(_first_to_score(deals), abs=1e-12)
    # by hand from the measured rates: (0.6660 + 0.0034 * 0.3306) / (1 - 0.0034^2)
    if deals:
        assert win_chance(rules, (0, 0), 0, 0) == pytest.approx(0.66713, abs=5e-5)


def test_at_nine_all_in_a_game_to_ten_the_first_side_to_score_wins() -> None:
    assert win_chance(MS, (9, 9), 0, 0) == pytest.approx(_first_to_score(True), abs=1e-12)
    assert win_chance(MS, (9, 9), 1, 0) == pytest.approx(_first_to_score(False), abs=1e-12)


def test_at_eight_to_nine_the_side_behind_needs_two_points_first() -> None:
    """A at 8, B at 9, game to 10. A wins at once by 2 or more points (a march, a lone
    march, a euchre of B); one point (a make) takes it to 9-9 with B to deal; any point
    of B's ends the game. So with x = W(8,9 | A deals), y = W(8,9 | B deals):
    x = big_d + one_d * F(B deals) + i y,  y = big_o + one_o * F(A deals) + i x."""
    big_dealer = _rate("dealer", "march", "lone_march") + _rate("other", "euchred", "lone_euchred")
    one_dealer = _rate("dealer", "make", "lone_make")
    big_other = _rate("other", "march", "lone_march") + _rate("dealer", "euchred", "lone_euchred")
    one_other = _rate("other", "make", "lone_make")
    r_x = big_dealer + one_dealer * _first_to_score(False)
    r_y = big_other + one_other * _first_to_score(True)
    x = (r_x + IDLE * r_y) / (1 - IDLE * IDLE)
    y = (r_y + IDLE * r_x) / (1 - IDLE * IDLE)
    assert win_chance(MS, (8, 9), 0, 0) == pytest.approx(x, abs=1e-12)
    assert win_chance(MS, (8, 9), 0, 1) == pytest.approx(y, abs=1e-12)
    assert win_chance(MS, (9, 8), 1, 1) == pytest.approx(x, abs=1e-12)  # the same seen from side 1


def test_the_two_sides_chances_add_to_one_and_points_help() -> None:
    for a in range(10):
        for b in range(10):
            for dealer in (0, 1):
                mine = win_chance(MS, (a, b), 0, dealer)
                assert mine + win_chance(MS, (a, b), 1, dealer) == pytest.approx(1, abs=1e-12)
                if a < 9:
                    assert win_chance(MS, (a + 1, b), 0, dealer) > mine
    assert win_chance(MS, (10, 3), 0, 1) == 1.0 and win_chance(MS, (3, 10), 0, 0) == 0.0
    assert win_chance(MS, (10, 10), 0, 0) == 0.5


def test_the_points_come_from_the_rules() -> None:
    five = MS.replace(points_lone_march=5)
    assert (5, 0, _rate("dealer", "lone_march")) in hand_points(five)
    assert (0, 5, _rate("other", "lone_march")) in hand_points(five)
    # at 5 to 9 a lone march of 5 wins the game, one of 4 does not; the other side at 9
    # wins with any point either way, so the fifth point can only help the side at 5
    assert win_chance(five, (5, 9), 0, 0) > win_chance(MS, (5, 9), 0, 0)


def test_the_model_applies_to_two_sides_playing_to_a_target_without_laps() -> None:
    assert applies(MS) and applies(preset("two-handed"))
    assert not applies(preset("cutthroat-3")) and not applies(preset("call-ace-5"))
    assert not applies(MS.replace(laps=True)) and not applies(preset("progressive-party"))
    assert not applies(MS.replace(game_target=101))
    with pytest.raises(EuchreError, match="two sides"):
        win_chance(preset("cutthroat-3"), (0, 0), 0, 0)
    with pytest.raises(EuchreError, match="score"):
        win_chance(MS, (-1, 0), 0, 0)
    with pytest.raises(EuchreError, match="side"):
        win_chance(MS, (0, 0), 2, 0)
    with pytest.raises(EuchreError, match="Rules"):
        applies("modern-standard")  # type: ignore[arg-type]


def test_a_hand_is_worth_its_chance_of_the_game_with_the_other_side_to_deal() -> None:
    """North (N-S, side 0) deals at 8-9: after the hand East deals (side 1)."""
    hand = HandState.deal(MS, 0, random.Random(5))
    view = view_of(hand, 1, (8, 9))
    assert game_value((2, 0), 0, view) == 1.0
    assert game_value((0, 1), 0, view) == 0.0
    assert game_value((1, 0), 0, view) == pytest.approx(_first_to_score(False), abs=1e-12)


def test_score_aware_rollouts_value_by_the_game_and_are_checked() -> None:
    hand = HandState.deal(MS, 0, random.Random(7))
    view = view_of(hand, hand.turn, (9, 9))
    assert view.phase == Phase.BID_ROUND_1
    settings = RolloutSettings(worlds=4, score_aware=True)
    verdict = rollout_decision(view, random.Random(1), view.legal[0], settings)
    assert verdict.by_game and all(0.0 <= v <= 1.0 for v in verdict.means.values())
    plain = rollout_decision(view, random.Random(1), view.legal[0], RolloutSettings(worlds=4))
    assert not plain.by_game
    with pytest.raises(EuchreError, match="score_aware"):
        RolloutSettings(score_aware=1)  # type: ignore[arg-type]

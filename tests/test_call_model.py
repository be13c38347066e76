"""The model of the other bidders that the inference checks calls against
(``RolloutSettings.call_model``, :func:`euchre.bots.inference.learned_code`)."""

from __future__ import annotations

import functools
import random

import pytest

from euchre.bots import inference, rollout_settings
from euchre.bots.inference import disagreements, heuristic_code, inferred_world, learned_code
from euchre.bots.learned import model_for_view
from euchre.bots.rollout import RolloutBot
from euchre.bots.rollout_settings import EXPERT_SETTINGS, RolloutSettings
from euchre.core import EuchreError, HandState, Phase, preset
from euchre.core.actions import Action
from euchre.core.views import PlayerView, view_of

LEARNED = functools.partial(learned_code, bias=EXPERT_SETTINGS.call_bias)


def _round_views(seed: int, count: int, score: tuple[int, ...] = (0, 0),
                 name: str = "modern-standard") -> list[PlayerView]:
    """The first bidding views (round one, or two after four passes) of ``count`` deals."""
    rules = preset(name)
    rng = random.Random(seed)
    views = []
    for i in range(count):
        hand = HandState.deal(rules, i % rules.table.seats, rng)
        if i % 2:  # every seat passes round one: a round-two view
            while hand.phase == Phase.BID_ROUND_1:
                hand.apply(Action.PASS)
        views.append(view_of(hand, hand.turn, score))
    return views


def _by_hand(view: PlayerView, bias: float) -> Action:
    """The legal action of highest value with ``bias`` added to every call, the earlier
    legal action on a tie: the docstring's rule, worked here from the model's values."""
    model = model_for_view(view)
    assert model is not None
    values = model.values(view)
    best = view.legal[0]
    for action in view.legal:
        shifted = values[action] + (0 if action == Action.PASS else bias)
        if shifted > values[best] + (0 if best == Action.PASS else bias):
            best = action
    return best


def test_learned_code_is_the_models_choice_with_the_bias() -> None:
    views = _round_views(1, 24)
    assert {v.phase for v in views} == {Phase.BID_ROUND_1, Phase.BID_ROUND_2}
    calls = 0
    for view in views:
        for bias in (0.0, -0.15, 0.3):
            assert learned_code(view, bias) == int(_by_hand(view, bias))
        # Ten points below any call's value: every call is worth less than the worst
        # pass (a hand scores at most 4 either way); ten above, every call more.
        assert learned_code(view, -10.0) == int(Action.PASS)
        calls += learned_code(view, 10.0) != int(Action.PASS)
    assert calls == len(views)


def test_learned_code_is_the_heuristics_where_no_model_decides() -> None:
    # Within a march of the game (modern-standard plays to 10, a march scores 2) and
    # at a table no model is trained for (cutthroat-3), the heuristic is the model.
    for view in [*_round_views(2, 8, score=(8, 0)), *_round_views(3, 8, name="cutthroat-3", score=(0, 0, 0))]:
        assert model_for_view(view) is None
        assert learned_code(view, -0.15) == heuristic_code(view)


def _bid_by(judge: inference.Judge, seed: int) -> HandState:
    """A deal bid to the play (or to its end) with every call ``judge``'s."""
    hand = HandState.deal(preset("modern-standard"), seed % 4, random.Random(seed))
    while hand.phase != Phase.PLAY and not hand.is_over:
        hand.apply(Action(judge(view_of(hand, hand.turn))))
    return hand


def test_a_deal_bid_by_the_learned_model_agrees_with_it_from_every_seat() -> None:
    """Positive control beside it: the same deals judged by the heuristic disagree
    somewhere (the two models call differently), so the check can fail."""
    heuristic_found = 0
    for seed in range(40):
        hand = _bid_by(LEARNED, seed)
        for seat in range(4):
            others = 0b1111 & ~(1 << seat)
            view = view_of(hand, seat)
            assert disagreements(hand, view, others, judge=LEARNED) == 0
            heuristic_found += disagreements(hand, view, others)
    assert heuristic_found > 0


def test_a_call_the_learned_model_would_not_make_counts_once() -> None:
    for seed in range(40):
        hand = HandState.deal(preset("modern-standard"), seed % 4, random.Random(seed))
        deviant = hand.turn
        own = Action(LEARNED(view_of(hand, deviant)))
        hand.apply(Action.PASS if own != Action.PASS else Action.ORDER_UP)
        while hand.phase != Phase.PLAY and not hand.is_over:
            hand.apply(Action(LEARNED(view_of(hand, hand.turn))))
        if hand.is_over:
            continue
        viewer = (deviant + 1) % 4
        view = view_of(hand, viewer)
        assert disagreements(hand, view, 1 << deviant, judge=LEARNED) == 1
        assert disagreements(hand, view, 0b1111 & ~(1 << viewer) & ~(1 << deviant), judge=LEARNED) == 0
        return
    pytest.fail("no deviant deal reached the play in 40 deals")


def test_inferred_worlds_agree_with_the_learned_calls() -> None:
    hand = next(h for h in map(functools.partial(_bid_by, LEARNED), range(40)) if h.phase == Phase.PLAY)
    seat = hand.dealer
    view = view_of(hand, seat)
    others = 0b1111 & ~(1 << seat)
    rng = random.Random(3)
    for _ in range(5):
        world = inferred_world(view, rng, 60, judge=LEARNED)
        assert view_of(world, seat) == view
        assert disagreements(world, view, others, judge=LEARNED) == 0


def test_the_card_play_asks_the_model_its_settings_name(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[PlayerView] = []

    def asking(seen: PlayerView, bias: float = 0.0) -> int:
        asked.append(seen)
        return heuristic_code(seen)

    monkeypatch.setattr(rollout_settings, "learned_code", asking)
    hand = next(h for h in map(functools.partial(_bid_by, LEARNED), range(40)) if h.phase == Phase.PLAY)
    view = view_of(hand, hand.turn)
    RolloutBot(1, RolloutSettings(play_tries=4), play_worlds=6, learned=True).choose(view)
    assert asked == []
    RolloutBot(1, RolloutSettings(play_tries=4, call_model="learned"), play_worlds=6, learned=True).choose(view)
    assert asked


def test_an_unknown_or_inert_call_model_is_refused() -> None:
    with pytest.raises(EuchreError, match="call_model"):
        RolloutSettings(call_model="expert")
    with pytest.raises(EuchreError, match="call_model"):
        RolloutSettings(call_model="learned", infer="none")
    view = _round_views(4, 1)[0]
    assert RolloutSettings(call_model="learned", call_bias=0.4).judge()(view) == learned_code(view, 0.4)
    assert RolloutSettings().judge() is heuristic_code


def test_an_inert_call_model_or_give_up_is_refused_and_the_judges_bias_is_not() -> None:
    """Regression (hostile-input review): the options were accepted where no inference
    checks calls, and a call bias that changes the learned judge was refused."""
    for name, value in (("call_model", "learned"), ("give_up", "seat")):
        with pytest.raises(EuchreError, match=name):
            RolloutSettings(**{name: value, "bid_tries": 1, "play_tries": 1})
        with pytest.raises(EuchreError, match=name):
            RolloutBot(settings=RolloutSettings(**{name: value}), rollouts=False, play_worlds=0)
        RolloutBot(settings=RolloutSettings(**{name: value}), rollouts=False, play_worlds=4)
        RolloutBot(settings=RolloutSettings(**{name: value}), rollouts=True, play_worlds=0)
    RolloutBot(settings=RolloutSettings(call_model="learned", call_bias=0.2), learned=False)
    with pytest.raises(EuchreError, match="call_bias"):
        RolloutBot(settings=RolloutSettings(call_bias=0.2), learned=False)


def test_learned_code_refuses_what_is_not_a_view_or_a_bias() -> None:
    view = _round_views(5, 1)[0]
    for bad_view in (None, "x", HandState.deal(preset("modern-standard"), 0, random.Random(1))):
        with pytest.raises(EuchreError, match="PlayerView"):
            learned_code(bad_view)  # type: ignore[arg-type]
    for bias in (float("nan"), float("inf"), True, None, "0.1", [0.1], 10 ** 400):
        with pytest.raises(EuchreError, match="bias"):
            learned_code(view, bias)  # type: ignore[arg-type]


def test_a_judge_that_is_not_one_is_refused() -> None:
    hand = next(h for h in map(functools.partial(_bid_by, LEARNED), range(40)) if h.phase == Phase.PLAY)
    view = view_of(hand, hand.dealer)
    others = 0b1111 & ~(1 << view.seat)
    for judge in (None, "learned"):
        with pytest.raises(EuchreError, match="judge"):
            inference.inferred_worlds(view, random.Random(1), 2, 4, judge=judge)  # type: ignore[arg-type]
        with pytest.raises(EuchreError, match="judge"):
            disagreements(hand, view, others, judge=judge)  # type: ignore[arg-type]
    for answer in ("pass", None, 1.0, True):
        with pytest.raises(EuchreError, match="action code"):
            disagreements(hand, view, others, judge=lambda seen, a=answer: a)  # type: ignore[misc]
    with pytest.raises(EuchreError, match="give_up"):
        inference.inferred_worlds(view, random.Random(1), 2, 4, give_up="bogus")


def test_blame_is_judged_on_the_world_as_drawn_in_table_mode() -> None:
    """Regression (hostile-input review): in table mode the learned judge falls back to
    the heuristic on the drawn world, but the seats to blame were judged on its lawful
    copy, whose rules the learned model decides: a failing world could blame nobody.
    Every world that fails now blames a checked seat."""
    rules = preset("modern-standard").replace(renege_mode="penalize_on_claim")
    failing = 0
    for seed in range(30):
        hand = HandState.deal(rules, seed % 4, random.Random(seed))
        while hand.phase != Phase.PLAY and not hand.is_over:
            hand.apply(Action(LEARNED(view_of(hand, hand.turn))))
        if hand.is_over:
            continue
        view = view_of(hand, hand.turn)
        seats = 0b1111 & ~(1 << view.seat)
        rng = random.Random(seed)
        for _ in range(5):
            _, agrees, blamed = inference._inferred(view, rng, 3, seats, LEARNED, True)
            if not agrees:
                failing += 1
                assert blamed and not blamed & ~seats
    assert failing > 0


def test_a_number_too_large_for_a_float_is_refused_not_overflowed() -> None:
    """Regression (hostile-input review): ``math.isfinite(10 ** 400)`` raises
    OverflowError; a setting, a judge's bias or a world's weight that large is refused
    with a clear error."""
    from euchre.bots.postponed import postponed_values
    from euchre.core.errors import is_finite_number

    assert not is_finite_number(10 ** 400) and is_finite_number(10 ** 300) and not is_finite_number(True)
    for name in ("z", "margin", "call_bias"):
        with pytest.raises(EuchreError, match=name):
            RolloutSettings(**{name: 10 ** 400})
    hand = next(h for h in map(functools.partial(_bid_by, LEARNED), range(40)) if h.phase == Phase.PLAY)
    values = {a.card: 0.0 for a in hand.legal_actions() if a.is_play}
    with pytest.raises(EuchreError, match="weight"):
        postponed_values([(hand, 10 ** 400, values)], hand.turn)

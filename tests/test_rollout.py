"""The rollout bidder (:mod:`euchre.bots.rollout`)."""

from __future__ import annotations

import functools
import random

import pytest

from euchre.bots import inference
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.inference import (
    BIDDING_PHASES,
    GIVE_UP_FAILURES,
    disagreements,
    heuristic_code,
    inferred_world,
    inferred_worlds,
)
from euchre.bots.rollout import RolloutBot, hand_value, rollout_decision
from euchre.bots.rollout_settings import RolloutSettings
from euchre.core import EuchreError, HandState, Phase, preset
from euchre.core.presets import PLAYABLE_PRESETS
from euchre.core.sampling import sample_world
from euchre.core.views import PlayerView, view_of

FAST = RolloutSettings(worlds=2, bid_tries=2, play_tries=2)


@functools.cache
def _views_by_phase(rules_name: str, walks: int = 150) -> dict[Phase, list[PlayerView]]:
    """Views of the seat to act in each decision phase reached by random walks."""
    rules = preset(rules_name)
    rng = random.Random(rules_name)
    found: dict[Phase, list[PlayerView]] = {}
    for i in range(walks):
        hand = HandState.deal(rules, i % rules.table.seats, rng)
        while not hand.is_over and hand.phase != Phase.PLAY:
            if len(hand.legal_actions()) > 1:
                views = found.setdefault(hand.phase, [])
                if len(views) < 3:
                    views.append(view_of(hand, hand.turn, tuple(rng.randrange(10) for _ in rules.table.teams)))
            legal = hand.legal_actions()
            passing = [a for a in legal if a.name == "PASS"]
            hand.apply(passing[0] if passing and rng.random() < 0.75 else rng.choice(legal))
    return found


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_rollout_bidder_is_legal_in_every_bidding_phase(name: str) -> None:
    found = _views_by_phase(name)
    assert Phase.BID_ROUND_1 in found and Phase.BID_ROUND_2 in found
    bot = RolloutBot(seed=1, settings=RolloutSettings(worlds=2, bid_tries=2, discard=True), play_worlds=0)
    for phase, views in found.items():
        for view in views:
            assert bot.choose(view) in view.legal, (name, phase)
            if phase in BIDDING_PHASES or phase == Phase.DISCARD:
                verdict = rollout_decision(view, random.Random(2), view.legal[0], FAST)
                assert verdict.action in view.legal
                assert set(verdict.means) <= set(view.legal)


def test_every_bidding_phase_is_covered() -> None:
    seen = {phase for name in PLAYABLE_PRESETS for phase in _views_by_phase(name)}
    assert BIDDING_PHASES <= seen


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_rollout_bot_plays_whole_hands_legally(name: str) -> None:
    rules = preset(name)
    bots = [RolloutBot(seed=s, settings=FAST, play_worlds=2) for s in range(rules.table.seats)]
    for i in range(2):
        hand = HandState.deal(rules, i, random.Random(i + 10))
        while not hand.is_over:
            view = view_of(hand, hand.turn)
            action = bots[hand.turn].choose(view)
            assert action in view.legal
            hand.apply(action)


def _dealer_round_two_view() -> PlayerView:
    """A round-two view after everyone passed the upcard: the bidding history matters."""
    rules = preset("modern-standard")
    for k in range(100):
        hand = HandState.deal(rules, 3, random.Random(k))
        bots = [HeuristicBot(s) for s in range(4)]
        while hand.phase == Phase.BID_ROUND_1:
            hand.apply(bots[hand.turn].choose(view_of(hand, hand.turn)))
        if hand.phase == Phase.BID_ROUND_2:
            for _ in range(2):
                hand.apply(bots[hand.turn].choose(view_of(hand, hand.turn)))
            if hand.phase == Phase.BID_ROUND_2:
                return view_of(hand, hand.turn)
    raise AssertionError("no deal reached round two")


def test_rollout_bidder_is_deterministic_by_seed() -> None:
    view = _dealer_round_two_view()
    settings = RolloutSettings(worlds=6, bid_tries=3)
    first = {RolloutBot(seed=7, settings=settings, play_worlds=0).choose(view) for _ in range(3)}
    assert len(first) == 1
    a = rollout_decision(view, random.Random(3), view.legal[0], settings)
    b = rollout_decision(view, random.Random(3), view.legal[0], settings)
    assert a == b


def test_rollout_bidder_sees_only_the_view() -> None:
    """Two real states that differ only in hidden cards (both sampled from one view) give
    the same view, hence the same decision and the same values."""
    view = _dealer_round_two_view()
    seat = view.seat
    a, b = sample_world(view, random.Random(2)), sample_world(view, random.Random(3))
    assert a.hands != b.hands or a.stock != b.stock
    assert view_of(a, seat) == view_of(b, seat) == view
    settings = RolloutSettings(worlds=6, bid_tries=3)
    bot_a = RolloutBot(seed=4, settings=settings, play_worlds=0)
    bot_b = RolloutBot(seed=4, settings=settings, play_worlds=0)
    assert bot_a.choose(view_of(a, seat)) == bot_b.choose(view_of(b, seat))
    assert (rollout_decision(view_of(a, seat), random.Random(5), view.legal[0], settings)
            == rollout_decision(view_of(b, seat), random.Random(5), view.legal[0], settings))


def test_inferred_worlds_agree_with_the_calls() -> None:
    view = _dealer_round_two_view()
    seats = 0b1111 & ~(1 << view.seat)
    rng = random.Random(8)
    for _ in range(5):
        world = inferred_world(view, rng, 50)
        assert view_of(world, view.seat) == view
        assert disagreements(world, view, seats) == 0
    # The real deal played by the heuristic agrees with itself from every seat.
    hand = HandState.deal(preset("modern-standard"), 1, random.Random(4))
    bots = [HeuristicBot(s) for s in range(4)]
    while hand.phase != Phase.PLAY and not hand.is_over:
        hand.apply(bots[hand.turn].choose(view_of(hand, hand.turn)))
    for seat in range(4):
        assert disagreements(hand, view_of(hand, seat), 0b1111 & ~(1 << seat)) == 0


def test_inferred_worlds_give_up_when_no_world_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    view = _dealer_round_two_view()
    draws = 0

    def counting(v: PlayerView, rng: random.Random) -> HandState:
        nonlocal draws
        draws += 1
        return sample_world(v, rng)

    monkeypatch.setattr(inference, "sample_world", counting)
    monkeypatch.setattr(inference, "_call_disagreements", lambda *args: 1)
    worlds = inferred_worlds(view, random.Random(1), 40, 8)
    assert len(worlds) == 40
    assert draws == GIVE_UP_FAILURES * 8 + 40 - GIVE_UP_FAILURES
    assert all(view_of(w, view.seat) == view for w in worlds)


def test_giving_up_by_seat_keeps_checking_the_other_seats() -> None:
    """One seat bids unlike the model (a judge no call of his matches): with
    ``give_up="seat"`` the worlds mostly still agree with every other seat's calls (a
    world with none agreeing in 12 tries keeps the fewest disagreements); with ``"all"``
    (the positive control) the inference stops for everyone after three failures and
    most worlds do not (a quarter or fewer of the worlds drawn for this view without the
    inference agree)."""
    view = _dealer_round_two_view()
    deviant = view.history[0][0]
    rest = 0b1111 & ~(1 << view.seat) & ~(1 << deviant)

    def judge(seen: PlayerView) -> int:
        return -1 if seen.seat == deviant else heuristic_code(seen)

    by_seat = inferred_worlds(view, random.Random(1), 40, 12, judge=judge, give_up="seat")
    assert [disagreements(w, view, rest) for w in by_seat].count(0) >= 30
    assert all(disagreements(w, view, 1 << deviant, judge=judge) for w in by_seat)
    everyone = inferred_worlds(view, random.Random(1), 40, 12, judge=judge, give_up="all")
    assert [disagreements(w, view, rest) for w in everyone].count(0) <= 15
    for worlds in (by_seat, everyone):
        assert all(view_of(w, view.seat) == view for w in worlds)


def test_hand_value_caps_points_at_the_target() -> None:
    assert hand_value((4, 0), 0, (0, 0), 10) == 4.0
    assert hand_value((4, 0), 0, (8, 0), 10) == 2.0
    assert hand_value((0, 2), 0, (0, 9), 10) == -1.0
    assert hand_value((0, 1), 1, (0, 0), 10) == 1.0


def test_bad_settings_are_refused() -> None:
    for bad in ({"worlds": 0}, {"bid_tries": 0}, {"play_tries": 1.5}, {"screen": -1},
                {"z": float("nan")}, {"margin": True}, {"infer": "all"}, {"call_bias": float("inf")},
                {"give_up": "never"}):
        with pytest.raises(EuchreError):
            RolloutSettings(**bad)
    with pytest.raises(EuchreError, match="play_worlds"):
        RolloutBot(play_worlds=-1)


def test_a_setting_without_effect_is_refused() -> None:
    with pytest.raises(EuchreError, match="call_bias"):
        RolloutBot(settings=RolloutSettings(call_bias=0.2), learned=False)
    with pytest.raises(EuchreError, match="play_likelihood"):
        RolloutBot(settings=RolloutSettings(play_likelihood=0.5), play_worlds=0)
    with pytest.raises(EuchreError, match="play_likelihood"):
        RolloutSettings(play_likelihood=0.5, infer="none")
    with pytest.raises(EuchreError, match="give_up"):
        RolloutSettings(give_up="seat", infer="none")
    # The same settings where they act.
    RolloutBot(settings=RolloutSettings(call_bias=0.2), learned=True)
    RolloutBot(settings=RolloutSettings(play_likelihood=0.5), play_worlds=10)


def _hand_with_a_deviant_call(seed: int) -> tuple[HandState, int] | None:
    """A hand in which one seat makes a call with a choice that the heuristic would not
    (the first decision of the bidding: a pass where the heuristic would call, or a call
    where it would pass); every other action is the heuristic's, into the second trick.
    Returns the hand and the deviant seat, or None when the hand ends in the bidding."""
    hand = HandState.deal(preset("modern-standard"), seed % 4, random.Random(seed))
    deviant = hand.turn
    view = view_of(hand, deviant)
    own = HeuristicBot(0).choose(view)
    hand.apply(next(a for a in view.legal if a != own))
    while hand.phase != Phase.PLAY or len(hand.tricks) < 1:
        if hand.is_over:
            return None
        hand.apply(HeuristicBot(0).choose(view_of(hand, hand.turn)))
    return hand, deviant


def test_the_remembered_judge_counts_a_deviant_call_once_into_the_play() -> None:
    """The heuristic's calls are remembered by view (inference.heuristic_code) and the replay
    stops when the play begins: a call the heuristic would not make counts once for its
    seat, before and after the memory holds it, with tricks played since."""
    found = next((h for h in map(_hand_with_a_deviant_call, range(1, 40)) if h is not None), None)
    assert found is not None, "no hand reached the play in 39 deals"
    hand, deviant = found
    viewer = (deviant + 1) % 4
    view = view_of(hand, viewer)
    others = 0b1111 & ~(1 << viewer)
    inference.heuristic_code.cache_clear()
    assert disagreements(hand, view, 1 << deviant) == 1
    misses = inference.heuristic_code.cache_info().misses
    assert misses >= 1
    assert disagreements(hand, view, 1 << deviant) == 1
    info = inference.heuristic_code.cache_info()
    assert info.misses == misses and info.hits >= 1  # the second count asked the memory
    assert disagreements(hand, view, others & ~(1 << deviant)) == 0
    assert disagreements(hand, view, others) == 1

"""Inference from the play in the expert's card play worlds
(:func:`euchre.bots.inference.play_disagreements`, ``RolloutSettings.play_likelihood``)."""

from __future__ import annotations

import random

import pytest

from euchre.bots import rollout
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.inference import play_disagreements
from euchre.bots.rollout import RolloutBot
from euchre.bots.rollout_settings import RolloutSettings
from euchre.core import EuchreError, HandState, Phase, preset
from euchre.core.sampling import sample_world
from euchre.core.views import view_of
from euchre.solver import solve_points

ALL = 0b1111


def _heuristic_hand(seed: int) -> HandState:
    """A modern-standard hand dealt by ``seed`` and played by the heuristic in every seat
    up to the first trick's second card (someone made trump)."""
    for s in range(seed, seed + 200):
        hand = HandState.deal(preset("modern-standard"), 0, random.Random(s))
        bots = [HeuristicBot(i) for i in range(4)]
        while not hand.is_over and not (hand.phase == Phase.PLAY and len(hand.history) and hand.trick_cards):
            hand.apply(bots[hand.turn].choose(view_of(hand, hand.turn)))
        if not hand.is_over:
            return hand
    raise AssertionError("no hand was made in 200 deals")


def _play_with_choice(hand: HandState, bots: list[HeuristicBot], deviate: bool) -> tuple[HandState, int]:
    """Play on until a seat other than 0 has two or more cards that follow suit; that
    seat plays a card the heuristic would not (``deviate``) or the heuristic's; returns the
    hand and the seat."""
    while True:
        seat = hand.turn
        view = view_of(hand, seat)
        own = bots[seat].choose(view)
        following = [a for a in view.following_actions() if a.is_play]
        if seat != 0 and len(following) > 1:
            hand.apply(next(a for a in following if a != own) if deviate else own)
            return hand, seat
        hand.apply(own)


def test_the_heuristics_own_plays_agree_in_the_true_world() -> None:
    hand, _ = _play_with_choice(_heuristic_hand(3), [HeuristicBot(i) for i in range(4)], deviate=False)
    for seat in range(4):
        assert play_disagreements(hand, view_of(hand, seat), ALL & ~(1 << seat)) == 0


def test_a_card_the_heuristic_would_not_play_counts_once_for_its_seat_only() -> None:
    hand, deviant = _play_with_choice(_heuristic_hand(3), [HeuristicBot(i) for i in range(4)], deviate=True)
    view = view_of(hand, 0)
    assert play_disagreements(hand, view, 1 << deviant) == 1
    assert play_disagreements(hand, view, ALL & ~(1 << deviant) & ~1) == 0
    assert play_disagreements(hand, view, 0) == 0


def test_the_play_worlds_are_weighted_by_the_likelihood(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = _heuristic_hand(5)
    while hand.turn != 0 or len(view_of(hand, 0).legal) < 2:
        hand.apply(HeuristicBot(hand.turn).choose(view_of(hand, hand.turn)))
    view = view_of(hand, 0)
    rng = random.Random(2)
    worlds = [sample_world(view, rng).lawful() for _ in range(2)]
    values = [solve_points(w) for w in worlds]
    cards = [a.card for a in view.legal if a.is_play]
    assert any(values[0][c] != values[1][c] for c in cards)  # the two worlds differ
    monkeypatch.setattr(rollout, "iter_inferred_worlds", lambda *args: iter([w.copy() for w in worlds]))
    # The first world agrees with every play, the second disagrees twice: weight 0.5 ** 2.
    monkeypatch.setattr(rollout, "play_disagreements",
                        lambda world, v, seats: 0 if world.history == worlds[0].history
                        and world.hands == worlds[0].hands else 2)
    bot = RolloutBot(0, RolloutSettings(play_likelihood=0.5), play_worlds=2)
    bot.choose(view)
    assert bot.last_search is not None
    expected = {c: (values[0][c] + 0.25 * values[1][c]) / 1.25 for c in cards}
    assert {a.card: v for a, v in bot.last_search.values.items()} == pytest.approx(expected)
    # The positive control: weighing the worlds alike gives their plain mean.
    plain = RolloutBot(0, RolloutSettings(), play_worlds=2)
    plain.choose(view)
    assert plain.last_search is not None
    assert {a.card: v for a, v in plain.last_search.values.items()} == pytest.approx(
        {c: (values[0][c] + values[1][c]) / 2 for c in cards})


@pytest.mark.parametrize("bad", [0, 1.5, -0.1, True, "0.5", float("nan")])
def test_a_play_likelihood_outside_zero_to_one_is_refused(bad: object) -> None:
    with pytest.raises(EuchreError, match="play_likelihood"):
        RolloutSettings(play_likelihood=bad)  # type: ignore[arg-type]

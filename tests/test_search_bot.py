"""The search bots (PIMC card play over the open-hand solver)."""

from __future__ import annotations

import random

import pytest

from euchre.bots import make_bot
from euchre.bots.search import PimcBot
from euchre.core import EuchreError, Game, HandState, Phase, preset
from euchre.core.presets import PLAYABLE_PRESETS
from euchre.core.sampling import sample_world
from euchre.core.views import view_of


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_search_bot_plays_legal_actions_under_every_preset(name: str) -> None:
    rules = preset(name)
    game = Game(rules, seed=3)
    bots = [PimcBot(seed=s, worlds=2) for s in range(rules.table.seats)]
    plays = 0
    while not game.is_over and (len(game.finished_hands) < 3 or not plays) and len(game.finished_hands) < 30:
        seat = game.turn
        view = view_of(game.hand, seat, game.score)
        action = bots[seat].choose(view)
        assert action in view.legal
        plays += view.phase == Phase.PLAY
        game.apply(action)
    assert plays > 0


def test_search_bot_is_deterministic_by_seed() -> None:
    hand = HandState.deal(preset("modern-standard"), 0, random.Random(5))
    while hand.phase != Phase.PLAY:
        hand.apply(hand.legal_actions()[-1] if hand.phase.name.startswith("BID") else hand.legal_actions()[0])
    view = view_of(hand, hand.turn)
    first = [PimcBot(seed=9, worlds=5).choose(view) for _ in range(3)]
    assert len(set(first)) == 1


def test_search_bot_sees_only_the_view() -> None:
    """Two real states that differ only in hidden cards (both sampled from one view) give
    the same view, hence the same choice."""
    rng = random.Random(1)
    hand = HandState.deal(preset("modern-standard"), 1, rng)
    while hand.phase != Phase.PLAY or len(hand.tricks) < 1:
        hand.apply(rng.choice(hand.legal_actions()))
    seat = hand.turn
    view = view_of(hand, seat)
    a, b = sample_world(view, random.Random(2)), sample_world(view, random.Random(3))
    assert view_of(a, seat) == view_of(b, seat) == view
    assert PimcBot(seed=4, worlds=4).choose(view_of(a, seat)) == PimcBot(seed=4, worlds=4).choose(view_of(b, seat))


def test_search_levels_exist_and_bad_worlds_are_refused() -> None:
    assert make_bot("advanced").name == "advanced"
    assert make_bot("expert").name == "expert"
    for bad in (0, -1, 2.5, True):
        with pytest.raises(EuchreError, match="worlds"):
            PimcBot(worlds=bad)  # type: ignore[arg-type]


def test_pimc_choice_takes_the_best_card_and_breaks_ties_by_the_heuristic_then_the_lowest() -> None:
    from euchre.bots.rollout import pimc_choice
    from euchre.core.actions import Action

    totals = {5: 0.2, 9: 0.2 + 1e-12, 3: 0.1}  # 5 and 9 tie (within 1e-9); 3 is worse
    assert pimc_choice(totals, Action.play(9)) == Action.play(9)  # the heuristic's card, one of the best
    assert pimc_choice(totals, Action.play(3)) == Action.play(5)  # the heuristic's card is worse: lowest best
    assert pimc_choice(totals, Action.PASS) == Action.play(5)  # no card from the heuristic
    assert pimc_choice({7: -1.0, 2: -0.5}, Action.play(7)) == Action.play(2)  # a clear best wins over it
    with pytest.raises(EuchreError, match="none"):
        pimc_choice({}, Action.play(1))

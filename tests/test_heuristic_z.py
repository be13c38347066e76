"""The heuristic's card where PIMC barely prefers another (``RolloutSettings.heuristic_z``):
the best card over the worlds gives way to the heuristic's when it leads it by less than z
standard errors of their paired per-world difference (docs/strength.md, "The heuristic's
card where PIMC barely prefers another")."""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

from euchre.bots.inference import iter_inferred_worlds
from euchre.bots.rollout import RolloutBot, leads_by_less, pimc_choice
from euchre.bots.rollout_settings import EXPERT_SETTINGS
from euchre.core import EuchreError
from euchre.core.actions import Action
from euchre.solver import solve_points

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from bench_card_worlds import card_choices

S = EXPERT_SETTINGS


def test_leads_by_less_on_values_worked_by_hand() -> None:
    # card 0 leads card 1 by 1, 1, 0 a world: mean 2/3, population sd sqrt(6/27) = 0.471,
    # se over three worlds 0.272: the lead is 2.45 standard errors
    rows = [[1.0, 0.0], [1.0, 0.0], [0.0, 0.0]]
    assert leads_by_less(rows, 0, 1, 3.0) and not leads_by_less(rows, 0, 1, 2.0)
    # a lead that never varies is never less, however large z; nor a tie that never varies
    assert not leads_by_less([[1.0, 0.0], [1.0, 0.0]], 0, 1, 1e9)
    assert not leads_by_less([[1.0, 1.0], [0.0, 0.0]], 0, 1, 1e9)
    # the third card is the one compared, not the second
    three = [[*r, 0.5] for r in rows]
    assert not leads_by_less(three, 0, 2, 0.5) and leads_by_less(three, 0, 2, 1.0)


def test_the_heuristics_card_is_played_where_the_best_leads_it_by_less_than_z() -> None:
    z = 2.5
    settings = dataclasses.replace(S, heuristic_z=z)
    kept = changed = 0
    views = card_choices("modern-standard", 3, 6, play_worlds=6)
    for view in views:
        bot = RolloutBot(5, settings, play_worlds=12, learned=True)
        state = bot.rng.getstate()
        action = bot.choose(view)
        # the same 12 worlds replayed from the bot's generator as it was
        rng = random.Random()
        rng.setstate(state)
        cards = [a.card for a in view.legal if a.is_play]
        stream = iter_inferred_worlds(view, rng, S.play_tries, S.infer, S.judge(), S.give_up)
        rows = []
        for _ in range(12):
            values = solve_points(next(stream))
            rows.append([float(values[c]) for c in cards])
        means = {c: sum(r[j] for r in rows) / len(rows) for j, c in enumerate(cards)}
        fallback = Action(super(RolloutBot, bot).preferred(view))
        best = pimc_choice(means, fallback)
        near = fallback.card != best.card and leads_by_less(rows, cards.index(best.card), cards.index(fallback.card), z)
        assert action == (fallback if near else best)
        # the level (heuristic_z 0) plays the best card on the same worlds
        level = RolloutBot(5, S, play_worlds=12, learned=True)
        assert level.choose(view) == best
        kept += fallback.card == best.card
        changed += near
    # positive control: some choices went to the heuristic's card, and the heuristic's card
    # was often PIMC's best anyway
    assert changed > 0 and kept > 0, (changed, kept, len(views))


def test_bad_heuristic_z_settings_are_refused() -> None:
    for bad in (-1.0, float("nan"), float("inf"), "1"):
        with pytest.raises(EuchreError, match="heuristic_z must be a number >= 0"):
            dataclasses.replace(S, heuristic_z=bad)
    with pytest.raises(EuchreError, match=r"heuristic_z compares.*play_likelihood"):
        dataclasses.replace(S, heuristic_z=1.0, play_likelihood=0.5)
    with pytest.raises(EuchreError, match=r"heuristic_z compares.*postpone"):
        dataclasses.replace(S, heuristic_z=1.0, postpone=True)

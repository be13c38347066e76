"""The race of the PIMC card play (``RolloutSettings.play_race``): a close choice over the
first worlds is decided over more worlds, from a generator of their own (docs/strength.md, "The
sampling noise of the card play")."""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

from euchre.bots.inference import inferred_worlds, iter_inferred_worlds
from euchre.bots.rollout import RolloutBot, close_choice, pimc_choice
from euchre.bots.rollout_settings import EXPERT_SETTINGS
from euchre.core import EuchreError
from euchre.core.actions import Action
from euchre.solver import solve_points

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from bench_card_worlds import card_choices

S = EXPERT_SETTINGS


def _means(cards: list[int], rows: list[list[float]]) -> dict[int, float]:
    return {c: sum(r[j] for r in rows) / len(rows) for j, c in enumerate(cards)}


def test_close_choice_on_values_worked_by_hand() -> None:
    # card 0 leads card 1 by 1, -1, 1, -1, 2, 2 a world: mean 2/3, population sd
    # sqrt(12/6 - 4/9) = 1.247, se over six worlds 0.509: the lead is 1.31 standard errors
    rows = [[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0], [2.0, 0.0], [2.0, 0.0]]
    assert close_choice(rows, 0, 2.0) and not close_choice(rows, 0, 1.0)
    # the third card trails by 2 every time (never close); the second is what makes it close
    three = [[*r, r[0] - 2.0] for r in rows]
    assert close_choice(three, 0, 2.0) and not close_choice([[r[0], r[2]] for r in three], 0, 2.0)
    # a lead that never varies is never close, nor is a tie that never varies
    assert not close_choice([[1.0, 0.0], [1.0, 0.0]], 0, 5.0)
    assert not close_choice([[1.0, 1.0], [0.0, 0.0]], 0, 5.0)


def test_the_stream_of_worlds_begins_with_the_list_of_worlds() -> None:
    view = card_choices("openspiel", 1, 4, play_worlds=6)[0]
    state = random.Random(11).getstate()
    listed = inferred_worlds(view, random.Random(11), 9, S.play_tries, S.infer, S.judge(), S.give_up)
    rng = random.Random()
    rng.setstate(state)
    stream = iter_inferred_worlds(view, rng, S.play_tries, S.infer, S.judge(), S.give_up)
    streamed = [next(stream) for _ in range(12)]
    assert [w.hands for w in streamed[:9]] == [w.hands for w in listed]
    with pytest.raises(EuchreError, match="whole number >= 0"):
        inferred_worlds(view, random.Random(1), -1, S.play_tries)


def test_the_race_decides_a_close_choice_over_all_its_worlds_and_a_clear_one_over_the_first() -> None:
    settings = dataclasses.replace(S, play_race=20)
    raced = 0
    views = card_choices("openspiel", 3, 5, play_worlds=6)
    for view in views:
        bot = RolloutBot(7, settings, play_worlds=8, learned=True)
        state = bot.rng.getstate()
        action = bot.choose(view)
        search = bot.last_search
        assert search is not None and search.method == "pimc"
        # the same draws, replayed: the first 8 from the bot's generator as it was, the
        # race's 12 more from its race generator, seeded "race 7"
        rng = random.Random()
        rng.setstate(state)
        cards = [a.card for a in view.legal if a.is_play]
        rows = []
        for source, n in ((rng, 8), (random.Random("race 7"), 12)):
            stream = iter_inferred_worlds(view, source, S.play_tries, S.infer, S.judge(), S.give_up)
            for _ in range(n):
                values = solve_points(next(stream))
                rows.append([float(values[c]) for c in cards])
        fallback = Action(super(RolloutBot, bot).preferred(view))

        first = _means(cards, rows[:8])
        close = close_choice(rows[:8], cards.index(pimc_choice(first, fallback).card), 2.0)
        n = 20 if close else 8
        assert search.worlds == n
        assert {a.card: v for a, v in search.values.items()} == pytest.approx(_means(cards, rows[:n]))
        assert action == pimc_choice(_means(cards, rows[:n]), fallback)
        raced += close
        # the race leaves the bot's own generator where the first 8 worlds left it
        twin = RolloutBot(7, S, play_worlds=8, learned=True)
        twin.choose(view)
        assert bot.rng.getstate() == twin.rng.getstate()
    # positive control: some choices were close and raced, and not all (the setting acts)
    assert 0 < raced < len(views), (raced, len(views))


def test_bad_race_settings_are_refused() -> None:
    for bad in (-1, 2.5, True):
        with pytest.raises(EuchreError, match="play_race must be a whole number"):
            dataclasses.replace(S, play_race=bad)
    for bad_z in (0, -1.0, float("nan"), "2"):
        with pytest.raises(EuchreError, match="race_z must be a positive number"):
            dataclasses.replace(S, play_race=200, race_z=bad_z)
    with pytest.raises(EuchreError, match="play_likelihood"):
        dataclasses.replace(S, play_race=200, play_likelihood=0.5)
    with pytest.raises(EuchreError, match=r"play_race \(100\).*must exceed play_worlds \(100\)"):
        RolloutBot(0, dataclasses.replace(S, play_race=100), play_worlds=100, learned=True)
    with pytest.raises(EuchreError, match="needs play_worlds >= 1"):
        RolloutBot(0, dataclasses.replace(S, play_race=5), play_worlds=0, learned=True)

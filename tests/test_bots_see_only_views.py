"""Bots see only a PlayerView (DESIGN.md; issue 9): a bot's choice at a decision is the
same in two *different* real states that one seat's view cannot tell apart, when the
bot is asked through the program's own input paths (the hand runner of the arena, the
game runner of ``euchre sim``, the terminal's table loop), not handed a view by the test.

The two states are sampled from the seat's view (:func:`sample_world`) so that the
other seats' hidden cards differ; each is played up to that decision by the input path,
and the bot under test answers there. A bot that reads the real state (here: one that
looks up the call stack for the ``HandState`` the runner holds, and lets the partner's
cards decide) gives different answers in different worlds, which the same check finds:
the positive control.
"""

from __future__ import annotations

import inspect
import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from euchre.analysis.duplicate import play_hand
from euchre.bots import BOT_LEVELS, Bot, make_bot
from euchre.cli.narrator import Narrator
from euchre.cli.table import run_table
from euchre.core.actions import Action
from euchre.core.game import Game, Setup
from euchre.core.hand import HandState, Phase
from euchre.core.presets import preset
from euchre.core.rules import Rules
from euchre.core.sampling import sample_world
from euchre.core.views import PlayerView, view_of

try:
    from .test_bots import _collect_views, _reachable_phases
except ImportError:
    from test_bots import _collect_views, _reachable_phases  # type: ignore[no-redef]


class _Answered(Exception):
    """Raised by the probe once the bot under test has answered (the run stops there)."""


class _Probe:
    """Stands in a seat: answers with the bot under test and stops the run."""

    def __init__(self, bot: Bot, answers: list[Action]) -> None:
        self.bot = bot
        self.answers = answers
        self.name = bot.name

    def choose(self, view: PlayerView) -> Action:
        self.answers.append(self.bot.choose(view))
        raise _Answered


class _Unused:
    name = "unused"

    def choose(self, view: PlayerView) -> Action:  # pragma: no cover - the probe's seat acts first
        raise AssertionError("another seat was asked before the seat under test")


def _through_play_hand(world: HandState, seat: int, score: tuple[int, int], bot: Bot) -> Action:
    """The arena's path (analysis.duplicate.play_hand): the world is already at the
    decision; the runner makes the view and asks."""
    answers: list[Action] = []
    bots: list[Any] = [_Unused() for _ in range(world.table.seats)]
    bots[seat] = _Probe(bot, answers)
    with pytest.raises(_Answered):
        play_hand(world.copy(), bots, score)
    return answers[0]


def _through_the_terminal(world: HandState, seat: int, score: tuple[int, int], bot: Bot) -> Action:
    """The terminal's path (cli.table.run_table, as ``euchre play`` and ``watch`` run
    it): a game whose first hand is the world as dealt, its history replayed by scripted
    players, then the seat under test asked."""
    history = list(world.history)
    game = Game(world.rules, 0, initial_score=score, setup=Setup(tuple(range(world.table.seats)), world.dealer),
                deal_provider=lambda index, dealer: world.as_dealt())
    answers: list[Action] = []

    class Scripted:
        def choose(self, view: PlayerView) -> Action:
            if history:
                return Action(history.pop(0)[1])
            return _Probe(bot, answers).choose(view)

    console = Console(file=io.StringIO(), width=100)
    with pytest.raises(_Answered):
        run_table(game, [Scripted() for _ in range(world.table.seats)], Narrator(console))
    return answers[0]


PATHS: dict[str, Callable[[HandState, int, tuple[int, int], Bot], Action]] = {
    "arena hand runner": _through_play_hand,
    "terminal table loop": _through_the_terminal,
}


def _world_pairs(rules: Rules, seed: int, per_phase: int) -> list[tuple[PlayerView, HandState, HandState]]:
    """For views of every reachable kind of decision: two real states that the view
    cannot tell apart (each seat's view of its own decision is the same in both)."""
    out = []
    for phase, batch in _collect_views(rules, seed=seed, per_phase=per_phase).items():
        for i, view in enumerate(batch[:per_phase]):
            one = sample_world(view, random.Random(2 * i))
            two = sample_world(view, random.Random(2 * i + 1))
            assert view_of(one, view.seat, view.score) == view_of(two, view.seat, view.score) == view, phase
            out.append((view, one, two))
    return out


def count_disagreements(make: Callable[[], Bot], pairs: list[tuple[PlayerView, HandState, HandState]],
                        path: Callable[[HandState, int, tuple[int, int], Bot], Action]) -> tuple[int, int]:
    """(decisions where the bot answered differently in the two worlds, decisions whose
    two worlds differ in some hidden card)."""
    differ = hidden_differ = 0
    for view, one, two in pairs:
        others = [s for s in range(view.table.seats) if s != view.seat]
        if [one.hands[s] for s in others] != [two.hands[s] for s in others]:
            hidden_differ += 1
        a = path(one, view.seat, view.score, make())
        b = path(two, view.seat, view.score, make())
        differ += a != b
    return differ, hidden_differ


@pytest.mark.parametrize("path", list(PATHS))
@pytest.mark.parametrize("level", BOT_LEVELS)
@pytest.mark.parametrize("name", ["modern-standard", "dc-club-1862-coteries", "two-handed"])
def test_a_bot_answers_the_same_in_worlds_its_view_cannot_tell_apart(level: str, name: str, path: str) -> None:
    rules = preset(name)
    per_phase = 8 if level in ("random", "beginner", "intermediate") else 3
    pairs = _world_pairs(rules, seed=7, per_phase=per_phase)
    assert len(pairs) >= per_phase * len(_reachable_phases(rules))
    differ, hidden_differ = count_disagreements(lambda: make_bot(level, 5), pairs, PATHS[path])
    assert hidden_differ > len(pairs) // 2  # the worlds really differ behind the view
    assert differ == 0, f"{level} answered differently in {differ} of {len(pairs)} pairs of worlds"


class LeakyBot:
    """A bot that cheats: it looks up the call stack for the HandState the program holds
    and lets its partner's real cards (at a table without partners, its left-hand
    opponent's) choose among its legal actions."""

    name = "leaky"

    def choose(self, view: PlayerView) -> Action:
        frame = inspect.currentframe()
        while frame is not None:
            for value in frame.f_locals.values():
                state = value if isinstance(value, HandState) else getattr(value, "hand", None)
                if isinstance(state, HandState):
                    other = view.table.partner[view.seat]
                    if other == view.seat:
                        other = view.table.left[view.seat]
                    return view.legal[state.hands[other] % len(view.legal)]
            frame = frame.f_back
        return view.legal[0]


@pytest.mark.parametrize("path", list(PATHS))
@pytest.mark.parametrize("name", ["modern-standard", "two-handed"])
def test_positive_control_a_bot_that_reads_the_real_state_is_caught(path: str, name: str) -> None:
    pairs = _world_pairs(preset(name), seed=7, per_phase=4)
    pairs = [p for p in pairs if len(p[0].legal) > 1 and p[0].phase != Phase.DONE]
    differ, _ = count_disagreements(LeakyBot, pairs, PATHS[path])
    assert differ > 0

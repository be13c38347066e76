"""Our bots as PettingZoo and OpenSpiel players (issue 37): on fixed deals they take, action
for action, what the arena's bots take under ``--protocol outside``."""

from __future__ import annotations

import functools
import random

import pytest

from euchre.analysis.duplicate import deal_for, play_hand
from euchre.analysis.protocols import OutsideBot
from euchre.bots import make_bot
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.game import Game, Setup
from euchre.core.hand import HandState
from euchre.core.presets import preset
from euchre.interop.players import BotPlayer, arena_seeds, level_factory

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

RULES = preset("openspiel")
SEED = 1
# Two levels at each table, as in the arena: A (N-S) and B (E-W). The deals are short to
# play with the heuristic levels; one deal with the expert against plain PIMC checks the
# search levels too (a few seconds).
CASES = [(0, "intermediate", "beginner"), (1, "beginner", "random"), (2, "intermediate", "random"),
         (3, "expert", "pimc:8")]


def _levels(a: str, b: str) -> list[str]:
    return [a if RULES.table.team[s] == 0 else b for s in range(RULES.table.seats)]


def arena_history(index: int, a: str, b: str) -> tuple[tuple[int, int], ...]:
    """The actions of the first play of duplicate deal ``index`` in the arena under the
    outside protocol (A at N-S), with the seats' arena seeds."""
    hand = deal_for(RULES, SEED, index)
    seeds = arena_seeds(RULES, SEED, index)
    play_hand(hand, [OutsideBot(level_factory(lv), sd) for lv, sd in zip(_levels(a, b), seeds, strict=True)])
    return hand.history


def players(index: int, a: str, b: str) -> list[BotPlayer]:
    return [BotPlayer(lv, sd) for lv, sd in zip(_levels(a, b), arena_seeds(RULES, SEED, index), strict=True)]


@pytest.mark.parametrize(("index", "a", "b"), CASES)
def test_pettingzoo_players_play_as_the_arena(index: int, a: str, b: str) -> None:
    from euchre.interop.pettingzoo import env as make_env

    deal = deal_for(RULES, SEED, index)
    game = Game(RULES, 0, setup=Setup(seating=(0, 1, 2, 3), first_dealer=deal.dealer),
                deal_provider=lambda i, dealer: deal_for(RULES, SEED, index) if i == 0 else
                HandState.deal(RULES, dealer, random.Random(i)))
    env = make_env("openspiel", episode="hand")
    env.reset(options={"game": game})
    seated = players(index, a, b)
    hand: HandState = game.hand
    while not (env.unwrapped.game.is_over or hand.is_over):
        env.step(seated[hand.turn].pettingzoo_action(env))
    assert hand.history == arena_history(index, a, b)


@pytest.mark.parametrize(("index", "a", "b"), CASES)
def test_openspiel_players_play_as_the_arena(index: int, a: str, b: str) -> None:
    from euchre.interop import openspiel_game

    deal = deal_for(RULES, SEED, index)
    game = pyspiel.load_game("python_euchre", {"preset": "openspiel"})
    state = game.new_initial_state()
    state.apply_action(deal.dealer)
    for card in state.progress._deal_actions(deal):
        state.apply_action(card)
    assert isinstance(state.progress, openspiel_game.Progress)
    seated = players(index, a, b)
    while not state.is_terminal():
        state.apply_action(seated[state.current_player()].openspiel_action(state))
    assert state.progress.finished[-1].history == arena_history(index, a, b)


def test_players_that_carry_nothing_repeat_a_decision_asked_twice() -> None:
    # Asked the same view again (a loop that asks twice), the player answers the same:
    # the decision's seed is the view's; a bot asked twice in the arena's table protocol
    # need not (the random bot's generator has moved on: positive control).
    hand = deal_for(RULES, SEED, 5)
    from euchre.core.views import view_of

    view = view_of(hand, hand.turn)
    player = BotPlayer("random", 3)
    assert all(player.choose(view) == player.choose(view) for _ in range(5))
    carried = make_bot("random", 3)
    assert len({carried.choose(view) for _ in range(12)}) > 1


def test_level_factory_names_the_levels() -> None:
    assert level_factory("pimc:7")(1).name == "pimc:7"
    assert level_factory(" Expert ")(1).name == "expert"
    with pytest.raises(EuchreValueError, match="levels: random"):
        level_factory("grandmaster")
    with pytest.raises(EuchreTypeError, match="str"):
        level_factory(3)  # type: ignore[arg-type]
    with pytest.raises(EuchreTypeError, match="int"):
        BotPlayer("random", "1")  # type: ignore[arg-type]
    assert functools.partial  # the factories are partials (picklable)

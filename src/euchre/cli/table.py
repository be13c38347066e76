"""The table shared by ``euchre play`` and ``euchre watch``: the rules, the bots and the
seed, and the loop that asks the seat to act for an action (a bot, or a person through
:mod:`euchre.cli.prompts`), applies it and narrates it.

Every chooser sees only a :class:`~euchre.core.views.PlayerView` (DESIGN.md); the
engine checks every action.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol

from euchre.cli.render import MAX_DELAY, Narrator
from euchre.core.actions import Action
from euchre.core.errors import EuchreError
from euchre.core.game import Game
from euchre.core.presets import preset
from euchre.core.rules import Rules
from euchre.core.views import PlayerView, view_of


class Chooser(Protocol):
    """Anything that picks an action from a view (a bot, or a person at the keyboard)."""

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal``."""


def build_rules(preset_name: str, target: int | None) -> Rules:
    """The rules of a preset, with the game target changed if ``target`` is given.

    Raises:
        RulesError: unknown or unplayable preset, or an invalid target.
    """
    rules = preset(preset_name)
    if target is not None:
        rules = rules.replace(game_target=target)
    return rules


def run_table(game: Game, players: Sequence[Chooser], narrator: Narrator,
              after_hand: Callable[[Game], None] | None = None) -> None:
    """Play ``game`` to its end with ``players[seat]`` choosing for each seat. A game not
    yet begun opens with its setup (the draw for partners and the first deal).

    Args:
        game: the game (may already be in progress).
        players: four choosers, by seat N, E, S, W.
        narrator: prints each event.
        after_hand: called after each finished hand (e.g. to save the record).

    Raises:
        IllegalActionError: a chooser returned an action that is not legal.
    """
    narrator.game_start(game, setup=not game.finished_hands and not game.hand.history)
    started = -1
    while not game.is_over:
        hand = game.hand
        index = len(game.finished_hands)
        if index != started:
            narrator.hand_start(hand, index + 1, game.score)
            started = index
        seat = hand.turn
        view = view_of(hand, seat, game.score)
        action = players[seat].choose(view)
        phase = hand.phase
        result = game.apply(action)
        narrator.action(hand, seat, int(action), phase)
        if result is not None:
            narrator.hand_end(hand, game.score)
            if after_hand is not None:
                after_hand(game)
    narrator.game_end(game)


def bot_name(level: str) -> str:
    """The name saved in a record for a bot: ``"intermediate bot"`` (the seat is not part
    of the name; whoever shows the record adds it)."""
    return f"{level} bot"


def bot_levels(text: str, count_ok: tuple[int, ...]) -> list[str]:
    from euchre.bots import BOT_LEVELS

    levels = [t.strip() for t in text.split(",")]
    for lv in levels:
        if lv not in BOT_LEVELS:
            raise EuchreError(f"unknown bot level {lv!r}; levels: {', '.join(BOT_LEVELS)}")
    if len(levels) not in count_ok:
        raise EuchreError(f"give {' or '.join(str(n) for n in count_ok)} bot level(s), not {len(levels)}")
    return levels


def levels_by_seat(levels: list[str]) -> list[str]:
    if len(levels) == 1:
        return levels * 4
    if len(levels) == 2:
        return [levels[0], levels[1], levels[0], levels[1]]
    return levels


def random_seed(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(1_000_000)


def check_delay(delay: float) -> None:
    if not math.isfinite(delay) or not 0 <= delay <= MAX_DELAY:
        raise EuchreError(f"--delay must be a number of seconds from 0 to {MAX_DELAY:g}, not {delay}")

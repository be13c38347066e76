"""Our bots as players of the PettingZoo environment and of OpenSpiel's ``python_euchre``,
asked exactly as ``euchre arena --protocol outside`` asks them.

A :class:`BotPlayer` is a level (``expert``, ``intermediate``, ``pimc:50``, ...) and a seat's
seed. For every decision it makes a fresh bot of the level from the seed drawn for that
decision (:func:`euchre.analysis.protocols.decision_seed`) and shows it only the seat's
:class:`~euchre.core.views.PlayerView` at 0-0 (:class:`euchre.analysis.protocols.OutsideBot`):
nothing is carried from one decision to the next, so the player may be asked in any
order, by any loop, and it chooses what the arena's bot in that seat chooses. Given the
seeds the arena gives a deal's seats (:func:`arena_seeds`) it plays that deal action for
action as the arena does (``tests/test_interop_players.py``).

The environments' own modules are not imported here: a player reads the game the
environment holds (``env.unwrapped.game`` of :mod:`euchre.interop.pettingzoo`,
``state.progress`` of :mod:`euchre.interop.openspiel_game`) and returns an action code of
:class:`~euchre.core.actions.Action`, the action both take.
"""

from __future__ import annotations

import functools
from typing import Any

from euchre.analysis.duplicate import BotFactory, derive_seed
from euchre.analysis.protocols import OutsideBot
from euchre.bots import PLAYER_LEVELS, make_bot
from euchre.bots.pimc import PlainPimcBot, parse_pimc
from euchre.core.actions import Action
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.rules import Rules
from euchre.core.views import PlayerView, view_of


def level_factory(level: str) -> BotFactory:
    """The factory of a level's bots: one of ``PLAYER_LEVELS`` or ``pimc[:WORLDS]``.

    Raises:
        EuchreTypeError: ``level`` is not a str.
        EuchreValueError: an unknown level (the message lists the levels).
    """
    if not isinstance(level, str):
        raise EuchreTypeError(f"a bot level is a str, not {level!r}")
    worlds = parse_pimc(level)
    if worlds is not None:
        return functools.partial(PlainPimcBot, worlds=worlds)
    key = level.strip().lower()
    if key not in PLAYER_LEVELS:
        raise EuchreValueError(f"unknown bot level {level!r}; levels: {', '.join(PLAYER_LEVELS)}, pimc[:WORLDS]")
    return functools.partial(make_bot, key)


def arena_seeds(rules: Rules, seed: int, index: int) -> tuple[int, ...]:
    """The seed of each seat's bot (by seat) in duplicate deal ``index`` of an arena match
    with match seed ``seed`` (:func:`euchre.analysis.duplicate.play_duplicate_deal`): the
    same in every play of the deal."""
    deal_seed = derive_seed("deal", seed, index)
    return tuple(derive_seed("bot", deal_seed, s) for s in range(rules.table.seats))


class BotPlayer:
    """A level playing one seat as an outside program asks it (see the module docstring).

    Args:
        level: ``PLAYER_LEVELS`` or ``pimc[:WORLDS]`` (:func:`level_factory`).
        seed: the seat's seed (an int; :func:`arena_seeds` gives the arena's).

    Raises:
        EuchreTypeError, EuchreValueError: as :func:`level_factory`, or a seed that is not
            an int.
    """

    def __init__(self, level: str, seed: int = 0) -> None:
        self.level = level
        self._outside = OutsideBot(level_factory(level), seed)

    @property
    def seed(self) -> int:
        """The seat's seed."""
        return self._outside.seed

    def choose(self, view: PlayerView) -> Action:
        """The action of a fresh bot made for this decision, shown ``view`` at 0-0."""
        return self._outside.choose(view)

    def pettingzoo_action(self, env: Any) -> int:
        """The action code for the agent to act in a PettingZoo environment of
        :mod:`euchre.interop.pettingzoo` (wrapped or not), from its seat's view.

        Raises:
            EuchreValueError: the episode is over.
        """
        game = env.unwrapped.game
        if game.is_over or game.hand.is_over:
            raise EuchreValueError("no decision: the environment's episode is over")
        seat = game.hand.turn
        return int(self.choose(view_of(game.hand, seat, tuple(game.score))))

    def openspiel_action(self, state: Any) -> int:
        """The action code for the player to act in a ``python_euchre`` state
        (:mod:`euchre.interop.openspiel_game`), from its seat's view.

        Raises:
            EuchreValueError: a chance node or the end (no player's decision).
        """
        progress = state.progress
        player = progress.current_player()
        if not 0 <= player < progress.rules.table.seats:
            raise EuchreValueError(f"no player's decision at this state (player id {player})")
        view = progress.view(player)
        if view is None:  # pragma: no cover - a player acts only after the deal
            raise EuchreValueError("no view: the cards are being dealt")
        return int(self.choose(view))

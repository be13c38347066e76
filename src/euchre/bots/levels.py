"""The bot levels by name, weakest first, and :func:`make_bot`.

A new level (``advanced``, ``expert``, ...) is one entry in :data:`_FACTORIES`, in order
of strength; :data:`BOT_LEVELS` follows from it.
"""

from __future__ import annotations

from collections.abc import Callable

from euchre.bots.base import Bot
from euchre.bots.beginner import BeginnerBot, CarelessBot
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.random_bot import RandomBot
from euchre.bots.search import AdvancedBot, ExpertBot
from euchre.core.errors import EuchreTypeError, EuchreValueError

_FACTORIES: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "beginner": BeginnerBot,
    "intermediate": HeuristicBot,
    "advanced": AdvancedBot,
    "expert": ExpertBot,
}

BOT_LEVELS: tuple[str, ...] = tuple(_FACTORIES)
"""The levels of the ladder, weakest first (each beats the one below it)."""

_PRACTICE: dict[str, Callable[[int], Bot]] = {
    "careless": CarelessBot,
}

PRACTICE_LEVELS: tuple[str, ...] = tuple(_PRACTICE)
"""Levels for practice, off the ladder: ``careless``, the beginner who revokes now and
then in table mode (RULES.md decision 27)."""

PLAYER_LEVELS: tuple[str, ...] = BOT_LEVELS + PRACTICE_LEVELS
"""Every level :func:`make_bot` accepts: the ladder, then the practice levels."""

SEARCH_LEVELS: tuple[str, ...] = ("advanced", "expert")
"""The levels whose decisions search (open-hand solves over sampled worlds, rollouts):
milliseconds to a second each, where the others take well under a millisecond
(docs/performance.md, "Time per bot decision"). The web server runs them in worker
processes (:mod:`euchre.server.search`)."""


def make_bot(level: str, seed: int = 0) -> Bot:
    """A new bot of a level.

    Args:
        level: one of :data:`PLAYER_LEVELS` (case and surrounding spaces ignored).
        seed: seeds the bot's own random generator (same seed, same choices).

    Raises:
        EuchreTypeError: the level is not a str, or the seed not an int.
        EuchreValueError: an unknown level (the message lists the levels).
    """
    if not isinstance(level, str):
        raise EuchreTypeError(f"a bot level is a str, not {type(level).__name__} {level!r}; levels: {', '.join(PLAYER_LEVELS)}")
    key = level.strip().lower()
    factory = _FACTORIES.get(key) or _PRACTICE.get(key)
    if factory is None:
        raise EuchreValueError(f"unknown bot level {level!r}; levels: {', '.join(PLAYER_LEVELS)}")
    return factory(seed)

"""The bot levels by name, weakest first, and :func:`make_bot`.

A new level (``advanced``, ``expert``, ...) is one entry in :data:`_FACTORIES`, in order
of strength; :data:`BOT_LEVELS` follows from it.
"""

from __future__ import annotations

from collections.abc import Callable

from euchre.bots.base import Bot
from euchre.bots.beginner import BeginnerBot
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
"""The level names :func:`make_bot` accepts, weakest first."""


def make_bot(level: str, seed: int = 0) -> Bot:
    """A new bot of a level.

    Args:
        level: one of :data:`BOT_LEVELS` (case and surrounding spaces ignored).
        seed: seeds the bot's own random generator (same seed, same choices).

    Raises:
        EuchreTypeError: the level is not a str, or the seed not an int.
        EuchreValueError: an unknown level (the message lists the levels).
    """
    if not isinstance(level, str):
        raise EuchreTypeError(f"a bot level is a str, not {type(level).__name__} {level!r}; levels: {', '.join(BOT_LEVELS)}")
    factory = _FACTORIES.get(level.strip().lower())
    if factory is None:
        raise EuchreValueError(f"unknown bot level {level!r}; levels: {', '.join(BOT_LEVELS)}")
    return factory(seed)

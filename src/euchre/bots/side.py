"""A side whose seats play different levels: ``expert+intermediate`` in the arena.

The strength issue asks how much a strong bot gains for its side when its partner is a
weaker player (a person, in practice): seated with an ``intermediate`` partner against two
``intermediate`` players, what does the ``expert`` add per hand? A :class:`MixedSideBot`
is made for every seat of a side, as any bot is (from a seed), and plays each seat by
that seat's place in its side: the first seat of a side (N of N-S, E of E-W at the
four-hand table; :attr:`~euchre.core.seats.Table.teams` order) plays the first level, the
second seat the second level. In a duplicate match the two plays of a deal give the
first-named level the cards of N in one play and of E in the other, and the other side
holds the same cards with its own players, so the difference is that of replacing one
player by another.

Each seat sees only its own view, as at any table: the two levels share nothing but the
table.
"""

from __future__ import annotations

from euchre.bots.base import Bot
from euchre.core.actions import Action
from euchre.core.errors import EuchreValueError
from euchre.core.views import PlayerView

SIDE_JOIN = "+"
"""Joins the levels of one side's seats in a bot name: ``expert+intermediate``."""


class MixedSideBot:
    """One seat of a side whose seats play different levels.

    Args:
        levels: the level of each seat of the side, in the order of the side's seats
            (``Table.teams``); each a name :func:`euchre.bots.make_bot` takes.
        seed: the seat's seed (each level's bot is made with it).
        bots: the bots themselves, already made (a benchmark's variants of a level);
            then ``levels`` only names them and ``seed`` is not used.

    Raises:
        EuchreValueError: fewer than two levels, one :func:`~euchre.bots.make_bot` does
            not know, or ``bots`` not one per level; when choosing, a side with another
            number of seats.
    """

    def __init__(self, levels: tuple[str, ...], seed: int = 0, bots: tuple[Bot, ...] | None = None) -> None:
        from euchre.bots.levels import make_bot

        if len(levels) < 2:
            raise EuchreValueError(f"a mixed side names two or more levels joined by {SIDE_JOIN!r}, not {levels!r}")
        if bots is not None and len(bots) != len(levels):
            raise EuchreValueError(f"a mixed side needs one bot per level: {len(bots)} bots for {len(levels)} levels")
        self.levels = tuple(levels)
        self._bots: tuple[Bot, ...] = tuple(bots) if bots is not None else tuple(make_bot(level, seed) for level in levels)

    @property
    def name(self) -> str:
        """The levels joined by ``+``, e.g. ``"expert+intermediate"``."""
        return SIDE_JOIN.join(self.levels)

    def bot_for(self, view: PlayerView) -> Bot:
        """The bot that plays ``view.seat``: the level of the seat's place in its side.

        Raises:
            EuchreValueError: the side has another number of seats than levels named.
        """
        side = view.table.teams[view.table.team[view.seat]]
        if len(side) != len(self.levels):
            raise EuchreValueError(f"{self.name} names {len(self.levels)} levels for a side of {len(side)} "
                                   f"seat{'s' if len(side) != 1 else ''}")
        return self._bots[side.index(view.seat)]

    def choose(self, view: PlayerView) -> Action:
        """The choice of the level that plays this seat (see :meth:`bot_for`)."""
        return self.bot_for(view).choose(view)

    def __repr__(self) -> str:
        return f"<MixedSideBot {self.name}>"


def parse_side(text: str) -> tuple[str, ...] | None:
    """The levels of a mixed side's name (``expert+intermediate``), or None when ``text``
    names one level.

    Raises:
        EuchreValueError: an empty level (``expert+``), or a level ``make_bot`` does not
            know (only the ladder's levels and the practice levels play in a mixed side).
    """
    from euchre.bots.levels import PLAYER_LEVELS

    if SIDE_JOIN not in text:
        return None
    levels = tuple(p.strip().lower() for p in text.split(SIDE_JOIN))
    for level in levels:
        if level not in PLAYER_LEVELS:
            raise EuchreValueError(f"{level or '(nothing)'!r} in the mixed side {text!r} is not a level; a mixed side "
                                   f"joins levels with {SIDE_JOIN!r}: {', '.join(PLAYER_LEVELS)}")
    return levels

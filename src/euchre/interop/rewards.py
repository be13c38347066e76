"""Rewards per seat from what the engine scores per side, for the learning environments
(PettingZoo's rewards, OpenSpiel's returns), at a table of any shape.

The engine scores sides (:class:`~euchre.core.state.HandResult` ``points``,
:class:`~euchre.core.game.GameResult`): two partnerships at the four-hand table, one
player each where every player plays for himself (two-handed, cutthroat, call-ace: there
the maker and his hidden partner each score the hand's points for himself). A seat's
reward is its side's value less the mean value of the seats of the other sides:

- at the four-hand table and the two-handed one, the side's value less the other's
  (a lone march for N-S: +4 to North and South, -4 to East and West);
- where several players play each for himself, the player's value less the mean of the
  others' (cutthroat, a euchre scoring 2 to each defender: +1 to each of them, -2 to the
  maker).

The rewards of the seats add up to 0 (a zero-sum game, as OpenSpiel's ``ZERO_SUM``
utility says) whenever the sides have equal numbers of seats, as at every table played,
and lie within ``[-top, top]`` for side values within ``[0, top]``.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.core.errors import EuchreValueError
from euchre.core.game import GameResult
from euchre.core.seats import Table


def seat_rewards(table: Table, side_values: Sequence[float]) -> list[float]:
    """Each seat's reward from one value per side (see the module docstring).

    Args:
        table: the table.
        side_values: one number per side of ``table`` (points, games won).

    Returns:
        One float per seat 0..seats-1.

    Raises:
        EuchreValueError: not one value per side.
    """
    if len(side_values) != len(table.teams):
        raise EuchreValueError(f"one value per side ({len(table.teams)}), not {len(side_values)}")
    own = [float(side_values[table.team[s]]) for s in range(table.seats)]
    out = []
    for s in range(table.seats):
        others = [own[o] for o in range(table.seats) if table.team[o] != table.team[s]]
        out.append(own[s] - sum(others) / len(others))
    return out


def game_values(table: Table, result: GameResult | None) -> list[float]:
    """Each side's value at a game's end: the games counted (2 for a slam where the rules
    score slams) for the winner, 0 for the others; all 0 when nobody won (a progressive
    round that ended level, or no result)."""
    values = [0.0] * len(table.teams)
    if result is not None and result.winner is not None:
        values[result.winner] = float(result.games)
    return values

"""Taking back a decision at a table where one person plays against bots (``undo``).

The page offers what ``euchre play`` offers at the terminal (:func:`euchre.cli.table.run_table`
with ``undo_seat``): the person takes back his last decision, and the game and the bots
go back to the moment he made it, so that the bots then play as they did. The mechanism
is the core's: a :meth:`~euchre.core.game.Game.copy` of the game taken before each of his
decisions, put back with :meth:`~euchre.core.game.Game.restore`, and a copy of the bots.

Only where nobody else could be wronged: every other seat of the table is a bot (a
second person's moves are never taken back), and the table is not an event's (an
organiser's game, whose results count). A game in which a decision was taken back is
recorded but not rated (:mod:`euchre.server.ratings`).

The log stays the truth (:mod:`euchre.server.storage`): an undo is an event of its own,
``undo`` with ``{"to": SEQ}``, the ``seq`` of the action event taken back. Replaying the
log takes the same copies at the same actions and restores the same one, so a restarted
server shows the game as it was after the undo; the actions taken back stay in the log
(nothing is deleted) but no longer count.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass

from euchre.bots.base import Bot
from euchre.core.game import Game
from euchre.core.seats import Table


@dataclass(frozen=True)
class Checkpoint:
    """The moment before one of the person's decisions.

    Attributes:
        seq: the ``seq`` of the action event of that decision.
        game: a copy of the game before it (:meth:`Game.copy`).
        bots: copies of the table's bots then (one per seat), or None when the table was
            read back from its log (the bots of a table loaded again start afresh anyway).
    """

    seq: int
    game: Game
    bots: tuple[Bot, ...] | None


class Checkpoints:
    """The person's decisions that may be taken back in the game in play, last last."""

    def __init__(self) -> None:
        self._points: list[Checkpoint] = []

    def __len__(self) -> int:
        return len(self._points)

    def clear(self) -> None:
        """Forget every decision (a new game, or a second person at the table)."""
        self._points.clear()

    def take(self, seq: int, game: Game, bots: Sequence[Bot] | None) -> None:
        """Keep the moment before the decision stored as event ``seq``: a copy of
        ``game`` and of ``bots`` (None: keep no bots)."""
        self._points.append(Checkpoint(seq, game.copy(), None if bots is None else tuple(copy.deepcopy(list(bots)))))

    @property
    def last(self) -> int | None:
        """The ``seq`` of the last decision that may be taken back, or None."""
        return self._points[-1].seq if self._points else None

    def restore(self, to: int, game: Game) -> list[Bot] | None:
        """Take ``game`` back, in place, to the moment before decision ``to`` (the last
        one), and forget that decision. Returns the bots as they were then (None when
        none were kept).

        Raises:
            ValueError: ``to`` is not the last decision that may be taken back.
        """
        if not self._points or self._points[-1].seq != to:
            raise ValueError(f"no decision of event {to} to take back (the last is {self.last})")
        point = self._points.pop()
        game.restore(point.game)
        return None if point.bots is None else list(point.bots)


def undo_refusal(table: Table, kinds: Sequence[str], seat: int, organised: bool) -> str | None:
    """Why the person at ``seat`` may not take back decisions at this table, or None
    when he may (every other seat a bot, not an event's table).

    Args:
        table: the table's shape (for the seats' titles).
        kinds: per seat ``human``, ``bot`` or ``open`` (:attr:`LiveTable.kinds`).
        seat: the person's seat.
        organised: an event's table.
    """
    if organised:
        return "this is an event's table: its results count, so decisions are not taken back"
    people = [table.titles[s] for s in range(table.seats) if s != seat and kinds[s] != "bot"]
    if people:
        return (f"taking back is offered only where every other seat is a bot; {' and '.join(people)} "
                f"{'is' if len(people) == 1 else 'are'} played by a person, whose moves would be taken back too")
    return None

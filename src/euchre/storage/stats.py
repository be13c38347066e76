"""The player's statistics kept in SQL: one row per finished game of ``euchre play``
(``euchre stats`` sums them; :mod:`euchre.cli.stats` is its caller), in the table
``euchre_stats_game`` (defined in the schema's one metadata, :mod:`euchre.storage.tables`,
with :data:`COUNTS`) that the project's Alembic history creates (migration
``0006_stats``, which also adopts the table ``game`` of a statistics file written by an
earlier version, its rows kept).

A row: when the game ended (seconds since the epoch), the rules' title (``modern-standard
with farmers_hand=true``), the bots' level, the player's seat, won (1, 0, or NULL for a
tie), the counts of the player's side (:data:`COUNTS`), and each side's points with the
index of the player's side among them (``scores`` as ``"7,10,4"``, ``side``; NULL in rows
written before they were kept).

Reading tells damaged rows apart (a file is the player's, and may have been edited): a
row whose values are not as :meth:`StatsStore.add` writes them is left out and counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy import Engine, insert, select

from euchre.storage.sql import Fail, migrate, open_engine, reading, sqlite_url, transaction
from euchre.storage.tables import COUNTS, stats_games_table

__all__ = ["COUNTS", "MAX_SIDES", "KeptGame", "NewGame", "Scores", "StatsStore", "kept_game", "stats_games_table"]

MAX_SIDES = 7
"""The most sides a table has (seven players each for himself)."""

Scores = tuple[tuple[int, ...], int]
"""Each side's points over a game and the index of the player's side among them."""


@dataclass(frozen=True)
class KeptGame:
    """One finished game as kept.

    Attributes:
        rules: the rules' title (the preset, then ``with`` and the house rules).
        bots: the bots' level.
        won: 1 won, 0 lost, None a tie.
        counts: the player's side's counts, in the order of :data:`COUNTS`.
        scores: each side's points and the player's side's index among them; None for a
            game kept before they were.
    """

    rules: str
    bots: str
    won: int | None
    counts: tuple[int, ...]
    scores: Scores | None


@dataclass(frozen=True)
class NewGame:
    """A finished game to keep.

    Attributes:
        finished_at: seconds since the epoch.
        rules, bots, won, counts: as :class:`KeptGame` (``counts`` of :data:`COUNTS`' length).
        seat: the player's seat (0 for the first).
        points: each side's points over the game (2 to :data:`MAX_SIDES` sides).
        side: the index of the player's side in ``points``.
    """

    finished_at: float
    rules: str
    bots: str
    seat: int
    won: int | None
    counts: tuple[int, ...]
    points: tuple[int, ...]
    side: int


def _scores(text: object, side: object) -> tuple[bool, Scores | None]:
    """The ``scores`` and ``side`` columns read back: ``(sound, scores)``, the scores None
    when the row has neither (kept before them), ``sound`` False when they are damaged."""
    if text is None and side is None:
        return True, None
    if not isinstance(text, str) or type(side) is not int:
        return False, None
    parts = text.split(",")
    if not 2 <= len(parts) <= MAX_SIDES or not all(p.isascii() and p.isdigit() and len(p) < 6 for p in parts):
        return False, None
    if not 0 <= side < len(parts):
        return False, None
    return True, (tuple(int(p) for p in parts), side)


def kept_game(row: Sequence[Any]) -> KeptGame | None:
    """A row read back (``rules, bots, won, *counts, scores, side``) as a
    :class:`KeptGame`, or None when it is damaged: a title or level not text, ``won``
    not 1, 0 or NULL, a count not a whole number from 0, or scores not as written."""
    rules, bots, won, *values = row
    counts, (text, side) = values[:len(COUNTS)], values[len(COUNTS):]
    sound, scores = _scores(text, side)
    if (isinstance(rules, str) and isinstance(bots, str) and won in (None, 0, 1) and sound
            and len(counts) == len(COUNTS) and all(type(v) is int and v >= 0 for v in counts)):
        return KeptGame(rules, bots, won, tuple(counts), scores)
    return None


class StatsStore:
    """A statistics file, its schema brought up to date on opening (an older file keeps
    its games). Use it in a ``with`` block, which closes it.

    Args:
        path: the SQLite file (made when missing, with its schema).
        fail: makes the caller's exception from a message.

    Raises:
        the exception of ``fail``: the file cannot be opened, is not a database, or its
            migration failed (the message names the file).
    """

    def __init__(self, path: Path, fail: Fail) -> None:
        self.fail = fail
        self.path = path
        self.engine: Engine = open_engine(sqlite_url(path), fail, in_memory="the statistics need a file")
        try:
            migrate(self.engine, fail)
        except BaseException:
            self.engine.dispose()
            raise

    def __enter__(self) -> StatsStore:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Close the file's connections."""
        self.engine.dispose()

    def add(self, game: NewGame) -> None:
        """Keep one finished game (committed before it returns).

        Raises:
            the exception of ``fail``: ``counts`` not of :data:`COUNTS`' length, or
                ``side`` not a place in ``points`` (nothing is kept), or the write failed.
        """
        if len(game.counts) != len(COUNTS) or not 0 <= game.side < len(game.points):
            raise self.fail(f"a game's counts ({len(game.counts)}, want {len(COUNTS)}) or side ({game.side} of "
                            f"{len(game.points)}) are not a game's")
        with transaction(self.engine, f"keeping the game in {self.path}", self.fail) as connection:
            connection.execute(insert(stats_games_table).values(
                finished_at=game.finished_at, rules=game.rules, bots=game.bots, seat=game.seat, won=game.won,
                **dict(zip(COUNTS, game.counts, strict=True)),
                scores=",".join(str(p) for p in game.points), side=game.side))

    def games(self) -> tuple[list[KeptGame], int]:
        """Every game kept, in the order they ended, and how many rows were left out as
        damaged (:func:`kept_game`).

        Raises:
            the exception of ``fail``: the read failed.
        """
        t = stats_games_table.c
        with reading(self.engine, f"reading {self.path}", self.fail) as connection:
            raw = connection.execute(
                select(t.rules, t.bots, t.won, *(t[name] for name in COUNTS), t.scores, t.side)
                .order_by(t.finished_at, t.id)).all()
        kept = [game for game in map(kept_game, raw) if game is not None]
        return kept, len(raw) - len(kept)

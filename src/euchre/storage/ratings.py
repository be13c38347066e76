"""The ratings and the finished games of accounts kept in SQL: the tables
``euchre_rating`` (a subject's rating per preset), ``euchre_finished_game`` (one row per
finished game recorded) and ``euchre_game_seat`` (one per seat of it) of the schema's
one metadata (:mod:`euchre.storage.tables`).

Which games are recorded and rated, the rating model and a seat's statistics are the
server's (:mod:`euchre.server.ratings`, the caller): it hands this module the values to
keep, and for a rated game the function that turns the subjects' ratings before the
game into those after it, which runs inside the game's transaction.

Every method blocks (SQL): call it from a worker thread in async code.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from euchre.storage.events import competitions_table
from euchre.storage.tables import competition_table_table, finished_game_table, game_seat_table, rating_table

__all__ = ["FinishedGame", "Rater", "RatingStore", "Ratings"]

Ratings = dict[str, tuple[float, float]]
"""Per subject (``bot:expert``, ``account:ID``): ``(mu, sigma)``."""
Rater = Callable[[Ratings], Ratings]
"""Turns the ratings of a game's subjects before it (those that have one) into every
subject's after it."""


@dataclass(frozen=True)
class FinishedGame:
    """A finished game to record.

    Attributes:
        table_id, number: the table and the game's number at it (the key).
        preset: the preset whose rating pool it belongs to, or None (custom rules).
        house_rules: the house rules in effect (JSON text).
        score: ``{"score": [...], "winner": side or null}`` (JSON text).
        finished_at: seconds since the epoch.
        seats: per seat ``{"subject", "account_id", "won", "stats"}`` (the statistics as
            JSON text); the ratings before and after are added here.
    """

    table_id: str
    number: int
    preset: str | None
    house_rules: str
    score: str
    finished_at: float
    seats: Sequence[Mapping[str, Any]]


class RatingStore:
    """The rows of the ratings and of the finished games.

    Args:
        engine: the server's SQLAlchemy engine (the schema migrated).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def is_recorded(self, table_id: str, number: int) -> bool:
        """True when game ``number`` of the table is recorded already."""
        with self.engine.connect() as connection:
            return _recorded(connection, table_id, number)

    def recorded_games(self, table_id: str) -> set[int]:
        """The game numbers of a table recorded already."""
        with self.engine.connect() as connection:
            return {int(r[0]) for r in connection.execute(select(finished_game_table.c.game)
                                                          .where(finished_game_table.c.table_id == table_id))}

    def record(self, game: FinishedGame, rater: Rater | None, default: tuple[float, float]) -> bool:
        """Record a finished game, and with a ``rater`` rate it, in one transaction: the
        ratings of its subjects under its preset are read, turned into the new ones by
        ``rater`` and kept (a subject with none enters with ``default``), and each seat's
        row holds its subject's rating before and after. Returns False, changing
        nothing, when the game was recorded before (by this process or another at the
        same moment)."""
        try:
            with self.engine.begin() as connection:
                if _recorded(connection, game.table_id, game.number):
                    return False
                rated = rater is not None and game.preset is not None
                before: Ratings = {}
                after: Ratings = {}
                if rater is not None and game.preset is not None:
                    before = _current(connection, game.preset, {str(s["subject"]) for s in game.seats})
                    after = rater(before)
                    _store_ratings(connection, game.preset, before, after, game.finished_at)
                connection.execute(insert(finished_game_table).values(
                    table_id=game.table_id, game=game.number, preset=game.preset, house_rules=game.house_rules,
                    rated=int(rated), score=game.score, finished_at=game.finished_at))
                rows = []
                for seat, row in enumerate(game.seats):
                    b = before.get(str(row["subject"]), default) if rated else None
                    a = after.get(str(row["subject"])) if rated else None
                    rows.append({**row, "table_id": game.table_id, "game": game.number, "seat": seat,
                                 "mu_before": None if b is None else b[0], "sigma_before": None if b is None else b[1],
                                 "mu_after": None if a is None else a[0], "sigma_after": None if a is None else a[1],
                                 "finished_at": game.finished_at})
                connection.execute(insert(game_seat_table), rows)
        except IntegrityError:  # another server process recorded it at the same moment (its key is taken)
            return False
        return True

    def rate(self, preset: str, subjects: set[str], rater: Rater, now: float) -> None:
        """Rate a game that is not recorded (one of bots only): the subjects' ratings
        under ``preset`` move by ``rater``, in one transaction."""
        with self.engine.begin() as connection:
            before = _current(connection, preset, subjects)
            _store_ratings(connection, preset, before, rater(before), now)

    # ------------------------------------------------------------------ reading
    def rating(self, subject: str, preset: str) -> tuple[float, float, int] | None:
        """``(mu, sigma, games)`` of a subject in a preset's pool, or None."""
        with self.engine.connect() as connection:
            r = connection.execute(select(rating_table.c.mu, rating_table.c.sigma, rating_table.c.games).where(
                (rating_table.c.preset == preset) & (rating_table.c.subject == subject))).first()
        return None if r is None else (float(r[0]), float(r[1]), int(r[2]))

    def pool(self, preset: str) -> list[tuple[str, float, float, int]]:
        """Every rated subject of a preset: ``(subject, mu, sigma, games)``."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(rating_table).where(rating_table.c.preset == preset)).all()
        return [(str(r.subject), float(r.mu), float(r.sigma), int(r.games)) for r in rows]

    def presets_rated(self) -> list[str]:
        """The presets with at least one rating, sorted."""
        with self.engine.connect() as connection:
            return sorted({str(r[0]) for r in connection.execute(select(rating_table.c.preset).distinct())})

    def ratings_of(self, subject: str) -> list[tuple[str, float, float, int]]:
        """A subject's ratings in every pool: ``(preset, mu, sigma, games)``."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(rating_table).where(rating_table.c.subject == subject)).all()
        return [(str(r.preset), float(r.mu), float(r.sigma), int(r.games)) for r in rows]

    def seats_of(self, account_id: str) -> list[Any]:
        """Every finished game's seat the account played, newest first, with the game's
        preset, whether it was rated, its score and its house rules (rows with the
        columns of ``euchre_game_seat`` and those four)."""
        with self.engine.connect() as connection:
            return list(connection.execute(
                select(game_seat_table, finished_game_table.c.preset, finished_game_table.c.rated,
                       finished_game_table.c.score, finished_game_table.c.house_rules)
                .join(finished_game_table, (finished_game_table.c.table_id == game_seat_table.c.table_id)
                      & (finished_game_table.c.game == game_seat_table.c.game))
                .where(game_seat_table.c.account_id == account_id)
                .order_by(game_seat_table.c.finished_at.desc(), game_seat_table.c.table_id)).all())

    def history(self, account_id: str, preset: str) -> list[tuple[float, float, float]]:
        """The account's rating in a preset's pool after each rated game it played,
        oldest first: ``(finished_at, mu, sigma)``."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(game_seat_table.c.finished_at, game_seat_table.c.mu_after, game_seat_table.c.sigma_after)
                .join(finished_game_table, (finished_game_table.c.table_id == game_seat_table.c.table_id)
                      & (finished_game_table.c.game == game_seat_table.c.game))
                .where((game_seat_table.c.account_id == account_id) & (finished_game_table.c.preset == preset)
                       & (finished_game_table.c.rated == 1))
                .order_by(game_seat_table.c.finished_at)).all()
        return [(float(r[0]), float(r[1]), float(r[2])) for r in rows if r[1] is not None]

    def events_of(self, table_ids: set[str]) -> dict[str, str]:
        """Per table id of ``table_ids`` that is an event's online table: ``"TITLE, table
        KEY"`` (the event's title and the table's or match's key)."""
        if not table_ids:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(competition_table_table.c.table_id, competition_table_table.c.key, competitions_table.c.name,
                       competitions_table.c.spec)
                .join(competitions_table, competitions_table.c.name == competition_table_table.c.competition)
                .where(competition_table_table.c.table_id.in_(table_ids))).all()
        out = {}
        for r in rows:
            title = str(json.loads(r.spec).get("title") or r.name)
            out[str(r.table_id)] = f"{title}, table {r.key}"
        return out


def _recorded(connection: Connection, table_id: str, number: int) -> bool:
    return connection.execute(select(finished_game_table.c.game).where(
        (finished_game_table.c.table_id == table_id) & (finished_game_table.c.game == number))).first() is not None


def _current(connection: Connection, preset: str, subjects: set[str]) -> Ratings:
    rows = connection.execute(select(rating_table.c.subject, rating_table.c.mu, rating_table.c.sigma).where(
        (rating_table.c.preset == preset) & rating_table.c.subject.in_(subjects)))
    return {str(r[0]): (float(r[1]), float(r[2])) for r in rows}


def _store_ratings(connection: Connection, preset: str, before: Ratings, after: Ratings, now: float) -> None:
    for subject, (mu, sigma) in after.items():
        if subject in before:
            connection.execute(update(rating_table).where(
                (rating_table.c.preset == preset) & (rating_table.c.subject == subject))
                .values(mu=mu, sigma=sigma, games=rating_table.c.games + 1, updated_at=now))
        else:
            connection.execute(insert(rating_table).values(subject=subject, preset=preset, mu=mu, sigma=sigma,
                                                           games=1, updated_at=now))

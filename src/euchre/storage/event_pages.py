"""What the web adds to an event, kept in SQL: its links' hashes, minutes and table
settings (``euchre_competition_web``) and its online tables (``euchre_competition_table``),
both of the schema's one metadata (:mod:`euchre.storage.tables`). The event's own log is
:mod:`euchre.storage.events`'.

:class:`euchre.server.event_rows.EventRows` and the modules built on it are the callers:
they decide what an event's pages show and do; this module reads and writes the rows,
each method one transaction or one read.

Every method blocks (SQL): call it from a worker thread in async code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import Engine, insert, select, update

from euchre.storage.tables import competition_table_table, competition_web_table, entries_table, tables_table

__all__ = ["EventPagesStore", "OnlineTable"]


@dataclass(frozen=True)
class OnlineTable:
    """An event's online table: its key in the event (a table or a match), the server's
    table id, the event's players at its seats (by seat), whether its result was taken."""

    key: str
    table_id: str
    players: tuple[int, ...]
    collected: bool


class EventPagesStore:
    """The rows the web keeps for the events.

    Args:
        engine: the server's SQLAlchemy engine (the schema migrated).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add_event(self, name: str, organiser_hash: str, public_hash: str, minutes: int | None, created_at: float,
                  hints: bool, timer: int | None) -> None:
        """Keep the web's row of a new event: its two links' hashes, its round's
        minutes and its tables' settings."""
        with self.engine.begin() as connection:
            connection.execute(insert(competition_web_table).values(
                competition=name, organiser_hash=organiser_hash, public_hash=public_hash, minutes=minutes,
                created_at=created_at, hints=int(hints), timer=timer))

    def find(self, role: str, link_hash: str) -> str | None:
        """The event whose ``role`` link (``organiser`` or ``public``) has this hash, or None."""
        column = competition_web_table.c.organiser_hash if role == "organiser" else competition_web_table.c.public_hash
        with self.engine.connect() as connection:
            row = connection.execute(select(competition_web_table.c.competition).where(column == link_hash)).first()
        return None if row is None else str(row[0])

    def minutes(self, name: str) -> int | None:
        """The minutes of the event's rounds, or None (no clock)."""
        with self.engine.connect() as connection:
            row = connection.execute(select(competition_web_table.c.minutes).where(
                competition_web_table.c.competition == name)).first()
        return None if row is None or row[0] is None else int(row[0])

    def table_settings(self, name: str) -> tuple[int | None, int | None] | None:
        """The event's tables' settings as stored, ``(hints, timer)`` (each null for an
        event created before they could be set), or None (no row)."""
        with self.engine.connect() as connection:
            row = connection.execute(select(competition_web_table.c.hints, competition_web_table.c.timer).where(
                competition_web_table.c.competition == name)).first()
        if row is None:
            return None
        return (None if row[0] is None else int(row[0])), (None if row[1] is None else int(row[1]))

    def round_started(self, name: str) -> float | None:
        """When the event's last round was seated (its log's entry), or None."""
        with self.engine.connect() as connection:
            row = connection.execute(select(entries_table.c.created_at).where(
                (entries_table.c.competition == name) & (entries_table.c.kind == "round"))
                .order_by(entries_table.c.seq.desc()).limit(1)).first()
        return None if row is None else float(row[0])

    # ------------------------------------------------------------------ online tables
    def add_online_table(self, name: str, key: str, table_id: str, players: tuple[int, ...], created_at: float) -> None:
        """Keep a new online table of the event (its result not yet taken)."""
        with self.engine.begin() as connection:
            connection.execute(insert(competition_table_table).values(
                competition=name, key=key, table_id=table_id, seats=json.dumps(list(players)),
                created_at=created_at, collected_at=None))

    def online_tables(self, name: str) -> list[OnlineTable]:
        """The event's online tables."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(competition_table_table).where(
                competition_table_table.c.competition == name)).all()
        return [OnlineTable(str(r.key), str(r.table_id), tuple(int(p) for p in json.loads(r.seats)),
                            r.collected_at is not None) for r in rows]

    def mark_collected(self, name: str, key: str, when: float) -> None:
        """Note that the result of the event's table ``key`` was taken."""
        with self.engine.begin() as connection:
            connection.execute(update(competition_table_table).where(
                (competition_table_table.c.competition == name) & (competition_table_table.c.key == key))
                .values(collected_at=when))

    def uncollected_events(self) -> list[str]:
        """The events with an online table whose result is not yet taken, sorted."""
        with self.engine.connect() as connection:
            return sorted({str(r[0]) for r in connection.execute(select(competition_table_table.c.competition).where(
                competition_table_table.c.collected_at.is_(None)))})

    def statuses(self, table_ids: list[str]) -> dict[str, str]:
        """The stored status of each of these tables of the server (``lobby``,
        ``playing``, ``over``), whichever process runs it."""
        if not table_ids:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(select(tables_table.c.id, tables_table.c.status)
                                      .where(tables_table.c.id.in_(table_ids))).all()
        return {str(r[0]): str(r[1]) for r in rows}

"""The timer and hints an event's organiser sets for its online tables, and the
``organised`` mark on the tables of events made before, so that nobody seated changes
their settings after the upgrade either.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import json
import time

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``hints`` and ``timer`` to ``euchre_competition_web`` (null in the rows of
    events created before: hints on, no timer, as their tables had)."""
    with op.batch_alter_table("euchre_competition_web") as batch:
        batch.add_column(sa.Column("hints", sa.Integer, nullable=True))
        batch.add_column(sa.Column("timer", sa.Integer, nullable=True))
    # An event's online table opened before this revision had no host and let anyone seated
    # change its timer and hints: its log gains the mark its successors are made with (a
    # ``settings`` event sets only the fields it names; replayed like any other).
    connection = op.get_bind()
    events = sa.table("euchre_event", sa.column("table_id", sa.String), sa.column("seq", sa.Integer),
                      sa.column("kind", sa.String), sa.column("seat", sa.Integer), sa.column("data", sa.Text),
                      sa.column("created_at", sa.Float))
    tables = sa.table("euchre_table", sa.column("id", sa.String), sa.column("status", sa.String))
    online = sa.table("euchre_competition_table", sa.column("table_id", sa.String))
    open_ids = connection.execute(sa.select(online.c.table_id).join(tables, tables.c.id == online.c.table_id)
                                  .where(tables.c.status != "over")).scalars().all()
    for table_id in open_ids:
        last = connection.execute(sa.select(sa.func.max(events.c.seq)).where(events.c.table_id == table_id)).scalar()
        connection.execute(sa.insert(events).values(
            table_id=table_id, seq=(-1 if last is None else int(last)) + 1, kind="settings", seat=None,
            data=json.dumps({"organised": True}, separators=(",", ":")), created_at=time.time()))


def downgrade() -> None:
    """Drop the two columns (the tables' ``organised`` marks stay: older code ignores them)."""
    with op.batch_alter_table("euchre_competition_web") as batch:
        batch.drop_column("timer")
        batch.drop_column("hints")

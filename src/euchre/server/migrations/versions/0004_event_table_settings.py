"""The timer and hints an event's organiser sets for its online tables.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

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


def downgrade() -> None:
    """Drop the two columns."""
    with op.batch_alter_table("euchre_competition_web") as batch:
        batch.drop_column("timer")
        batch.drop_column("hints")

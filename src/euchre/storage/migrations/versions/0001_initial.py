"""The first schema: tables, invite tokens (hashed) and the append-only event log.

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``euchre_table``, ``euchre_token`` and ``euchre_event``."""
    op.create_table(
        "euchre_table",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("preset", sa.String(64), nullable=True),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("bot_level", sa.String(32), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
    )
    op.create_table(
        "euchre_token",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("euchre_table.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
    )
    op.create_index("ix_euchre_token_table_id", "euchre_token", ["table_id"])
    op.create_table(
        "euchre_event",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("euchre_table.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the three tables."""
    op.drop_table("euchre_event")
    op.drop_index("ix_euchre_token_table_id", table_name="euchre_token")
    op.drop_table("euchre_token")
    op.drop_table("euchre_table")

"""Events (euchre.events.store): the progressive evenings and tournaments, and their logs.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``euchre_competition`` and ``euchre_competition_entry``."""
    op.create_table(
        "euchre_competition",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("format", sa.String(32), nullable=False),
        sa.Column("spec", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
    )
    op.create_table(
        "euchre_competition_entry",
        sa.Column("competition", sa.String(64), sa.ForeignKey("euchre_competition.name"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the two tables."""
    op.drop_table("euchre_competition_entry")
    op.drop_table("euchre_competition")

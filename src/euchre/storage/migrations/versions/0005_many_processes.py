"""What the server's processes share through the database when several serve it
(docs/server.md, "Many processes"): the lease by which one process runs each live table,
the rate limits counted for every process together, and the secret with which the
processes ask each other to act on a table.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``euchre_lease``, ``euchre_limit`` and ``euchre_cluster`` (with its secret)."""
    op.create_table(
        "euchre_lease",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("euchre_table.id"), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("epoch", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("euchre_lease_owner", "euchre_lease", ["owner"])
    op.create_table(
        "euchre_limit",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    cluster = op.create_table(
        "euchre_cluster",
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.bulk_insert(cluster, [{"key": "secret", "value": secrets.token_urlsafe(32)}])


def downgrade() -> None:
    """Drop the three tables."""
    op.drop_table("euchre_cluster")
    op.drop_table("euchre_limit")
    op.drop_index("euchre_lease_owner", table_name="euchre_lease")
    op.drop_table("euchre_lease")

"""The player's statistics (euchre.storage.stats): one row per finished game of
``euchre play``, kept until now by the terminal in a table ``game`` of its own SQLite
file (``stats.sqlite3``) with no Alembic history.

A statistics file of an earlier version (a table ``game`` with the columns the terminal
wrote: :data:`LEGACY`) is kept: the table is renamed ``euchre_stats_game`` and the two
columns added later (``scores``, ``side``) are added when missing (NULL in the old rows,
which the reader takes as "not kept then"). Any other database gets the table new; a
table ``game`` of another shape (not the terminal's) is left alone.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

COUNTS = ("points_for", "points_against", "called", "made", "euchred", "euchres", "alone", "alone_made",
          "alone_marched", "hands")
"""The counts of the player's side in a game, in the order the terminal wrote them."""

LEGACY = {"id", "finished_at", "rules", "bots", "seat", "won", *COUNTS}
"""The columns of the first statistics files (``euchre stats`` before ``scores`` and
``side``): a table ``game`` holding all of them is the terminal's."""

ADDED = (("scores", sa.Text), ("side", sa.Integer))
"""The columns the terminal added to its files later (issue 34), NULL in older rows."""


def upgrade() -> None:
    """Create ``euchre_stats_game``, or adopt the terminal's table ``game`` under that name."""
    inspector = sa.inspect(op.get_bind())
    have: set[str] = set()
    if inspector.has_table("game"):
        have = {column["name"] for column in inspector.get_columns("game")}
    if LEGACY <= have:
        op.rename_table("game", "euchre_stats_game")
        for name, kind in ADDED:
            if name not in have:
                op.add_column("euchre_stats_game", sa.Column(name, kind, nullable=True))
        return
    op.create_table(
        "euchre_stats_game",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("bots", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("won", sa.Integer, nullable=True),
        *(sa.Column(name, sa.Integer, nullable=False) for name in COUNTS),
        *(sa.Column(name, kind, nullable=True) for name, kind in ADDED),
    )


def downgrade() -> None:
    """Drop ``euchre_stats_game`` (its games with it)."""
    op.drop_table("euchre_stats_game")

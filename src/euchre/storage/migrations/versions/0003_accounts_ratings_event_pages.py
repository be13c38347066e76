"""Events on the web (organiser and public tokens, online tables of an event), accounts
and login sessions, the account of a seat, finished games and OpenSkill ratings.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the tables of the events on the web, the accounts and the ratings (``euchre.storage.tables``)."""
    op.create_table(
        "euchre_competition_web",
        sa.Column("competition", sa.String(64), sa.ForeignKey("euchre_competition.name"), primary_key=True),
        sa.Column("organiser_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("public_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("minutes", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "euchre_competition_table",
        sa.Column("competition", sa.String(64), sa.ForeignKey("euchre_competition.name"), primary_key=True),
        sa.Column("key", sa.String(16), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("euchre_table.id"), nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("collected_at", sa.Float, nullable=True),
    )
    op.create_table(
        "euchre_account",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(24), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("public", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "euchre_session",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("euchre_account.id"), nullable=False, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_table(
        "euchre_seat_account",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("euchre_table.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("euchre_account.id"), nullable=False, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "euchre_finished_game",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("euchre_table.id"), primary_key=True),
        sa.Column("game", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("preset", sa.String(64), nullable=True),
        sa.Column("house_rules", sa.Text, nullable=False),
        sa.Column("rated", sa.Integer, nullable=False),
        sa.Column("score", sa.Text, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
    )
    op.create_table(
        "euchre_game_seat",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("subject", sa.String(64), nullable=False),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("euchre_account.id"), nullable=True),
        sa.Column("won", sa.Integer, nullable=False),
        sa.Column("stats", sa.Text, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=True),
        sa.Column("sigma_before", sa.Float, nullable=True),
        sa.Column("mu_after", sa.Float, nullable=True),
        sa.Column("sigma_after", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=False),
    )
    op.create_index("ix_euchre_game_seat_account", "euchre_game_seat", ["account_id", "finished_at"])
    op.create_table(
        "euchre_rating",
        sa.Column("subject", sa.String(64), primary_key=True),
        sa.Column("preset", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("euchre_rating")
    op.drop_index("ix_euchre_game_seat_account", table_name="euchre_game_seat")
    for name in ("euchre_game_seat", "euchre_finished_game", "euchre_seat_account", "euchre_session",
                 "euchre_account", "euchre_competition_table", "euchre_competition_web"):
        op.drop_table(name)

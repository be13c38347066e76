"""The tables of events on the web, accounts and ratings (Alembic migration
``versions/0003_accounts_ratings_event_pages.py`` creates them; this module is the live
definition the services use, the migration describes the schema as it was at that step).

Events on the web (over :mod:`euchre.events.store`'s ``euchre_competition``):

``euchre_competition_web``
    one row per event created on the server: the SHA-256 of its organiser token and of
    its public standings token (the tokens themselves are never stored), the minutes per
    round when the organiser gave a time instead of a number of hands, and the hints (0
    or 1) and timer (seconds a move) of its online tables (``versions/0004_event_table_settings.py``;
    null in an event created before: hints on, no timer).
``euchre_competition_table``
    an online table (``euchre_table``) playing a table or match of an event: the event,
    the key (``ROUND.TABLE`` of a progressive round, or the match's key), the event's
    players by seat, and when its result was taken into the event's log.

Accounts:

``euchre_account``
    a name (unique as written folded: ``name_key``), the argon2 hash of the password,
    whether the player's page is public.
``euchre_session``
    a login: the SHA-256 of its cookie token, the account, when it expires.
``euchre_seat_account``
    the account that opened a seat link of a table while logged in (one per seat: the
    first).

Ratings and the players' games:

``euchre_finished_game``
    each finished game of a table with at least one account seated, recorded once:
    the preset (None: rules not a preset's), the house rules shown, whether it was
    rated, the score.
``euchre_game_seat``
    per seat of such a game: who sat there (``account:ID``, ``bot:LEVEL`` or ``guest``),
    the account, won or not, the seat's statistics (JSON), and its rating before and
    after when the game was rated.
``euchre_rating``
    the current OpenSkill rating (mu, sigma) of each account and bot level per preset.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()

competition_web_table = Table(
    "euchre_competition_web", metadata,
    Column("competition", String(64), ForeignKey("euchre_competition.name"), primary_key=True),
    Column("organiser_hash", String(64), nullable=False, unique=True),
    Column("public_hash", String(64), nullable=False, unique=True),
    Column("minutes", Integer, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("hints", Integer, nullable=True),
    Column("timer", Integer, nullable=True),
)

competition_table_table = Table(
    "euchre_competition_table", metadata,
    Column("competition", String(64), ForeignKey("euchre_competition.name"), primary_key=True),
    Column("key", String(16), primary_key=True),
    Column("table_id", String(32), ForeignKey("euchre_table.id"), nullable=False),
    Column("seats", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("collected_at", Float, nullable=True),
)

account_table = Table(
    "euchre_account", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(24), nullable=False),
    Column("name_key", String(24), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),
    Column("public", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
)

session_table = Table(
    "euchre_session", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), ForeignKey("euchre_account.id"), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
)

seat_account_table = Table(
    "euchre_seat_account", metadata,
    Column("table_id", String(32), ForeignKey("euchre_table.id"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("account_id", String(32), ForeignKey("euchre_account.id"), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
)

finished_game_table = Table(
    "euchre_finished_game", metadata,
    Column("table_id", String(32), ForeignKey("euchre_table.id"), primary_key=True),
    Column("game", Integer, primary_key=True, autoincrement=False),
    Column("preset", String(64), nullable=True),
    Column("house_rules", Text, nullable=False),
    Column("rated", Integer, nullable=False),
    Column("score", Text, nullable=False),
    Column("finished_at", Float, nullable=False),
)

game_seat_table = Table(
    "euchre_game_seat", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("game", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("subject", String(64), nullable=False),
    Column("account_id", String(32), ForeignKey("euchre_account.id"), nullable=True),
    Column("won", Integer, nullable=False),
    Column("stats", Text, nullable=False),
    Column("mu_before", Float, nullable=True),
    Column("sigma_before", Float, nullable=True),
    Column("mu_after", Float, nullable=True),
    Column("sigma_after", Float, nullable=True),
    Column("finished_at", Float, nullable=False),
    Index("ix_euchre_game_seat_account", "account_id", "finished_at"),
)

rating_table = Table(
    "euchre_rating", metadata,
    Column("subject", String(64), primary_key=True),
    Column("preset", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)

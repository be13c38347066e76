"""The whole schema in one :class:`~sqlalchemy.MetaData`: every table of the project's
database, defined once, where the storage layer's modules and the server's services take
them from. The Alembic history (``migrations/versions``) creates them step by step and
describes each as it was at its step; this module is the live definition, and
``tests/test_storage.py`` checks that the two agree (every migrated table is here, with
its columns).

The tables' log of the server (:mod:`euchre.storage.games`):
``euchre_table``, ``euchre_token``, ``euchre_event``.

The events (:mod:`euchre.storage.events`): ``euchre_competition``,
``euchre_competition_entry``.

The player's statistics (:mod:`euchre.storage.stats`): ``euchre_stats_game``.

The processes of one database (migration ``0005_many_processes``):
``euchre_lease`` (:mod:`euchre.storage.leases`: which process runs each live table),
``euchre_cluster`` (the processes' shared secret, the same module), ``euchre_limit``
(:mod:`euchre.storage.limits`: the rate limits counted for every process).

The events on the web, the accounts and the ratings (migration
``versions/0003_accounts_ratings_event_pages.py``; the server's services query them).

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

from sqlalchemy import BigInteger, Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()
"""The one metadata of the whole schema: every table below is in it."""

COUNTS = ("points_for", "points_against", "called", "made", "euchred", "euchres", "alone", "alone_made",
          "alone_marched", "hands")
"""The counts of the player's side over a game, in this order: points for and against,
calls and those made, euchred as makers, euchres as defenders, lone hands, those made,
those that took all five tricks, hands played (``euchre.cli.commands.SideRecord``)."""

# ---------------------------------------------------------------- the tables' log (games.py)
tables_table = Table(
    "euchre_table", metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("preset", String(64), nullable=True),
    Column("rules", Text, nullable=False),
    Column("bot_level", String(32), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),
)

tokens_table = Table(
    "euchre_token", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("table_id", String(32), ForeignKey("euchre_table.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=True),
)

events_table = Table(
    "euchre_event", metadata,
    Column("table_id", String(32), ForeignKey("euchre_table.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("data", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

# ---------------------------------------------------------------- the events (events.py)
competitions_table = Table(
    "euchre_competition", metadata,
    Column("name", String(64), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("format", String(32), nullable=False),
    Column("spec", Text, nullable=False),
    Column("status", String(16), nullable=False),
)

entries_table = Table(
    "euchre_competition_entry", metadata,
    Column("competition", String(64), ForeignKey("euchre_competition.name"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(16), nullable=False),
    Column("data", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

# ---------------------------------------------------------------- the player's statistics (stats.py)
stats_games_table = Table(
    "euchre_stats_game", metadata,
    Column("id", Integer, primary_key=True),
    Column("finished_at", Float, nullable=False),
    Column("rules", Text, nullable=False),
    Column("bots", Text, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("won", Integer, nullable=True),
    *(Column(name, Integer, nullable=False) for name in COUNTS),
    Column("scores", Text, nullable=True),
    Column("side", Integer, nullable=True),
)

# ---------------------------------------------------------------- events on the web, accounts, ratings
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

# ---------------------------------------------------------------- the processes of one database
lease_table = Table(
    "euchre_lease", metadata,
    Column("table_id", String(32), ForeignKey("euchre_table.id"), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("url", Text, nullable=False),
    Column("epoch", BigInteger, nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("euchre_lease_owner", "owner"),
)
"""Who runs each live table: the owner (a process's name and suffix), its address, the
epoch (changes of owner) and when the lease expires (seconds on the database's clock)."""

limit_table = Table(
    "euchre_limit", metadata,
    Column("key", String(200), primary_key=True),
    Column("tokens", Float, nullable=False),
    Column("at", Float, nullable=False),
)
"""One token bucket: its key (``KIND:KEY``), the tokens left at ``at`` (seconds since the
epoch)."""

cluster_table = Table(
    "euchre_cluster", metadata,
    Column("key", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)
"""What the processes of one database share: the row ``secret`` (made by migration 0005)."""

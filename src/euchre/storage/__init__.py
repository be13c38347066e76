"""The one storage layer: what the server (:mod:`euchre.server.storage`), the events
(:mod:`euchre.events.store`) and the terminal's statistics (:mod:`euchre.cli.stats`)
keep in SQL goes through it.

- :mod:`euchre.storage.sql`: opening a database (SQLAlchemy), SQLite's settings, the
  migrations under a lock, errors told on one line with the password hidden;
- :mod:`euchre.storage.migrations`: the project's one Alembic history;
- :mod:`euchre.storage.stats`: the player's statistics (one row per finished game).

A middle-layer package: it imports nothing of euchre above it.
"""

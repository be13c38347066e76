"""The one storage layer: what the server (:mod:`euchre.server.storage`), the events
(:mod:`euchre.events.store`) and the terminal's statistics (:mod:`euchre.cli.stats`)
keep in SQL goes through it.

- :mod:`euchre.storage.tables`: the whole schema, every table in one metadata;
- :mod:`euchre.storage.errors`: :class:`StorageError`, the one error base of a storage
  failure (the events' and the statistics' errors subclass it), and :class:`LeaseLost`;
- :mod:`euchre.storage.sql`: opening a database (SQLAlchemy), SQLite's settings, the
  migrations under a lock, the one transaction helper, errors told on one line with the
  password hidden;
- :mod:`euchre.storage.migrations`: the project's one Alembic history;
- :mod:`euchre.storage.games`: the server's tables' log; :mod:`euchre.storage.events`:
  the events; :mod:`euchre.storage.event_pages`: what the web adds to an event (its
  links, settings and online tables); :mod:`euchre.storage.accounts`: the accounts, their
  sessions and seats; :mod:`euchre.storage.ratings`: the ratings and the finished games
  of accounts; :mod:`euchre.storage.stats`: the player's statistics;
- :mod:`euchre.storage.leases`, :mod:`euchre.storage.limits`,
  :mod:`euchre.storage.locks`: what the server's processes share through the database
  (the leases and their secret, the rate limits, the advisory locks by name).

A middle-layer package: it imports nothing of euchre above it. No module outside it
builds or runs an SQL statement (``tests/test_one_storage_layer.py``).
"""

from euchre.storage.errors import LeaseLost, StorageError

__all__ = ["LeaseLost", "StorageError"]

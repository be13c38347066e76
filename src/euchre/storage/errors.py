"""The one error base of the storage layer: every failure to read or write the database
is a :class:`StorageError` (the message says what failed and why, on one line, the
password hidden).

The server raises it as it is; the events (:class:`euchre.events.errors.EventStorageError`)
and the terminal's statistics (:class:`euchre.cli.stats.StatsError`) raise subclasses that
are also their surface's own error, so that one ``except StorageError`` catches a storage
failure whichever surface it came from, and each surface's callers keep catching theirs.

Imports nothing (no SQLAlchemy): a caller may name the errors without opening a database.
"""

from __future__ import annotations


class StorageError(Exception):
    """The database refused or failed a write or a read (the message says which)."""


class LeaseLost(StorageError):
    """An event of a table whose lease this process no longer holds (another process
    runs the table now: :mod:`euchre.storage.leases`); nothing of it was stored."""

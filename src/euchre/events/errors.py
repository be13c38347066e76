"""The error of the events package: an event, a round or an entry that cannot be what was
asked (a table that does not exist, scores that do not add up, a round not yet seated).

It is a :class:`~euchre.core.errors.EuchreValueError`, so ``euchre event`` reports it on
one line like every other error a user can cause. A failure of the database is an
:class:`EventStorageError`: an EventError that is also the storage layer's
:class:`~euchre.storage.errors.StorageError`.
"""

from __future__ import annotations

from euchre.core.errors import EuchreValueError
from euchre.storage.errors import StorageError


class EventError(EuchreValueError):
    """An event, a round or an entry that cannot be what was asked; the message says what
    was wrong and what would have been right."""


class EventStorageError(EventError, StorageError):
    """The events' database refused or failed a write or a read (the message says which
    event and why): caught as an :class:`EventError` and as a storage failure."""

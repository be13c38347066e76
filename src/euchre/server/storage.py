"""The server's storage: the tables' log lives in the one storage layer
(:mod:`euchre.storage.games`: the tables ``euchre_table``, ``euchre_token``,
``euchre_event`` and the :class:`Store` that writes and reads them); this module names
what the server's modules use of it, and :func:`told`, what a client is told of a
storage failure.
"""

from __future__ import annotations

import logging

from sqlalchemy.exc import DBAPIError

from euchre.storage.games import (
    EventRow,
    Fence,
    LeaseLost,
    NewEvent,
    StorageError,
    Store,
    TableRow,
    events_table,
    metadata,
    tables_table,
    tokens_table,
)

__all__ = [
    "EventRow",
    "Fence",
    "LeaseLost",
    "NewEvent",
    "StorageError",
    "Store",
    "TableRow",
    "events_table",
    "metadata",
    "tables_table",
    "tokens_table",
    "told",
]

log = logging.getLogger("euchre.server")


def told(exc: BaseException) -> str:
    """What a client is told of a storage failure: a failure to reach the database (its
    cause the driver's error, whose words name the database's host and port) is told as
    "the database cannot be reached now; try again in a moment", and the whole message
    goes to the log only; any other (a log that does not replay, a table that is gone)
    as it is."""
    cause = exc.__cause__
    if isinstance(cause, (DBAPIError, OSError)) or type(cause).__module__.split(".")[0] in ("psycopg", "psycopg2",
                                                                                            "sqlite3"):
        log.warning("%s", exc)
        return "the database cannot be reached now; try again in a moment"
    return str(exc)

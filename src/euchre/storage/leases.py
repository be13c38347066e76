"""Which process runs each live table, when several ``euchre serve`` processes share one
PostgreSQL database (docs/server.md, "Many processes"): the leases' statements, and the
secret the processes show each other. The server's :mod:`euchre.server.cluster` says
what they mean for a request (forwarding, the lone SQLite server).

A table in play is run by exactly one process at a time: the one holding its **lease**,
a row of ``euchre_lease`` (:data:`euchre.storage.tables.lease_table`: table id, owner,
the owner's address, an epoch counting the changes of owner, and the moment it expires,
on the database's clock: every process compares leases on that one clock). The owner
renews its leases every :data:`RENEW_SECONDS`; a lease not renewed for
:data:`LEASE_SECONDS` (its process was killed, its machine lost, its network cut) may be
taken by any other process, whichever first asks for the table or finds it orphaned.

Why a lease row and not an advisory lock: an advisory lock lives as long as its
database connection, and a process cut off from the network keeps its connection (and
so the lock) in the database's eyes until TCP gives up, minutes later; a lease expires
on the database's clock in seconds whatever the network does, and its row can be read
by every process (who owns a table, at which address) for forwarding.

**Fencing.** A process that lost a lease without knowing it (stalled, cut off) must not
write: every batch of events is written in a transaction that first locks the batch's
lease rows ``FOR SHARE`` where this process is the owner (:meth:`Leases.held_in`); an
event of a table whose lease another process took is refused (:class:`LeaseLost`), and a
takeover waits for a write under way to commit, then replays the log including it.
So no acknowledged move is lost, and the ``(table_id, seq)`` key keeps any from being
doubled.

The owner's name is the process's name with a random suffix (``p1#3fa9c2d1``): a process
restarted under the same name does not mistake its dead predecessor's leases for its own.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import Engine, select, text
from sqlalchemy.engine import Connection

from euchre.storage.errors import LeaseLost, StorageError
from euchre.storage.sql import reading, transaction
from euchre.storage.tables import cluster_table

__all__ = ["ADOPT_BATCH", "ADOPT_SECONDS", "LEASE_SECONDS", "NO_TABLE", "RENEW_SECONDS", "LeaseLost", "Leases",
           "Owner", "cluster_secret", "owner_name"]

LEASE_SECONDS = 4.0
"""Seconds a lease lasts unless renewed: after a process dies, its tables wait this
long, at most, before another process may take them."""

RENEW_SECONDS = 1.0
"""Seconds between two renewals of a process's leases."""

ADOPT_SECONDS = 1.0
"""Seconds between two looks for orphaned leases (a process died) to take over."""

ADOPT_BATCH = 50
"""Orphaned tables one process takes in one look: the others take the rest."""


@dataclass(frozen=True)
class Owner:
    """Who holds a table's lease: ``name`` (with its suffix), ``url`` (where the other
    processes reach it) and ``expires_in`` (seconds; negative: expired)."""

    name: str
    url: str
    expires_in: float


NO_TABLE = Owner("", "", 0.0)
"""What :meth:`Leases.claim` answers for a table id that names no table."""


def owner_name(name: str) -> str:
    """A process's name in the leases: ``name#`` and 8 random hex digits (see the
    module's docstring)."""
    return f"{name[:48]}#{secrets.token_hex(4)}"


_HAND_OVER = ("UPDATE euchre_lease SET expires_at = 0 "
              "WHERE owner = :me AND (CAST(:ids AS text[]) IS NULL OR table_id = ANY(:ids))")
_RELEASE = "DELETE FROM euchre_lease WHERE owner = :me AND (CAST(:ids AS text[]) IS NULL OR table_id = ANY(:ids))"


class Leases:
    """The leases of one process on a PostgreSQL database. Every method is blocking
    (run it in a worker thread) and raises :class:`StorageError` when the database
    fails.

    Args:
        engine: the server's engine (PostgreSQL).
        name: this process's name (``--name``); the owner is :func:`owner_name` of it.
        url: where the other processes reach this one (``--advertise-url``).
        seconds: :data:`LEASE_SECONDS`.
    """

    shared = True
    """Leases are held in the database: several processes may serve it."""

    def __init__(self, engine: Engine, name: str, url: str, seconds: float = LEASE_SECONDS) -> None:
        self.engine = engine
        self.name = name
        self.owner = owner_name(name)
        self.url = url
        self.seconds = seconds

    def _run(self, what: str, statement: str, values: dict[str, object]) -> list[tuple[object, ...]]:
        """Run one statement in its own transaction; its rows (none for a statement that
        returns none).

        Raises:
            StorageError: the database failed (``WHAT failed: why``)."""
        with transaction(self.engine, what) as connection:
            result = connection.execute(text(statement), values)
            return [tuple(r) for r in result] if result.returns_rows else []

    def close(self) -> None:
        """Nothing to give back: the leases were handed over by the hub."""

    def claim(self, table_id: str) -> Owner | None:
        """Take the table's lease if nobody holds it (or its holder's has expired).

        Returns:
            None when this process holds it now, :data:`NO_TABLE` when there is no
            such table, else who holds it.
        """
        got = self._run(f"claiming table {table_id}", """
            INSERT INTO euchre_lease (table_id, owner, url, epoch, expires_at)
            SELECT CAST(:t AS varchar), CAST(:me AS varchar), CAST(:url AS text), 1,
                   extract(epoch from clock_timestamp()) + CAST(:s AS double precision)
            WHERE EXISTS (SELECT 1 FROM euchre_table WHERE id = CAST(:t AS varchar))
            ON CONFLICT (table_id) DO UPDATE SET owner = :me, url = :url, epoch = euchre_lease.epoch + 1,
                expires_at = extract(epoch from clock_timestamp()) + :s
            WHERE euchre_lease.owner = :me OR euchre_lease.expires_at < extract(epoch from clock_timestamp())
            RETURNING epoch""", {"t": table_id, "me": self.owner, "url": self.url, "s": self.seconds})
        if got:
            return None
        held = self.owner_of(table_id)
        if held is None:  # no such table, or released between the two statements
            exists = self._run(f"reading table {table_id}", "SELECT 1 FROM euchre_table WHERE id = :t", {"t": table_id})
            return self.claim(table_id) if exists else NO_TABLE
        return held

    def owner_of(self, table_id: str) -> Owner | None:
        """Who holds the table's lease (expired or not), or None: nobody."""
        found = self._run(f"reading the lease of table {table_id}",
                          "SELECT owner, url, expires_at - extract(epoch from clock_timestamp()) FROM euchre_lease WHERE table_id = :t",
                          {"t": table_id})
        if not found:
            return None
        owner, url, left = found[0]
        return Owner(str(owner), str(url), float(left))  # type: ignore[arg-type]

    def renew(self, table_ids: Iterable[str]) -> set[str]:
        """Extend this process's leases of these tables; returns those it still holds
        (a table missing from the answer was taken by another process)."""
        ids = sorted(set(table_ids))
        if not ids:
            return set()
        rows = self._run("renewing the leases", """
            UPDATE euchre_lease SET expires_at = extract(epoch from clock_timestamp()) + :s
            WHERE owner = :me AND table_id = ANY(:ids) RETURNING table_id""",
                         {"s": self.seconds, "me": self.owner, "ids": ids})
        return {str(r[0]) for r in rows}

    def release(self, table_ids: Iterable[str] | None = None, *, hand_over: bool = False) -> None:
        """Give up this process's leases of these tables (None: all of them).

        Args:
            hand_over: keep the rows, expired, so that another process takes the tables
                over at once (a graceful stop: their games go on elsewhere); otherwise
                the rows are deleted (a table unloaded for idleness: the next person to
                open it loads it wherever he is).
        """
        ids = None if table_ids is None else sorted(set(table_ids))
        if ids == []:
            return
        values: dict[str, object] = {"me": self.owner, "ids": ids}
        statement = _HAND_OVER if hand_over else _RELEASE
        self._run("handing over the leases" if hand_over else "releasing the leases", statement, values)

    def adopt(self, limit: int = ADOPT_BATCH) -> list[str]:
        """Take over up to ``limit`` tables whose lease has expired (their process died
        or handed them over): returns their ids, now this process's to load and run."""
        rows = self._run("taking over orphaned tables", """
            UPDATE euchre_lease SET owner = :me, url = :url, epoch = epoch + 1, expires_at = extract(epoch from clock_timestamp()) + :s
            WHERE table_id IN (SELECT table_id FROM euchre_lease WHERE expires_at < extract(epoch from clock_timestamp()) AND owner <> :me
                               ORDER BY expires_at LIMIT :n FOR UPDATE SKIP LOCKED)
            RETURNING table_id""", {"me": self.owner, "url": self.url, "s": self.seconds, "n": limit})
        return [str(r[0]) for r in rows]

    def held_in(self, connection: Connection, table_ids: Iterable[str]) -> set[str]:
        """Within a write transaction: those of these tables whose lease this process
        holds, their rows locked ``FOR SHARE`` until the transaction ends (a takeover
        waits for the write; see the module's docstring)."""
        ids = sorted(set(table_ids))
        rows = connection.execute(text(
            "SELECT table_id FROM euchre_lease WHERE owner = :me AND table_id = ANY(:ids) FOR SHARE"),
            {"me": self.owner, "ids": ids})
        return {str(r[0]) for r in rows}


def cluster_secret(engine: Engine) -> str:
    """The secret the processes of one database show each other (``euchre_cluster``,
    made by migration 0005): a forwarded websocket and a request of ``/internal/`` carry
    it, so that no client can pass for a process.

    Raises:
        StorageError: it cannot be read."""
    with reading(engine, "reading the cluster's secret") as connection:
        value = connection.execute(select(cluster_table.c.value).where(cluster_table.c.key == "secret")).scalar()
    if not value:
        raise StorageError("the database has no cluster secret (migration 0005 not run?)")
    return str(value)

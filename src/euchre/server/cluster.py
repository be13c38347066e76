"""Which process runs each live table, when several ``euchre serve`` processes share one
PostgreSQL database (docs/server.md, "Many processes").

A table in play is run by exactly one process at a time: the one holding its **lease**,
a row of ``euchre_lease`` (table id, owner, the owner's address, an epoch counting the
changes of owner, and the moment it expires, on the database's clock: every process
compares leases on that one clock). The owner renews
its leases every :data:`RENEW_SECONDS`; a lease not renewed for :data:`LEASE_SECONDS`
(its process was killed, its machine lost, its network cut) may be taken by any other
process, whichever first asks for the table or finds it orphaned.

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

On SQLite (one process, a person's laptop) there are no leases: :class:`SoleServer`
holds a lock file beside the database so that a second ``euchre serve`` on the same file
is refused with a clear error.
"""

from __future__ import annotations

import hmac
import os
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, text
from sqlalchemy.engine import Connection

from euchre.server.protocol import ProtocolError
from euchre.server.storage import LeaseLost, StorageError
from euchre.storage.sql import reason

if TYPE_CHECKING:
    from euchre.server.table import LiveTable

__all__ = ["CLUSTER_HEADER", "NO_TABLE", "Elsewhere", "LeaseLost", "Leases", "Owner", "OwnerGone", "SoleServer", "Unlocked",
           "ask_owner", "cluster_secret", "owner_name", "run_op", "shows_secret", "whoami"]

CLUSTER_HEADER = "x-euchre-cluster"
"""The header with which one server process shows another the cluster's secret."""

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


class Elsewhere(Exception):
    """The table is run by another process, :attr:`owner`."""

    def __init__(self, table_id: str, owner: Owner) -> None:
        super().__init__(f"table {table_id} is run by {owner.name} at {owner.url}")
        self.table_id = table_id
        self.owner = owner


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
        try:
            with self.engine.begin() as connection:
                result = connection.execute(text(statement), values)
                return [tuple(r) for r in result] if result.returns_rows else []
        except Exception as exc:
            raise StorageError(f"{what} failed: {reason(exc)}") from exc

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


class SoleServer:
    """The one process serving an SQLite database: every table is its own, no lease is
    stored, and a lock file beside the database refuses a second process.

    Args:
        database: the SQLite file's path.
        name: this process's name (for the metrics and logs).
    """

    shared = False

    def __init__(self, database: str, name: str = "euchre") -> None:
        from filelock import FileLock

        self.name = name
        self.owner = name
        self.url = ""
        # Beside the file itself: a symbolic link to it (or another spelling of its
        # path) names the same lock. (A hard link does not: it is another name of the
        # same file that no path reveals; docs/server.md says so.)
        self.path = Path(os.path.realpath(database) + ".serve-lock")
        self._lock = FileLock(str(self.path))

    def open(self) -> None:
        """Take the lock file.

        Raises:
            StorageError: another process serves this database."""
        from filelock import Timeout

        if not self.path.parent.is_dir():  # the lock must not make the folder: the database would then open
            raise StorageError(f"cannot connect to the database {self.path.name[:-len('.serve-lock')]}: unable to "
                               f"open database file (its folder {self.path.parent} does not exist)")
        try:
            self._lock.acquire(timeout=0)
        except Timeout:
            raise StorageError(
                f"another euchre serve process serves {self.path.name[:-len('.serve-lock')]} already: an SQLite "
                "database is served by one process; to run several, use PostgreSQL (--db postgresql+psycopg://...; "
                "docs/server.md, \"Many processes\")") from None
        except OSError as exc:
            raise StorageError(f"cannot take the lock file {self.path}: {exc}") from None

    def close(self) -> None:
        """Give the lock file back."""
        self._lock.release()

    def claim(self, table_id: str) -> Owner | None:
        """Every table is this process's."""
        return None

    def owner_of(self, table_id: str) -> Owner | None:
        return None

    def renew(self, table_ids: Iterable[str]) -> set[str]:
        return set(table_ids)

    def release(self, table_ids: Iterable[str] | None = None, *, hand_over: bool = False) -> None:
        return None

    def adopt(self, limit: int = ADOPT_BATCH) -> list[str]:
        return []


def shows_secret(shown: str | None, secret: str) -> bool:
    """Whether a request's ``x-euchre-cluster`` header is the cluster's secret: compared
    in constant time as UTF-8 bytes (any text a client sends, non-ASCII too, is just
    not the secret); never true without a secret (SQLite: one process)."""
    if not shown or not secret:
        return False
    return hmac.compare_digest(shown.encode("utf-8", "surrogateescape"), secret.encode("utf-8"))


def cluster_secret(engine: Engine) -> str:
    """The secret the processes of one database show each other (``euchre_cluster``,
    made by migration 0005): a forwarded websocket and a request of ``/internal/`` carry
    it, so that no client can pass for a process.

    Raises:
        StorageError: it cannot be read."""
    try:
        with engine.connect() as connection:
            value = connection.execute(text("SELECT value FROM euchre_cluster WHERE key = 'secret'")).scalar()
    except Exception as exc:
        raise StorageError(f"reading the cluster's secret failed: {reason(exc)}") from exc
    if not value:
        raise StorageError("the database has no cluster secret (migration 0005 not run?)")
    return str(value)


class Unlocked(SoleServer):
    """A sole server without a lock file (an app made by a test, on a database of its
    own)."""

    def __init__(self) -> None:
        self.name = self.owner = "euchre"
        self.url = ""

    def open(self) -> None:
        return None

    def close(self) -> None:
        return None


class OwnerGone(Exception):
    """The process that runs a table did not answer (it is down, or the network)."""


def ask_owner(url: str, secret: str, table_id: str, op: str, data: dict[str, Any]) -> dict[str, Any]:
    """Ask the process at ``url`` to carry out ``op`` on a table (blocking):
    ``POST {url}/internal/tables/{id}/{op}`` with the cluster's secret.

    Returns:
        its answer (``{"done": bool}``).

    Raises:
        OwnerGone: it did not answer, or no longer runs the table (409 ``elsewhere``).
        ProtocolError: it refused (the table's code and message)."""
    import json
    import urllib.error
    import urllib.request

    if not url.startswith(("http://", "https://")):
        raise OwnerGone(f"{url!r} is no server's address")
    request = urllib.request.Request(  # noqa: S310 - http(s) only, the owner's address from the database
        f"{url.rstrip('/')}/internal/tables/{table_id}/{op}", data=json.dumps(data).encode(), method="POST",
        headers={"content-type": "application/json", CLUSTER_HEADER: secret})
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:  # noqa: S310 - the owner's address, from the database
            made: dict[str, Any] = json.loads(answer.read())
            return made
    except urllib.error.HTTPError as exc:
        try:
            body = json.loads(exc.read())["error"]
        except Exception:
            raise OwnerGone(f"{url} answered {exc.code}") from None
        if body.get("code") == "elsewhere":
            raise OwnerGone(str(body.get("message"))) from None
        raise ProtocolError(str(body.get("code")), str(body.get("message"))) from None
    except (OSError, ValueError) as exc:
        raise OwnerGone(f"{url}: {exc}") from None


def whoami(url: str, secret: str) -> str | None:
    """The owner name of the process answering ``GET {url}/internal/whoami`` with the
    cluster's secret (blocking, 2 s at most), or None: nobody, or not one of ours."""
    import json
    import urllib.error
    import urllib.request

    if not url.startswith(("http://", "https://")):
        return None
    request = urllib.request.Request(  # noqa: S310 - http(s) only, this process's own address
        f"{url.rstrip('/')}/internal/whoami", headers={CLUSTER_HEADER: secret})
    try:
        with urllib.request.urlopen(request, timeout=2) as answer:  # noqa: S310 - as above
            owner = json.loads(answer.read()).get("owner")
    except (OSError, ValueError, AttributeError):
        return None
    return owner if isinstance(owner, str) else None


async def run_op(table: LiveTable, op: str, data: dict[str, Any]) -> dict[str, Any]:
    """Carry out an op of :meth:`Hub.on_owner` on a table run here.

    Raises:
        ProtocolError: the table refused, or ``bad_request`` for an unknown op."""
    from euchre.server.connection import Connection

    if op == "start":
        await table.start(Connection(0, 4), None)
        return {"done": True}
    if op == "stop":
        why = data.get("why")
        if not isinstance(why, str) or not why:
            raise ProtocolError("bad_request", "stop needs why: a text")
        return {"done": await table.stop(why)}
    raise ProtocolError("bad_request", f"no such operation {op!r}; operations: start, stop")

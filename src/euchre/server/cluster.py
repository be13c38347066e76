"""Which process runs each live table, as the server sees it (docs/server.md, "Many
processes"): the leases themselves (their rows, their statements, the fencing of
writes, the cluster's secret) are the storage layer's, :mod:`euchre.storage.leases`,
re-exported here; this module keeps what they mean for a request: a table run
elsewhere (:class:`Elsewhere`), asking its owner to act (:func:`ask_owner`,
:func:`run_op`), the secret shown in a header (:func:`shows_secret`), and the lone
SQLite server.

On SQLite (one process, a person's laptop) there are no leases: :class:`SoleServer`
holds a lock file beside the database so that a second ``euchre serve`` on the same file
is refused with a clear error.
"""

from __future__ import annotations

import hmac
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from euchre.server.protocol import ProtocolError
from euchre.storage.errors import LeaseLost, StorageError
from euchre.storage.leases import (
    ADOPT_BATCH,
    ADOPT_SECONDS,
    LEASE_SECONDS,
    NO_TABLE,
    RENEW_SECONDS,
    Leases,
    Owner,
    cluster_secret,
    owner_name,
)

if TYPE_CHECKING:
    from euchre.server.table import LiveTable

__all__ = [
    "ADOPT_BATCH",
    "ADOPT_SECONDS",
    "CLUSTER_HEADER",
    "LEASE_SECONDS",
    "NO_TABLE",
    "RENEW_SECONDS",
    "Elsewhere",
    "LeaseLost",
    "Leases",
    "Owner",
    "OwnerGone",
    "SoleServer",
    "Unlocked",
    "ask_owner",
    "cluster_secret",
    "owner_name",
    "run_op",
    "shows_secret",
    "whoami",
]


class Elsewhere(Exception):
    """The table is run by another process, :attr:`owner`."""

    def __init__(self, table_id: str, owner: Owner) -> None:
        super().__init__(f"table {table_id} is run by {owner.name} at {owner.url}")
        self.table_id = table_id
        self.owner = owner


CLUSTER_HEADER = "x-euchre-cluster"
"""The header with which one server process shows another the cluster's secret."""


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

"""The tables of a server: creating them, opening them by invite token, loading them
from storage on first use.

A table is created with its rules, bot level and seed, and an invite token per seat and
one for spectators from :func:`secrets.token_urlsafe`; only their SHA-256 is stored. A
table is loaded into memory (replaying its log) the first time a token of it is used or
its record is asked for, and unloaded again once it has had no connection for
``idle_seconds`` (its bots stop; the next use loads it where it was).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import anyio.to_thread

from euchre.server.cluster import (
    ADOPT_SECONDS,
    NO_TABLE,
    RENEW_SECONDS,
    Elsewhere,
    Leases,
    OwnerGone,
    SoleServer,
    Unlocked,
    ask_owner,
    run_op,
    whoami,
)
from euchre.server.config import ServerConfig
from euchre.server.protocol import MAX_TOKEN_CHARS, ProtocolError
from euchre.server.search import SearchPool
from euchre.server.storage import StorageError, Store, TableRow, told
from euchre.server.table import LiveTable
from euchre.server.table_requests import (
    MAX_SEED,
    TABLE_ID_BYTES,
    TOKEN_BYTES,
    CreateError,
    rules_from_request,
    settings_from_request,
    token_hash,
)
from euchre.server.writer import EventWriter

log = logging.getLogger("euchre.server")

PEEKED = 64
"""Copies of tables run elsewhere (or nowhere) kept for reading (:meth:`Hub.peek`)."""


class Renewer(threading.Thread):
    """Renews a hub's leases every :data:`~euchre.server.cluster.RENEW_SECONDS` in a
    thread of its own, so that a busy event loop (a machine short of CPU, a long
    collection) does not let its tables' leases expire and move them to another process:
    only a process that is really stopped (killed, frozen, cut off) loses them. A table
    whose lease another process took is dropped on the event loop.

    Args:
        hub: the hub whose tables' leases to renew.
        loop: the hub's event loop.
    """

    def __init__(self, hub: Hub, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(name="euchre-lease-renewer", daemon=True)
        self.hub = hub
        self.loop = loop
        self._halt = threading.Event()

    def halt(self) -> None:
        """Stop after the renewal under way."""
        self._halt.set()

    def run(self) -> None:
        leases = self.hub.leases
        while not self._halt.wait(RENEW_SECONDS):
            try:
                running = dict(self.hub.tables)  # one C-level copy: the loop cannot change it meanwhile
            except RuntimeError:  # pragma: no cover - changed during the copy: next time
                continue
            try:
                held = leases.renew(list(running))
            except StorageError as exc:  # the database away: the leases expire, the writes are fenced
                log.warning("%s", exc)
                continue
            lost = [table for table_id, table in running.items() if table_id not in held]
            if lost and not self._halt.is_set():
                with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                    self.loop.call_soon_threadsafe(self._drop_all, lost)

    def _drop_all(self, tables: list[LiveTable]) -> None:
        for table in tables:  # the same object still run here (not unloaded and loaded again since)
            self.loop.create_task(self.hub._drop(table, "its lease was taken"), name=f"euchre-drop-{table.id}")


class Hub:
    """The server's tables: those this process runs, each loaded once.

    With several processes on one database (PostgreSQL), a table is run by the process
    holding its lease (:mod:`euchre.server.cluster`): :meth:`get` claims it, or raises
    :class:`~euchre.server.cluster.Elsewhere` naming the process that runs it; a keeper
    task renews this process's leases, drops the tables another process took, and takes
    over the tables of a process that died.

    Args:
        store: the storage (migrated).
        config: the server's limits.
        clock: a monotonic clock in seconds, handed to each table.
        leases: who runs which table: :class:`~euchre.server.cluster.Leases` (several
            processes, PostgreSQL) or :class:`~euchre.server.cluster.SoleServer` (one,
            SQLite); default: a sole server without a lock file (tests).
    """

    def __init__(self, store: Store, config: ServerConfig, clock: Callable[[], float] = time.monotonic,
                 leases: Leases | SoleServer | None = None) -> None:
        self.store = store
        self.config = config
        self.clock = clock
        self.leases: Leases | SoleServer = Unlocked() if leases is None else leases
        if isinstance(self.leases, Leases):
            store.fence = self.leases.held_in
        self.tables: dict[str, LiveTable] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._keeper: asyncio.Task[None] | None = None
        self._renewer: Renewer | None = None
        self.writer = EventWriter(store)  # one for all tables: their events are stored in batches
        self.search = SearchPool(config.search_workers, config.search_queue)  # hints and search bots, for all tables
        self._load_lock = asyncio.Lock()
        self.takeovers = 0
        """Tables this process took over from another (a process died or handed them over)."""
        self._peeked: dict[str, LiveTable] = {}  # copies read by peek, oldest first
        self.reachable = not isinstance(self.leases, Leases)
        """Whether the other processes reach this one at its ``--advertise-url``
        (checked at start: :meth:`check_reachable_once`); always on SQLite."""
        self._reached = asyncio.Event()
        self.secret = ""
        """The cluster's secret (:func:`euchre.server.cluster.cluster_secret`), read at start."""

    async def create(self, body: Any) -> dict[str, Any]:
        """Create a table from a request body (see :func:`rules_from_request`).

        Returns:
            ``{"table": id, "seats": {"N": token, ...}, "spectator": token, "titles": {"N": "North", ...},
            "preset": name | null, "target": points, "bots": level, "host": seat letter | null,
            "timer": seconds, "hints": bool, "seeded": bool}``; the tokens are shown this
            once (only their hashes are stored).

        Raises:
            CreateError: the request was refused, or the table could not be stored.
        """
        rules, name, level, seed = rules_from_request(body, self.config.max_target)
        settings = settings_from_request(body, rules)
        row = TableRow(id=secrets.token_urlsafe(TABLE_ID_BYTES), created_at=time.time(), preset=name,
                       rules=rules.to_dict(), bot_level=level,
                       seed=secrets.randbelow(MAX_SEED) if seed is None else seed, status="lobby")
        shape = rules.table
        seats = {shape.letters[s]: secrets.token_urlsafe(TOKEN_BYTES) for s in range(shape.seats)}
        spectator = secrets.token_urlsafe(TOKEN_BYTES)
        tokens: list[tuple[str, int | None]] = [(token_hash(t), shape.letters.index(k)) for k, t in seats.items()]
        tokens.append((token_hash(spectator), None))
        try:
            await anyio.to_thread.run_sync(self.store.create_table, row, tokens, [("settings", None, settings)])
        except StorageError as exc:
            raise CreateError("storage_error", told(exc)) from None
        return {"table": row.id, "seats": seats, "spectator": spectator, "preset": name,
                "titles": dict(zip(shape.letters, shape.titles, strict=True)),
                "target": rules.game_target, "bots": level,
                "host": None if settings["host"] is None else shape.letters[settings["host"]],
                "timer": settings["timer"], "hints": settings["hints"], "seeded": settings["seeded"]}

    async def get(self, table_id: str) -> LiveTable | None:
        """The table with this id, run by this process: loaded (and its bots started)
        on first use, its lease claimed first where processes share the database; None
        when there is no such table.

        Raises:
            Elsewhere: another process runs the table (its lease has not expired).
            StorageError: the table could not be read or its log does not replay, or
                the database could not be asked.
        """
        table = self.tables.get(table_id)
        if table is not None:
            table.last_active = self.clock()  # no await before the caller attaches: it cannot be unloaded meanwhile
            return table
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is not None:
                table.last_active = self.clock()
                return table
            await self._check_reachable()
            owner = await anyio.to_thread.run_sync(self.leases.claim, table_id)
            if owner is NO_TABLE:
                return None
            if owner is not None:
                raise Elsewhere(table_id, owner)
            return await self._load(table_id)

    async def _load(self, table_id: str) -> LiveTable | None:
        """Load a table whose lease this process holds (the caller holds the load lock),
        start its bots and keep it; None (the lease given back) when there is no such
        table.

        Raises:
            StorageError: it could not be read or does not replay (the lease given back)."""
        try:
            found = await anyio.to_thread.run_sync(self.store.load, table_id)
            if found is None:
                raise StorageError(f"table {table_id} is gone")
            row, events = found
            table = LiveTable.restore(row, events, self.store, self.config, self.clock, self.writer, self.search)
        except StorageError:
            with contextlib.suppress(StorageError):
                await anyio.to_thread.run_sync(self.leases.release, [table_id])
            raise
        table.on_lost = partial(self._lost, table)
        table.start_driver()
        self.tables[table_id] = table
        loop = asyncio.get_running_loop()
        if self._sweeper is None:
            self._sweeper = loop.create_task(self._sweep(), name="euchre-idle-tables")
        return table

    async def peek(self, table_id: str) -> LiveTable | None:
        """The table as stored, to read (a finished game's record, its status): the
        running one where this process runs it, else a copy replayed from the log (in a
        worker thread) that plays nothing; the last :data:`PEEKED` copies are kept while
        their log has not grown, so that the records and replays of a finished table cost
        one count of its events. None when there is no such table.

        Raises:
            StorageError: it could not be read or does not replay."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        kept = self._peeked.get(table_id)
        if kept is not None and kept.seq == await anyio.to_thread.run_sync(self.store.count_events, table_id):
            return kept
        found = await anyio.to_thread.run_sync(self.store.load, table_id)
        if found is None:
            return None
        row, events = found
        table = await anyio.to_thread.run_sync(
            partial(LiveTable.restore, row, events, self.store, self.config, self.clock, self.writer, self.search))
        self._peeked.pop(table_id, None)
        self._peeked[table_id] = table
        while len(self._peeked) > PEEKED:
            self._peeked.pop(next(iter(self._peeked)))
        return table

    async def on_owner(self, table_id: str, op: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
        """Carry out ``op`` on the table where it is run: here when this process runs
        it (or may claim it), else by asking its owner (``POST /internal/tables/ID/OP``
        with the cluster's secret). An owner that does not answer is asked again until
        its lease expires and the table is claimed here.

        Args:
            op: ``start`` (bots take the seats nobody opened) or ``stop`` (``data``:
                ``{"why": text}``; the game is over, its hands so far scored).

        Returns:
            ``{"done": bool}`` (``stop``: False when the game was over already).

        Raises:
            ProtocolError: the table refused (``no_table`` when there is none, the
                table's own refusals), or ``unavailable`` when nobody could carry it
                out in :data:`~euchre.server.cluster.LEASE_SECONDS` and a few more.
        """
        deadline = self.clock() + 2 * self.leases_seconds + 5
        while True:
            try:
                table = await self.get(table_id)
            except Elsewhere as away:
                try:
                    return await anyio.to_thread.run_sync(partial(ask_owner, away.owner.url, self.secret,
                                                                  table_id, op, data or {}))
                except OwnerGone:
                    if self.clock() > deadline:
                        raise ProtocolError("unavailable", f"the server running table {table_id} does not "
                                                           "answer; try again in a moment") from None
                    await asyncio.sleep(0.25)
                    continue
            except StorageError as exc:
                raise ProtocolError("unavailable", told(exc)) from None
            if table is None:
                raise ProtocolError("no_table", "no such table")
            return await run_op(table, op, data or {})

    @property
    def leases_seconds(self) -> float:
        """Seconds a lease lasts (0 without shared leases)."""
        return self.leases.seconds if isinstance(self.leases, Leases) else 0.0

    def _lost(self, table: LiveTable) -> None:
        """A write of the table showed it no longer matches its log (another process runs
        it now, or the log is ahead of it). Drop it here (its connections are told to
        reconnect, and reach the table read again from its log)."""
        asyncio.get_running_loop().create_task(self._drop(table, "lost"), name=f"euchre-drop-{table.id}")

    async def _drop(self, table: LiveTable, why: str) -> None:
        """Stop running a table another process took: its bots stop, its connections
        are closed with 1012 so that the pages reconnect and reach the new owner."""
        if self.tables.get(table.id) is not table:
            return
        del self.tables[table.id]
        log.warning("table %s: dropped (%s); its connections reconnect to it as its log has it", table.id, why)
        for conn in table.connections:
            conn.move()
        await table.stop_driver()

    async def unload_idle(self) -> list[str]:
        """Unload every table that has had no connection for ``idle_seconds``: stop its
        bots, give back its lease and forget it (its log is the truth; the next use
        loads it again). Returns the ids unloaded."""
        now = self.clock()
        gone = []
        async with self._load_lock:
            for table_id, table in list(self.tables.items()):
                if not table.connections and now - table.last_active >= self.config.idle_seconds:
                    del self.tables[table_id]
                    await table.stop_driver()
                    gone.append(table_id)
            if gone:
                with contextlib.suppress(StorageError):  # not given back: it expires
                    await anyio.to_thread.run_sync(self.leases.release, gone)
        return gone

    async def _sweep(self) -> None:
        """Unload idle tables, every quarter of ``idle_seconds`` (at most once a minute)."""
        while True:
            await asyncio.sleep(max(0.05, min(60.0, self.config.idle_seconds / 4)))
            await self.unload_idle()

    def start_keeper(self) -> None:
        """Start renewing this process's leases and taking over orphaned tables (only
        where processes share the database; called once the app runs), after checking
        that the other processes can reach this one (:meth:`check_reachable_once`)."""
        if isinstance(self.leases, Leases) and self._keeper is None:
            self._keeper = asyncio.get_running_loop().create_task(self._keep(), name="euchre-leases")

    async def _check_reachable(self) -> None:
        """Claim nothing before the other processes can reach this one at its
        ``--advertise-url`` (they would wait for its tables in vain): wait a few seconds
        for the first check.

        Raises:
            StorageError: this process is not (yet) reachable; the client is told the
                table cannot be reached now and comes back (to another process: the
                balancer keeps this one out of its pool while ``/readyz`` says so)."""
        if not isinstance(self.leases, Leases) or self.reachable:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._reached.wait(), timeout=5.0)
        if not self.reachable:
            raise StorageError(f"this server process cannot be reached at its --advertise-url {self.leases.url}: "
                               "it runs no table")

    async def check_reachable_once(self) -> bool:
        """Ask ``GET {advertise-url}/internal/whoami`` with the cluster's secret: True
        when this very process answers (its owner name), which is then :attr:`reachable`.
        An empty ``--advertise-url`` (an app made in code, not by ``euchre serve``) is
        taken as reachable: nobody can forward to it, and nobody is told otherwise."""
        if not isinstance(self.leases, Leases):
            return True
        if not self.leases.url:
            self.reachable = True
        else:
            self.reachable = await anyio.to_thread.run_sync(partial(whoami, self.leases.url, self.secret)) \
                == self.leases.owner
        if self.reachable:
            self._reached.set()
        return self.reachable

    async def _keep(self) -> None:
        """Once the other processes reach this one: renew the leases of the tables run
        here in a thread (:class:`Renewer`), and every
        :data:`~euchre.server.cluster.ADOPT_SECONDS` take over the tables whose lease
        expired."""
        waited = 0.0
        while not await self.check_reachable_once():
            if waited >= 10.0 and waited < 10.5:
                log.error("this server process cannot be reached at its --advertise-url %s (no answer of its own "
                          "there): it runs no table and /readyz says so; fix --advertise-url", self.leases.url)
            await asyncio.sleep(0.5 if waited < 10 else 5.0)
            waited += 0.5 if waited < 10 else 5.0
        self._renewer = Renewer(self, asyncio.get_running_loop())
        self._renewer.start()
        while True:
            try:
                await self.adopt_once()
            except asyncio.CancelledError:
                raise
            except StorageError as exc:  # the database away: the leases expire, the writes are fenced
                log.warning("%s", exc)
            except Exception:
                log.exception("taking over orphaned tables failed")
            await asyncio.sleep(ADOPT_SECONDS)

    async def adopt_once(self) -> None:
        """Take over the tables whose lease expired (their process died or handed them
        over), load and run them."""
        adopted = await anyio.to_thread.run_sync(self.leases.adopt)
        for table_id in adopted:
            async with self._load_lock:
                if table_id in self.tables:
                    continue
                try:
                    if await self._load(table_id) is not None:
                        self.takeovers += 1
                        log.info("table %s: taken over (its process stopped or died)", table_id)
                except StorageError as exc:
                    log.error("table %s: could not be taken over: %s", table_id, exc)

    async def find(self, token: str) -> tuple[str, int | None]:
        """The table id and seat (None: spectator) an invite token opens.

        Raises:
            ProtocolError: ``bad_token`` (no such token) or ``unavailable`` (the
                database cannot be read)."""
        if not 1 <= len(token) <= MAX_TOKEN_CHARS:
            raise ProtocolError("bad_token", "that is not an invite token")
        try:
            found = await anyio.to_thread.run_sync(self.store.find_token, token_hash(token))
        except StorageError as exc:
            raise ProtocolError("unavailable", f"the table cannot be loaded: {told(exc)}") from None
        if found is None:
            raise ProtocolError("bad_token", "this invite link opens no table")
        return found

    async def close(self) -> None:
        """Stop every table's bots and connection writers and the search workers, then
        hand the tables' leases over (another process takes them at once)."""
        for task in (self._sweeper, self._keeper):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._sweeper = self._keeper = None
        if self._renewer is not None:
            self._renewer.halt()
            await anyio.to_thread.run_sync(self._renewer.join, 5.0)
            self._renewer = None
        for table in list(self.tables.values()):
            for conn in table.connections:
                conn.move()
            await table.stop_driver()
        self.tables.clear()
        self.search.close()
        with contextlib.suppress(StorageError):  # not handed over: the leases expire
            await anyio.to_thread.run_sync(partial(self.leases.release, None, hand_over=True))

"""Rate limits counted in the database, for every process of the server together.

A :class:`SharedLimits` is a token bucket per key (a client address, a name, an account)
kept as one row of ``euchre_limit`` (:data:`euchre.storage.tables.limit_table`, made by
migration ``versions/0005_many_processes.py``):
``tokens`` left at the time ``at``. It counts as :class:`euchre.server.protocol.RateLimiter`
does in one process's memory: ``burst`` at once, refilled at ``rate`` a second, never
above ``burst``; a refund gives back the token of a request that made nothing; a refused
take says how many whole seconds until the next token (``Retry-After``). Several
processes, on one machine or many, taking from the same key at the same moment never
let more through than one bucket would: each take is one statement that reads and
writes the row under the database's row lock (PostgreSQL ``INSERT ... ON CONFLICT DO
UPDATE``, SQLite the same statement under its single writer).

Time is wall-clock seconds since the epoch (``time.time``), not a monotonic clock: the
processes may run on different machines, and only the wall clock is common to them. A
clock behind the others' never takes tokens away (time never runs backwards for a
bucket: its ``at`` only moves forward); a clock ahead refills its own takes early by as
much as it is ahead, so keep the machines' clocks synchronised (NTP).

A key with no row is a full bucket. Now and then (every :data:`SWEEP_SECONDS` of the
clock, per object) the rows of this kind whose bucket is full again are deleted, so that
the table does not grow with every address ever seen.

Every method blocks (it talks to the database): async code calls it from a worker
thread (``anyio.to_thread.run_sync``).
"""

from __future__ import annotations

import hashlib
import math
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Engine, case, delete, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from euchre.storage.errors import StorageError
from euchre.storage.sql import reason, transaction
from euchre.storage.tables import limit_table

__all__ = ["KIND", "PLAIN_KEY", "SWEEP_SECONDS", "SharedLimits", "Taken", "limit_table"]

SWEEP_SECONDS = 60.0
"""Seconds between two deletions of full buckets (per :class:`SharedLimits` object)."""

KIND = re.compile(r"[a-z][a-z0-9_-]{0,31}")
"""What a kind of limit may be called (it starts every key of the kind)."""

PLAIN_KEY = re.compile(r"[!-\"$-~][ -~]{0,149}")
"""A key stored as it is: 1 to 150 printable ASCII characters, not starting with ``#``
or a space. Any other (a long name, a name with letters beyond ASCII, a NUL, which
PostgreSQL refuses in text) is stored as ``#`` and its SHA-256."""


@dataclass(frozen=True)
class Taken:
    """The answer of :meth:`SharedLimits.take`.

    Attributes:
        allowed: True when a token was taken (the request may go on).
        wait: when refused, the whole seconds until the next token, at least 1 (for a
            ``Retry-After`` header); 0 when allowed.
    """

    allowed: bool
    wait: int


class SharedLimits:
    """Token buckets of one kind, one per key, shared through the database by every
    process (see the module docstring).

    Args:
        engine: the server's database (with migration 0005's ``euchre_limit``).
        kind: the kind of limit (``create``, ``login``, ``register``: a lower-case word,
            see :data:`KIND`); it starts every key, so that kinds with different rates
            never share a bucket.
        rate: tokens a second refilled (> 0), e.g. ``20 / 60`` for 20 a minute.
        burst: the bucket's size (>= 1): requests allowed at once.
        clock: wall-clock seconds since the epoch (``time.time``; a test passes its own).
            Not a monotonic clock: the processes sharing the buckets may be on different
            machines.

    Raises:
        ValueError: a kind, rate or burst out of those bounds (a programming error, not
            a client's input).
    """

    def __init__(self, engine: Engine, kind: str, rate: float, burst: int,
                 clock: Callable[[], float] = time.time) -> None:
        if not KIND.fullmatch(kind):
            raise ValueError(f"a limit's kind is a lower-case word of up to 32 letters, digits, - and _, not {kind!r}")
        if not (isinstance(rate, (int, float)) and math.isfinite(rate) and rate > 0):
            raise ValueError(f"a limit's rate is tokens a second above 0, not {rate!r}")
        if type(burst) is not int or burst < 1:
            raise ValueError(f"a limit's burst is a whole number of tokens, at least 1, not {burst!r}")
        self.engine = engine
        self.kind = kind
        self.rate = float(rate)
        self.burst = burst
        self.clock = clock
        self._upsert: Any = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}.get(engine.dialect.name)
        self._swept: float | None = None
        self._sweep_lock = threading.Lock()

    # ------------------------------------------------------------------ the public methods
    def stored_key(self, key: str) -> str:
        """The row's key for ``key``: ``KIND:KEY``, or ``KIND:#`` and the key's SHA-256
        (hex) when the key is not plain (see :data:`PLAIN_KEY`)."""
        if PLAIN_KEY.fullmatch(key):
            return f"{self.kind}:{key}"
        return f"{self.kind}:#{hashlib.sha256(key.encode('utf-8', 'surrogatepass')).hexdigest()}"

    def take(self, key: str) -> Taken:
        """Take one token of ``key``'s bucket: allowed, or refused with the seconds to
        wait. A refused take changes nothing.

        Raises:
            StorageError: the database could not be read or written (nothing taken).
        """
        now = float(self.clock())
        stored = self.stored_key(key)
        try:
            allowed = self._take_upsert(stored, now) if self._upsert is not None else self._take_portable(stored, now)
            wait = 0 if allowed else self._wait(stored, now)
        except SQLAlchemyError as exc:
            raise StorageError(f"the rate limits could not be read or written: {reason(exc)}") from exc
        self._maybe_sweep(now)
        return Taken(allowed, wait)

    def allow(self, key: str) -> bool:
        """Take one token of ``key``'s bucket: True when the request may go on, False
        when it is over the limit (as :meth:`take`, without the wait).

        Raises:
            StorageError: the database could not be read or written.
        """
        return self.take(key).allowed

    def refund(self, key: str) -> None:
        """Give back the token of an allowed request that made nothing (refused as bad
        input), never above ``burst``: only what was done counts against the limit.

        Raises:
            StorageError: the database could not be written.
        """
        t = limit_table
        refilled = t.c.tokens + 1.0
        with transaction(self.engine, "writing the rate limits") as connection:
            connection.execute(update(t).where(t.c.key == self.stored_key(key))
                               .values(tokens=case((refilled < self.burst, refilled), else_=float(self.burst))))

    def sweep(self, now: float | None = None) -> int:
        """Delete the rows of this kind whose bucket is full again at ``now`` (default
        the clock's time): a key without a row is a full bucket. Returns how many.

        Raises:
            StorageError: the database could not be written.
        """
        at = float(self.clock()) if now is None else now
        t = limit_table
        with transaction(self.engine, "writing the rate limits") as connection:
            gone = connection.execute(delete(t).where(
                t.c.key.startswith(f"{self.kind}:", autoescape=True)
                & (t.c.tokens + (at - t.c.at) * self.rate >= self.burst)))
        return int(gone.rowcount or 0)

    # ------------------------------------------------------------------ the statements
    def _refilled(self, now: float) -> ColumnElement[float]:
        """The row's tokens at ``now``: refilled for the time since ``at`` (none when
        ``at`` is later, by another machine's clock), at most ``burst``."""
        t = limit_table
        elapsed = case((t.c.at < now, now - t.c.at), else_=0.0)
        tokens = t.c.tokens + elapsed * self.rate
        return case((tokens < self.burst, tokens), else_=float(self.burst))

    def _moved_at(self, now: float) -> ColumnElement[float]:
        """The row's new ``at``: ``now``, unless the row's is later (it never goes back,
        so that time a clock ahead counted is not counted twice)."""
        t = limit_table
        return case((t.c.at < now, now), else_=t.c.at)

    def _take_upsert(self, stored: str, now: float) -> bool:
        """One statement: a new key's row made with ``burst - 1`` tokens, or an existing
        row refilled and one token taken, only where one is left (the database's row
        lock orders concurrent takes). True when a token was taken."""
        t = limit_table
        refilled = self._refilled(now)
        statement = self._upsert(t).values(key=stored, tokens=float(self.burst - 1), at=now)
        statement = statement.on_conflict_do_update(
            index_elements=[t.c.key], set_={"tokens": refilled - 1.0, "at": self._moved_at(now)},
            where=refilled >= 1.0).returning(t.c.tokens)
        with self.engine.begin() as connection:
            return connection.execute(statement).first() is not None

    def _take_portable(self, stored: str, now: float) -> bool:
        """The same for a database without ``ON CONFLICT``: a conditional update (atomic
        under the row lock); for a key without a row, an insert, and when another process
        inserted it first, the update once more."""
        t = limit_table
        refilled = self._refilled(now)
        take = (update(t).where((t.c.key == stored) & (refilled >= 1.0))
                .values(tokens=refilled - 1.0, at=self._moved_at(now)))
        with self.engine.begin() as connection:
            if connection.execute(take).rowcount == 1:
                return True
            if connection.execute(select(t.c.key).where(t.c.key == stored)).first() is not None:
                return False  # the row is there: its bucket is empty
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(t).values(key=stored, tokens=float(self.burst - 1), at=now))
            return True
        except IntegrityError:  # made meanwhile by another process: take from it
            with self.engine.begin() as connection:
                return bool(connection.execute(take).rowcount == 1)

    def _wait(self, stored: str, now: float) -> int:
        """Whole seconds until ``stored``'s bucket has a token at ``now``, at least 1."""
        with self.engine.connect() as connection:
            tokens = connection.execute(select(self._refilled(now)).where(limit_table.c.key == stored)).scalar()
        left = float(self.burst) if tokens is None else float(tokens)
        return max(1, math.ceil((1.0 - left) / self.rate))

    def _maybe_sweep(self, now: float) -> None:
        """Sweep (:meth:`sweep`) when :data:`SWEEP_SECONDS` have passed since the last
        sweep of this object (the first take only marks the time). A failed sweep is
        tried again next time; it never fails the take."""
        with self._sweep_lock:
            if self._swept is not None and 0 <= now - self._swept < SWEEP_SECONDS:
                return
            due, self._swept = self._swept is not None, now
        if due:
            try:
                self.sweep(now)
            except StorageError:  # due again at the next take
                with self._sweep_lock:
                    self._swept = now - SWEEP_SECONDS

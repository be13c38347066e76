"""A table running: each event stored before it is applied, the connections, the bots' task.

The table is server authoritative. Every change is an event (see
:mod:`euchre.server.storage`): it is checked (legality by the core), stored and committed
(:meth:`RunningTable._commit`), and only then applied in memory, acknowledged and shown to
the connections.

A task per table (:meth:`RunningTable.drive`) plays the bots' turns, and the turns of a
human seat that has had no open connection for ``grace_seconds``, until the player is
back. Bots see only their seat's view. The search levels' decisions run in worker
processes (:mod:`euchre.server.search`), never in the event loop's process.
"""

from __future__ import annotations

import asyncio
import logging
import time
from functools import partial
from typing import Any

import anyio.to_thread
from sqlalchemy.exc import IntegrityError

from euchre.core.actions import action_text
from euchre.core.views import view_of
from euchre.server.connection import Connection
from euchre.server.protocol import ProtocolError
from euchre.server.state_parts import seat_text
from euchre.server.storage import LeaseLost, StorageError
from euchre.server.table_shown import TableShown

log = logging.getLogger("euchre.server")


class RunningTable(TableShown):
    """A table whose events are stored, then applied, and whose bots play (see the module's docstring)."""

    # ------------------------------------------------------------------ writing
    async def _commit(self, kind: str, seat: int | None, data: dict[str, Any]) -> None:
        """Store an event (committed), then apply it. The caller holds :attr:`lock`
        and has checked the event.

        Raises:
            ProtocolError: ``storage_error`` when the write failed (nothing changed).
        """
        created = time.time()
        status = self.status
        try:
            await self.writer.append(self.id, self.seq, kind, seat, data, created)
        except LeaseLost as exc:
            log.warning("table %s: %s", self.id, exc)
            if self.on_lost is not None:
                self.on_lost()
            raise ProtocolError("moved", "the table is run by another server now; nothing changed: reconnecting") from None
        except StorageError as exc:
            log.error("table %s: %s", self.id, exc)
            if isinstance(exc.__cause__, IntegrityError) and self.on_lost is not None:
                # The log holds an event at this seq that this table never applied: a
                # commit whose answer was lost (the database went away at that moment).
                # The log is the truth: the table is read again from it.
                self.on_lost()
                raise ProtocolError("moved", "the table is being read again from its log; nothing changed: "
                                             "reconnecting") from None
            raise ProtocolError("storage_error", "the server could not store this; nothing changed") from None
        self._apply(kind, seat, data, created)
        self.seq += 1
        self.turn_started = self.last_active = self.clock()
        if kind in ("action", "start", "rematch", "take", "undo") or (kind == "settings" and "timer" in data):
            self.turn_since = self.turn_started  # a timer changed mid-turn runs whole from the change
        if self.status != status:
            try:
                await anyio.to_thread.run_sync(partial(self.store.set_status, self.id, self.status))
            except StorageError as exc:  # the log is the truth; the column is for listing
                log.warning("table %s: %s", self.id, exc)
        if self._driver_has_work():  # a person to act next needs no bot task (one wake-up less per move)
            self._wake.set()

    def _driver_has_work(self) -> bool:
        """True when the seat to act is a bot's or an absent person's (see :meth:`drive`)."""
        game = self.game
        return (self.status == "playing" and game is not None and not game.is_over
                and self._controller_wait(game.turn) is not None)

    # ------------------------------------------------------------------ connections
    async def attach(self, conn: Connection) -> None:
        """Add a connection: claim its seat in the lobby, then send it the welcome, the
        chat so far and the full state; tell the others who is here.

        A seat a bot plays (the game started without it) is opened too: its person
        watches from his seat and may take it back (:meth:`take_seat`).

        Raises:
            ProtocolError: ``seat_busy`` (too many connections), ``storage_error``.
        """
        async with self.lock:
            seat = conn.seat
            if seat is None:
                if sum(1 for c in self.connections if c.seat is None) >= self.config.max_spectators:
                    raise ProtocolError("seat_busy", "this table has as many spectators as it allows")
            else:
                if sum(1 for c in self.connections if c.seat == seat) >= self.config.max_connections_per_seat:
                    raise ProtocolError("seat_busy", f"{self.shape.titles[seat]} has as many connections open as allowed")
                if self.kinds[seat] == "open":
                    await self._commit("claim", seat, {})
                self.absent_since[seat] = None
            self.connections.append(conn)
            self.last_active = self.clock()
            conn.post({"type": "welcome", "table": self.id, "seat": None if seat is None else seat_text(seat, self.shape),
                       "role": "spectator" if seat is None else "seat",
                       "limits": {"max_message_bytes": self.config.max_message_bytes,
                                  "chat_max_chars": self.config.chat_max_chars,
                                  "grace_seconds": self.config.grace_seconds}})
            conn.post({"type": "chat_history", "lines": list(self.chat)})
            self._broadcast()
            self._wake.set()

    def detach(self, conn: Connection) -> None:
        """Remove a connection; a seat left with none is absent from now on (a bot
        stands in once the grace period has passed).

        Synchronous on purpose: it runs in the ``finally`` of a connection that may be
        being cancelled, and it awaits nothing, so no other task sees it half done."""
        conn.finish()
        if conn in self.connections:
            self.connections.remove(conn)
        seat = conn.seat
        self.last_active = self.clock()
        if seat is not None and not self.connected(seat):
            self.absent_since[seat] = self.clock()
        self._broadcast()
        self._wake.set()

    # ------------------------------------------------------------------ bots
    def start_driver(self) -> None:
        """Start the task that plays bot and stand-in turns (in the running loop)."""
        if self._driver is None:
            self._driver = asyncio.get_running_loop().create_task(self.drive(), name=f"euchre-table-{self.id}")

    async def stop_driver(self) -> None:
        """Stop the bot task and close every connection's writer."""
        task, self._driver = self._driver, None
        if task is not None:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass
        for conn in self.connections:
            conn.finish()
        if self._own_search:
            self.search.close()

    async def drive(self) -> None:
        """Play bot and stand-in turns for as long as the table is loaded."""
        while True:
            self._wake.clear()
            try:
                wait = await self._step()
            except ProtocolError as exc:  # a storage failure: try again a little later
                log.warning("table %s: a bot's move was not stored: %s", self.id, exc.message)
                wait = 1.0
            except Exception:  # a bug must not stop the table for good: log it, try again later
                log.exception("table %s: the bot task failed", self.id)
                wait = 5.0
            if wait == 0:
                continue
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=wait)
            except TimeoutError:
                pass

    def _controller_wait(self, seat: int) -> float | None:
        """Seconds until a bot may act for the seat to act (0: now), or None when a
        person is there to play and no timer runs. A person present lets the per-move
        timer run out: a bot plays that move for him."""
        due = self.turn_started + self.config.bot_delay
        if self.kinds[seat] == "human":
            since = self.absent_since[seat]
            if since is None:
                if not self.timer:
                    return None
                return max(0.0, self.turn_since + self.timer - self.clock())
            due = max(due, since + self.config.grace_seconds)
        return max(0.0, due - self.clock())

    async def _step(self) -> float | None:
        """Play one bot turn if one is due. Returns 0 to step again at once, seconds to
        wait, or None to wait for a change."""
        game = self.game
        if self.status != "playing" or game is None or game.is_over:
            return None
        seat = game.turn
        wait = self._controller_wait(seat)
        if wait is None or wait > 0:
            return wait
        seq = self.seq
        view = view_of(game.hand, seat, game.score)
        choice, bot = await self.search.choose(self.bots[seat], view)
        async with self.lock:
            if self.seq != seq or self.status != "playing" or self._controller_wait(seat) != 0:
                return 0  # someone acted, or the absent player came back, meanwhile: look again
            # Kept only now: a decision taken back meanwhile put back the bots as they were.
            self.bots[seat] = bot
            legal = [int(a) for a in game.legal_actions()]
            code = int(choice)
            if code not in legal:  # pragma: no cover - the bots' tests check they never do this
                log.error("table %s: bot chose illegal %s; playing %s", self.id, action_text(code), action_text(legal[0]))
                code = legal[0]
            by = "bot" if self.kinds[seat] == "bot" else "stand-in" if self.absent_since[seat] is not None else "timer"
            await self._commit("action", seat, {"action": action_text(code), "by": by})
            self._broadcast()
        return 0

"""One table in play: its game, its seats, its open connections and its bots.

The table is server authoritative. Every change is an event (see
:mod:`euchre.server.storage`): it is checked (legality by the core), stored and committed,
and only then applied in memory through :meth:`LiveTable._apply`, acknowledged and shown
to the connections. A table read back from storage replays its events through the same
:meth:`LiveTable._apply`, so a restarted server resumes every table exactly.

Each connection is sent only the state its seat may see (:mod:`euchre.server.serialize`,
built from the core's ``view_of``); a spectator gets the public part.

A task per table (:meth:`LiveTable.drive`) plays the bots' turns, and the turns of a
human seat that has had no open connection for ``grace_seconds``, until the player is
back. Bots see only their seat's view. Hints and the search levels' decisions run in
worker processes (:mod:`euchre.server.search`), never in the event loop's process.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import Any

import anyio.to_thread
import orjson
from sqlalchemy.exc import IntegrityError

from euchre.bots import make_bot
from euchre.bots.advice import NOT_VALUED, NOT_VALUED_PHASES
from euchre.bots.base import Bot
from euchre.core.actions import Action, action_text, parse_action
from euchre.core.cards import missing_from_pack
from euchre.core.egn import dumps_egn
from euchre.core.errors import EuchreError
from euchre.core.game import Game, Setup
from euchre.core.house_rules import in_effect
from euchre.core.presets import preset as preset_rules
from euchre.core.records import dumps
from euchre.core.rules import OPTION_KINDS, OPTION_NAMES, Rules
from euchre.core.views import view_of
from euchre.events.play import DuplicateDeals
from euchre.server.config import ServerConfig
from euchre.server.connection import Connection
from euchre.server.history import hand_history, replay_json
from euchre.server.names import mixes_scripts, passes_for, same_name
from euchre.server.protocol import MAX_NAME_CHARS, ProtocolError, check_timer, clean_text
from euchre.server.search import SearchBusy, SearchPool
from euchre.server.serialize import StateCache, ascii_json, game_json, seat_text, table_shape
from euchre.server.serialize import dumps as json_text
from euchre.server.storage import EventRow, LeaseLost, StorageError, Store, TableRow
from euchre.server.undo import Checkpoints, undo_refusal
from euchre.server.writer import EventWriter

log = logging.getLogger("euchre.server")


def rules_switched(preset: Rules, rules: Rules) -> bool:
    """Whether ``rules`` play otherwise than ``preset``: an option that changes the play
    or the rulings differs (``OPTION_KINDS``). An option that changes only what is shown
    (the words of the calls, the score's counters) does not count: a table stored before
    a preset's display changed still plays the preset's game."""
    return any(getattr(preset, name) != getattr(rules, name) for name in OPTION_NAMES if OPTION_KINDS[name] != "display")


class LiveTable:
    """A table's state in memory, kept equal to its stored log.

    Attributes:
        id: the table id.
        row: the stored table (rules, bot level, seed).
        status: ``lobby``, ``playing`` or ``over``.
        game: the game once started, else None.
        kinds: per seat: ``open`` (nobody yet, in the lobby), ``human`` or ``bot``.
        seq: the number of events applied (the next event's ``seq``).

    Args:
        row: the stored table.
        store: the storage (blocking; called from worker threads).
        config: the server's limits and pacing.
        clock: a monotonic clock in seconds (for the grace period and bot pacing).
        writer: the event writer shared by the server's tables (default: its own).
        search: the worker processes for hints and search bots shared by the server's
            tables (default: its own, of ``config.search_workers``).

    Raises:
        EuchreError: the stored rules or bot level are not valid.
    """

    def __init__(self, row: TableRow, store: Store, config: ServerConfig,
                 clock: Callable[[], float] = time.monotonic, writer: EventWriter | None = None,
                 search: SearchPool | None = None) -> None:
        self.id = row.id
        self._own_search = search is None
        self.search = SearchPool(config.search_workers, config.search_queue) if search is None else search
        self.row = row
        self.store = store
        self.writer = EventWriter(store) if writer is None else writer
        self.config = config
        self.clock = clock
        self.rules = Rules.from_stored(row.rules)
        self.house_rules = in_effect(self.rules)  # the titles every seat is shown
        # True when the rules are not the named preset's own (house rules switched).
        self.preset_changed = row.preset is not None and rules_switched(preset_rules(row.preset), self.rules)
        self.status = "lobby"
        self.game: Game | None = None
        self.past_games: list[Game] = []
        """The games finished at this table before the one in play (rematches)."""
        self.host: int | None = None
        """The seat that alone may start, change the settings and ask for a rematch;
        None: any seated player may (tables created without a host)."""
        self.timer = 0.0
        """Seconds a person present has for each move before a bot plays it (0: none)."""
        self._replays: dict[int, bytes] = {}  # game number -> its face-up replay (a finished game never changes)
        self._replay_lock = asyncio.Lock()
        self.hints = True
        self.organised = False
        """True at an event's online table: the organiser set its timer and hints, and no
        seated player may change them (:class:`euchre.server.event_web.TableSettings`)."""
        self.seeded = False
        """True when the creator chose the seed: he can know every hand (every seat is told)."""
        self.game_names: list[list[str]] = []
        """The players' names of each game ended at this table, as they were when it
        ended (the records keep them: a seat renamed later does not rename a game)."""
        self.stopped: str | None = None
        """Why the table's game was stopped before its end (an event's round whose time
        was called), or None. A stopped game is over: no move, no rematch, no rating."""
        self.deals: tuple[int, int | str, int] | None = None
        """An event's table of duplicate deals: ``(secret seed, round key, first dealer)``
        (:class:`euchre.events.play.DuplicateDeals`); None: the table shuffles from its
        seed. Set by the event when it creates the table, never by a client, never shown."""
        self.shape = self.rules.table
        """The table's shape (``rules.table``): its seats, their letters and titles, its sides."""
        n = self.shape.seats
        self.kinds = ["open"] * n
        self.names: list[str | None] = [None] * n
        self.chat: deque[dict[str, Any]] = deque(maxlen=max(1, config.chat_history))
        self.seq = 0
        self.changed_at = 0  # the seq just after the last event that changed what states show
        self._hint_cache: tuple[int, int, list[dict[str, Any]]] | None = None  # (seat, changed_at, values)
        self.connections: list[Connection] = []
        now = clock()
        self.absent_since: list[float | None] = [now] * n
        self.turn_started = now
        self.turn_since = now  # when the seat to act got its turn (the per-move timer counts from it)
        self.last_active = now  # the last connection, departure or event (for unloading idle tables)
        self.bots: list[Bot] = [make_bot(row.bot_level, seed=(row.seed + s) % 2**31) for s in range(n)]
        self.checkpoints = Checkpoints()
        """The lone person's decisions that may be taken back in the game in play (``undo``:
        :mod:`euchre.server.undo`)."""
        self.undone_games: set[int] = set()
        """The numbers (from 1) of this table's games in which a decision was taken back:
        recorded, never rated."""
        self._replaying = False  # reading the log back: no copies of the bots are kept
        self.lock = asyncio.Lock()
        self._parts = StateCache()  # the parts of states that do not change from move to move
        self._wake = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self.on_lost: Callable[[], None] | None = None
        """Called when a write shows that this table no longer matches its log: another
        process took its lease (:class:`~euchre.server.storage.LeaseLost`), or the log
        already holds an event at the next seq (a commit whose answer was lost). The hub
        stops running it here; the next use reads it again from the log."""

    # ------------------------------------------------------------------ replay
    @classmethod
    def restore(cls, row: TableRow, events: list[EventRow], store: Store, config: ServerConfig,
                clock: Callable[[], float] = time.monotonic, writer: EventWriter | None = None,
                search: SearchPool | None = None) -> LiveTable:
        """A table rebuilt from its stored log (the same :meth:`_apply` as live play).

        Raises:
            StorageError: the log has a gap or an event that does not replay.
        """
        try:
            table = cls(row, store, config, clock, writer, search)
        except EuchreError as exc:
            raise StorageError(f"table {row.id}: {exc}") from None
        table._replaying = True
        for ev in events:
            if ev.seq != table.seq:
                raise StorageError(f"table {row.id}: event {table.seq} is missing from the log")
            try:
                table._apply(ev.kind, ev.seat, ev.data, ev.created_at)
            except (EuchreError, KeyError, TypeError, ValueError) as exc:
                raise StorageError(f"table {row.id}: event {ev.seq} ({ev.kind}) does not replay: {exc}") from None
            table.seq += 1
        table._replaying = False
        return table

    def _first_game(self) -> Game:
        """The table's first game: shuffled from the table's seed, or, at an event's table
        of duplicate deals, dealt the round's cards from the first dealer the event seats
        (a rematch shuffles its own)."""
        if self.deals is None:
            return Game(self.rules, self.row.seed)
        seed, key, dealer = self.deals
        return Game(self.rules, self.row.seed, deal_provider=DuplicateDeals(self.rules, seed, key),
                    setup=Setup(tuple(range(self.shape.seats)), dealer, (), "event table of duplicate deals"))

    def _apply(self, kind: str, seat: int | None, data: dict[str, Any], created_at: float) -> None:
        """Apply one stored (or just stored) event to the state in memory.

        Raises:
            EuchreError: an action that is not legal, or by a seat not to act.
            ValueError: an event that does not fit the table's state.
        """
        if kind == "settings":
            if "host" in data:
                self.host = None if data["host"] is None else self.shape.seat(int(data["host"]), "host")
            if "timer" in data:
                self.timer = float(data["timer"])
            if "hints" in data:
                self.hints = bool(data["hints"])
            if "seeded" in data:
                self.seeded = bool(data["seeded"])
            if "organised" in data:
                self.organised = bool(data["organised"])
            if "duplicate" in data:
                deals = data["duplicate"]
                key = deals["key"]
                self.deals = (int(deals["seed"]), key if isinstance(key, str) else int(key),
                              self.shape.seat(int(deals["dealer"]), "first dealer"))
        elif kind == "take":
            if seat is None or self.kinds[seat] != "bot":
                raise ValueError("only a seat a bot plays can be taken back")
            self.kinds[seat] = "human"
            self.checkpoints.clear()  # a second person: nothing is taken back any more
        elif kind == "stop":
            if self.status == "over":
                raise ValueError("the game is over already")
            self.status = "over"
            self.stopped = str(data["why"])
            if self.game is not None:
                self.game_names.append(self.players())
        elif kind == "rematch":
            if self.status != "over" or self.game is None or self.stopped is not None:
                raise ValueError("a rematch needs a game that is over and was not stopped")
            self.past_games.append(self.game)
            # A fresh secret seed, kept in the log (a seed derived from the table's would
            # let anyone who read the first game's record deal the next).
            self.game = Game(self.rules, int(data["seed"]))
            self.status = "playing"
            self.checkpoints.clear()
        elif kind == "claim":
            if self.status != "lobby" or seat is None or self.kinds[seat] != "open":
                raise ValueError("a claim needs an open seat in the lobby")
            self.kinds[seat] = "human"
        elif kind == "name":
            if seat is None:
                raise ValueError("a name needs a seat")
            self.names[seat] = str(data["name"])
        elif kind == "start":
            if self.status != "lobby":
                raise ValueError("the game has started already")
            self.kinds = ["human" if k == "human" else "bot" for k in self.kinds]
            self.game = self._first_game()
            self.status = "playing"
        elif kind == "action":
            game = self.game
            if game is None or self.status != "playing":
                raise ValueError("an action before the start or after the end")
            if seat != game.turn:
                raise EuchreError(f"seat {seat} acted but it was {game.turn}'s turn")
            code = parse_action(str(data["action"]))
            if data.get("by") == "human" and undo_refusal(self.shape, self.kinds, seat, self.organised) is None:
                # A decision the lone person may take back: the moment before it is kept.
                self.checkpoints.take(self.seq, game, None if self._replaying else self.bots)
            game.apply(code)
            if game.is_over:
                self.status = "over"
                self.game_names.append(self.players())
        elif kind == "undo":
            if self.game is None or self.status != "playing" or seat is None:
                raise ValueError("an undo needs a game in play and a seat")
            bots = self.checkpoints.restore(int(data["to"]), self.game)
            if bots is not None:
                self.bots = bots
            self.undone_games.add(len(self.past_games) + 1)
        elif kind == "chat":
            self.chat.append({"seat": None if seat is None else seat_text(seat, self.shape), "name": self.display_name(seat),
                              "text": str(data["text"]), "at": created_at})
        else:
            raise ValueError(f"unknown event kind {kind!r}")
        if kind != "chat":  # chat changes no seat's state: an action on the state before it is not stale
            self.changed_at = self.seq + 1

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
    def connected(self, seat: int) -> bool:
        """True when the seat has an open connection."""
        return any(c.seat == seat for c in self.connections)

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

    # ------------------------------------------------------------------ client requests
    async def act(self, conn: Connection, text: str, seq: int | None, ref: str | int | None) -> None:
        """A player's action: checked (turn, freshness, legality by the core), stored,
        applied, acknowledged and shown to everyone.

        Args:
            conn: the player's connection.
            text: the action's text form (``play-JH``, ``order``, ``pass``, ...).
            seq: the ``seq`` of the state the player acted on, or None.
            ref: the client's message id, echoed in the ``ack``.

        Raises:
            ProtocolError: ``not_a_player``, ``not_started``, ``game_over``,
                ``not_your_turn``, ``stale``, ``bad_action``, ``illegal_action``,
                ``storage_error``; nothing has changed.
        """
        async with self.lock:
            seat = conn.seat
            if seat is None:
                raise ProtocolError("not_a_player", "spectators cannot act", ref)
            self._check_mine(seat, ref)
            game = self._game_in_play(ref)
            if game.turn != seat:
                raise ProtocolError("not_your_turn", f"it is {self.shape.titles[game.turn]}'s turn, not {self.shape.titles[seat]}'s", ref)
            if seq is not None and not self.changed_at <= seq <= self.seq:
                raise ProtocolError("stale", f"you acted on state {seq}; the table is at {self.seq}", ref)
            try:
                code = parse_action(text)
            except EuchreError as exc:
                raise ProtocolError("bad_action", str(exc), ref) from None
            legal = [int(a) for a in game.legal_actions()]
            if code not in legal:
                act = Action(code)
                with_card = act.is_play or act.is_discard or act.is_give or act.is_card_call
                absent = missing_from_pack(action_text(code).partition("-")[2], self.rules.deck, self.rules.joker,
                                           self.rules.joker_card) if with_card else None
                why = f" ({absent.rstrip('.')})" if absent is not None else ""
                raise ProtocolError("illegal_action", f"{action_text(code)} is not legal now{why}; legal: "
                                    f"{', '.join(action_text(c) for c in legal)}", ref)
            await self._commit("action", seat, {"action": action_text(code), "by": "human"})
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    async def undo(self, conn: Connection, ref: str | int | None) -> None:
        """The lone person at a table of bots takes back his last decision: the game and
        the bots go back to the moment he made it (:mod:`euchre.server.undo`), and the
        bots then play as they did. Stored as an ``undo`` event, so that a restarted
        server shows the game as it is after it.

        Raises:
            ProtocolError: ``not_a_player``, ``seat_is_bot``, ``not_started``,
                ``game_over``, ``undo_refused`` (another person is seated, or an event's
                table), ``nothing_to_undo`` (no decision of his in this game to take
                back), ``storage_error``; nothing has changed.
        """
        seat = conn.seat
        if seat is None:
            raise ProtocolError("not_a_player", "spectators have no decision to take back", ref)
        async with self.lock:
            self._check_mine(seat, ref)
            if self.status == "over":
                raise ProtocolError("game_over", "the game is over: a finished game cannot be taken back", ref)
            self._game_in_play(ref)
            refused = undo_refusal(self.shape, self.kinds, seat, self.organised)
            if refused is not None:
                raise ProtocolError("undo_refused", refused, ref)
            to = self.checkpoints.last
            if to is None:
                raise ProtocolError("nothing_to_undo", "you have made no decision in this game that can be taken "
                                    "back (a move the timer or a stand-in made for you is no decision of yours)", ref)
            await self._commit("undo", seat, {"to": to})
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    async def start(self, conn: Connection, ref: str | int | None) -> None:
        """A seated player starts the game; bots take the seats nobody claimed.

        Raises:
            ProtocolError: ``not_a_player``, ``already_started``, ``storage_error``.
        """
        async with self.lock:
            if conn.seat is None:
                raise ProtocolError("not_a_player", "spectators cannot start the game", ref)
            self._check_host(conn.seat, "start the game", ref)
            if self.status != "lobby":
                raise ProtocolError("already_started", "the game has started already", ref)
            await self._commit("start", None, {"by": seat_text(conn.seat, self.shape)})
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    async def say(self, conn: Connection, text: str, ref: str | int | None) -> None:
        """A chat line from a seat or a spectator, cleaned and limited, stored and sent
        to every connection of the table.

        Raises:
            ProtocolError: ``bad_chat``, ``storage_error``.
        """
        line = clean_text(text, self.config.chat_max_chars)
        if line is None:
            raise ProtocolError("bad_chat", f"a chat line holds 1 to {self.config.chat_max_chars} characters", ref)
        async with self.lock:
            await self._commit("chat", conn.seat, {"text": line})
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            message = json_text({"type": "chat", "line": self.chat[-1]})
            for c in self.connections:
                c.post(message)

    async def rename(self, conn: Connection, name: str, ref: str | int | None) -> None:
        """Set the name shown for the connection's seat.

        Raises:
            ProtocolError: ``not_a_player``, ``bad_name`` (see :meth:`impersonates`),
                ``seat_is_bot`` (a bot plays the seat), ``storage_error``.
        """
        if conn.seat is None:
            raise ProtocolError("not_a_player", "spectators have no seat to name", ref)
        clean = clean_text(name, MAX_NAME_CHARS)
        if clean is None:
            raise ProtocolError("bad_name", f"a name holds 1 to {MAX_NAME_CHARS} characters", ref)
        async with self.lock:
            self._check_mine(conn.seat, ref)  # a bot's moves may not go under a person's name
            pretends = self.impersonates(conn.seat, clean)
            if pretends is not None:
                raise ProtocolError("bad_name", f"{clean!r} could be taken for {pretends}; choose another name", ref)
            await self._commit("name", conn.seat, {"name": clean})
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    def _check_host(self, seat: int, what: str, ref: str | int | None) -> None:
        if self.host is not None and seat != self.host:
            raise ProtocolError("not_host", f"only the host ({self.shape.titles[self.host]}) may {what}", ref)

    def _check_mine(self, seat: int, ref: str | int | None) -> None:
        if self.kinds[seat] == "bot":
            raise ProtocolError("seat_is_bot", f"a bot plays {self.shape.titles[seat]}: take the seat back first "
                                "(take_seat)", ref)

    async def settings(self, conn: Connection, fields: dict[str, Any], ref: str | int | None) -> None:
        """The host changes the table's settings: ``timer`` (0, or seconds for each
        move before a bot plays it for a person present) and ``hints`` (true or false).

        Raises:
            ProtocolError: ``not_a_player``, ``not_host`` (also at an event's table, whose
                settings are the organiser's), ``bad_message`` (a value out of range),
                ``storage_error``.
        """
        if conn.seat is None:
            raise ProtocolError("not_a_player", "spectators cannot change the settings", ref)
        if self.organised:
            raise ProtocolError("not_host", "the event's organiser set this table's timer and hints", ref)
        changes: dict[str, Any] = {}
        if "timer" in fields:
            try:
                changes["timer"] = check_timer(fields["timer"])
            except ValueError as exc:
                raise ProtocolError("bad_message", str(exc), ref) from None
        if "hints" in fields:
            changes["hints"] = bool(fields["hints"])
        if not changes:
            raise ProtocolError("bad_message", "settings changes timer or hints (or both); neither was given", ref)
        async with self.lock:
            self._check_host(conn.seat, "change the settings", ref)
            await self._commit("settings", conn.seat, changes)
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    async def take_seat(self, conn: Connection, ref: str | int | None) -> None:
        """A person takes back the seat a bot has played since the game started without
        him: from now on he plays it.

        Raises:
            ProtocolError: ``not_a_player``, ``not_a_bot_seat`` (he plays it already, or
                the game has not started), ``storage_error``.
        """
        seat = conn.seat
        if seat is None:
            raise ProtocolError("not_a_player", "spectators have no seat to take", ref)
        async with self.lock:
            if self.stopped is not None:
                raise ProtocolError("game_over", f"the game was stopped: {self.stopped}", ref)
            if self.kinds[seat] != "bot":
                raise ProtocolError("not_a_bot_seat", f"you already play {self.shape.titles[seat]}", ref)
            await self._commit("take", seat, {})
            self.absent_since[seat] = None
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    async def rematch(self, conn: Connection, ref: str | int | None) -> None:
        """The host starts a new game at the same table with the same seats (people and
        bots), once the game is over.

        Raises:
            ProtocolError: ``not_a_player``, ``not_host``, ``not_over``, ``storage_error``.
        """
        if conn.seat is None:
            raise ProtocolError("not_a_player", "spectators cannot start a game", ref)
        async with self.lock:
            self._check_host(conn.seat, "start a rematch", ref)
            if self.status != "over":
                raise ProtocolError("not_over", "a rematch is for when the game is over", ref)
            if self.stopped is not None:
                raise ProtocolError("game_over", f"no rematch at this table: {self.stopped}", ref)
            seed = secrets.randbelow(2**62)  # never derived from anything a client has seen
            await self._commit("rematch", conn.seat, {"game": len(self.past_games) + 2, "seed": seed})
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    async def stop(self, why: str) -> bool:
        """Stop the table's game where it stands (an event's round whose time was called):
        the table is over, the hands finished so far are its result, the hand in play is
        not scored, and every seat is told ``why``. Returns False when it was over
        already.

        Raises:
            ProtocolError: ``storage_error`` (nothing changed).
        """
        async with self.lock:
            if self.status == "over":
                return False
            await self._commit("stop", None, {"why": why})
            self._broadcast()
            return True

    @property
    def games_finished(self) -> int:
        """The games of this table played to their end (a stopped game is not)."""
        last = self.status == "over" and self.game is not None and self.stopped is None
        return len(self.past_games) + (1 if last else 0)

    async def hint(self, conn: Connection, ref: str | int | None) -> None:
        """The expert's value of each legal action for the connection's seat, sent to that
        connection only: ``{"type": "hint", "id", "seq", "values": [{"action", "value"}]}``,
        best first, values in expected points of the hand for the seat's side
        (:func:`euchre.bots.advice.action_values`, computed from the seat's view only, in
        a worker process of :attr:`search`). ``seq`` is the table's seq when asked. The
        figures depend only on the state, and the last ones are kept: asking again
        costs nothing.

        Raises:
            ProtocolError: ``not_a_player``, ``not_started``, ``game_over``,
                ``not_your_turn``, or ``busy`` when the workers' queue is full.
        """
        seat = conn.seat
        if seat is None:
            raise ProtocolError("not_a_player", "spectators get no hints", ref)
        if not self.hints:
            who = "the event's organiser" if self.organised else "the host"
            raise ProtocolError("hints_off", f"{who} switched hints off at this table", ref)
        async with self.lock:
            self._check_mine(seat, ref)
            game = self._game_in_play(ref)
            if game.turn != seat:
                raise ProtocolError("not_your_turn", f"hints are for your turn; it is {self.shape.titles[game.turn]}'s", ref)
            seq, changed_at = self.seq, self.changed_at
            view = view_of(game.hand, seat, game.score)
            if view.phase in NOT_VALUED_PHASES:
                raise ProtocolError("no_hint", NOT_VALUED[0].upper() + NOT_VALUED[1:] + ".", ref)
        cached = self._hint_cache
        if cached is not None and cached[:2] == (seat, changed_at):
            ranked = cached[2]
        else:
            try:
                values = await self.search.hint(view, f"hint:{self.id}:{changed_at}")
            except SearchBusy:
                raise ProtocolError("busy", "the server is busy with other hints; ask again in a moment", ref) from None
            except Exception:  # a worker that died twice, a bug in the search: the player hears of it
                log.exception("table %s: a hint failed", self.id)
                raise ProtocolError("busy", "the hint could not be computed; ask again in a moment", ref) from None
            ranked = [{"action": action_text(a), "value": round(v, 3)}
                      for a, v in sorted(values.items(), key=lambda item: -item[1])]
            self._hint_cache = (seat, changed_at, ranked)
        conn.post({"type": "hint", "id": ref, "seq": seq, "values": ranked})

    def _game_in_play(self, ref: str | int | None) -> Game:
        if self.status == "lobby" or self.game is None:
            raise ProtocolError("not_started", "the game has not started; a seated player sends start", ref)
        if self.status == "over":
            raise ProtocolError("game_over", "the game is over", ref)
        return self.game

    # ------------------------------------------------------------------ what clients see
    def impersonates(self, seat: int, name: str) -> str | None:
        """What ``name`` could be taken for if ``seat`` took it, or None: a bot (a word
        such as "bot" or "computer", or a bot level's name), another seat (its title or
        letter, e.g. "North", "Player 2"), another player's name, or the spectators."""
        if passes_for(name):
            return "a bot"
        if mixes_scripts(name):
            return "another name (letters of scripts that look alike)"
        for other in range(self.shape.seats):
            if other == seat:
                continue
            taken = self.names[other]
            if (same_name(name, self.shape.titles[other]) or same_name(name, self.shape.letters[other])
                    or (taken is not None and same_name(name, taken))):
                return f"{self.shape.titles[other]}'s seat"
        if passes_for(name, ("spectator", "spectators", "you", "host")):
            return "someone else"
        return None

    def display_name(self, seat: int | None) -> str:
        """The name shown for a seat (None: a spectator)."""
        if seat is None:
            return "Spectator"
        name = self.names[seat]
        if name is not None:
            return name
        if self.kinds[seat] == "bot":
            return f"{self.shape.titles[seat]} ({self.row.bot_level} bot)"
        return self.shape.titles[seat]

    def is_stand_in(self, seat: int) -> bool:
        """True when a bot plays for an absent human seat now."""
        since = self.absent_since[seat]
        return (self.kinds[seat] == "human" and self.status == "playing" and since is not None
                and self.clock() - since >= self.config.grace_seconds)

    def _seats_json(self) -> list[dict[str, Any]]:
        return [{"seat": self.shape.letters[s], "name": self.display_name(s), "kind": self.kinds[s],
                 "connected": self.connected(s), "stand_in": self.is_stand_in(s)} for s in range(self.shape.seats)]

    def settings_json(self) -> dict[str, Any]:
        """The table's settings as every seat sees them: ``{"host": "N" | null, "timer":
        seconds (0: none), "hints": bool, "seeded": bool, "organised": bool}``
        (``organised``: an event's table, whose timer and hints nobody seated may change)."""
        return {"host": None if self.host is None else self.shape.letters[self.host], "timer": self.timer,
                "hints": self.hints, "seeded": self.seeded, "organised": self.organised}

    def records_json(self) -> list[dict[str, Any]]:
        """The records of the games finished at this table, first first: ``[{"game": 1,
        "json": URL, "egn": URL, "replay": URL}, ...]``."""
        finished = len(self.past_games) + (1 if self.status == "over" and self.game is not None else 0)
        base = f"/api/tables/{self.id}"
        return [{"game": n, "json": f"{base}/record.json?game={n}", "egn": f"{base}/record.egn?game={n}",
                 "replay": f"{base}/replay.json?game={n}"} for n in range(1, finished + 1)]

    def state_for(self, seat: int | None, seats: Any = None, history: Any = None) -> dict[str, Any]:
        """The full state a connection of ``seat`` (None: spectator) is sent.

        Args:
            seats: the ``seats`` part if the caller made it already (it is the same for
                every connection), else None.
            history: the ``history`` part likewise (the score history, public).
        """
        game_number = len(self.past_games) + (0 if self.game is None else 1)
        return {
            "type": "state",
            "seq": self.seq,
            "table": self.id,
            "status": self.status,
            "stopped": self.stopped,
            "you": {"role": "spectator" if seat is None else "seat", "seat": None if seat is None else seat_text(seat, self.shape),
                    **self._undo_json(seat)},
            "preset": self.row.preset,
            "house_rules": self.house_rules,
            "preset_changed": self.preset_changed,
            "bot_level": self.row.bot_level,
            "shape": table_shape(self.shape),
            "seats": self._seats_json() if seats is None else seats,
            "game": None if self.game is None else self._game_part(self.game, seat),
            "records": None if self.status != "over" or self.game is None else {
                "json": f"/api/tables/{self.id}/record.json", "egn": f"/api/tables/{self.id}/record.egn",
                "replay": f"/api/tables/{self.id}/replay.json"},
            "settings": self.settings_json(),
            "game_number": game_number,
            "timer_left": self.timer_left(),
            "history": (hand_history(self.game) if self.game is not None else []) if history is None else history,
            "games": self.records_json(),
        }

    def _undo_json(self, seat: int | None) -> dict[str, bool]:
        """``{"undo_offered": bool, "can_undo": bool}`` for a seat's state: whether this
        table offers it to take back its decisions now (a game in play, every other seat
        a bot, not an event's table, a bot not playing the seat), and whether it has one
        to take back."""
        offered = (seat is not None and self.status == "playing" and self.kinds[seat] == "human"
                   and undo_refusal(self.shape, self.kinds, seat, self.organised) is None)
        return {"undo_offered": offered, "can_undo": offered and self.checkpoints.last is not None}

    def _game_part(self, game: Game, seat: int | None) -> dict[str, Any]:
        """The ``game`` part of a seat's state; a table that is over offers no action
        (a game stopped by its event leaves a hand in play)."""
        part = game_json(game, seat, self._parts)
        return {**part, "legal": []} if self.status == "over" and part["legal"] else part

    def _broadcast(self) -> None:
        """Send every connection the state its seat may see (one JSON text per seat)."""
        texts: dict[int | None, str] = {}
        seats = history = None
        for conn in self.connections:
            text = texts.get(conn.seat)
            if text is None:
                if seats is None:
                    seats = orjson.Fragment(ascii_json(orjson.dumps(self._seats_json())))
                    history = orjson.Fragment(orjson.dumps(hand_history(self.game) if self.game is not None else []))
                text = texts[conn.seat] = json_text(self.state_for(conn.seat, seats, history))
            conn.post(text)

    def players(self) -> list[str]:
        """The names by seat (N, E, S, W at the four-hand table), as in the records."""
        return [self.display_name(s) for s in range(self.shape.seats)]

    def _names_of(self, game: Game) -> list[str]:
        """The names the records of ``game`` (one of this table's) give: as they were
        when it ended."""
        games = [*self.past_games, *([self.game] if self.game is not None else [])]
        index = next(i for i, g in enumerate(games) if g is game)
        return self.game_names[index] if index < len(self.game_names) else self.players()

    def finished_game(self, number: int | None = None) -> Game:
        """Game ``number`` (from 1) of this table, or the last one, when it is over.

        Raises:
            EuchreError: no such game, or it is not over.
        """
        games = [*self.past_games, *([self.game] if self.game is not None else [])]
        if number is None:
            number = len(games)
        if not 1 <= number <= len(games) or (number == len(games) and self.status != "over"):
            raise EuchreError("the game is not over" if number == len(games) else f"no game {number} at this table")
        return games[number - 1]

    def record_json(self, number: int | None = None) -> str:
        """The game record (:mod:`euchre.core.records`) of game ``number`` (default the
        last), once it is over.

        Raises:
            EuchreError: no such game, or it is not over.
        """
        game = self.finished_game(number)
        return dumps(game, self._names_of(game))

    async def replay(self, number: int) -> bytes:
        """The face-up replay of finished game ``number`` as JSON bytes (``{"game":
        number, ...}``, :func:`euchre.server.history.replay_json`): computed once, in a
        thread, and kept while the table is in memory, so asking again costs nothing
        and requests for it at once compute it once.

        Raises:
            EuchreError: no such game, or it is not over.
        """
        game = self.finished_game(number)
        async with self._replay_lock:
            made = self._replays.get(number)
            if made is None:
                replay = await anyio.to_thread.run_sync(replay_json, game)
                made = self._replays[number] = orjson.dumps({"game": number, **replay})
        return made

    def record_egn(self, number: int | None = None) -> str:
        """Game ``number`` (default the last) in Euchre Game Notation, once it is over.

        Raises:
            EuchreError: no such game, or it is not over. RecordError: EGN cannot express these rules.
        """
        game = self.finished_game(number)
        return dumps_egn(game, self._names_of(game))

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

    def timer_left(self) -> float | None:
        """Seconds left to the person to act before the timer plays for him, or None
        (no timer, no game in play, or a bot's or absent seat's turn)."""
        game = self.game
        if not self.timer or self.status != "playing" or game is None or game.is_over:
            return None
        seat = game.turn
        if self.kinds[seat] != "human" or self.absent_since[seat] is not None:
            return None
        return round(max(0.0, self.turn_since + self.timer - self.clock()), 1)

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

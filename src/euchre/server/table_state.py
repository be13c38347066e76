"""A table's state in memory and how each stored event changes it.

:class:`TableState` holds what a table is (its rules, seats, game, settings, chat) and
:meth:`TableState._apply`, the one place an event (:mod:`euchre.server.storage`) changes
it, live or read back from the log (:meth:`TableState.restore`), so a restarted server
resumes every table exactly. The names shown for its seats are read from it here too.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Self

from euchre.bots import make_bot
from euchre.bots.base import Bot
from euchre.core.actions import parse_action
from euchre.core.errors import EuchreError
from euchre.core.game import Game, Setup
from euchre.core.house_rules import in_effect
from euchre.core.options import OPTION_KINDS
from euchre.core.presets import preset as preset_rules
from euchre.core.rules import OPTION_NAMES, Rules
from euchre.events.play import DuplicateDeals
from euchre.server.config import ServerConfig
from euchre.server.connection import Connection
from euchre.server.names import mixes_scripts, passes_for, same_name
from euchre.server.search import SearchPool
from euchre.server.state_cache import StateCache
from euchre.server.state_parts import seat_text
from euchre.server.storage import EventRow, StorageError, Store, TableRow
from euchre.server.undo import Checkpoints, undo_refusal
from euchre.server.writer import EventWriter

log = logging.getLogger("euchre.server")


def rules_switched(preset: Rules, rules: Rules) -> bool:
    """Whether ``rules`` play otherwise than ``preset``: an option that changes the play
    or the rulings differs (``OPTION_KINDS``). An option that changes only what is shown
    (the words of the calls, the score's counters) does not count: a table stored before
    a preset's display changed still plays the preset's game."""
    return any(getattr(preset, name) != getattr(rules, name) for name in OPTION_NAMES if OPTION_KINDS[name] != "display")


class TableState:
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
        seated player may change them (:class:`euchre.server.event_request.TableSettings`)."""
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
                search: SearchPool | None = None) -> Self:
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

    # ------------------------------------------------------------------ seats
    def connected(self, seat: int) -> bool:
        """True when the seat has an open connection."""
        return any(c.seat == seat for c in self.connections)

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

    def players(self) -> list[str]:
        """The names by seat (N, E, S, W at the four-hand table), as in the records."""
        return [self.display_name(s) for s in range(self.shape.seats)]

    def is_stand_in(self, seat: int) -> bool:
        """True when a bot plays for an absent human seat now."""
        since = self.absent_since[seat]
        return (self.kinds[seat] == "human" and self.status == "playing" and since is not None
                and self.clock() - since >= self.config.grace_seconds)

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

    @property
    def games_finished(self) -> int:
        """The games of this table played to their end (a stopped game is not)."""
        last = self.status == "over" and self.game is not None and self.stopped is None
        return len(self.past_games) + (1 if last else 0)

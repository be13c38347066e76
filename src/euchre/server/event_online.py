"""An event's online tables: a server table per open table or match, and their results taken.

Each online table's seats are named for the event's players, its bot players' seats left
to the table's bots (a table of bots only starts at once); its seat links come from the
organiser token (:mod:`euchre.server.event_tokens`). Its seed is random (never derived
from the event's seed, which the JSON export shows) and drawn until the game's own draw
for the deal gives the seating's first dealer. When its game ends its result is taken
into the event's log (:meth:`OnlineTables.collect`: hands tallied as a bots' table is,
source ``online``); a result the organiser entered first stands.
"""

from __future__ import annotations

import contextlib
import dataclasses
import secrets
from typing import Any

import anyio.to_process
import anyio.to_thread

from euchre.core.game import Game
from euchre.events.event import Event
from euchre.events.hand_tally import hand_from_result
from euchre.events.movements import SEATS
from euchre.events.spec import PROGRESSIVE
from euchre.events.tally import table_result
from euchre.events.tournament import ELIMINATION, match_result
from euchre.server.cluster import Elsewhere
from euchre.server.event_request import EventWebError
from euchre.server.event_rows import EventRows
from euchre.server.event_tokens import deal_seed, seat_token
from euchre.server.protocol import ProtocolError
from euchre.server.storage import StorageError, TableRow, told
from euchre.server.table_requests import MAX_SEED, token_hash


class OnlineTables(EventRows):
    """The online tables of the server's events (see the module docstring)."""

    def open_keys(self, event: Event) -> list[tuple[str, tuple[int, int, int, int], int | None]]:
        """``(key, players by seat N E S W, first dealer or None)`` of every open table."""
        spec, n = event.spec, event.rounds_seated
        out: list[tuple[str, tuple[int, int, int, int], int | None]] = []
        for key in event.open_tables():
            if spec.format == PROGRESSIVE:
                t = next(s for s in event.seatings[-1].tables if str(s.table) == key)
                out.append((f"{n}.{t.table}", t.seats, t.dealer))
            else:
                a, b = event.match_teams(key)
                (a0, a1), (b0, b1) = spec.team_players(a), spec.team_players(b)
                out.append((key, (a0, b0, a1, b1), None))
        return out

    async def create_online(self, name: str, organiser: str, keys: list[str] | None) -> list[str]:
        """An online table for each open table (match) of the round that has none (or
        those of ``keys``); returns the keys given one.

        At an event of duplicate deals every online table of a round is dealt the same
        cards (:class:`euchre.events.play.DuplicateDeals`) from a seed derived from the
        organiser token (:func:`deal_seed`), not from the event's seed, which the JSON
        export shows.

        Raises:
            EventWebError: 409 ``nothing_to_play`` (no open table without one).
        """
        async with self.lock(name):
            event = await self.load(name)
            have = set(await anyio.to_thread.run_sync(self._online_rows, name))
            made = []
            for key, seats, dealer in self.open_keys(event):
                if key in have or (keys is not None and key not in keys):
                    continue
                await self._online_table(event, organiser, key, seats, dealer)
                made.append(key)
            if not made:
                raise EventWebError(409, "nothing_to_play", "no open table without an online table")
            return made

    async def _online_table(self, event: Event, organiser: str, key: str, seats: tuple[int, int, int, int],
                            dealer: int | None) -> None:
        spec, rules = event.spec, event.rules
        seed = secrets.randbelow(MAX_SEED)
        fixed = await anyio.to_thread.run_sync(self._table_settings, spec.name)
        settings: dict[str, Any] = {"host": None, "timer": fixed.timer, "hints": fixed.hints, "seeded": False,
                                    "organised": True}
        deal_key = event.deal_key(key.rpartition(".")[2] if spec.format == PROGRESSIVE else key)
        if deal_key is not None:  # the round's cards, dealt from the dealer the event seats
            settings["duplicate"] = {"seed": deal_seed(organiser), "key": deal_key, "dealer": dealer or 0}
        else:
            for _ in range(200):  # the game's own draw for the deal: about one seed in four fits
                if dealer is None or Game(rules, seed).setup.first_dealer == dealer:
                    break
                seed = secrets.randbelow(MAX_SEED)
        table_id = secrets.token_urlsafe(9)
        bots = set(spec.bots)
        preset = spec.preset if all(a.startswith("progressive_hands=") for a in spec.option_args) else None
        row = TableRow(id=table_id, created_at=self.clock(), preset=preset, rules=rules.to_dict(),
                       bot_level=spec.bot_level, seed=seed, status="lobby")
        tokens: list[tuple[str, int | None]] = [(token_hash(seat_token(organiser, table_id, SEATS[s])), s) for s in range(4)]
        tokens.append((token_hash(seat_token(organiser, table_id, "spectator")), None))
        first: list[tuple[str, int | None, dict[str, Any]]] = [("settings", None, settings)]
        first += [("name", s, {"name": spec.players[p][:24]}) for s, p in enumerate(seats)]
        if all(spec.players[p] in bots for p in seats):
            first.append(("start", None, {"by": "organiser"}))
            row = dataclasses.replace(row, status="playing")

        def write() -> None:
            self.hub.store.create_table(row, tokens, first)
            self.pages.add_online_table(spec.name, key, table_id, tuple(seats), self.clock())

        try:
            await anyio.to_thread.run_sync(write)
        except StorageError as exc:
            raise EventWebError(503, "storage_error", told(exc)) from None
        with contextlib.suppress(Elsewhere):  # loaded: a table of bots plays at once (here, or where it is run)
            await self.hub.get(table_id)

    async def start_online(self, name: str, key: str) -> None:
        """Start an online table now: bots take the seats nobody has opened (a person
        who comes later takes his seat back)."""
        rows = await anyio.to_thread.run_sync(self._online_rows, name)
        if key not in rows:
            raise EventWebError(404, "no_table", f"no online table for {key!r}")
        table = await self.hub.peek(rows[key][0])
        if table is None:
            raise EventWebError(404, "no_table", "the online table is gone")
        if table.stopped is not None:
            raise EventWebError(409, "game_over", f"the table was stopped: {table.stopped}")
        try:  # by the process that runs the table (another, where several serve the database)
            await self.hub.on_owner(table.id, "start")
        except ProtocolError as exc:
            raise EventWebError(503 if exc.code == "unavailable" else 409, exc.code, exc.message) from None

    async def collect(self, name: str) -> int:
        """Take the result of every online table of the event whose game is over; a
        table whose key has a result already (entered by the organiser) is only marked.
        In a timed progressive round whose time is up, every online table still playing
        is stopped first (:meth:`LiveTable.stop`): its result is the hands finished when
        time was called, as a real table's typed hands are; the hand in play is not
        scored. Returns the results taken."""
        rows = await anyio.to_thread.run_sync(self._online_rows, name)
        waiting = {key: row for key, row in rows.items() if not row[2]}
        if not waiting:
            return 0
        event = await self.load(name)
        still_open = {k for k, _, _ in self.open_keys(event)}
        minutes, started = await anyio.to_thread.run_sync(lambda: (self._minutes(name), self._round_started(name)))
        time_up = (event.spec.format == PROGRESSIVE and minutes is not None and started is not None
                   and self.clock() >= started + 60 * minutes)
        taken = 0
        statuses = await anyio.to_thread.run_sync(self._statuses, [row[0] for row in waiting.values()])
        for key, (table_id, seats, _) in waiting.items():
            if key not in still_open:  # its result was typed, or the round moved on: nothing to wait for
                await anyio.to_thread.run_sync(self._mark_collected, name, key)
                continue
            local = self.hub.tables.get(table_id)  # run here: its status in memory (the column follows it)
            status = local.status if local is not None else statuses.get(table_id)
            if status is None:  # no such table
                continue
            if status != "over":
                if not time_up:
                    # Still playing: it runs somewhere; here when no process runs it (a
                    # server that stopped left it), so that its bots go on. Nothing is
                    # read from its log until it is over (every process sweeps each second).
                    with contextlib.suppress(Elsewhere, StorageError):
                        await self.hub.get(table_id)
                    continue
                try:  # by the process that runs the table, then read as stored
                    await self.hub.on_owner(table_id, "stop", {"why": (
                        f"time was called for round {event.rounds_seated} "
                        f"({minutes} minute{'' if minutes == 1 else 's'}): "
                        "the hands finished are scored, the hand in play is not")})
                except ProtocolError:  # not stored: tried again at the next sweep
                    continue
            table = await self.hub.peek(table_id)
            if table is None or table.status != "over":
                continue
            game = table.finished_game(1) if table.game is not None else None  # stopped in its lobby: no hand
            async with self.lock(name):
                event = await self.load(name)
                if key in {k for k, _, _ in self.open_keys(event)}:
                    await self._save(event, [self._online_entry(event, key, seats, game)])
                    taken += 1
                await anyio.to_thread.run_sync(self._mark_collected, name, key)
        return taken

    @staticmethod
    def _online_entry(event: Event, key: str, seats: tuple[int, int, int, int], game: Game | None) -> dict[str, Any]:
        """The event's entry for an online table's game (None: a progressive table stopped
        before its game started, which scores no hand)."""
        spec = event.spec
        if spec.format == PROGRESSIVE:
            number, table = (int(x) for x in key.split("."))
            played = () if game is None else game.finished_hands
            tallies = [t for t in (hand_from_result(h.result, event.rules, spec.house)
                                   for h in played if h.result is not None) if t is not None]
            totals = [sum(h.points[s] for h in tallies) for s in range(4)]
            return {"kind": "table", **table_result(number, table, seats, totals, tallies, None, spec.seed,
                                                    "online").to_dict()}
        if game is None:  # only a timed progressive round stops its tables
            raise EventWebError(409, "not_over", f"match {key} has no game")
        teams = event.match_teams(key)
        score = (int(game.score[0]), int(game.score[1]))
        return {"kind": "match", **match_result(key, teams, score, None, spec.format in ELIMINATION, "online").to_dict()}


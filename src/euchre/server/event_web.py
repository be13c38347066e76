"""Progressive evenings and tournaments on the server, over :mod:`euchre.events`.

The event itself (its definition, its log, the next round, the tally, the standings,
exports and printed cards) is :mod:`euchre.events`' and is kept by its
:class:`~euchre.events.store.EventStore` in the server's database; this module adds what
the web needs (tables ``euchre_competition_web`` and ``euchre_competition_table``,
:mod:`euchre.storage.tables`):

* an **organiser token** (the organiser's page, ``/events#TOKEN``) and a **public token**
  (the standings page a projector shows, ``/standings#TOKEN``), 144 and 96 random bits;
  only their SHA-256 is stored;
* **online tables**: a table of the server (:mod:`euchre.server.hub`'s rows and tokens)
  per table or match of the round, its seats named for the event's players, its bot
  players' seats left to the table's bots (a table of bots only starts at once). Its
  seat links are derived from the organiser token (HMAC-SHA256 of the table and seat),
  so that the organiser's page can show them again while only their hashes are stored.
  The table's seed is random (never derived from the event's seed, which the JSON
  export shows) and drawn until the game's own draw for the deal gives the seating's
  first dealer. When a table's game ends its result is taken into the event's log
  (:meth:`EventWeb.collect`: hands tallied as a bots' table is, source ``online``);
  a result the organiser entered first stands.

The organiser's form is read in :mod:`euchre.server.event_request`, the links derived
from the organiser token in :mod:`euchre.server.event_tokens`, the rows, lock and log in
:mod:`euchre.server.event_rows`, the online tables in :mod:`euchre.server.event_online`;
this module holds what the organiser does and what the pages show.

Every change is written (committed) before it is shown, as ``euchre event`` does: the
log is read from the database for every request, so a new server on the same database
loses nothing. One lock per event orders its writers, in every process serving the
database (:mod:`euchre.storage.locks`: a PostgreSQL advisory lock; on SQLite, which
one process serves, a lock in the process).
"""

from __future__ import annotations

import secrets
from typing import Any

import anyio.to_process
import anyio.to_thread

from euchre.core.errors import EuchreError
from euchre.events.errors import EventError
from euchre.events.event import SIDES, Event
from euchre.events.hand_tally import parse_hands
from euchre.events.spec import PROGRESSIVE
from euchre.events.tally import table_result
from euchre.server.event_online import OnlineTables
from euchre.server.event_request import EventWebError, spec_from_request
from euchre.server.event_tokens import public_token
from euchre.server.table_requests import TOKEN_BYTES, token_hash


def _play_entries(event: Event, fill: bool) -> list[dict[str, Any]]:
    """:meth:`Event.play_entries`, for a worker process."""
    return event.play_entries(fill)


class EventWeb(OnlineTables):
    """The server's events (see the module docstring): what the organiser does and what the pages show.

    Args: those of :class:`~euchre.server.event_rows.EventRows`.
    """

    # ------------------------------------------------------------------ creating
    async def create(self, body: Any) -> dict[str, Any]:
        """Create an event; answer its name and its two links (shown this once)."""
        spec, minutes, settings = spec_from_request(body, "web-" + secrets.token_urlsafe(9))
        organiser = secrets.token_urlsafe(TOKEN_BYTES)
        public = public_token(organiser)

        def write() -> None:
            self.events.create(spec)
            self.pages.add_event(spec.name, token_hash(organiser), token_hash(public), minutes, self.clock(),
                                 settings.hints, settings.timer)

        await anyio.to_thread.run_sync(write)
        return {"event": spec.name, "organiser": organiser, "public": public,
                "links": {"organiser": f"{self.base}/events#{organiser}", "public": f"{self.base}/standings#{public}"}}

    # ------------------------------------------------------------------ the organiser's actions
    async def next_round(self, name: str) -> None:
        """Seat the next round.

        Raises:
            EventWebError: 409 ``not_ready`` (the round is still played, the event is
                over, or a bracket, which has no rounds).
        """
        async with self.lock(name):
            event = await self.load(name)
            entry = event.next_round_entry()
            if entry is None:
                why = ("the event is over" if event.is_over else
                       f"round {event.rounds_seated} is still being played; open: {', '.join(event.open_tables())}"
                       if event.rounds_seated and event.open_tables() else "a bracket plays its matches as they are ready")
                raise EventWebError(409, "not_ready", why)
            await self._save(event, [entry])

    async def enter(self, name: str, body: Any) -> dict[str, Any]:
        """A table's (match's) result typed by the organiser: ``{"table", "hands"?,
        "score"?, "winners"?}`` as ``euchre event enter`` takes them."""
        if not isinstance(body, dict) or not isinstance(body.get("table"), str):
            raise EventWebError(400, "bad_request", "give the table (or match) as text, and its hands or its score")
        pinned = body.get("round")
        if pinned is not None and (type(pinned) is not int or not 1 <= pinned <= 1000):
            raise EventWebError(400, "bad_request", "round must be the number of the round the result is for")
        fields = {k: body.get(k) for k in ("hands", "score", "winners")}
        if any(v is not None and (not isinstance(v, str) or len(v) > 2000) for v in fields.values()):
            raise EventWebError(400, "bad_request", "hands, score and winners are text")
        async with self.lock(name):
            event = await self.load(name)
            if pinned is not None and event.spec.format != PROGRESSIVE:
                raise EventWebError(400, "bad_request", "round is for a progressive round's tables; a match's key "
                                                        "(ROUND.TABLE or a bracket id) names its round already")
            if pinned is not None and pinned != event.rounds_seated:
                raise EventWebError(409, "stale", f"this result is for round {pinned}, but round {event.rounds_seated} "
                                                  "is being played: reload the page")
            minutes = await anyio.to_thread.run_sync(self._minutes, name)
            try:
                if minutes and event.spec.format == PROGRESSIVE and fields["hands"] is not None:
                    entry = self._timed_entry(event, body["table"], fields["hands"], fields["winners"])
                else:
                    entry = event.result_entry(body["table"], fields["hands"], fields["score"], fields["winners"])
            except EuchreError as exc:
                raise EventWebError(400, "bad_entry", str(exc)) from None
            await self._save(event, [entry])
            return entry

    @staticmethod
    def _timed_entry(event: Event, table: str, hands: str, winners: str | None) -> dict[str, Any]:
        """A progressive table's hands when the round is timed: as many hands as were
        played when time was called (X-51's bell), tallied by the events package."""
        n = event.rounds_seated
        seating = next((t for t in event.seatings[-1].tables if str(t.table) == table.strip()), None) if n else None
        if seating is None:
            raise EventError(f"no table {table!r} in the round being played")
        side = None if winners is None else SIDES.get(winners.strip().lower())
        if winners is not None and side is None:
            raise EventError(f"name the winners as NS or EW, not {winners!r}")
        tallies = parse_hands(hands, event.rules, event.spec.house)
        totals = [sum(h.points[s] for h in tallies) for s in range(4)]
        return {"kind": "table", **table_result(n, seating.table, seating.seats, totals, tallies, side,
                                                event.spec.seed).to_dict()}

    async def play(self, name: str, fill: bool) -> list[dict[str, Any]]:
        """Bots play the open tables of bots only (``fill``: every open table without an
        online table, bots standing in for the people), in a separate process (the
        search bots must not hold the threads that serve every request), one event at a
        time.

        Raises:
            EventWebError: 503 ``busy`` (bots are playing another event's tables), 409
                ``nothing_to_play``.
        """
        if self._playing:
            raise EventWebError(503, "busy", "bots are playing an event's tables (this one's or another's); "
                                             "try again in a moment")
        self._playing = True
        try:
            return await self._play(name, fill)
        finally:
            self._playing = False

    async def _play(self, name: str, fill: bool) -> list[dict[str, Any]]:
        async with self.lock(name):
            event = await self.load(name)
            online = set(await anyio.to_thread.run_sync(self._online_rows, name))
            try:
                entries = await anyio.to_process.run_sync(_play_entries, event, fill, cancellable=True)
            except EuchreError as exc:
                raise EventWebError(409, "nothing_to_play", str(exc)) from None
            entries = [e for e in entries if self._entry_key(event, e) not in online]
            if not entries:
                raise EventWebError(409, "nothing_to_play", "every open table is played online or waits for people")
            await self._save(event, entries)
            return entries

    @staticmethod
    def _entry_key(event: Event, entry: dict[str, Any]) -> str:
        return f"{entry['round']}.{entry['table']}" if entry["kind"] == "table" else str(entry["key"])

    # ------------------------------------------------------------------ what the pages show
    async def view(self, name: str, organiser: str | None) -> dict[str, Any]:
        """The event as its pages show it (the organiser's: with the online tables' seat
        links); results of finished online tables are taken first
        (:func:`euchre.server.event_view.event_view`)."""
        from euchre.server.event_view import event_view

        await self.collect(name)
        event = await self.load(name)
        minutes, started, online, settings = await anyio.to_thread.run_sync(
            lambda: (self._minutes(name), self._round_started(name), self._online_rows(name),
                     self._table_settings(name)))
        status = await anyio.to_thread.run_sync(self._statuses, [row[0] for row in online.values()])
        status = {key: status.get(row[0]) for key, row in online.items()}
        return event_view(event, self.open_keys(event), online, status, minutes, started, self.clock(),
                          organiser, self.base, settings)


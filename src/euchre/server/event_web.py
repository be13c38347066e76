"""Progressive evenings and tournaments on the server, over :mod:`euchre.events`.

The event itself (its definition, its log, the next round, the tally, the standings,
exports and printed cards) is :mod:`euchre.events`' and is kept by its
:class:`~euchre.events.store.EventStore` in the server's database; this module adds what
the web needs (tables ``euchre_competition_web`` and ``euchre_competition_table``,
:mod:`euchre.server.web_schema`):

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

Every change is written (committed) before it is shown, as ``euchre event`` does: the
log is read from the database for every request, so a new server on the same database
loses nothing. One lock per event orders its writers, in every process serving the
database (:mod:`euchre.server.named_lock`: a PostgreSQL advisory lock; on SQLite, which
one process serves, a lock in the process).
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import anyio.to_process
import anyio.to_thread
from sqlalchemy import Engine, insert, select, update

from euchre.bots import PLAYER_LEVELS
from euchre.core.errors import EuchreError
from euchre.core.game import Game
from euchre.core.house_rules import BY_KEY
from euchre.core.presets import FOUR_HAND_PRESETS, build_rules
from euchre.events.errors import EventError
from euchre.events.event import ALL_FORMATS, PROGRESSIVE, SIDES, Event, EventSpec, default_rounds
from euchre.events.movements import MOVEMENTS, SEATINGS, SEATS
from euchre.events.store import EventStore, entries_table
from euchre.events.tally import HouseScoring, hand_from_result, parse_hands, table_result
from euchre.events.tournament import ELIMINATION, match_result
from euchre.server.cluster import Elsewhere
from euchre.server.hub import Hub
from euchre.server.named_lock import NamedLocks
from euchre.server.names import BLANKS, mixes_scripts, passes_for, same_name
from euchre.server.protocol import MAX_TIMER, MIN_TIMER, ProtocolError, check_timer
from euchre.server.storage import StorageError, TableRow, told
from euchre.server.table_requests import MAX_SEED, TOKEN_BYTES, token_hash
from euchre.server.web_schema import competition_table_table, competition_web_table

MAX_PLAYERS = 128
MAX_MINUTES = 240
CREATE_FIELDS = ("title", "format", "players", "bots", "bot_level", "tables", "rounds", "hands", "minutes",
                 "movement", "preset", "target", "house_rules", "lone_march", "lone_euchred", "tiebreaks",
                 "duplicate", "seed", "hints", "timer", "seating")


@dataclasses.dataclass(frozen=True)
class TableSettings:
    """What an event's organiser sets for all its online tables, and nobody seated may
    change (:attr:`euchre.server.table.LiveTable.organised`).

    Attributes:
        hints: whether a player may ask for the expert's values of his choices. Default
            on at a progressive evening, off at a tournament (a hint is the engine's
            advice: no help a player at a tournament table may have).
        timer: seconds each person present has for a move before a bot plays it (0: no
            timer; else :data:`euchre.server.protocol.MIN_TIMER` to ``MAX_TIMER``).
    """

    hints: bool
    timer: int

    @staticmethod
    def stored(hints: int | None, timer: int | None) -> TableSettings:
        """The settings from their columns; null (an event created before the organiser
        could set them) is what its tables had: hints on, no timer."""
        return TableSettings(True if hints is None else bool(hints), 0 if timer is None else int(timer))


class EventWebError(Exception):
    """A request about an event refused: HTTP ``status``, ``code`` and a message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def seat_token(organiser_token: str, table_id: str, seat: str) -> str:
    """The invite token of a seat (``N``..``W``, or ``spectator``) of an event's online
    table: 144 bits of HMAC-SHA256 keyed by the organiser token (only its hash is
    stored, like every invite token)."""
    digest = hmac.new(organiser_token.encode(), f"seat:{table_id}:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode().rstrip("=")


def public_token(organiser_token: str) -> str:
    """The public standings token of the event whose organiser token this is (96 bits of
    HMAC-SHA256), so that the organiser's page can show the public link again."""
    digest = hmac.new(organiser_token.encode(), b"public standings", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode().rstrip("=")


def deal_seed(organiser_token: str) -> int:
    """The secret seed of an event's duplicate deals on its online tables (62 bits of
    HMAC-SHA256 keyed by the organiser token): the same for every table of the event, so
    that a round's tables get the same cards, and known to nobody who has only the
    event's export or a seat's link."""
    digest = hmac.new(organiser_token.encode(), b"duplicate deals", hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") % MAX_SEED


def _int(body: dict[str, Any], key: str, low: int, high: int) -> int | None:
    value = body.get(key)
    if value is None:
        return None
    if type(value) is not int or not low <= value <= high:
        raise EventWebError(400, "bad_request", f"{key} must be a whole number {low}..{high} or null")
    return value


def spec_from_request(body: Any, name: str) -> tuple[EventSpec, int | None, TableSettings]:
    """An event's definition from the organiser's form, its minutes per round, and the
    settings of its online tables.

    Fields (all optional but ``players``): ``title``; ``format`` (``progressive``, the
    default, or a tournament format); ``players`` (names; in a tournament two by two into
    teams); ``bots`` (names of ``players`` that bots play, or ``"all"``); ``tables``
    (with fewer players than four a table, bots named ``Bot 1``, ... fill the seats);
    ``bot_level``; ``rounds``; ``hands`` (per progressive round) or ``minutes`` (a time
    per round instead: any number of hands is then entered); ``movement``; ``preset``
    (a four-hand partnership preset); ``target``; ``house_rules`` (key to true or false);
    ``lone_march`` ([loner, partner]); ``lone_euchred``; ``tiebreaks``; ``duplicate``;
    ``seed``; ``hints`` and ``timer`` of the online tables (:class:`TableSettings`);
    ``seating`` (``drawn``, a progressive evening's default: round 1's places drawn from
    the seed; or ``as_listed``; null the format's default).

    Raises:
        EventWebError: ``bad_request`` (a field's shape), ``bad_event`` (the events
            package or the core refused it; the message says why).
    """
    if not isinstance(body, dict):
        raise EventWebError(400, "bad_request", "the body must be a JSON object")
    extra = sorted(set(body) - set(CREATE_FIELDS))
    if extra:
        raise EventWebError(400, "bad_request", f"unknown field(s): {', '.join(str(e)[:30] for e in extra[:5])}")
    fmt = body.get("format", PROGRESSIVE)
    if fmt not in ALL_FORMATS:
        raise EventWebError(400, "bad_request", f"format must be one of {', '.join(ALL_FORMATS)}")
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and 0 < len(p.strip()) <= 24 for p in players) \
            or len(players) > MAX_PLAYERS:
        raise EventWebError(400, "bad_request", f"players must be a list of names of 1 to 24 characters (at most {MAX_PLAYERS})")
    names = [" ".join(p.split()) for p in players]
    tables = _int(body, "tables", 1, MAX_PLAYERS // 4)
    bots_field = body.get("bots", [])
    if bots_field == "all":
        bots = list(names)
    elif isinstance(bots_field, list) and all(isinstance(b, str) for b in bots_field):
        bots = [" ".join(b.split()) for b in bots_field]
    else:
        raise EventWebError(400, "bad_request", "bots must be a list of the players' names, or \"all\"")
    people = [n for n in names if n not in bots]
    blank = next((n for n in names if any(ch in BLANKS for ch in n)), None)
    if blank is not None:
        raise EventWebError(400, "bad_event", f"{blank[:24]!r} holds characters that show nothing; write a name that shows")
    alike = next(((a, b) for i, a in enumerate(names) for b in names[i + 1:] if same_name(a, b)), None)
    if alike is not None:
        raise EventWebError(400, "bad_event", f"{alike[0][:24]!r} and {alike[1][:24]!r} read as the same name")
    mixed = next((n for n in names if mixes_scripts(n)), None)
    if mixed is not None:
        raise EventWebError(400, "bad_event", f"{mixed[:24]!r} mixes letters of scripts that look alike; write it in one script")
    posing = next((n for n in people if passes_for(n)), None)
    if posing is not None:
        raise EventWebError(400, "bad_event", f"{posing[:24]!r} reads as a bot's name: a person needs another "
                                              "(or list the name among the bots)")
    if tables is not None:
        seats = 4 * tables
        if len(names) > seats:
            raise EventWebError(400, "bad_event", f"{tables} tables seat {seats}; {len(names)} players are named")
        fill = [f"Bot {i + 1}" for i in range(seats - len(names))]
        names += fill
        bots += fill
    level = body.get("bot_level", "intermediate")
    if level not in PLAYER_LEVELS:
        raise EventWebError(400, "bad_request", f"bot_level must be one of {', '.join(PLAYER_LEVELS)}")
    movement = body.get("movement", MOVEMENTS[0])
    if movement not in MOVEMENTS:
        raise EventWebError(400, "bad_request", f"movement must be one of {', '.join(MOVEMENTS)}")
    preset_name = body.get("preset") or ("progressive-party" if fmt == PROGRESSIVE else "modern-tournament")
    if preset_name not in FOUR_HAND_PRESETS:
        raise EventWebError(400, "bad_request", f"preset must be a four-hand partnership preset: {', '.join(FOUR_HAND_PRESETS)}")
    house = body.get("house_rules", {})
    if not isinstance(house, dict) or not all(k in BY_KEY and type(v) is bool for k, v in house.items()):
        raise EventWebError(400, "bad_request", f"house_rules must be an object of {', '.join(BY_KEY)} to true or false")
    hands, minutes = _int(body, "hands", 1, 50), _int(body, "minutes", 1, MAX_MINUTES)
    if hands is not None and minutes is not None:
        raise EventWebError(400, "bad_request", "give hands per round or minutes per round, not both")
    target, rounds, seed = _int(body, "target", 1, 50), _int(body, "rounds", 1, 64), _int(body, "seed", 0, 2**31)
    lone_euchred = _int(body, "lone_euchred", 0, 99)
    march = body.get("lone_march")
    if march is not None and (not isinstance(march, list) or len(march) != 2 or not all(type(v) is int for v in march)):
        raise EventWebError(400, "bad_request", "lone_march must be [points of the loner, points of his partner] or null")
    tiebreaks = body.get("tiebreaks")
    if tiebreaks is not None and (not isinstance(tiebreaks, list) or not all(isinstance(t, str) for t in tiebreaks)):
        raise EventWebError(400, "bad_request", "tiebreaks must be a list of tie-break names or null")
    duplicate = body.get("duplicate", False)
    title = body.get("title", "")
    if type(duplicate) is not bool or not isinstance(title, str) or len(title) > 80:
        raise EventWebError(400, "bad_request", "duplicate must be true or false, and title text of at most 80 characters")
    seating = body.get("seating")
    if seating is not None and seating not in SEATINGS:
        raise EventWebError(400, "bad_request", f"seating must be one of {', '.join(SEATINGS)} (or null)")
    hints = body.get("hints")
    if hints is None:  # as for the other optional fields, null is the default
        hints = fmt == PROGRESSIVE
    if type(hints) is not bool:
        raise EventWebError(400, "bad_request", "hints must be true or false (or null: on at an evening, off at a "
                                                "tournament)")
    timer = body.get("timer")
    try:
        if timer is not None and type(timer) is not int:
            raise ValueError("whole seconds")
        timer = int(check_timer(timer or 0))
    except ValueError:
        raise EventWebError(400, "bad_request", f"timer must be whole seconds: 0 (off) or {MIN_TIMER} to "
                                                f"{MAX_TIMER}, or null") from None
    rule_args = tuple(f"{k}={'on' if v else 'off'}" for k, v in sorted(house.items()))
    option_args = (f"progressive_hands={hands}",) if hands is not None else ()
    try:
        rules = build_rules(preset_name, house_rules=house, target=target,
                            options={"progressive_hands": hands} if hands is not None else None,
                            field_name=lambda f: {"options.progressive_hands": "hands"}.get(f, f))
        spec = EventSpec(
            name, fmt, tuple(names), tuple(bots), level,
            rounds if rounds is not None else default_rounds(fmt, len(names), movement), movement, preset_name,
            rule_args, option_args, target, rules.to_dict(),
            HouseScoring(march[0] if march else None, march[1] if march else None, lone_euchred),
            None if tiebreaks is None else tuple(tiebreaks), duplicate,
            seed if seed is not None else secrets.randbelow(1_000_000),
            " ".join(title.split()) or ("Euchre evening" if fmt == PROGRESSIVE else "Euchre tournament"), seating)
    except EuchreError as exc:
        raise EventWebError(400, "bad_event", str(exc)) from None
    return spec, minutes, TableSettings(hints, timer)


def _play_entries(event: Event, fill: bool) -> list[dict[str, Any]]:
    """:meth:`Event.play_entries`, for a worker process."""
    return event.play_entries(fill)


class EventWeb:
    """The server's events (see the module docstring).

    Args:
        hub: the server's tables (online tables are created in its store and loaded by it).
        events: the event store on the server's database.
        engine: the server's SQLAlchemy engine (the web tables).
        public_url: the start of the links handed out ("" for paths).
        clock: seconds since the epoch.
    """

    def __init__(self, hub: Hub, events: EventStore, engine: Engine, public_url: str = "",
                 clock: Callable[[], float] = time.time) -> None:
        self.hub = hub
        self.events = events
        self.engine = engine
        self.base = public_url.rstrip("/")
        self.clock = clock
        self.locks = NamedLocks(engine, "event", fail=lambda why: EventWebError(503, "storage_error", why))
        self._playing = False  # bots are playing an event's tables (in a worker process)

    def lock(self, name: str) -> AbstractAsyncContextManager[None]:
        """The lock that orders the writers of one event in every process serving the
        database (``async with``; :meth:`NamedLocks.hold`). Entering it raises
        EventWebError 503 ``storage_error`` when the database cannot give it (PostgreSQL)."""
        return self.locks.hold(name)

    def close(self) -> None:
        """Close the connections of the event store and of the locks."""
        self.events.close()
        self.locks.close()

    # ------------------------------------------------------------------ creating and finding
    async def create(self, body: Any) -> dict[str, Any]:
        """Create an event; answer its name and its two links (shown this once)."""
        spec, minutes, settings = spec_from_request(body, "web-" + secrets.token_urlsafe(9))
        organiser = secrets.token_urlsafe(TOKEN_BYTES)
        public = public_token(organiser)

        def write() -> None:
            self.events.create(spec)
            with self.engine.begin() as connection:
                connection.execute(insert(competition_web_table).values(
                    competition=spec.name, organiser_hash=token_hash(organiser), public_hash=token_hash(public),
                    minutes=minutes, created_at=self.clock(), hints=int(settings.hints), timer=settings.timer))

        await anyio.to_thread.run_sync(write)
        return {"event": spec.name, "organiser": organiser, "public": public,
                "links": {"organiser": f"{self.base}/events#{organiser}", "public": f"{self.base}/standings#{public}"}}

    async def find(self, token: str | None, role: str) -> str:
        """The event a token opens (``role``: ``organiser`` or ``public``).

        Raises:
            EventWebError: 404 ``no_event``.
        """
        if not token or len(token) > 64:
            raise EventWebError(404, "no_event", "this link opens no event")
        column = competition_web_table.c.organiser_hash if role == "organiser" else competition_web_table.c.public_hash

        def read() -> str | None:
            with self.engine.connect() as connection:
                row = connection.execute(select(competition_web_table.c.competition).where(
                    column == token_hash(token))).first()
            return None if row is None else str(row[0])

        name = await anyio.to_thread.run_sync(read)
        if name is None:
            raise EventWebError(404, "no_event", "this link opens no event")
        return name

    async def load(self, name: str) -> Event:
        """The event with its whole log, read from the database."""
        try:
            return await anyio.to_thread.run_sync(self.events.load, name)
        except EventError as exc:
            raise EventWebError(503, "storage_error", told(exc)) from None

    async def _save(self, event: Event, entries: list[dict[str, Any]]) -> None:
        """Write entries (committed), then apply them (``euchre event``'s order)."""
        after = Event(event.spec, [*event.entries, *entries])
        try:
            await anyio.to_thread.run_sync(
                lambda: self.events.append(event.spec.name, len(event.entries), list(entries), over=after.is_over))
        except EventError as exc:
            raise EventWebError(503, "storage_error", told(exc)) from None
        for entry in entries:
            event.apply(dict(entry))

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
            with self.engine.begin() as connection:
                connection.execute(insert(competition_table_table).values(
                    competition=spec.name, key=key, table_id=table_id, seats=json.dumps(list(seats)),
                    created_at=self.clock(), collected_at=None))

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

    # ------------------------------------------------------------------ results of online tables
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

    def _statuses(self, table_ids: list[str]) -> dict[str, str | None]:
        """The stored status of each table (``lobby``, ``playing``, ``over``), whichever
        process runs it."""
        from euchre.server.storage import tables_table

        if not table_ids:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(select(tables_table.c.id, tables_table.c.status)
                                      .where(tables_table.c.id.in_(table_ids))).all()
        return {str(r[0]): str(r[1]) for r in rows}

    def _online_rows(self, name: str) -> dict[str, tuple[str, tuple[int, int, int, int], bool]]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(competition_table_table).where(
                competition_table_table.c.competition == name)).all()
        out = {}
        for r in rows:
            s = json.loads(r.seats)
            out[str(r.key)] = (str(r.table_id), (int(s[0]), int(s[1]), int(s[2]), int(s[3])), r.collected_at is not None)
        return out

    def _mark_collected(self, name: str, key: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(competition_table_table).where(
                (competition_table_table.c.competition == name) & (competition_table_table.c.key == key))
                .values(collected_at=self.clock()))

    def _minutes(self, name: str) -> int | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(competition_web_table.c.minutes).where(
                competition_web_table.c.competition == name)).first()
        return None if row is None or row[0] is None else int(row[0])

    def _table_settings(self, name: str) -> TableSettings:
        with self.engine.connect() as connection:
            row = connection.execute(select(competition_web_table.c.hints, competition_web_table.c.timer).where(
                competition_web_table.c.competition == name)).first()
        return TableSettings.stored(None, None) if row is None else TableSettings.stored(row[0], row[1])

    def _round_started(self, name: str) -> float | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(entries_table.c.created_at).where(
                (entries_table.c.competition == name) & (entries_table.c.kind == "round"))
                .order_by(entries_table.c.seq.desc()).limit(1)).first()
        return None if row is None else float(row[0])

    def uncollected_events(self) -> list[str]:
        """The events with an online table whose result is not yet taken."""
        with self.engine.connect() as connection:
            return sorted({str(r[0]) for r in connection.execute(select(competition_table_table.c.competition).where(
                competition_table_table.c.collected_at.is_(None)))})

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

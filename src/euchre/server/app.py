"""The web app: a Starlette application with a REST API, a websocket and one page.

Routes:

``GET /`` and ``GET /play``
    the page (``static/index.html``; with ``#TOKEN`` in the address it joins that seat).
``GET /static/...``
    the page's script and style sheet. The page makes no request to any other host.
``GET /api/options``
    the presets, targets and bot levels a table may be created with.
``POST /api/tables``
    create a table (body: see :func:`euchre.server.hub.rules_from_request`); answers
    201 with the table id, one invite token and link per seat and a spectator link.
``GET /api/tables/{id}/record.json`` and ``.../record.egn`` (``?game=N``)
    the game record once the game is over (409 before, 404 for no such table or game,
    422 when EGN cannot express the rules); game N of the table's rematches.
``GET /api/tables/{id}/replay.json`` (``?game=N``)
    a finished game face up, step by step, for the page's replay.
``WS /ws``
    the game: the protocol of :mod:`euchre.server.protocol`.
``GET /referee`` and ``POST /api/referee``
    the referee of a game played with real cards: the page, and one entry at a time
    (:mod:`euchre.server.referee_api`; stateless, the page keeps the record).
``GET /healthz``
    liveness: ``{"ok": true}`` while the process serves (no database access).
``GET /readyz``
    readiness: ``{"ok": true}`` once the app has started and its database answers
    ``SELECT 1``; 503 ``not_ready`` otherwise.
``GET /metrics``
    the Prometheus text format (:mod:`euchre.server.metrics`).
``/events``, ``/standings``, ``/api/events``, ``/api/organiser...``, ``/api/standings/...``
    progressive evenings and tournaments (:mod:`euchre.server.event_api`).
``/account``, ``/player``, ``/leaderboard``, ``/api/accounts``, ``/api/login``, ...
    accounts, players' pages and ratings (:mod:`euchre.server.account_api`); the
    middleware :class:`euchre.server.web_services.WebExtras` runs their services and
    records the account of a seat opened by a person logged in.

HTTP errors are ``{"error": {"code": CODE, "message": TEXT}}``. Every POST is
``application/json`` (415 ``not_json`` otherwise, an empty body too) and its object may
hold only the route's fields (:mod:`euchre.server.http_body`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import logging
import re
import socket
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket
from websockets.asyncio.client import ClientConnection

from euchre.bots import PLAYER_LEVELS
from euchre.core.errors import RecordError
from euchre.core.game import Game
from euchre.core.house_rules import house_rules_json, preset_house_rules
from euchre.core.presets import DEFAULT_PRESET, PLAYABLE_PRESETS, PRESET_DESCRIPTIONS, PRESET_PLAIN, preset
from euchre.core.side_words import plural
from euchre.server import account_api, event_api, forward
from euchre.server.cluster import CLUSTER_HEADER, Elsewhere, Leases, SoleServer, Unlocked, cluster_secret, run_op
from euchre.server.config import ServerConfig
from euchre.server.connection import Connection
from euchre.server.http_body import JsonRequestsOnly, api_http_error, api_server_error, error, read_json
from euchre.server.hub import CREATE_FIELDS, CreateError, Hub
from euchre.server.metrics import ServerMetrics
from euchre.server.protocol import ClientMessage, ProtocolError, RateLimiter, parse_message
from euchre.server.referee_api import FIELDS as REFEREE_FIELDS
from euchre.server.referee_api import RefereeRequestError
from euchre.server.referee_api import answer as referee_answer
from euchre.server.storage import StorageError, Store
from euchre.server.table import LiveTable
from euchre.server.web_services import WebExtras

log = logging.getLogger("euchre.server")

STATIC = Path(__file__).resolve().parent / "static"
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
MAX_BAD_JOINS = 5
"""Failed join attempts before a connection is closed."""

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


class SecurityHeaders:
    """ASGI middleware adding the page's security headers to every HTTP response: a
    Content-Security-Policy that allows only this origin, no sniffing, no referrer, no
    framing; API answers are not cached."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = str(scope.get("path", "")).startswith(("/api/", "/internal/"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
                            (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY")]
                if api:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


# ---------------------------------------------------------------------- HTTP
async def page(_request: Request) -> Response:
    """The single page (lobby and table)."""
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")


async def options(request: Request) -> Response:
    """What a table may be created with: presets (name, description, target: null for a
    progressive round, which plays a number of hands; the house rules each has on;
    whether the referee of real cards keeps it: not call-ace, RULES.md decision 28), the
    house rules (:mod:`euchre.core.house_rules`), bot levels."""
    config: ServerConfig = request.app.state.config
    return JSONResponse({
        "presets": [{"name": n, "description": PRESET_PLAIN[n], "sources": PRESET_DESCRIPTIONS[n],
                     "target": preset(n).game_target if preset(n).plays_to_target else None,
                     "house_rules": preset_house_rules(preset(n)),
                     "refereed": preset(n).variant != "call_ace"}
                    for n in PLAYABLE_PRESETS],
        "house_rules": house_rules_json(),
        "default_preset": DEFAULT_PRESET,
        "bots": list(PLAYER_LEVELS),
        "default_bots": "intermediate",
        "max_target": config.max_target,
    })


GAME_NUMBER = re.compile(r"[1-9][0-9]{0,5}")
"""A game number in a record's address (``?game=2``): digits without a leading zero."""


def _client_key(request: Request) -> str:
    """The address the request came from (the connection's peer; behind a proxy every
    client is the proxy, which then limits for them all)."""
    return request.client.host if request.client is not None else "?"


async def create_table(request: Request) -> Response:
    """Create a table; answer 201 with its invite tokens and links (see module doc), or
    429 ``rate_limited`` when this client has created ``create_per_minute`` tables in the
    last minute, counted in the database for every process of the server together
    (``app.state.create_limits``, a :class:`~euchre.server.shared_limits.SharedLimits`
    made at the first creation); 503 ``storage_error`` when the database cannot count."""
    from euchre.server.shared_limits import SharedLimits

    config: ServerConfig = request.app.state.config
    limits: SharedLimits | None = request.app.state.create_limits
    if limits is None:
        limits = request.app.state.create_limits = SharedLimits(
            request.app.state.store.engine, "create", config.create_per_minute / 60.0, config.create_per_minute)
    body = await read_json(request, config.max_body_bytes, CREATE_FIELDS)
    if isinstance(body, Response):  # refused before the limit is counted: nothing is written
        return body
    key = _client_key(request)
    try:
        taken = await anyio.to_thread.run_sync(limits.take, key)
    except StorageError as exc:
        return error(503, "storage_error", str(exc))
    if not taken.allowed:
        refused = error(429, "rate_limited", f"at most {config.create_per_minute} tables a minute from one address")
        refused.headers["retry-after"] = str(taken.wait)
        return refused
    try:
        made = await _hub(request).create(body)
    except CreateError as exc:
        try:  # nothing was made: the client keeps his token
            await anyio.to_thread.run_sync(limits.refund, key)
        except StorageError as lost:  # the refusal's answer stands
            log.warning("a table creation's token could not be given back: %s", lost)
        return error(503 if exc.code == "storage_error" else 400, exc.code, exc.message)
    base = config.public_url.rstrip("/")  # never the Host header: a client chooses that
    made["links"] = {seat: f"{base}/play#{token}" for seat, token in made["seats"].items()}
    made["links"]["spectator"] = f"{base}/play#{made['spectator']}"
    return JSONResponse(made, status_code=201)


async def _finished_game(request: Request) -> tuple[LiveTable, Game, int] | Response:
    """The table, game and game number of a record request (``?game=N``, from 1;
    default the last game), or the error response: 404 ``no_table``, 409 ``not_over``,
    404 ``no_game``, 400 ``bad_request`` for a ``game`` that is not a number."""
    table_id = request.path_params["table_id"]
    if not TABLE_ID.match(table_id):
        return error(404, "no_table", "no such table")
    asked = request.query_params.get("game")
    if asked is not None and not GAME_NUMBER.fullmatch(asked):  # one spelling per game: no 01
        return error(400, "bad_request", "game must be a game number: 1, 2, ...")
    try:
        table = await _hub(request).peek(table_id)  # a finished game: read where the table is run or from the log
    except StorageError as exc:
        return error(503, "unavailable", str(exc))
    if table is None:
        return error(404, "no_table", "no such table")
    games = len(table.past_games) + (table.game is not None)
    number = games if asked is None else int(asked)
    if not 1 <= number <= games:
        if asked is None:
            return error(409, "not_over", "the record is available when the game is over")
        return error(404, "no_game", f"this table has played {plural(games, 'game')}")
    if number == games and table.status != "over":
        return error(409, "not_over", "the record is available when the game is over")
    return table, table.finished_game(number), number


async def record_json(request: Request) -> Response:
    """The JSON game record of a finished game, as a download."""
    found = await _finished_game(request)
    if isinstance(found, Response):
        return found
    table, _, number = found
    return Response(table.record_json(number), media_type="application/json",
                    headers={"content-disposition": f'attachment; filename="euchre-{table.id}-{number}.json"'})


async def record_egn(request: Request) -> Response:
    """The game in Euchre Game Notation, as a download (422 when EGN cannot say it)."""
    found = await _finished_game(request)
    if isinstance(found, Response):
        return found
    table, _, number = found
    try:
        text = table.record_egn(number)
    except RecordError as exc:
        return error(422, "no_egn", f"EGN cannot record this game: {exc}")
    return Response(text, media_type="application/json",
                    headers={"content-disposition": f'attachment; filename="euchre-{table.id}-{number}.egn"'})


async def replay(request: Request) -> Response:
    """The face-up replay of a finished game (:func:`euchre.server.history.replay_json`):
    every step of every hand with every seat's cards, for the page to step through."""
    found = await _finished_game(request)
    if isinstance(found, Response):
        return found
    table, _, number = found
    return Response(await table.replay(number), media_type="application/json")


REFEREE_BODY_BYTES = 256 * 1024
"""The largest body of ``POST /api/referee`` (a record of an evening with every card)."""


async def referee_page(_request: Request) -> Response:
    """The referee's page for a game of real cards."""
    return FileResponse(STATIC / "referee.html", media_type="text/html; charset=utf-8")


async def referee(request: Request) -> Response:
    """One entry for the referee of real cards (:mod:`euchre.server.referee_api`)."""
    config: ServerConfig = request.app.state.config
    body = await read_json(request, REFEREE_BODY_BYTES, REFEREE_FIELDS)
    if isinstance(body, Response):
        return body
    try:
        made = await anyio.to_thread.run_sync(referee_answer, body, config.max_target)
    except RefereeRequestError as exc:
        return error(400, exc.code, exc.message)
    return JSONResponse(made)


async def healthz(_request: Request) -> Response:
    """Liveness: ``{"ok": true}`` while the process serves; the database is not asked."""
    return JSONResponse({"ok": True})


async def readyz(request: Request) -> Response:
    """Readiness, for a balancer: ``{"ok": true}`` once the app has started (migrations
    run, hub open) and the database answers ``SELECT 1``; otherwise 503 ``not_ready``
    with the reason (the password of the URL hidden)."""
    store: Store | None = getattr(request.app.state, "store", None)
    if store is None or getattr(request.app.state, "hub", None) is None:
        return error(503, "not_ready", "the server is starting")
    try:
        await anyio.to_thread.run_sync(store.ping)
    except StorageError as exc:
        return error(503, "not_ready", str(exc))
    return JSONResponse({"ok": True})


async def metrics(request: Request) -> Response:
    """The metrics in the Prometheus text format (:mod:`euchre.server.metrics`)."""
    registry: ServerMetrics = request.app.state.metrics
    return Response(registry.text(), media_type="text/plain; version=0.0.4; charset=utf-8")


# ---------------------------------------------------------------------- websocket
@dataclasses.dataclass(frozen=True)
class _Forward:
    """A join for a table another process runs: the websocket open to it, and the join's
    text to send it first."""

    upstream: ClientConnection
    join_text: str


class _Session:
    """One websocket from accept to close: the join, then the message loop."""

    def __init__(self, ws: WebSocket, hub: Hub, config: ServerConfig, metrics: ServerMetrics) -> None:
        self.ws = ws
        shown = ws.headers.get(CLUSTER_HEADER)
        self.forwarded = bool(shown and hub.secret and hmac.compare_digest(shown, hub.secret))
        """Forwarded by another process of the cluster (:mod:`euchre.server.forward`)."""
        self.hub = hub
        self.config = config
        self.metrics = metrics
        self.limiter = RateLimiter(config.rate_per_second, config.rate_burst)
        self.tasks: set[asyncio.Task[None]] = set()  # hints being computed

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code, reason)

    def _check(self, frame: Message) -> ClientMessage:
        """The message of a frame, counted against the rate limit. A message over the
        limit is refused ``rate_limited`` with its ``id`` when it could be read (the
        message is small: at most ``max_message_bytes``)."""
        allowed = self.limiter.allow()
        try:
            msg = parse_message(dict(frame), self.config.max_message_bytes)
        except ProtocolError:
            if not allowed:
                raise ProtocolError("rate_limited", f"at most {self.config.rate_per_second:g} messages a second") from None
            raise
        if not allowed:
            raise ProtocolError("rate_limited", f"at most {self.config.rate_per_second:g} messages a second", msg.ref)
        return msg

    def _flooding(self) -> bool:
        return self.limiter.refused > 5 * self.config.rate_burst

    async def _join(self) -> tuple[LiveTable, Connection] | _Forward | None:
        """Wait for a good ``join``; None when the client left or was sent away. The
        table's own connection, or, where another process runs the table, a websocket
        open to it and the join's text to send it (:mod:`euchre.server.forward`)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.config.join_timeout
        failures = 0
        while True:
            try:
                frame = await asyncio.wait_for(self.ws.receive(), timeout=max(0.0, deadline - loop.time()))
            except TimeoutError:
                await self.ws.send_json(ProtocolError("join_timeout", "send a join message first").event())
                await self._close(1008, "no join")
                return None
            if frame["type"] == "websocket.disconnect":
                return None
            msg: ClientMessage | None = None
            try:
                msg = self._check(frame)
                if msg.type == "ping":
                    await self.ws.send_json({"type": "pong", "id": msg.ref})
                    continue
                if msg.type != "join":
                    raise ProtocolError("not_joined", "send a join message with your invite token first", msg.ref)
                table_id, seat = await self.hub.find(msg.fields["token"])
                try:
                    table = await self.hub.get(table_id)
                except Elsewhere as away:
                    if self.forwarded:  # never forwarded twice: the client reconnects and is sent on afresh
                        await self._close(1012, "the table is moving between servers; reconnect")
                        return None
                    reached = await forward.reach(self.hub, away, forward.forward_headers(self.ws, self.hub.secret))
                    if reached is None:
                        raise ProtocolError("unavailable", "the server running this table does not answer; "
                                                           "try again in a moment") from None
                    if not isinstance(reached, LiveTable):
                        return _Forward(reached, str(frame.get("text")))
                    table = reached
                except StorageError as exc:
                    raise ProtocolError("unavailable", f"the table cannot be loaded: {exc}") from None
                if table is None:
                    raise ProtocolError("bad_token", "this invite link opens no table")
                conn = Connection(seat, self.config.send_queue, self.config.send_timeout)
                await table.attach(conn)
                return table, conn
            except ProtocolError as exc:
                if exc.ref is None and msg is not None:
                    exc.ref = msg.ref
                await self.ws.send_json(exc.event())
                failures += exc.code in ("bad_token", "unavailable", "seat_busy", "seat_is_bot")
                if failures >= MAX_BAD_JOINS or self._flooding():
                    await self._close(1008, "too many bad messages")
                    return None

    async def _dispatch(self, table: LiveTable, conn: Connection, msg: ClientMessage, received: float) -> None:
        """Carry out one message; ``received`` is when it was read (``time.perf_counter``)."""
        kind, f, ref = msg.type, msg.fields, msg.ref
        if kind == "join":
            raise ProtocolError("already_joined", "this connection has joined already", ref)
        if kind == "ping":
            conn.post({"type": "pong", "id": ref})
        elif kind == "action":
            await table.act(conn, f["action"], f.get("seq"), ref)  # raises when refused: not counted
            self.metrics.moved(time.perf_counter() - received)
        elif kind == "start":
            await table.start(conn, ref)
        elif kind == "chat":
            await table.say(conn, f["text"], ref)
        elif kind == "name":
            await table.rename(conn, f["name"], ref)
        elif kind == "settings":
            await table.settings(conn, f, ref)
        elif kind == "take_seat":
            await table.take_seat(conn, ref)
        elif kind == "rematch":
            await table.rematch(conn, ref)
        elif kind == "undo":
            await table.undo(conn, ref)
        elif kind == "hint":
            # In a task: the connection's other messages are not held up while the
            # expert thinks; one hint at a time per connection.
            if conn.hinting:
                raise ProtocolError("rate_limited", "a hint is being computed for you already", ref)
            conn.hinting = True
            task = asyncio.get_running_loop().create_task(self._hint(table, conn, ref))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    @staticmethod
    async def _hint(table: LiveTable, conn: Connection, ref: str | int | None) -> None:
        try:
            await table.hint(conn, ref)
        except ProtocolError as exc:
            conn.post(exc.event())
        except Exception:  # never leave the player without an answer
            log.exception("table %s: a hint failed", table.id)
            conn.post(ProtocolError("busy", "the hint could not be computed; ask again in a moment", ref).event())
        finally:
            conn.hinting = False

    async def _pump(self, conn: Connection, reader: asyncio.Task[Any] | None = None) -> None:
        with contextlib.suppress(Exception):
            await conn.pump(self.ws.send_text, self._close)
        if (conn.dropped or conn.moved) and reader is not None:
            reader.cancel()  # a client that stopped reading may never send a close either: end the session

    async def run(self) -> None:
        """Serve the connection until the client leaves."""
        await self.ws.accept()
        joined = await self._join()
        if joined is None:
            return
        if isinstance(joined, _Forward):
            await forward.relay(self.ws, joined.upstream, joined.join_text)
            return
        table, conn = joined
        writer = asyncio.get_running_loop().create_task(self._pump(conn, asyncio.current_task()))
        flooded = False
        try:
            while not conn.dropped and not flooded:
                try:
                    frame = await self.ws.receive()
                    received = time.perf_counter()
                except asyncio.CancelledError:
                    task = asyncio.current_task()
                    if (conn.dropped or conn.moved) and task is not None and task.uncancel() == 0:
                        break  # the writer ended the session: the client stopped reading
                    raise
                if frame["type"] == "websocket.disconnect":
                    break
                msg: ClientMessage | None = None
                try:
                    msg = self._check(frame)
                    await self._dispatch(table, conn, msg, received)
                except ProtocolError as exc:
                    if exc.ref is None and msg is not None:
                        exc.ref = msg.ref
                    conn.post(exc.event())
                    flooded = self._flooding()
        finally:
            for task in self.tasks:
                task.cancel()
            table.detach(conn)
            try:
                await asyncio.wait_for(writer, timeout=2.0)
            except (TimeoutError, asyncio.CancelledError):
                writer.cancel()
            if flooded:
                await self._close(1008, "too many messages")


async def websocket(ws: WebSocket) -> None:
    """The game's websocket (see :mod:`euchre.server.protocol`)."""
    await _Session(ws, _hub(ws), ws.app.state.config, ws.app.state.metrics).run()


# ---------------------------------------------------------------------- between processes
INTERNAL_OPS = ("start", "stop")
"""What one process may ask another to do to a table it runs (:meth:`Hub.on_owner`)."""


async def internal_op(request: Request) -> Response:
    """``POST /internal/tables/{id}/{op}``: another process of the cluster asks this one
    to start or stop a table it runs (an event's organiser's request reached the other
    process). Only with the cluster's secret (403 ``forbidden`` otherwise, and always on
    SQLite, where there is one process); 409 ``elsewhere`` when this process does not run
    the table (the asker looks again); the table's own refusals as 409 with their code."""
    hub = _hub(request)
    body = await read_json(request, 4096, ("why",))  # its shape first, as every JSON route: it tells no secret
    if isinstance(body, Response):
        return body
    shown = request.headers.get(CLUSTER_HEADER, "")
    if not hub.secret or not hmac.compare_digest(shown, hub.secret):
        return error(403, "forbidden", "only the server's own processes may ask this")
    table_id, op = request.path_params["table_id"], request.path_params["op"]
    if not TABLE_ID.match(table_id) or op not in INTERNAL_OPS:
        return error(404, "no_table", "no such table or operation")
    try:
        table = await hub.get(table_id)
    except Elsewhere as away:
        return error(409, "elsewhere", str(away))
    except StorageError as exc:
        return error(503, "unavailable", str(exc))
    if table is None:
        return error(404, "no_table", "no such table")
    try:
        made = await run_op(table, op, body)
    except ProtocolError as exc:
        return error(409, exc.code, exc.message)
    return JSONResponse(made)


def open_leases(store: Store, config: ServerConfig) -> Leases | SoleServer:
    """Who runs which table: leases in the database where several processes may share it
    (any database but SQLite), else this process alone, a lock file beside an SQLite
    file refusing a second (an in-memory or a test's database: no lock file).

    Raises:
        StorageError: another process serves the SQLite file already."""
    url = store.engine.url
    if url.get_backend_name() != "sqlite":
        return Leases(store.engine, config.name or socket.gethostname(), config.advertise_url)
    if not url.database:
        return Unlocked()
    sole = SoleServer(url.database, config.name or socket.gethostname())
    sole.open()
    return sole


# ---------------------------------------------------------------------- the app
def create_app(config: ServerConfig) -> Starlette:
    """The web app. On start it runs the database migrations and opens the storage; on
    stop it stops every table's bots. Tables are loaded from storage on first use, so
    a new app on the same database resumes every table where it was.

    Args:
        config: the storage URL, limits and pacing.

    Returns:
        A Starlette (ASGI) application; ``app.state.hub`` is its :class:`Hub` while it runs.
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(config.db_url)
        leases: Leases | SoleServer | None = None
        try:
            await anyio.to_thread.run_sync(store.migrate)
            leases = open_leases(store, config)
            hub = Hub(store, config, leases=leases)
            if isinstance(leases, Leases):
                hub.secret = await anyio.to_thread.run_sync(cluster_secret, store.engine)
                hub.start_keeper()
            app.state.hub = hub
            app.state.store = store
            yield
            await hub.close()
        finally:
            store.close()
            if leases is not None:
                leases.close()

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/play", page, methods=["GET"]),
        Route("/healthz", healthz, methods=["GET"]),
        Route("/readyz", readyz, methods=["GET"]),
        Route("/metrics", metrics, methods=["GET"]),
        Route("/api/options", options, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/referee", referee_page, methods=["GET"]),
        Route("/api/referee", referee, methods=["POST"]),
        Route("/api/tables/{table_id}/record.json", record_json, methods=["GET"]),
        Route("/api/tables/{table_id}/record.egn", record_egn, methods=["GET"]),
        Route("/api/tables/{table_id}/replay.json", replay, methods=["GET"]),
        Route("/internal/tables/{table_id}/{op}", internal_op, methods=["POST"]),
        *event_api.ROUTES,  # events: the organiser's and standings pages (server/event_api.py)
        *account_api.ROUTES,  # accounts, players' pages, leaderboards (server/account_api.py)
        WebSocketRoute("/ws", websocket),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    # JsonRequestsOnly: every POST (PUT, PATCH, DELETE) is JSON or refused 415, on every
    # route, before the route runs (server/http_body.py); inside SecurityHeaders, so its
    # answers carry the headers too.
    # Every error under /api/ is JSON, those Starlette makes too (no route, a method not
    # allowed, an error no route caught): server/http_body.py.
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(SecurityHeaders), Middleware(JsonRequestsOnly), Middleware(WebExtras)],
                    exception_handlers={HTTPException: api_http_error, 500: api_server_error})
    # Starlette answers a path with a slash too many or too few by a redirect built from
    # the request's Host header, which a client chooses: links never come from Host here.
    app.router.redirect_slashes = False
    app.state.config = config
    app.state.create_limits = None  # the creation limit's buckets: made by create_table on the store
    app.state.metrics = ServerMetrics(lambda: getattr(app.state, "hub", None))
    return app


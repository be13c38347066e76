"""The web app: a Starlette application with a REST API, a websocket and one page.

Routes:

``GET /`` and ``GET /play``
    the page (``static/index.html``; with ``#TOKEN`` in the address it joins that seat).
``GET /static/...``
    the page's script and style sheet. The page makes no request to any other host.
``GET /api/options``
    the presets, targets and bot levels a table may be created with.
``POST /api/tables``
    create a table (body: see :func:`euchre.server.table_requests.rules_from_request`); answers
    201 with the table id, one invite token and link per seat and a spectator link.
``GET /api/tables/{id}/record.json`` and ``.../record.egn`` (``?game=N``)
    the game record once the game is over (409 before, 404 for no such table or game,
    422 when EGN cannot express the rules); game N of the table's rematches.
``GET /api/tables/{id}/replay.json`` (``?game=N``)
    a finished game face up, step by step, for the page's replay.
``WS /ws``
    the game: the protocol of :mod:`euchre.server.protocol`, served by :mod:`euchre.server.session`.
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

import contextlib
import logging
import re
import socket
from collections.abc import AsyncIterator
from pathlib import Path

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

from euchre.bots import PLAYER_LEVELS
from euchre.core.errors import RecordError
from euchre.core.game import Game
from euchre.core.house_rules import house_rules_json, preset_house_rules
from euchre.core.presets import DEFAULT_PRESET, PLAYABLE_PRESETS, PRESET_DESCRIPTIONS, PRESET_PLAIN, preset
from euchre.server import account_api, event_api, session
from euchre.server.cluster import (
    CLUSTER_HEADER,
    Elsewhere,
    Leases,
    SoleServer,
    Unlocked,
    cluster_secret,
    run_op,
    shows_secret,
)
from euchre.server.config import ServerConfig
from euchre.server.http_body import JsonRequestsOnly, api_http_error, api_server_error, error, read_json
from euchre.server.hub import Hub
from euchre.server.metrics import ServerMetrics
from euchre.server.protocol import ProtocolError
from euchre.server.referee_api import FIELDS as REFEREE_FIELDS
from euchre.server.referee_api import RefereeRequestError
from euchre.server.referee_api import answer as referee_answer
from euchre.server.storage import StorageError, Store, told
from euchre.server.table import LiveTable
from euchre.server.table_requests import CREATE_FIELDS, CreateError
from euchre.server.web_services import WebExtras
from euchre.storage.sql import sqlite_in_memory
from euchre.text.side_words import plural

log = logging.getLogger("euchre.server")

STATIC = Path(__file__).resolve().parent / "static"
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")

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
                     "refereed": not preset(n).calls_partner}
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
    (``app.state.create_limits``, a :class:`~euchre.storage.limits.SharedLimits`
    made at the first creation); 503 ``storage_error`` when the database cannot count."""
    from euchre.storage.limits import SharedLimits

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
        return error(503, "storage_error", told(exc))
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
        return error(503, "unavailable", told(exc))
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
        return error(503, "not_ready", told(exc))
    hub: Hub = request.app.state.hub
    if not hub.reachable:
        return error(503, "not_ready", "the other server processes cannot reach this one at its --advertise-url "
                                       "(or the check has not finished)")
    return JSONResponse({"ok": True})


async def metrics(request: Request) -> Response:
    """The metrics in the Prometheus text format (:mod:`euchre.server.metrics`)."""
    registry: ServerMetrics = request.app.state.metrics
    return Response(registry.text(), media_type="text/plain; version=0.0.4; charset=utf-8")


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
    if not shows_secret(shown, hub.secret):
        return error(403, "forbidden", "only the server's own processes may ask this")
    table_id, op = request.path_params["table_id"], request.path_params["op"]
    if not TABLE_ID.match(table_id) or op not in INTERNAL_OPS:
        return error(404, "no_table", "no such table or operation")
    try:
        table = await hub.get(table_id)
    except Elsewhere as away:
        return error(409, "elsewhere", str(away))
    except StorageError as exc:
        return error(503, "unavailable", told(exc))
    if table is None:
        return error(404, "no_table", "no such table")
    try:
        made = await run_op(table, op, body)
    except ProtocolError as exc:
        return error(400 if exc.code == "bad_request" else 409, exc.code, exc.message)
    return JSONResponse(made)


async def internal_whoami(request: Request) -> Response:
    """``GET /internal/whoami``: this process's owner name in the leases, to the holders
    of the cluster's secret only (403 otherwise): how a process checks at start that its
    ``--advertise-url`` reaches itself (:meth:`Hub.check_reachable_once`)."""
    hub = _hub(request)
    if not shows_secret(request.headers.get(CLUSTER_HEADER, ""), hub.secret):
        return error(403, "forbidden", "only the server's own processes may ask this")
    return JSONResponse({"owner": hub.leases.owner})


def open_leases(store: Store, config: ServerConfig) -> Leases | SoleServer:
    """Who runs which table: leases in the database where several processes may share it
    (any database but SQLite), else this process alone, a lock file beside an SQLite
    file refusing a second (an in-memory or a test's database: no lock file).

    Raises:
        StorageError: another process serves the SQLite file already."""
    url = store.engine.url
    if url.get_backend_name() != "sqlite":
        return Leases(store.engine, config.name or socket.gethostname(), config.advertise_url)
    if sqlite_in_memory(url):
        return Unlocked()
    sole = SoleServer(url.database or "", config.name or socket.gethostname())
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
        Route("/internal/whoami", internal_whoami, methods=["GET"]),
        *event_api.ROUTES,  # events: the organiser's and standings pages (server/event_api.py)
        *account_api.ROUTES,  # accounts, players' pages, leaderboards (server/account_api.py)
        WebSocketRoute("/ws", session.websocket),
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


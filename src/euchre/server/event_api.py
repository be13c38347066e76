"""HTTP routes of events (:mod:`euchre.server.event_web`): the organiser's and the
standings pages and their API.

The organiser's requests carry his token in the header ``X-Organiser`` (the page reads
it from its address after ``#``, which browsers never send). The public standings and
the exports (CSV, JSON, the PDF of tally and table cards) are read with the public
token in the path: they show nothing the standings page does not.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from euchre.core.errors import EuchreError
from euchre.events.export import event_json, standings_csv
from euchre.events.printing import cards_pdf
from euchre.server.event_request import CREATE_FIELDS, EventWebError
from euchre.server.event_tokens import public_token
from euchre.server.http_body import error, read_json
from euchre.server.web_services import services

STATIC = Path(__file__).resolve().parent / "static"
CREATE_BODY_BYTES = 32 * 1024
ENTRY_BODY_BYTES = 8 * 1024
ORGANISER_FIELDS: dict[str, tuple[str, ...]] = {
    "next": (), "enter": ("table", "hands", "score", "winners", "round"), "play": ("fill",),
    "online": ("tables",), "start": ("table",),
}
"""The organiser's actions (``POST /api/organiser/{action}``) and the fields of each body."""


def _answer(exc: EventWebError) -> JSONResponse:
    return error(exc.status, exc.code, exc.message)


async def events_page(_request: Request) -> Response:
    """The organiser's page: the form that creates an event, and the event of the
    organiser token after ``#``."""
    return FileResponse(STATIC / "events.html", media_type="text/html; charset=utf-8")


async def standings_page(_request: Request) -> Response:
    """The public standings page (large type, refreshed every few seconds)."""
    return FileResponse(STATIC / "standings.html", media_type="text/html; charset=utf-8")


async def event_options(_request: Request) -> Response:
    """``GET /api/events/options``: what an event may be created with: formats,
    movements, the four-hand partnership presets (target, hands per round, the house
    rules each has on), the house rules, bot levels, tie-breaks per kind of event."""
    from euchre.bots import PLAYER_LEVELS
    from euchre.core.house_rules import house_rules_json, preset_house_rules
    from euchre.core.presets import FOUR_HAND_PRESETS, PRESET_PLAIN, preset
    from euchre.events.movements import MOVEMENTS
    from euchre.events.spec import ALL_FORMATS, default_tiebreaks

    def about(name: str) -> dict[str, Any]:
        rules = preset(name)
        return {"name": name, "description": PRESET_PLAIN[name],
                "target": rules.game_target if rules.plays_to_target else None,
                "hands": None if rules.plays_to_target else rules.progressive_hands,
                "house_rules": preset_house_rules(rules)}

    return JSONResponse({"formats": list(ALL_FORMATS), "movements": list(MOVEMENTS),
                         "presets": [about(n) for n in FOUR_HAND_PRESETS], "house_rules": house_rules_json(),
                         "bots": list(PLAYER_LEVELS), "tiebreaks": {f: list(default_tiebreaks(f)) for f in ALL_FORMATS}})


async def create_event(request: Request) -> Response:
    """``POST /api/events``: create an event (:func:`euchre.server.event_request.spec_from_request`);
    201 with ``{"event", "organiser", "public", "links"}``."""
    web = services(request.app)
    client = request.client.host if request.client is not None else "?"
    body = await read_json(request, CREATE_BODY_BYTES, CREATE_FIELDS)
    if isinstance(body, Response):  # refused before the limit is counted: nothing is written
        return body
    refused = await web.refusal("register", [f"event:{client}"], "too many events created from this address; wait a while")
    if refused is not None:
        return refused
    try:
        return JSONResponse(await web.events.create(body), status_code=201)
    except EventWebError as exc:
        return _answer(exc)
    except EuchreError as exc:
        return error(400, "bad_event", str(exc))


async def _organiser(request: Request) -> tuple[str, str]:
    token = request.headers.get("x-organiser", "")
    return token, await services(request.app).events.find(token, "organiser")


async def organiser_view(request: Request) -> Response:
    """``GET /api/organiser``: the event as the organiser sees it, with the online
    tables' seat links and the public link."""
    web = services(request.app)
    try:
        token, name = await _organiser(request)
        view = await web.events.view(name, token)
    except EventWebError as exc:
        return _answer(exc)
    public = public_token(token)
    base = web.events.base
    view["links"] = {"organiser": f"{base}/events#{token}", "public": f"{base}/standings#{public}",
                     **_exports(public)}
    return JSONResponse(view)


def _exports(public: str) -> dict[str, str]:
    base = f"/api/standings/{public}"
    return {"csv": f"{base}/standings.csv", "json": f"{base}/event.json", "pdf": f"{base}/cards.pdf"}


async def organiser_action(request: Request) -> Response:
    """``POST /api/organiser/{action}``: ``next`` (seat the next round), ``enter``
    (``{"table", "hands"?, "score"?, "winners"?, "round"?}``: with ``round``, refused
    409 ``stale`` unless that round is the one being played), ``play`` (``{"fill"?}``: bots play
    the open tables of bots, or every open table), ``online`` (``{"tables"?}``: an
    online table for each open table), ``start`` (``{"table"}``: start that online
    table now, bots in the seats nobody opened). Answers the organiser's view."""
    web = services(request.app)
    action = request.path_params["action"]
    body = await read_json(request, ENTRY_BODY_BYTES, ORGANISER_FIELDS.get(action, ()))
    if isinstance(body, Response):
        return body
    try:
        token, name = await _organiser(request)
        if action == "next":
            await web.events.next_round(name)
        elif action == "enter":
            await web.events.enter(name, body)
        elif action == "play":
            fill = body.get("fill", False)
            if type(fill) is not bool:
                return error(400, "bad_request", "fill must be true or false")
            await web.events.play(name, fill)
        elif action == "online":
            keys = body.get("tables")
            if keys is not None and (not isinstance(keys, list) or not all(isinstance(k, str) for k in keys)):
                return error(400, "bad_request", "tables must be a list of table keys")
            await web.events.create_online(name, token, keys)
        elif action == "start":
            if not isinstance(body.get("table"), str):
                return error(400, "bad_request", "give the table's key")
            await web.events.start_online(name, body["table"])
        else:
            return error(404, "no_action", f"actions: {', '.join(ORGANISER_FIELDS)}")
    except EventWebError as exc:
        return _answer(exc)
    return await organiser_view(request)


async def standings(request: Request) -> Response:
    """``GET /api/standings/{token}``: the public view (no seat links)."""
    web = services(request.app)
    token = request.path_params["token"]
    try:
        name = await web.events.find(token, "public")
        view = await web.events.view(name, None)
    except EventWebError as exc:
        return _answer(exc)
    view["links"] = _exports(token)
    return JSONResponse(view)


async def export(request: Request) -> Response:
    """``GET /api/standings/{token}/standings.csv``, ``event.json`` (the definition,
    results and standings, players and teams by name: :mod:`euchre.events.export`) or
    ``cards.pdf`` (a tally card per player, a card per table of the round), as
    downloads."""
    web = services(request.app)
    token, what = request.path_params["token"], request.path_params["file"]
    try:
        name = await web.events.find(token, "public")
        await web.events.collect(name)
        event = await web.events.load(name)
    except EventWebError as exc:
        return _answer(exc)
    stem = event.spec.name
    if what == "standings.csv":
        return Response(standings_csv(event), media_type="text/csv; charset=utf-8",
                        headers={"content-disposition": f'attachment; filename="{stem}-standings.csv"'})
    if what == "event.json":
        text = event_json(event)
        return Response(text, media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="{stem}.json"'})
    if what == "cards.pdf":
        try:
            pdf = await anyio.to_thread.run_sync(cards_pdf, event)
        except EuchreError as exc:
            return error(409, "nothing_to_print", str(exc))
        return Response(pdf, media_type="application/pdf",
                        headers={"content-disposition": f'attachment; filename="{stem}-cards.pdf"'})
    return error(404, "no_file", "files: standings.csv, event.json, cards.pdf")


ROUTES = [
    Route("/events", events_page, methods=["GET"]),
    Route("/standings", standings_page, methods=["GET"]),
    Route("/api/events", create_event, methods=["POST"]),
    Route("/api/events/options", event_options, methods=["GET"]),
    Route("/api/organiser", organiser_view, methods=["GET"]),
    Route("/api/organiser/{action}", organiser_action, methods=["POST"]),
    Route("/api/standings/{token}", standings, methods=["GET"]),
    Route("/api/standings/{token}/{file}", export, methods=["GET"]),
]
"""The routes of events, for :func:`euchre.server.app.create_app`."""

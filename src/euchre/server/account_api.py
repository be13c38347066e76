"""HTTP routes of accounts and ratings (:mod:`euchre.server.accounts`,
:mod:`euchre.server.ratings`): sign up, log in and out, the player's page, the rating
plot, the leaderboards, and their pages.

Login answers the same ``bad_login`` for a wrong name and a wrong password. Attempts
are limited per client address and per name (429 ``rate_limited``), counted in the
database for every process of the server together (503 ``storage_error`` when it cannot
count them). The session is a
cookie (HttpOnly, SameSite=Lax; Secure when ``--public-url`` is https).

Privacy: a player's page (``GET /api/players/{id}``, its plot) is shown to the player
logged in, and to anyone only when he made it public; otherwise 404 ``no_player``, the
same as for no such player. The leaderboards list the bots and the players whose pages
are public (and the player asking, marked ``you``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from euchre.core.presets import PLAYABLE_PRESETS
from euchre.events.spec import name_key
from euchre.server.accounts import Account, AccountError
from euchre.server.http_body import error, read_json
from euchre.server.ratings import account_subject, ordinal, plot_png
from euchre.server.web_services import COOKIE, services

STATIC = Path(__file__).resolve().parent / "static"
BODY_BYTES = 2048
LOGIN_FIELDS = ("name", "password")


def _page(name: str) -> Any:
    async def page(_request: Request) -> Response:
        return FileResponse(STATIC / name, media_type="text/html; charset=utf-8")

    page.__doc__ = f"The page {name}."
    return page


async def current(request: Request) -> Account | None:
    """The account of the request's session cookie, or None."""
    return await anyio.to_thread.run_sync(services(request.app).accounts.account_for, request.cookies.get(COOKIE))


def _me(account: Account) -> dict[str, Any]:
    return {"id": account.id, "name": account.name, "public": account.public, "page": f"/player#{account.id}"}


def _logged_in(request: Request, account: Account, token: str, status: int = 200) -> Response:
    response = JSONResponse({"account": _me(account)}, status_code=status)
    web = services(request.app)
    response.set_cookie(COOKIE, token, max_age=int(web.accounts.session_seconds), path="/", httponly=True,
                        samesite="lax", secure=web.public_url.startswith("https://"))
    return response


def _client(request: Request) -> str:
    return request.client.host if request.client is not None else "?"


async def register(request: Request) -> Response:
    """``POST /api/accounts`` ``{"name", "password"}``: 201 and logged in; 409
    ``name_taken``; 400 ``bad_name``, ``bad_password``; 429 ``rate_limited``."""
    web = services(request.app)
    body = await read_json(request, BODY_BYTES, LOGIN_FIELDS)
    if isinstance(body, Response):  # refused before the limit is counted: nothing is written
        return body
    refused = await web.refusal("register", [_client(request)], "too many accounts created from this address; wait a while")
    if refused is not None:
        return refused
    try:
        account, token = await anyio.to_thread.run_sync(web.accounts.register, body.get("name"), body.get("password"))
    except AccountError as exc:
        return error(exc.status, exc.code, exc.message)
    return _logged_in(request, account, token, 201)


async def login(request: Request) -> Response:
    """``POST /api/login`` ``{"name", "password"}``: 200 and the cookie; 401
    ``bad_login`` for a wrong name or password alike; 429 ``rate_limited``."""
    web = services(request.app)
    body = await read_json(request, BODY_BYTES, LOGIN_FIELDS)
    if isinstance(body, Response):
        return body
    name = body.get("name")
    key = name_key(name) if isinstance(name, str) else "?"
    refused = await web.refusal("login", [_client(request), f"name:{key}"], "too many login attempts; wait a minute")
    if refused is not None:
        return refused
    try:
        account, token = await anyio.to_thread.run_sync(web.accounts.login, name, body.get("password"))
    except AccountError as exc:
        return error(exc.status, exc.code, exc.message)
    return _logged_in(request, account, token)


async def logout(request: Request) -> Response:
    """``POST /api/logout`` (body empty or ``{}``, as ``application/json``: 415
    ``not_json`` otherwise, so that no other site's form logs a visitor out): the
    session ends; the cookie is cleared."""
    body = await read_json(request, BODY_BYTES, ())
    if isinstance(body, Response):
        return body
    token = request.cookies.get(COOKIE)
    if token:
        await anyio.to_thread.run_sync(services(request.app).accounts.logout, token)
    response = JSONResponse({"ok": True})
    response.delete_cookie(COOKIE, path="/")
    return response


async def me(request: Request) -> Response:
    """``GET /api/me``: ``{"account": the account logged in, or null}``."""
    account = await current(request)
    return JSONResponse({"account": None if account is None else _me(account)})


async def set_public(request: Request) -> Response:
    """``POST /api/me`` ``{"public": bool}``: make the player's page public or private;
    answers as ``GET /api/me``; 401 ``not_logged_in`` without a login."""
    account = await current(request)
    if account is None:
        return error(401, "not_logged_in", "log in first")
    body = await read_json(request, BODY_BYTES, ("public",))
    if isinstance(body, Response):
        return body
    if type(body.get("public")) is not bool:
        return error(400, "bad_request", "send {\"public\": true or false}")
    await anyio.to_thread.run_sync(services(request.app).accounts.set_public, account.id, body["public"])
    return JSONResponse({"account": _me(Account(account.id, account.name, body["public"]))})


async def _with_password(request: Request, fields: tuple[str, ...]) -> tuple[Account, dict[str, Any]] | Response:
    """The account logged in and the JSON object (of ``fields``) of a request that gives
    its password, or the error answer: 401 ``not_logged_in``, 429 ``rate_limited`` (the
    login's limit, counted per account), the body's errors
    (:func:`~euchre.server.http_body.read_json`)."""
    account = await current(request)
    if account is None:
        return error(401, "not_logged_in", "log in first")
    body = await read_json(request, BODY_BYTES, fields)
    if isinstance(body, Response):
        return body
    refused = await services(request.app).refusal("login", [f"account:{account.id}"],  # a well-formed attempt counts
                                                  "too many password attempts; wait a minute")
    return (account, body) if refused is None else refused


async def change_password(request: Request) -> Response:
    """``POST /api/me/password`` ``{"current", "new"}``: the password changed, every
    other login of the account ended, a new cookie; 401 ``not_logged_in`` or
    ``wrong_password``; 400 ``bad_password``; 429 ``rate_limited`` (the login's limit,
    counted per account)."""
    found = await _with_password(request, ("current", "new"))
    if isinstance(found, Response):
        return found
    account, body = found
    try:
        token = await anyio.to_thread.run_sync(services(request.app).accounts.change_password, account.id,
                                               body.get("current"), body.get("new"))
    except AccountError as exc:
        return error(exc.status, exc.code, exc.message)
    return _logged_in(request, account, token)


async def delete_account(request: Request) -> Response:
    """``POST /api/me/delete`` ``{"password"}``: the account deleted
    (:meth:`~euchre.server.accounts.Accounts.delete`), the cookie cleared; 401
    ``not_logged_in`` or ``wrong_password``; 429 ``rate_limited``."""
    found = await _with_password(request, ("password",))
    if isinstance(found, Response):
        return found
    account, body = found
    try:
        await anyio.to_thread.run_sync(services(request.app).accounts.delete, account.id, body.get("password"))
    except AccountError as exc:
        return error(exc.status, exc.code, exc.message)
    response = JSONResponse({"ok": True})
    response.delete_cookie(COOKIE, path="/")
    return response


async def _visible(request: Request) -> Account | Response:
    """The player of the path if the request may see his page, else 404 ``no_player``."""
    web = services(request.app)
    player = await anyio.to_thread.run_sync(web.accounts.get, request.path_params["account_id"][:40])
    viewer = await current(request)
    if player is None or not (player.public or (viewer is not None and viewer.id == player.id)):
        return error(404, "no_player", "no player page here: it is private, or there is no such player")
    return player


async def player(request: Request) -> Response:
    """``GET /api/players/{id}``: games, wins, points per hand, calls and how often
    made, euchres, lone hands, ratings per preset, finished games with replay links."""
    found = await _visible(request)
    if isinstance(found, Response):
        return found
    data = await anyio.to_thread.run_sync(services(request.app).ratings.player, found.id)
    return JSONResponse({"player": {"id": found.id, "name": found.name, "public": found.public}, **data,
                         "plots": {r["preset"]: f"/api/players/{found.id}/rating.png?preset={r['preset']}"
                                   for r in data["ratings"]}})


async def rating_png(request: Request) -> Response:
    """``GET /api/players/{id}/rating.png?preset=P``: the rating over time (PNG)."""
    found = await _visible(request)
    if isinstance(found, Response):
        return found
    preset = request.query_params.get("preset", "")
    if preset not in PLAYABLE_PRESETS:
        return error(400, "bad_request", f"preset must be one of {', '.join(PLAYABLE_PRESETS)}")
    web = services(request.app)
    history = await anyio.to_thread.run_sync(web.ratings.history, found.id, preset)
    png = await anyio.to_thread.run_sync(plot_png, found.name, preset, history)
    return Response(png, media_type="image/png")


async def leaderboard(request: Request) -> Response:
    """``GET /api/leaderboard?preset=P``: the bots and the public players of a preset,
    best rating first (``rating`` = mu - 3 sigma); without ``preset``, the presets
    that have ratings."""
    web = services(request.app)
    preset = request.query_params.get("preset")
    if preset is None:
        return JSONResponse({"presets": await anyio.to_thread.run_sync(web.ratings.presets_rated)})
    if preset not in PLAYABLE_PRESETS:
        return error(400, "bad_request", f"preset must be one of {', '.join(PLAYABLE_PRESETS)}")
    viewer = await current(request)
    rows, public = await anyio.to_thread.run_sync(lambda: (web.ratings.leaderboard(preset), web.accounts.public_ids()))
    ids = {r["subject"].partition(":")[2] for r in rows if r["subject"].startswith("account:")}
    names = await anyio.to_thread.run_sync(web.accounts.names, ids)
    out = []
    for r in rows:
        kind, _, ident = r["subject"].partition(":")
        you = viewer is not None and r["subject"] == account_subject(viewer.id)
        if kind == "account" and ident not in public and not you:
            continue
        out.append({"name": f"{ident} (bot)" if kind == "bot" else names.get(ident, "?"), "bot": kind == "bot",
                    "you": you, "page": None if kind == "bot" else f"/player#{ident}",
                    "rating": round(ordinal(r["mu"], r["sigma"]), 3), "mu": round(r["mu"], 3),
                    "sigma": round(r["sigma"], 3), "games": r["games"]})
    return JSONResponse({"preset": preset, "rows": out})


ROUTES = [
    Route("/account", _page("account.html"), methods=["GET"]),
    Route("/player", _page("player.html"), methods=["GET"]),
    Route("/leaderboard", _page("leaderboard.html"), methods=["GET"]),
    Route("/api/accounts", register, methods=["POST"]),
    Route("/api/login", login, methods=["POST"]),
    Route("/api/logout", logout, methods=["POST"]),
    Route("/api/me", me, methods=["GET"]),
    Route("/api/me", set_public, methods=["POST"]),
    Route("/api/me/password", change_password, methods=["POST"]),
    Route("/api/me/delete", delete_account, methods=["POST"]),
    Route("/api/players/{account_id}", player, methods=["GET"]),
    Route("/api/players/{account_id}/rating.png", rating_png, methods=["GET"]),
    Route("/api/leaderboard", leaderboard, methods=["GET"]),
]
"""The routes of accounts and ratings, for :func:`euchre.server.app.create_app`."""

"""The server's JSON requests: reading a body and answering an error, one way for every
route (tables, the referee, events, accounts).

A body is read within the server's ``body_timeout`` (a half-open request gets 408), up
to a limit per route (413), only as ``application/json`` (415: no other site's form may
post to the server), and parsed by orjson (400 for anything that is not JSON).
"""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from starlette.requests import Request
from starlette.responses import JSONResponse

from euchre.server.config import ServerConfig
from euchre.server.protocol import encodable


def error(status: int, code: str, message: str) -> JSONResponse:
    """An HTTP error as the server answers them: ``{"error": {"code", "message"}}``."""
    return JSONResponse({"error": {"code": code, "message": encodable(message)}}, status_code=status)


def is_json(request: Request) -> bool:
    """True when the request says its body is ``application/json``. A plain HTML form
    of another site can post ``text/plain`` or form data but not JSON without the page
    asking first (CORS), so a body of any other type is refused: no cross-site form
    can create a table, log a visitor in or change his account."""
    return request.headers.get("content-type", "").split(";")[0].strip().lower() == "application/json"


async def _read(request: Request, limit: int) -> bytes | None:
    """The request body, or None when it is longer than ``limit`` bytes (the declared
    length is checked first, then what arrives)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    return bytes(body)


async def read_json(request: Request, limit: int) -> Any:
    """The request's JSON body (``{}`` for an empty one), or the error response: 413
    ``too_large`` over ``limit`` bytes, 408 ``timeout`` when it does not arrive within
    the server's ``body_timeout`` (:class:`~euchre.server.config.ServerConfig`), 415
    ``not_json`` for a body not sent as ``application/json`` (:func:`is_json`), 400
    ``bad_json``."""
    config: ServerConfig = request.app.state.config
    try:
        async with asyncio.timeout(config.body_timeout):
            raw = await _read(request, limit)
    except TimeoutError:
        return error(408, "timeout", f"the request body did not arrive within {config.body_timeout:g} s")
    if raw is None:
        return error(413, "too_large", f"the body may hold at most {limit} bytes")
    if raw.strip() and not is_json(request):
        return error(415, "not_json", "send the body as application/json")
    try:
        # orjson: UTF-8 only, and no NaN, Infinity or lone surrogate (json reads them all).
        return orjson.loads(raw) if raw.strip() else {}
    except (ValueError, RecursionError) as exc:
        return error(400, "bad_json", f"the body is not JSON: {exc}")

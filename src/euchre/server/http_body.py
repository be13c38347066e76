"""The server's JSON requests: one rule for every request that changes something, and
one way of reading a body and answering an error, for every route (tables, the
referee, events, accounts).

The rule, for every ``POST``, ``PUT``, ``PATCH`` and ``DELETE`` (:data:`STATE_CHANGING`):

* the request says its body is ``application/json``, an empty body included; otherwise
  415 ``not_json`` before any route runs (:class:`JsonRequestsOnly`): a plain HTML form
  of another site can post ``text/plain`` or form data but not JSON without the page
  asking first (CORS), so no other site's form can create a table, log a visitor in or
  change his account;
* JSON is UTF-8 (RFC 8259 s8.1): a ``charset`` parameter other than ``utf-8`` (``latin-1``,
  ``utf-16``) is refused 415 ``not_utf8``, before any route runs too;
* the body is read within the server's ``body_timeout`` (408 ``timeout``), up to a
  limit per route (413 ``too_large``), must be UTF-8 (400 ``bad_json``: "the body is not
  valid UTF-8"), is parsed by orjson (400 ``bad_json``), must be a
  JSON object (400 ``bad_request``; an empty body is ``{}``) and may hold only the
  fields the route names (400 ``bad_request`` naming the unknown field):
  :func:`read_json`, which every route with a body calls with its fields.

Every other error of a path under ``/api/`` is JSON too (:func:`api_http_error`,
:func:`api_server_error`, the app's exception handlers): 404 ``not_found`` for a path
no route has, 405 ``method_not_allowed`` (with its ``Allow`` header), 500
``internal_error``; Starlette answered them as plain text.

A client that leaves while its body is on the way (starlette's ``ClientDisconnect``) is
no fault of the server: it is logged as one line at INFO level, without a traceback.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection
from typing import Any

import orjson
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from euchre.server.config import ServerConfig
from euchre.server.protocol import encodable

log = logging.getLogger("euchre.server")

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""The HTTP methods of requests that may change something: each must be JSON."""

MAX_NAMED = 5
"""The most unknown fields an error names (each cut to 40 characters)."""


def error(status: int, code: str, message: str) -> JSONResponse:
    """An HTTP error as the server answers them: ``{"error": {"code", "message"}}``."""
    return JSONResponse({"error": {"code": code, "message": encodable(message)}}, status_code=status)


def is_json_type(content_type: str) -> bool:
    """True when a ``Content-Type`` header's value is ``application/json`` (any case,
    parameters such as ``; charset=utf-8`` after it allowed)."""
    return content_type.split(";")[0].strip().lower() == "application/json"


def declared_charset(content_type: str) -> str | None:
    """The ``charset`` parameter of a ``Content-Type`` header's value, lower case and
    unquoted (``'application/json; charset="UTF-8"'`` -> ``"utf-8"``), or None."""
    for parameter in content_type.split(";")[1:]:
        key, sep, value = parameter.partition("=")
        if sep and key.strip().lower() == "charset":
            return value.strip().strip('"').strip().lower()
    return None


def charset_refusal(content_type: str) -> JSONResponse | None:
    """415 ``not_utf8`` for a JSON body declared in another charset than UTF-8
    (``charset=latin-1``, ``utf-16``: JSON is UTF-8, RFC 8259 s8.1), naming the one
    accepted; None for UTF-8 or no charset."""
    charset = declared_charset(content_type)
    if charset is None or charset in ("utf-8", "utf8"):
        return None
    return error(415, "not_utf8", f"JSON is sent as UTF-8, not {charset[:40]!r}: declare charset=utf-8 or no charset")


def is_json(request: Request) -> bool:
    """True when the request says its body is ``application/json`` (:func:`is_json_type`)."""
    return is_json_type(request.headers.get("content-type", ""))


def client_left(method: str, path: str) -> None:
    """Log, as one INFO line and no traceback, that a client went away before its
    request's body arrived (its connection closed: nothing was answered or changed)."""
    log.info("the client left before its request body arrived: %s %s", method, path[:200])


class JsonRequestsOnly:
    """ASGI middleware of :func:`euchre.server.app.create_app`: a state-changing HTTP
    request (:data:`STATE_CHANGING`) whose ``Content-Type`` is not ``application/json``
    is answered 415 ``not_json`` before any route runs, whatever its body (an empty one
    too) and whatever its path; and a client that leaves during its request
    (``ClientDisconnect`` out of the app) is logged by :func:`client_left`, not as an
    error. Websockets and the app's start and stop pass through untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        method = str(scope.get("method", ""))
        if method in STATE_CHANGING:
            content_type = next((value.decode("latin-1") for key, value in scope.get("headers", [])
                                 if key.lower() == b"content-type"), "")
            refused = error(415, "not_json", "send the request as application/json (an empty body too: {})") \
                if not is_json_type(content_type) else charset_refusal(content_type)
            if refused is not None:
                await refused(scope, receive, send)
                return
        try:
            await self.app(scope, receive, send)
        except ClientDisconnect:
            client_left(method, str(scope.get("path", "")))


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


async def read_json(request: Request, limit: int, fields: Collection[str]) -> dict[str, Any] | JSONResponse:
    """The request's JSON object (``{}`` for an empty body), or the error response.

    Args:
        request: a state-changing request; :class:`JsonRequestsOnly` has refused it
            already (415 ``not_json``) unless it said it is ``application/json``.
        limit: the most bytes the body may hold.
        fields: the names the object may hold (any of them may be absent); any other
            is refused.

    Returns:
        The parsed object, or the answer: 413 ``too_large`` over ``limit`` bytes, 408
        ``timeout`` when the body does not arrive within the server's ``body_timeout``
        (:class:`~euchre.server.config.ServerConfig`), 400 ``bad_json`` for a body that
        is not strict JSON (orjson: UTF-8, no NaN, Infinity or lone surrogate), 400
        ``bad_request`` for JSON that is not an object or holds a field not in
        ``fields`` (the message names it and lists ``fields``), and 400
        ``client_left`` when the client went away during the body
        (:func:`client_left` logs it; nobody is there to read the answer).
    """
    if not is_json(request):  # the middleware's rules, kept where the body is read
        return error(415, "not_json", "send the request as application/json (an empty body too: {})")
    refused = charset_refusal(request.headers.get("content-type", ""))
    if refused is not None:
        return refused
    config: ServerConfig = request.app.state.config
    try:
        async with asyncio.timeout(config.body_timeout):
            raw = await _read(request, limit)
    except TimeoutError:
        return error(408, "timeout", f"the request body did not arrive within {config.body_timeout:g} s")
    except ClientDisconnect:
        client_left(request.method, request.url.path)
        return error(400, "client_left", "the client left before its request body arrived")
    if raw is None:
        return error(413, "too_large", f"the body may hold at most {limit} bytes")
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:  # orjson's words for it ("str is not valid UTF-8: surrogates...") misled
        return error(400, "bad_json", f"the body is not valid UTF-8 (byte {exc.start})")
    try:
        body = orjson.loads(raw) if raw.strip() else {}
    except (ValueError, RecursionError) as exc:
        return error(400, "bad_json", f"the body is not JSON: {exc}")
    if not isinstance(body, dict):
        return error(400, "bad_request", f"the body must be a JSON object with the fields {_listed(fields)}")
    unknown = sorted(str(name)[:40] for name in body if name not in fields)
    if unknown:
        return error(400, "bad_request", f"unknown field(s): {', '.join(unknown[:MAX_NAMED])}; "
                                         f"fields: {_listed(fields)}")
    return body


_HTTP_CODES = {404: "not_found", 405: "method_not_allowed"}


async def api_http_error(request: Request, exc: Exception) -> Response:
    """The app's handler of Starlette's ``HTTPException`` (no route for the path, a
    method the route does not take): under ``/api/`` the JSON error every API answer
    has, ``{"error": {"code", "message"}}`` (404 ``not_found``, 405
    ``method_not_allowed`` with the ``Allow`` header, naming the methods allowed); any
    other path as Starlette answers it (plain text)."""
    if not isinstance(exc, HTTPException):  # pragma: no cover - registered for HTTPException only
        raise exc
    if not request.url.path.startswith("/api/"):
        if exc.status_code in (204, 304):
            return Response(status_code=exc.status_code, headers=exc.headers)
        return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)
    path = request.url.path[:200]
    code = _HTTP_CODES.get(exc.status_code, "http_error")
    if exc.status_code == 404:
        message = f"no such path: {path} (the API's paths: docs/server.md)"
    elif exc.status_code == 405:
        allowed = (exc.headers or {}).get("Allow", "")
        message = f"{request.method[:20]} is not allowed on {path}; allowed: {allowed}"
    else:
        message = str(exc.detail)
    answer = error(exc.status_code, code, message)
    answer.headers.update(exc.headers or {})
    return answer


async def api_server_error(request: Request, exc: Exception) -> Response:
    """The app's handler of an error no route caught (500; the server still logs it
    with its traceback): under ``/api/`` ``{"error": {"code": "internal_error", ...}}``,
    elsewhere Starlette's plain text."""
    if request.url.path.startswith("/api/"):
        return error(500, "internal_error", "the server failed while answering this request (its log says why)")
    return PlainTextResponse("Internal Server Error", status_code=500)


def _listed(fields: Collection[str]) -> str:
    return ", ".join(fields) if fields else "none (send {})"

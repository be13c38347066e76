"""One rule for every request that changes something (docs/server.md, "HTTP API";
``server/http_body.py``): a POST (PUT, PATCH, DELETE) is ``application/json`` or it is
refused 415 ``not_json``, an empty body too; its object holds only the route's fields,
or it is refused 400 naming the unknown field; a refused request changes nothing.

The routes are enumerated from the app itself, so a new state-changing route is tested
here too (and fails until :data:`REACH` says how to reach it). The requests are raw
HTTP on a socket, as curl sends them, to a real uvicorn server in a thread; "changes
nothing" is every row of every table of the database, before and after.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from starlette.routing import Route

from _raw_http import Response, exchange, request
from _server_thread import uvicorn_thread
from euchre.server import ServerConfig, create_app
from euchre.server.config import sqlite_url
from euchre.server.event_api import ORGANISER_FIELDS
from euchre.server.http_body import STATE_CHANGING
from euchre.server.web_services import COOKIE

PASSWORD = "correct horse battery"


def state_changing_routes() -> list[tuple[str, str]]:
    """(method, path pattern) of every route of the app that takes a state-changing
    method."""
    app = create_app(ServerConfig(db_url="sqlite:////nonexistent/never-opened.sqlite3"))
    found = []
    for route in app.routes:
        if isinstance(route, Route):
            found += [(method, route.path) for method in sorted((route.methods or set()) & STATE_CHANGING)]
    return found


@dataclass
class Site:
    """The server of this module, with an account logged in and an event."""

    port: int
    db: Path
    app: Any
    cookie: str
    organiser: str

    def new_login(self) -> str:
        """The cookie of a new login of the account (for a request that may end one:
        the positive control's logout), made by the service, outside the HTTP rate limit."""
        _account, token = self.app.state.web.accounts.login("Ann", PASSWORD)
        return f"{COOKIE}={token}"

    def send(self, method: str, path: str, body: bytes, content_type: str | None,
             headers: dict[str, str] | None = None) -> Response:
        return exchange(self.port, request(method, path, body, content_type, headers))

    def rows(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table of the database (a few rows here)."""
        engine = sqlalchemy.create_engine(sqlite_url(self.db))
        try:
            with engine.connect() as db:
                names = sqlalchemy.inspect(db).get_table_names()
                return {name: sorted(map(tuple, db.exec_driver_sql(f'SELECT * FROM "{name}"')), key=repr)
                        for name in names}
        finally:
            engine.dispose()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    db = tmp_path_factory.mktemp("json-requests") / "site.sqlite3"
    with uvicorn_thread(db) as (port, app):
        made = exchange(port, request("POST", "/api/accounts", json.dumps({"name": "Ann", "password": PASSWORD}).encode(),
                                      "application/json"))
        assert made.status == 201, made
        cookie = made.headers["set-cookie"].split(";")[0]
        event = exchange(port, request("POST", "/api/events", json.dumps({"players": ["P1", "P2", "P3", "P4"]}).encode(),
                                       "application/json"))
        assert event.status == 201, event
        yield Site(port, db, app, cookie, event.json()["organiser"])


Reach = Callable[[Site], list[tuple[str, dict[str, str]]]]
"""How to reach a route: its concrete paths, each with the headers it needs (a login,
the organiser's token) so that the body is what is judged."""

REACH: dict[tuple[str, str], Reach] = {
    ("POST", "/api/tables"): lambda s: [("/api/tables", {})],
    ("POST", "/api/referee"): lambda s: [("/api/referee", {})],
    ("POST", "/api/events"): lambda s: [("/api/events", {})],
    ("POST", "/api/organiser/{action}"): lambda s: [(f"/api/organiser/{action}", {"X-Organiser": s.organiser})
                                                    for action in ORGANISER_FIELDS],
    ("POST", "/api/accounts"): lambda s: [("/api/accounts", {})],
    ("POST", "/api/login"): lambda s: [("/api/login", {})],
    ("POST", "/api/logout"): lambda s: [("/api/logout", {"Cookie": s.new_login()})],
    ("POST", "/api/me"): lambda s: [("/api/me", {"Cookie": s.cookie})],
    ("POST", "/api/me/password"): lambda s: [("/api/me/password", {"Cookie": s.cookie})],
    ("POST", "/api/me/delete"): lambda s: [("/api/me/delete", {"Cookie": s.cookie})],
}

ROUTES = state_changing_routes()

NOT_JSON = [
    ("text/plain", b""),  # curl -X POST -H 'Content-Type: text/plain' --data-binary ''
    (None, b""),  # curl -X POST with no body
    ("application/x-www-form-urlencoded", b""),
    ("application/x-www-form-urlencoded", b"name=Eve&password=x"),
    ("text/plain", b'{"name": "Eve", "password": "correct horse battery", "public": true}'),  # a form's JSON look-alike
    ("multipart/form-data; boundary=x", b"--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--x--\r\n"),
    ("application/jsonp", b"{}"),
    ("text/json", b"{}"),
]


def reach(site: Site, method: str, pattern: str) -> list[tuple[str, dict[str, str]]]:
    how = REACH.get((method, pattern))
    if how is None:
        pytest.fail(f"{method} {pattern} is a new state-changing route: say in REACH how to reach it")
    return how(site)


def test_the_app_has_the_state_changing_routes_the_docs_list() -> None:
    """The enumeration finds the routes (a positive control of the tests below: they are
    not run over nothing); docs/server.md lists each under the rule."""
    assert set(ROUTES) >= {("POST", "/api/tables"), ("POST", "/api/accounts"), ("POST", "/api/organiser/{action}")}
    rule = (Path(__file__).resolve().parent.parent / "docs" / "server.md").read_text()
    listed = rule[rule.index("<!-- json-routes -->"):rule.index("<!-- /json-routes -->")]
    for method, pattern in ROUTES:
        assert f"`{method} {pattern}`" in listed, f"docs/server.md does not list {method} {pattern} under the rule"


@pytest.mark.parametrize(("method", "pattern"), ROUTES, ids=[f"{m} {p}" for m, p in ROUTES])
def test_regression_a_body_not_sent_as_json_changed_state(site: Site, method: str, pattern: str) -> None:
    """An empty body of any content type made a table (201), though a state-changing
    request must be ``application/json``: another site's plain form could post it. Every
    such route now answers 415 ``not_json`` to every other type, an empty body and no
    type at all included, and nothing changes."""
    for path, headers in reach(site, method, pattern):
        before = site.rows()
        for content_type, body in NOT_JSON:
            answer = site.send(method, path, body, content_type, headers)
            assert (answer.status, answer.error_code()) == (415, "not_json"), (path, content_type, body, answer)
            assert answer.headers["cache-control"] == "no-store"  # an API answer, with the security headers
        assert site.rows() == before, path


@pytest.mark.parametrize(("method", "pattern"), ROUTES, ids=[f"{m} {p}" for m, p in ROUTES])
def test_an_empty_json_body_passes_the_rule(site: Site, method: str, pattern: str) -> None:
    """The positive control of the test above: the same empty body sent as
    ``application/json`` (with a charset, in capitals) is read as ``{}`` and judged by
    the route (whatever it then answers), not refused as not JSON."""
    for path, headers in reach(site, method, pattern):
        answer = site.send(method, path, b"", "Application/JSON; charset=utf-8", headers)
        assert answer.status != 415 and answer.error_code() not in ("not_json", "bad_json"), (path, answer)
        assert "unknown field" not in answer.body.decode(), (path, answer)


@pytest.mark.parametrize(("method", "pattern"), ROUTES, ids=[f"{m} {p}" for m, p in ROUTES])
def test_regression_unknown_fields_were_accepted(site: Site, method: str, pattern: str) -> None:
    """``POST /api/accounts`` took ``{"admin": true}`` (201) where ``/api/tables`` refused
    an unknown field. Every JSON route now refuses one, 400 ``bad_request`` with a
    message naming it, before anything is done."""
    for path, headers in reach(site, method, pattern):
        before = site.rows()
        for body in ({"admin": True}, {"admin": True, "is_admin": 1}, {"ADMIN": "x", "": None}):
            answer = site.send(method, path, json.dumps(body).encode(), "application/json", headers)
            assert (answer.status, answer.error_code()) == (400, "bad_request"), (path, body, answer)
            message = answer.json()["error"]["message"]
            assert "unknown field" in message and all(repr(name)[1:-1] in message for name in body if name), message
        answer = site.send(method, path, b"[]", "application/json", headers)
        assert (answer.status, answer.error_code()) == (400, "bad_request"), (path, answer)
        assert site.rows() == before, path


def test_the_row_snapshot_sees_a_change(site: Site) -> None:
    """The positive control of "nothing changes": a table made changes the rows."""
    before = site.rows()
    made = site.send("POST", "/api/tables", b"{}", "application/json")
    assert made.status == 201, made
    assert site.rows() != before

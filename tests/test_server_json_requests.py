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
    ("POST", "/internal/tables/{table_id}/{op}"): lambda s: [("/internal/tables/nosuchtable/start", {})],
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


# ------------------------------------------------------------------ issue 34 follow-up
OTHER_CHARSETS = ["latin-1", "utf-16", "ISO-8859-1", '"latin1"', "UTF-32"]


@pytest.mark.parametrize(("method", "pattern"), ROUTES, ids=[f"{m} {p}" for m, p in ROUTES])
def test_regression_a_json_body_declared_in_another_charset_passed_the_rule(site: Site, method: str,
                                                                           pattern: str) -> None:
    """``application/json; charset=latin-1`` (or utf-16) passed the 415 rule, and a
    body in that charset then got orjson's "str is not valid UTF-8: surrogates not
    allowed". JSON is UTF-8 (RFC 8259 s8.1): another declared charset is refused 415
    ``not_utf8`` naming UTF-8, before the route runs, and nothing changes."""
    for path, headers in reach(site, method, pattern):
        before = site.rows()
        for charset in OTHER_CHARSETS:
            answer = site.send(method, path, '{"name": "Zoë"}'.encode("latin-1"), f"application/json; charset={charset}",
                               headers)
            assert (answer.status, answer.error_code()) == (415, "not_utf8"), (path, charset, answer)
            assert "UTF-8" in answer.json()["error"]["message"]
        assert site.rows() == before, path


@pytest.mark.parametrize("content_type", ['application/json; charset="UTF-8"', "application/json;charset=utf8",
                                          "application/json; charset=utf-8; x=1"])
def test_a_json_body_declared_utf8_passes(site: Site, content_type: str) -> None:
    """The positive control: UTF-8, however written, is not refused."""
    answer = site.send("POST", "/api/referee", b"{}", content_type)
    assert answer.status == 200, answer


def test_regression_a_body_not_valid_utf8_was_answered_in_orjsons_words(site: Site) -> None:
    """A body that is not UTF-8 got "str is not valid UTF-8: surrogates not allowed".
    It is now said plainly, with where: ``{"preset": "`` is 12 bytes, so the é of
    Latin-1 (0xE9) is byte 12."""
    before = site.rows()
    answer = site.send("POST", "/api/tables", b'{"preset": "\xe9"}', "application/json")
    assert (answer.status, answer.json()) == (400, {"error": {"code": "bad_json",
                                                              "message": "the body is not valid UTF-8 (byte 12)"}})
    assert site.rows() == before


@pytest.mark.parametrize(("method", "path", "status", "code", "allow"), [
    ("GET", "/api/nope", 404, "not_found", None),
    ("GET", "/api/tables/x/nope.json", 404, "not_found", None),
    ("POST", "/api/nope", 404, "not_found", None),
    ("GET", "/api/tables", 405, "method_not_allowed", "POST"),
    ("GET", "/api/referee", 405, "method_not_allowed", "POST"),
    ("DELETE", "/api/tables", 405, "method_not_allowed", "POST"),
    ("POST", "/api/options", 405, "method_not_allowed", "GET, HEAD"),
])
def test_regression_api_errors_came_back_as_plain_text(site: Site, method: str, path: str, status: int, code: str,
                                                       allow: str | None) -> None:
    """"Method Not Allowed" (405) and "Not Found" (404) under /api/ were plain text,
    while docs/server.md says every HTTP error is ``{"error": {"code", "message"}}``.
    They are JSON now, the 405 with its Allow header and the methods in the message."""
    answer = site.send(method, path, b"{}" if method != "GET" else b"", "application/json" if method != "GET" else None)
    assert answer.status == status and answer.headers["content-type"] == "application/json", answer
    error = answer.json()["error"]
    assert error["code"] == code
    if allow is None:
        assert error["message"] == f"no such path: {path} (the API's paths: docs/server.md)"
    else:
        # Starlette lists a route's methods from a set: in any order.
        assert set(answer.headers["allow"].split(", ")) == set(allow.split(", "))
        assert error["message"] == f"{method} is not allowed on {path}; allowed: {answer.headers['allow']}"
    assert answer.headers["cache-control"] == "no-store"  # still an API answer with the security headers


def test_a_page_path_not_found_stays_plain_text(site: Site) -> None:
    """Outside /api/ a missing page is answered as before (plain text): a person's
    browser shows it."""
    answer = site.send("GET", "/nope", b"", None)
    assert answer.status == 404 and answer.body == b"Not Found" and answer.error_code() is None


def test_an_error_no_api_route_caught_is_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The 500 of an error no route caught is JSON under /api/ too (``internal_error``);
    elsewhere Starlette's plain text."""
    from starlette.testclient import TestClient

    import euchre.server.app as app_module

    def broken(*_args: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(app_module, "referee_answer", broken)
    app = create_app(ServerConfig(db_url=sqlite_url(tmp_path / "t.sqlite3")))
    with TestClient(app, raise_server_exceptions=False) as client:
        answer = client.post("/api/referee", json={})
        assert answer.status_code == 500 and answer.json()["error"]["code"] == "internal_error"

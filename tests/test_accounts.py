"""Accounts on the server (``/api/accounts``, ``/api/login``, ``/api/me``, the player's
page), in process: duplicate names refused, a wrong password and an unknown name refused
alike, attempts limited, sessions that expire (an injected clock), passwords stored as
argon2 hashes and sessions as SHA-256, a seat link opened logged in plays as the account,
and a player's page refused to another account and to a guest until made public."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from sqlalchemy import select

from euchre.server.accounts import SESSION_SECONDS
from euchre.server.web_services import COOKIE, WebServices
from euchre.storage.tables import account_table, seat_account_table, session_table
from test_server import create, running

PASSWORD = "correct horse battery"


def web(client: Any) -> WebServices:
    services: WebServices = client.app.state.web
    return services


def register(client: Any, name: str, password: str = PASSWORD) -> str:
    """A new account; its session token (the cookie), taken out of the client's jar so
    that each request says whose it is."""
    response = client.post("/api/accounts", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    token = response.cookies[COOKIE]
    client.cookies.clear()
    assert isinstance(token, str)
    return token


def as_(token: str | None) -> dict[str, str]:
    return {"cookie": f"{COOKIE}={token}"} if token else {}


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_duplicate_names_are_refused_in_any_case_or_spacing(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as client:
        register(client, "Ann Lee")
        for name in ("Ann Lee", "ann lee", "ANN  LEE", " Ann Lee ", "Ann. Lee", "Ann-Lee"):
            response = client.post("/api/accounts", json={"name": name, "password": "another password"})
            assert response.status_code == 409 and response.json()["error"]["code"] == "name_taken", name
        bad = client.post("/api/accounts", json={"name": "Ann", "password": "short"})
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_password"
        for name in ("", "x" * 25, "expert bot", "Guest", "<script>", "b0t", "8ot", "\u0410nn Lee", "\u13aalice",
                     "\u3164", "Ann\u3164"):
            bad = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
            assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_name", name
        with web(client).store.engine.connect() as connection:
            rows = connection.execute(select(account_table.c.name, account_table.c.password_hash)).all()
        assert [r[0] for r in rows] == ["Ann Lee"]
        assert rows[0][1].startswith("$argon2id$") and PASSWORD not in rows[0][1]


def test_a_wrong_password_and_an_unknown_name_are_refused_alike(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as client:
        register(client, "Bob")
        wrong = client.post("/api/login", json={"name": "Bob", "password": "not the password"})
        unknown = client.post("/api/login", json={"name": "Nobody", "password": PASSWORD})
        assert wrong.status_code == unknown.status_code == 401
        assert wrong.json() == unknown.json() == {"error": {"code": "bad_login", "message": "wrong name or password"}}
        assert COOKIE not in wrong.cookies and COOKIE not in unknown.cookies
        right = client.post("/api/login", json={"name": "bob", "password": PASSWORD})
        assert right.status_code == 200 and right.json()["account"]["name"] == "Bob"
        token = right.cookies[COOKIE]
        with web(client).store.engine.connect() as connection:
            stored = {r[0] for r in connection.execute(select(session_table.c.token_hash))}
        assert hashlib.sha256(token.encode()).hexdigest() in stored and token not in stored


def test_login_attempts_are_limited_per_name(tmp_path: Path) -> None:
    """Five attempts at once, then one every 12 seconds (the limiter's clock injected):
    the sixth quick attempt is refused even with the right password."""
    with running(tmp_path / "db.sqlite3") as client:
        register(client, "Cy")
        clock = Clock(1000.0)
        web(client).clock = clock
        for _ in range(5):
            assert client.post("/api/login", json={"name": "Cy", "password": "wrong password"}).status_code == 401
        refused = client.post("/api/login", json={"name": "Cy", "password": PASSWORD})
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
        clock.now += 12.0
        assert client.post("/api/login", json={"name": "Cy", "password": PASSWORD}).status_code == 200


def test_password_guesses_with_a_stolen_login_are_limited_per_account(tmp_path: Path) -> None:
    """Changing the password or deleting the account asks for the password: five wrong
    guesses at once, then the sixth is refused even when right, and the account stays."""
    with running(tmp_path / "db.sqlite3") as client:
        token = register(client, "Dee")
        web(client).clock = Clock(1000.0)
        for path, body in [("/api/me/password", {"current": "wrong password", "new": "another password"}),
                           ("/api/me/delete", {"password": "wrong password"})] * 2 + [("/api/me/delete", {"password": "nope"})]:
            assert client.post(path, headers=as_(token), json=body).status_code == 401
        refused = client.post("/api/me/delete", headers=as_(token), json={"password": PASSWORD})
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
        assert client.get("/api/me", headers=as_(token)).json()["account"]["name"] == "Dee"


def test_sessions_expire(tmp_path: Path) -> None:
    """A login lasts 30 days (2 592 000 s) by the accounts' clock: a second before, the
    cookie opens the account; at the time, it does not (and the session is deleted);
    logging out ends a session at once."""
    with running(tmp_path / "db.sqlite3") as client:
        clock = Clock(1_000_000.0)
        web(client).accounts.clock = clock
        token = register(client, "Di")
        assert SESSION_SECONDS == 2_592_000
        clock.now = 1_000_000.0 + 2_592_000 - 1
        assert client.get("/api/me", headers=as_(token)).json()["account"]["name"] == "Di"
        clock.now = 1_000_000.0 + 2_592_000
        assert client.get("/api/me", headers=as_(token)).json() == {"account": None}
        refused = client.post("/api/me", headers=as_(token), json={"public": True})
        assert refused.status_code == 401 and refused.json()["error"]["code"] == "not_logged_in"
        with web(client).store.engine.connect() as connection:
            assert connection.execute(select(session_table)).all() == []
        login = client.post("/api/login", json={"name": "Di", "password": PASSWORD})
        again = login.cookies[COOKIE]
        client.cookies.clear()
        assert client.get("/api/me", headers=as_(again)).json()["account"]["name"] == "Di"
        client.post("/api/logout", headers=as_(again), json={})
        assert client.get("/api/me", headers=as_(again)).json() == {"account": None}


def test_a_seat_link_opened_logged_in_plays_as_the_account(tmp_path: Path) -> None:
    """Ann opens North's link logged in: the table records her account for North and
    names the seat for her; a guest opens East and stays a guest."""
    with running(tmp_path / "db.sqlite3") as client:
        ann = register(client, "Ann")
        made = create(client)
        with client.websocket_connect("/ws", headers=as_(ann)) as ws:
            ws.send_json({"type": "join", "token": made["seats"]["N"]})
            assert ws.receive_json()["type"] == "welcome"
            with client.websocket_connect("/ws") as guest:
                guest.send_json({"type": "join", "token": made["seats"]["E"]})
                assert guest.receive_json()["type"] == "welcome"
                state = guest.receive_json()
                while state["type"] != "state" or state["seats"][0]["name"] != "Ann":
                    state = guest.receive_json()
        accounts = web(client).accounts
        ann_id = accounts.account_for(ann).id  # type: ignore[union-attr]
        assert accounts.seat_accounts(made["table"]) == {0: ann_id}
        assert [s["name"] for s in state["seats"]][:2] == ["Ann", "East"]
        with web(client).store.engine.connect() as connection:
            assert len(connection.execute(select(seat_account_table)).all()) == 1


def test_a_players_page_is_refused_to_another_account_and_to_a_guest_until_public(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as client:
        ann, bob = register(client, "Ann"), register(client, "Bob")
        me = client.get("/api/me", headers=as_(ann)).json()["account"]
        page = f"/api/players/{me['id']}"
        assert client.get(page, headers=as_(ann)).status_code == 200
        for who in (as_(bob), {}):
            refused = client.get(page, headers=who)
            assert refused.status_code == 404 and refused.json()["error"]["code"] == "no_player"
            assert client.get(f"{page}/rating.png?preset=modern-standard", headers=who).status_code == 404
        assert client.get("/api/players/no-such-player", headers=as_(ann)).json() == refused.json()  # the same answer
        assert client.post("/api/me", headers=as_(ann), json={"public": True}).json()["account"]["public"] is True
        shown = client.get(page)
        assert shown.status_code == 200 and shown.json()["player"]["name"] == "Ann" and shown.json()["games"] == 0
        client.post("/api/me", headers=as_(ann), json={"public": False})
        assert client.get(page, headers=as_(bob)).status_code == 404


def test_regression_a_cross_site_form_could_log_a_visitor_in(tmp_path: Path) -> None:
    """Regression (a tester's finding): the body was read as JSON whatever its type, so a
    plain HTML form of another site (``text/plain``) could log a visitor into the
    attacker's account, make a page public or log him out. Such bodies are now refused
    (415 ``not_json``) and change nothing."""
    with running(tmp_path / "db.sqlite3") as client:
        token = register(client, "Eve")
        form = {"content-type": "text/plain"}
        body = '{"name": "Eve", "password": "' + PASSWORD + '", "a": "="}'
        response = client.post("/api/login", headers=form, content=body)
        assert response.status_code == 415 and response.json()["error"]["code"] == "not_json"
        assert COOKIE not in response.cookies
        response = client.post("/api/me", headers={**form, **as_(token)}, content='{"public": true}')
        assert response.status_code == 415 and client.get("/api/me", headers=as_(token)).json()["account"]["public"] is False
        assert client.post("/api/logout", headers=as_(token)).status_code == 415
        assert client.get("/api/me", headers=as_(token)).json()["account"]["name"] == "Eve"
        assert client.post("/api/login", json={"name": "Eve", "password": PASSWORD}).status_code == 200


def test_regression_a_login_or_password_change_racing_a_deletion_was_a_500(tmp_path: Path) -> None:
    """Regression (a tester's finding): a password change or a login whose session was
    written after the account had been deleted raised IntegrityError (500). A session for
    a deleted account is now refused ``no_account`` (a login: ``bad_login``), and a
    second deletion answers 404. A whole name in look-alike letters of another script
    ("Асе" in Cyrillic) is taken as the Latin name it reads as."""
    from euchre.server.accounts import AccountError

    with running(tmp_path / "db.sqlite3") as client:
        token = register(client, "Gus")
        accounts = web(client).accounts
        gus = accounts.account_for(token)
        assert gus is not None
        accounts.delete(gus.id, PASSWORD)
        try:
            accounts._new_session(gus.id)  # the step that raced: the account is gone
        except AccountError as exc:
            assert (exc.status, exc.code) == (404, "no_account")
        else:
            raise AssertionError("a session was made for a deleted account")
        try:
            accounts.delete(gus.id, PASSWORD)
        except AccountError as exc:
            assert (exc.status, exc.code) == (404, "no_account")
        else:
            raise AssertionError("a deleted account was deleted again")
        register(client, "Ace")
        taken = client.post("/api/accounts", json={"name": "\u0410\u0441\u0435", "password": PASSWORD})
        assert taken.status_code == 409 and taken.json()["error"]["code"] == "name_taken"
        assert client.post("/api/accounts", json={"name": "\u0410\u043b\u0438\u0441\u0430", "password": PASSWORD}).status_code == 201

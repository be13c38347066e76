"""Ratings (OpenSkill) and the players' pages.

The expected values come from the openskill library's own documentation (its README's
"Limited Example" and its manual's first match: two teams of two new players, the
first team wins: winners mu 26.964294621803063, losers 23.035705378196937, both sigma
8.177962604389991; ordinals 2.4304068086330872 and -1.4981824349730388), and, for a
game with ratings already moved and bots, from calling the library by hand with the
stored ratings before the game. Games are played on the server by people's seats whose
players left (stand-in bots play for them at once: grace 0), so each seat stays the
account's."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from euchre.records import loads
from euchre.server.ratings import ordinal, rate, team_ranks
from euchre.server.web_services import WebServices
from test_accounts import as_, register
from test_server import create, running

DOC_WIN = (26.964294621803063, 8.177962604389991)
DOC_LOSS = (23.035705378196937, 8.177962604389991)
DOC_ORDINALS = (2.4304068086330872, -1.4981824349730388)


def web(client: Any) -> WebServices:
    services: WebServices = client.app.state.web
    return services


def wait(what: Any, timeout: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("the awaited state never came")


def play(client: Any, seats: dict[str, str], **body: Any) -> tuple[str, Any]:
    """A table whose seats in ``seats`` (letter to session token) are opened by their
    accounts, started, and left: stand-ins play the game to its end. Returns the table
    id and the finished game (from its record)."""
    return play_existing(client, create(client, **body), seats)


def test_our_update_gives_the_librarys_documented_example() -> None:
    """Two teams of two new players, the first wins (any score: the rank counts)."""
    after = rate([["p1", "p2"], ["p3", "p4"]], [10, 6], {})
    assert after == {"p1": DOC_WIN, "p2": DOC_WIN, "p3": DOC_LOSS, "p4": DOC_LOSS}
    assert (ordinal(*after["p1"]), ordinal(*after["p3"])) == DOC_ORDINALS
    assert rate([["p3", "p4"], ["p1", "p2"]], [6, 10], {}) == after  # the order of the sides does not matter
    assert team_ranks([7, 7]) == [1, 1] and team_ranks([3, 10]) == [2, 1]


def test_rated_games_update_players_and_bots_as_the_library_does(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", grace_seconds=0.0) as client:
        tokens = {name: register(client, name) for name in ("Ann", "Bob", "Cy", "Di")}
        ids = {name: client.get("/api/me", headers=as_(t)).json()["account"]["id"] for name, t in tokens.items()}
        ratings = web(client).ratings

        # Game 1: four new accounts, modern-standard: the documented example.
        seats = {"N": tokens["Ann"], "E": tokens["Bob"], "S": tokens["Cy"], "W": tokens["Di"]}
        first, game = play(client, seats, preset="modern-standard", seed=5)
        ns_won = game.score[0] > game.score[1]
        winners, losers = (("Ann", "Cy"), ("Bob", "Di")) if ns_won else (("Bob", "Di"), ("Ann", "Cy"))
        for name in winners:
            assert ratings.rating(f"account:{ids[name]}", "modern-standard") == (*DOC_WIN, 1)
        for name in losers:
            assert ratings.rating(f"account:{ids[name]}", "modern-standard") == (*DOC_LOSS, 1)

        # Game 2: Ann (N) and Bob (S) against two intermediate bots (E and W, nobody
        # opened them): the library called by hand with the ratings before the game.
        before_ann = ratings.rating(f"account:{ids['Ann']}", "modern-standard")
        before_bob = ratings.rating(f"account:{ids['Bob']}", "modern-standard")
        assert before_ann is not None and before_bob is not None
        second, game2 = play(client, {"N": tokens["Ann"], "S": tokens["Bob"]}, preset="modern-standard", seed=8)
        model = PlackettLuce()
        teams = [[model.rating(mu=before_ann[0], sigma=before_ann[1]), model.rating(mu=before_bob[0], sigma=before_bob[1])],
                 [model.rating(), model.rating()]]
        ns_won2 = game2.score[0] > game2.score[1]
        [[ann, bob], [bot, bot_too]] = model.rate(teams, ranks=[1, 2] if ns_won2 else [2, 1])
        assert (bot.mu, bot.sigma) == (bot_too.mu, bot_too.sigma)  # one subject in two seats of one side
        assert ratings.rating(f"account:{ids['Ann']}", "modern-standard") == (ann.mu, ann.sigma, 2)
        assert ratings.rating(f"account:{ids['Bob']}", "modern-standard") == (bob.mu, bob.sigma, 2)
        assert ratings.rating("bot:intermediate", "modern-standard") == (bot.mu, bot.sigma, 1)

        # Ann's page: her two games, their statistics counted from the records.
        page = client.get(f"/api/players/{ids['Ann']}", headers=as_(tokens["Ann"])).json()
        assert page["games"] == 2 and page["wins"] == int(ns_won) + int(ns_won2)
        hands = calls = made = lone = 0
        points = 0
        for g in (game, game2):
            for h in g.finished_hands:
                r = h.result
                if r is None or not r.played:
                    continue
                hands += 1
                points += r.points[0]
                if r.maker == 0:
                    calls += 1
                    made += r.points[0] > 0
                lone += r.alone == 0
        assert (page["hands"], page["points"], page["calls"], page["calls_made"], page["lone"]) == (hands, points, calls, made, lone)
        assert page["points_per_hand"] == round(points / hands, 3)
        assert [(g["table"], g["rated"]) for g in page["finished"]] == [(second, True), (first, True)]
        assert page["finished"][0]["replay"] == f"/api/tables/{second}/replay.json?game=1"
        assert client.get(page["finished"][0]["replay"]).status_code == 200
        assert page["ratings"][0]["rating"] == ordinal(ann.mu, ann.sigma)
        png = client.get(page["plots"]["modern-standard"], headers=as_(tokens["Ann"]))
        assert png.status_code == 200 and png.content.startswith(b"\x89PNG\r\n\x1a\n")

        # The leaderboard: bots and public players; a private player sees himself only.
        client.post("/api/me", headers=as_(tokens["Ann"]), json={"public": True})
        board = client.get("/api/leaderboard?preset=modern-standard").json()["rows"]
        assert {r["name"] for r in board} == {"Ann", "intermediate (bot)"}
        assert [r["rating"] for r in board] == sorted((r["rating"] for r in board), reverse=True)
        mine = client.get("/api/leaderboard?preset=modern-standard", headers=as_(tokens["Bob"])).json()["rows"]
        assert {r["name"] for r in mine} == {"Ann", "Bob", "intermediate (bot)"}
        assert [r["name"] for r in mine if r["you"]] == ["Bob"]
        assert client.get("/api/leaderboard").json() == {"presets": ["modern-standard"]}


def test_a_game_with_a_guest_or_custom_rules_is_kept_but_not_rated(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", grace_seconds=0.0) as client:
        ann = register(client, "Ann")
        ann_id = client.get("/api/me", headers=as_(ann)).json()["account"]["id"]
        # A guest at East: he opens his link without an account.
        made = create(client, preset="modern-standard", seed=3)
        with client.websocket_connect("/ws") as guest:
            guest.send_json({"type": "join", "token": made["seats"]["E"]})
            assert guest.receive_json()["type"] == "welcome"
        table, _ = play_existing(client, made, {"N": ann})
        # Custom options (not a preset's rules).
        other, _ = play(client, {"N": ann}, preset="modern-standard", options={"game_target": 3}, seed=4)
        assert web(client).ratings.rating(f"account:{ann_id}", "modern-standard") is None
        page = client.get(f"/api/players/{ann_id}", headers=as_(ann)).json()
        assert page["games"] == 2 and [g["rated"] for g in page["finished"]] == [False, False]
        assert {g["table"] for g in page["finished"]} == {table, other}


def play_existing(client: Any, made: dict[str, Any], seats: dict[str, str]) -> tuple[str, Any]:
    """As :func:`play`, on a table made already."""
    sockets = []
    for letter, token in seats.items():
        cm = client.websocket_connect("/ws", headers=as_(token))
        ws = cm.__enter__()
        ws.send_json({"type": "join", "token": made["seats"][letter]})
        assert ws.receive_json()["type"] == "welcome"
        sockets.append((cm, ws))
    sockets[0][1].send_json({"type": "start"})
    while sockets[0][1].receive_json().get("type") != "ack":
        pass
    for cm, _ in sockets:
        cm.__exit__(None, None, None)
    hub = client.app.state.hub
    wait(lambda: hub.tables[made["table"]].status == "over")
    wait(lambda: web(client).ratings.recorded_games(made["table"]) == {1})
    game, _ = loads(client.get(f"/api/tables/{made['table']}/record.json").text)
    return made["table"], game


def test_a_password_change_ends_the_other_logins_and_a_deleted_account_leaves_no_trace(tmp_path: Path) -> None:
    """Ann changes her password: the wrong current one is refused (401), a short new one
    too (400); then her other login stops working and the old password no longer logs
    in. After a rated game with Bob, Ann deletes her account (the wrong password first:
    refused, nothing changed): her page, her rating, her seats and her sessions are
    gone, the game stays in Bob's history with her seat a guest's, and her name is
    free again."""
    from sqlalchemy import select

    from euchre.storage.tables import account_table, game_seat_table, rating_table, seat_account_table, session_table

    with running(tmp_path / "db.sqlite3", grace_seconds=0.0) as client:
        ann, bob = register(client, "Ann"), register(client, "Bob")
        other = client.post("/api/login", json={"name": "Ann", "password": "correct horse battery"}).cookies["euchre_session"]
        client.cookies.clear()
        ann_id = client.get("/api/me", headers=as_(ann)).json()["account"]["id"]
        bad = client.post("/api/me/password", headers=as_(ann), json={"current": "not it at all", "new": "a new password"})
        assert bad.status_code == 401 and bad.json()["error"]["code"] == "wrong_password"
        bad = client.post("/api/me/password", headers=as_(ann), json={"current": "correct horse battery", "new": "short"})
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_password"
        assert client.post("/api/me/password", json={"current": "x", "new": "y" * 8}).status_code == 401  # no login
        changed = client.post("/api/me/password", headers=as_(ann), json={"current": "correct horse battery",
                                                                          "new": "a new password"})
        assert changed.status_code == 200
        ann = changed.cookies["euchre_session"]
        client.cookies.clear()
        assert client.get("/api/me", headers=as_(other)).json()["account"] is None  # the other login ended
        assert client.get("/api/me", headers=as_(ann)).json()["account"]["name"] == "Ann"
        assert client.post("/api/login", json={"name": "Ann", "password": "correct horse battery"}).status_code == 401
        client.cookies.clear()

        table, _ = play(client, {"N": ann, "S": bob}, preset="modern-standard", seed=5)
        ratings = web(client).ratings
        assert ratings.rating(f"account:{ann_id}", "modern-standard") is not None
        bad = client.post("/api/me/delete", headers=as_(ann), json={"password": "correct horse battery"})
        assert bad.status_code == 401 and client.get("/api/me", headers=as_(ann)).json()["account"]["id"] == ann_id
        gone = client.post("/api/me/delete", headers=as_(ann), json={"password": "a new password"})
        assert gone.status_code == 200 and gone.json() == {"ok": True}
        client.cookies.clear()
        assert client.get("/api/me", headers=as_(ann)).json()["account"] is None
        assert client.get(f"/api/players/{ann_id}", headers=as_(bob)).status_code == 404
        assert ratings.rating(f"account:{ann_id}", "modern-standard") is None
        with web(client).store.engine.connect() as connection:
            for t in (account_table.c.id, session_table.c.account_id, seat_account_table.c.account_id,
                      game_seat_table.c.account_id):
                assert connection.execute(select(t).where(t == ann_id)).first() is None
            assert connection.execute(select(rating_table).where(rating_table.c.subject == f"account:{ann_id}")).first() is None
            seats = connection.execute(select(game_seat_table.c.seat, game_seat_table.c.subject)
                                       .where(game_seat_table.c.table_id == table).order_by(game_seat_table.c.seat)).all()
        bob_id = client.get("/api/me", headers=as_(bob)).json()["account"]["id"]
        assert [s.subject for s in seats] == ["guest", "bot:intermediate", f"account:{bob_id}", "bot:intermediate"]
        assert client.get(f"/api/players/{bob_id}", headers=as_(bob)).json()["games"] == 1
        assert client.post("/api/accounts", json={"name": "ann", "password": "yet another one"}).status_code == 201


def test_the_bots_ratings_are_measured_by_games_among_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``euchre rate-bots``: one game of beginner against intermediate is the library's
    documented example (two new sides of one subject each, the winners 26.96/8.18, the
    losers 23.04/8.18); more games move both; the same seed on another database gives
    the same ratings; the server's leaderboard shows the bots; bad levels are refused."""
    from euchre.core.errors import EuchreError
    from euchre.server.ratings import Ratings, measure_bots
    from euchre.server.storage import Store
    from test_cli import run as run_cli

    def fresh(name: str) -> Ratings:
        store = Store(f"sqlite:///{tmp_path / name}")
        store.migrate()
        return Ratings(store.engine)

    one = fresh("one.db")
    rows = measure_bots(one, "modern-standard", ["beginner", "intermediate"], 1, seed=3)
    assert sorted((mu, sigma, games) for _, mu, sigma, games in rows) == [(*DOC_LOSS, 1), (*DOC_WIN, 1)]
    with pytest.raises(EuchreError, match="two or more bot levels"):
        measure_bots(one, "modern-standard", ["beginner"], 1, seed=3)
    with pytest.raises(EuchreError, match="two or more bot levels"):
        measure_bots(one, "modern-standard", ["beginner", "genius"], 1, seed=3)

    a, b = fresh("a.db"), fresh("b.db")
    assert measure_bots(a, "cutthroat-3", ["random", "intermediate"], 6, seed=9) == \
        measure_bots(b, "cutthroat-3", ["random", "intermediate"], 6, seed=9)
    assert {level for level, *_ in measure_bots(a, "cutthroat-3", ["random", "intermediate"], 1, seed=1)} == \
        {"random", "intermediate"}

    db = tmp_path / "server.db"
    code, out, err = run_cli(capsys, "rate-bots", "--db", f"sqlite:///{db}", "--games", "4", "--levels",
                             "beginner,intermediate")
    assert code == 0 and "Bots' ratings under modern-standard" in out and "intermediate" in out, err
    code, _, err = run_cli(capsys, "rate-bots", "--db", "nope://x")
    assert code == 2 and "the database" in err and "Traceback" not in err
    with running(db) as client:
        board = client.get("/api/leaderboard?preset=modern-standard").json()["rows"]
        assert {r["name"] for r in board} == {"beginner (bot)", "intermediate (bot)"}
        assert all(r["games"] == 4 for r in board)


def test_a_players_page_names_the_event_of_a_game_played_at_its_online_table(tmp_path: Path) -> None:
    """A person logged in opens his seat link at an event's online table (the organiser
    starts it; he leaves and a bot stands in): the finished game is on his page with the
    event's title and the table's key; a game at a plain table has none."""
    with running(tmp_path / "db.sqlite3", grace_seconds=0.0) as client:
        token = register(client, "Hal")
        made = client.post("/api/events", json={"title": "Club night", "players": ["Hal", "B", "C", "D"],
                                                "bots": ["B", "C", "D"], "rounds": 1, "hands": 2, "seed": 4}).json()
        org = {"x-organiser": made["organiser"]}
        client.post("/api/organiser/next", headers=org, json={})
        view = client.post("/api/organiser/online", headers=org, json={}).json()
        online = view["tables"][0]["online"]
        seat_token = online["links"]["N"].split("#")[1]
        cm = client.websocket_connect("/ws", headers=as_(token))
        ws = cm.__enter__()
        ws.send_json({"type": "join", "token": seat_token})
        assert ws.receive_json()["type"] == "welcome"
        cm.__exit__(None, None, None)
        client.post("/api/organiser/start", headers=org, json={"table": "1.1"})
        wait(lambda: web(client).ratings.recorded_games(online["table"]) == {1})
        hal = client.get("/api/me", headers=as_(token)).json()["account"]["id"]
        play(client, {"N": token}, preset="modern-standard", seed=2)
        games = client.get(f"/api/players/{hal}", headers=as_(token)).json()["finished"]
        assert sorted(str(g["event"]) for g in games) == ["Club night, table 1.1", "None"]

"""Events on the server (``/api/events``, ``/api/organiser``, ``/api/standings``), in
process (Starlette's TestClient, SQLite in tmp_path), on top of :mod:`euchre.events`:
an evening of twenty players on five tables with bots filling in, driven through the
HTTP API (a table typed by hand, a table played online and its result taken when its
game ends, bots' tables); standings worked by hand for a small evening with X-50's lone
scoring; a new app on the same database in the middle of a round (an online game half
played) loses nothing; a single elimination with its bracket; tokens, a timed round."""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from euchre.events.movements import seating_draw
from euchre.events.spreadsheet import from_csv
from euchre.events.standings import Standing
from euchre.records import loads
from test_server import Peer, running

PEOPLE = [f"P{i}" for i in range(1, 9)]
NAMED_BOTS = [f"B{i}" for i in range(1, 7)]
WAIT = 60.0


def organiser(client: Any, token: str, action: str | None = None, **body: Any) -> dict[str, Any]:
    headers = {"x-organiser": token}
    response = (client.get("/api/organiser", headers=headers) if action is None
                else client.post(f"/api/organiser/{action}", headers=headers, json=body))
    assert response.status_code == 200, response.text
    view: dict[str, Any] = response.json()
    return view


def until(what: Callable[[], Any], timeout: float = WAIT) -> Any:
    """Poll ``what`` until it returns something true (the server's sweeper runs once a
    second; bots play the online tables)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("the awaited state never came")


def table_of(view: dict[str, Any], key: str) -> dict[str, Any]:
    found: dict[str, Any] = next(t for t in view["tables"] if t["key"] == key)
    return found


def create(client: Any, **body: Any) -> dict[str, Any]:
    response = client.post("/api/events", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def test_an_evening_of_twenty_players_on_five_tables_with_bots_filling_in(tmp_path: Path) -> None:
    """Fourteen names (six of them bots) and five tables: six bots ``Bot 1``..``Bot 6``
    fill the seats. Round 1: table 1 is typed by hand (as in test_events_cli: N 3 (N-S
    1), N 3 (1), E 3 (E-W 1), S 5 (N-S 2), W 5 alone (E-W 4), N 2 (euchred: E-W 2), E 0
    (euchred: N-S 2), N 4 (N-S 1): 7 all, a tie the organiser gives to E-W); table 2 is
    played online (its people never come: "start now" seats bots) and its result is taken
    from the game when it ends; tables 3 to 5, bots only, are played by the bots. Round
    2: every table by bots (fill)."""
    with running(tmp_path / "db.sqlite3", grace_seconds=0.2) as client:  # North opened and left: a bot stands in
        made = create(client, title="Friday", players=PEOPLE + NAMED_BOTS, bots=NAMED_BOTS, tables=5, rounds=2, seed=11,
                      seating="as_listed")
        token = made["organiser"]
        assert made["links"]["organiser"] == f"/events#{token}"
        view = organiser(client, token)
        assert [p["name"] for p in view["players"]] == PEOPLE + NAMED_BOTS + [f"Bot {i}" for i in range(1, 7)]
        assert sum(p["bot"] for p in view["players"]) == 12 and view["round"] == 0 and view["can_next"]

        view = organiser(client, token, "next")
        assert view["round"] == 1 and len(view["tables"]) == 5
        assert [s["name"] for s in table_of(view, "1.1")["seats"]] == ["P1", "P2", "P3", "P4"]
        assert [s["name"] for s in table_of(view, "1.4")["seats"]] == ["B5", "B6", "Bot 1", "Bot 2"]
        assert all(t["dealer"] in "NESW" for t in view["tables"])

        view = organiser(client, token, "enter", table="1", hands="N 3; N 3; E 3; S 5; W 5 alone; N 2; E 0; N 4",
                         winners="EW")
        r1 = table_of(view, "1.1")["result"]
        assert r1["totals"] == [7, 7, 7, 7] and r1["winner"] == "E-W" and r1["decided_by"] == "organiser"

        view = organiser(client, token, "online", tables=["1.2"])
        online = table_of(view, "1.2")["online"]
        assert set(online["links"]) == {"N", "E", "S", "W", "spectator"} and online["status"] == "lobby"
        seat_n = Peer(client, online["links"]["N"].split("#")[1])  # the seat link opens North of that table
        assert seat_n.welcome["seat"] == "N" and seat_n.state is not None
        assert [s["name"] for s in seat_n.state["seats"]] == ["P5", "P6", "P7", "P8"]
        seat_n.close()
        view = organiser(client, token, "start", table="1.2")
        view = organiser(client, token, "play")  # tables 3, 4, 5: bots only
        assert [t["result"]["source"] for t in view["tables"][2:]] == ["bots"] * 3
        view = until(lambda: (v := organiser(client, token))["can_next"] and v)
        r2 = table_of(view, "1.2")["result"]
        assert r2["source"] == "online" and r2["hands"] == 8  # progressive-party: a round of eight hands
        record = client.get(f"/api/tables/{online['table']}/record.json")
        game, names = loads(record.text)
        assert names == ["P5", "P6", "P7", "P8"]
        assert "NESW"[game.setup.first_dealer] == table_of(view, "1.2")["dealer"]  # the seating's first dealer deals
        ns, ew = game.score  # every player records his side's points (no house twists)
        assert r2["totals"] == [ns, ew, ns, ew]
        assert r2["winner"] == ("N-S" if ns > ew else "E-W" if ew > ns else r2["winner"])

        view = organiser(client, token, "next")  # winners up, losers down
        winners2 = ["P5", "P7"] if r2["winner"] == "N-S" else ["P6", "P8"]
        assert sorted(s["name"] for s in table_of(view, "2.1")["seats"]) == sorted(["P2", "P4", *winners2])
        view = organiser(client, token, "play", fill=True)
        assert view["is_over"] and not view["open"]

        standings = [Standing(**{**s, "rounds": tuple(s["rounds"])}) for s in view["standings"]]
        totals: dict[int, int] = {}
        for result in view["results"]:
            for seat, p in enumerate(result["seats"]):
                totals[p] = totals.get(p, 0) + result["totals"][seat]
        assert {s.player: s.total for s in standings} == totals and len(totals) == 20
        by_name = {s.name: s for s in standings}
        assert [by_name[p].rounds[0] for p in ("P1", "P2", "P3", "P4")] == [7, 7, 7, 7]
        assert by_name["P4"].lone_hands >= 1

        public = view["links"]["public"].split("#")[1]
        names = [p["name"] for p in view["players"]]
        assert from_csv(client.get(f"/api/standings/{public}/standings.csv").text, Standing, names) == standings
        exported = json.loads(client.get(f"/api/standings/{public}/event.json").text)
        assert len(exported["results"]) == 10 and exported["event"]["players"][-1] == "Bot 6"
        # names, not numbers (issue 34): table 1 of round 1 sat as listed, its tie given to E-W
        assert exported["results"][0]["seats"] == ["P1", "P2", "P3", "P4"]
        assert exported["results"][0]["winner"] == "E-W"
        assert {s["player"] for s in exported["standings"]} == set(names)
        pdf = client.get(f"/api/standings/{public}/cards.pdf")
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
        shown = client.get(f"/api/standings/{public}").json()
        assert shown["standings"] == view["standings"] and set(shown["links"]) == {"csv", "json", "pdf"}


def test_standings_of_a_small_evening_worked_by_hand_with_lone_scoring(tmp_path: Path) -> None:
    """Eight players, two tables, X-50's lone scoring (a lone march 5 to the loner and 4
    to his partner; a lone hand euchred 3 to each opponent), progressive-party (a make
    1, a march 2, a lone march 4, a euchre 2; eight hands a round).

    Table 1 (N A, E B, S C, W D): N 5 alone (N 5, S 4: lone march), E 3 (E-W 1), W 2
    (euchred: N-S 2), N 1 (euchred: E-W 2), S 3 (N-S 1), E 5 (E-W 2), N 4 (N-S 1), W 3
    (E-W 1): A 5+2+1+1 = 9, C 4+2+1+1 = 8, B and D 1+2+2+1 = 6; N-S win (17 to 12).
    Table 2 (N E, E F, S G, W H), typed as points: 1,0,1,0; X,3,X,3 (a lone hand
    euchred); 2,0,2,0; X,1,X,1; 5*,0,4,0 (E's lone march); X,2,X,2; 1,0,1,0; X,1,X,1:
    E 1+2+5+1 = 9, G 1+2+4+1 = 8, F and H 3+1+2+1 = 7; N-S win (17 to 14).
    Standings: A and E 9 (one lone hand each, a table won each, never met: rank 1
    shared), C and G 8 (rank 3), F and H 7 (rank 5), B and D 6 (rank 7).
    Round 2 (by the score per side): table 1 5-3, table 2 4-4 given to E-W: each
    player adds 5 or 3, or 4."""
    names = ["A", "B", "C", "D", "E", "F", "G", "H"]
    with running(tmp_path / "db.sqlite3") as client:
        made = create(client, players=names, rounds=2, lone_march=[5, 4], lone_euchred=3, seed=2, seating="as_listed")
        token = made["organiser"]
        view = organiser(client, token, "next")
        assert view["house_scoring"] == ("a lone march scores 5 for the loner and 4 for his partner; "
                                         "a lone hand euchred scores 3 for each opponent")
        organiser(client, token, "enter", table="1", hands="N 5 alone; E 3; W 2; N 1; S 3; E 5; N 4; W 3")
        view = organiser(client, token, "enter", table="2",
                         hands="1,0,1,0; X,3,X,3; 2,0,2,0; X,1,X,1; 5*,0,4,0; X,2,X,2; 1,0,1,0; X,1,X,1")
        assert table_of(view, "1.1")["result"]["totals"] == [9, 6, 8, 6]
        assert table_of(view, "1.2")["result"]["totals"] == [9, 7, 8, 7]
        ranked = [(s["rank"], s["name"], s["total"], s["lone_hands"]) for s in view["standings"]]
        assert ranked == [(1, "A", 9, 1), (1, "E", 9, 1), (3, "C", 8, 0), (3, "G", 8, 0),
                          (5, "F", 7, 0), (5, "H", 7, 0), (7, "B", 6, 0), (7, "D", 6, 0)]

        view = organiser(client, token, "next")
        top = [s["name"] for s in table_of(view, "2.1")["seats"]]
        assert sorted(top) == ["A", "C", "E", "G"]  # both tables' winners meet at the top table
        organiser(client, token, "enter", table="1", score="5-3")
        view = organiser(client, token, "enter", table="2", score="4-4", winners="EW")
        assert view["is_over"]
        first = {"A": 9, "B": 6, "C": 8, "D": 6, "E": 9, "F": 7, "G": 8, "H": 7}
        second = {p: (5 if i % 2 == 0 else 3) for i, p in enumerate(top)}
        second.update({s["name"]: 4 for s in table_of(view, "2.2")["seats"]})
        assert {s["name"]: s["total"] for s in view["standings"]} == {p: first[p] + second[p] for p in names}
        rows = list(csv.DictReader(io.StringIO(client.get(view["links"]["csv"]).text)))
        assert {r["player"]: int(r["total"]) for r in rows} == {p: first[p] + second[p] for p in names}  # by name


def test_a_new_app_on_the_same_database_in_the_middle_of_a_round_loses_nothing(tmp_path: Path) -> None:
    """The first app seats round 1, takes table 1's hands, and starts an online table of
    bots (table 2) whose game is half played when the app goes away; table 3's online
    table waits in its lobby. A new app on the same database shows the same round, the
    same result and the same seat links; the bots' game goes on where it was and its
    result is taken; table 3 is started and taken too."""
    db = tmp_path / "db.sqlite3"
    players = [f"P{i}" for i in range(1, 5)] + [f"B{i}" for i in range(1, 5)] + [f"Q{i}" for i in range(1, 5)]
    with running(db, bot_delay=0.05) as first:
        made = create(first, players=players, bots=[f"B{i}" for i in range(1, 5)], rounds=1, seed=4, seating="as_listed")
        token = made["organiser"]
        organiser(first, token, "next")
        organiser(first, token, "enter", table="1", hands="N 3; N 3; E 3; S 5; W 5 alone; N 2; E 0; N 4", winners="NS")
        before = organiser(first, token, "online")
        bots_table = table_of(before, "1.2")["online"]["table"]
        hub = first.app.state.hub  # type: ignore[attr-defined]
        until(lambda: hub.tables[bots_table].seq > 12)  # some moves played, the game not over
        assert hub.tables[bots_table].status == "playing"
    with running(db) as second:
        after = organiser(second, token)
        assert after["round"] == 1 and table_of(after, "1.1")["result"] == table_of(before, "1.1")["result"]
        assert table_of(after, "1.3")["online"]["links"] == table_of(before, "1.3")["online"]["links"]
        assert table_of(after, "1.2")["result"] is None or table_of(after, "1.2")["result"]["source"] == "online"
        organiser(second, token, "start", table="1.3")
        view = until(lambda: (v := organiser(second, token))["is_over"] and v)
        assert [t["result"]["source"] for t in view["tables"]] == ["entered", "online", "online"]
        record = second.get(f"/api/tables/{bots_table}/record.json")
        game, _ = loads(record.text)
        ns, ew = game.score
        assert table_of(view, "1.2")["result"]["totals"] == [ns, ew, ns, ew]


def test_a_single_elimination_shows_its_bracket_and_champion(tmp_path: Path) -> None:
    """Four teams of bots (A & B, C & D, E & F, G & H, seeded in that order): the first
    match W1.1 (seeds 1 and 4) is played online, the rest by the bots; the bracket ends
    with the champion, who heads the standings."""
    names = ["A", "B", "C", "D", "E", "F", "G", "H"]
    with running(tmp_path / "db.sqlite3") as client:
        made = create(client, players=names, bots="all", format="single_elimination", target=5, seed=3)
        token = made["organiser"]
        view = organiser(client, token)
        assert [m["id"] for m in view["bracket"]] == ["W1.1", "W1.2", "W2.1"]
        assert view["bracket"][0]["teams"] == ["A & B", "G & H"] and view["bracket"][1]["teams"] == ["C & D", "E & F"]
        view = organiser(client, token, "online", tables=["W1.1"])
        organiser(client, token, "play")  # W1.2
        view = until(lambda: (v := organiser(client, token))["open"] == ["W2.1"] and v)
        assert view["bracket"][0]["winner"] in ("A & B", "G & H") and view["bracket"][0]["score"] is not None
        view = organiser(client, token, "play")
        assert view["is_over"]
        final = view["bracket"][2]
        assert final["winner"] in final["teams"]
        assert view["standings"][0]["status"] == "champion" and view["standings"][0]["name"] == final["winner"]
        public = client.get(view["links"]["public"].replace("/standings#", "/api/standings/")).json()
        assert public["bracket"] == view["bracket"]


def test_tokens_and_a_timed_round(tmp_path: Path) -> None:
    """A wrong organiser token opens nothing; the public view carries no seat link; a
    round of 20 minutes ends 1200 s after it was seated, and its tables take as many
    hands as were played when time was called."""
    with running(tmp_path / "db.sqlite3") as client:
        made = create(client, players=[f"P{i}" for i in range(1, 9)], minutes=20, rounds=1, seed=1)
        token = made["organiser"]
        assert client.get("/api/organiser", headers={"x-organiser": "nope"}).status_code == 404
        assert client.get("/api/organiser").json()["error"]["code"] == "no_event"
        assert client.get("/api/standings/nope").status_code == 404
        view = organiser(client, token, "next")
        assert view["minutes"] == 20 and view["round_ends"] == view["round_started"] + 1200
        view = organiser(client, token, "enter", table="1", hands="N 3; E 5; S 3")  # three hands before the bell
        assert table_of(view, "1.1")["result"]["totals"] == [2, 2, 2, 2] and table_of(view, "1.1")["result"]["hands"] == 3
        view = organiser(client, token, "online", tables=["1.2"])
        public = client.get(made["links"]["public"].replace("/standings#", "/api/standings/")).json()
        assert "links" not in table_of(public, "1.2")["online"] and "links" in table_of(view, "1.2")["online"]
        # regression: the public view gave the online table's id, which opens its record and replay (at a
        # duplicate event, a finished table's cards while other tables play them)
        assert "table" not in table_of(public, "1.2")["online"] and "table" in table_of(view, "1.2")["online"]
        bad = client.post("/api/organiser/enter", headers={"x-organiser": token}, json={"table": "2", "hands": "N 9"})
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_entry"
        bad = client.post("/api/events", json={"players": ["A", "B", "C"]})
        assert bad.status_code == 400 and "multiple of 4" in bad.json()["error"]["message"]


def test_online_tables_of_a_duplicate_event_are_dealt_the_same_secret_cards(tmp_path: Path) -> None:
    """An event of duplicate deals played online: both tables of round 1 (bots only, so
    they play at once) are dealt the same cards deal by deal, from North, as
    DuplicateDeals gives them for the seed derived from the organiser token, and not the
    deals of the event's own seed, which the JSON export shows."""
    from euchre.core.presets import preset
    from euchre.events.play import DuplicateDeals
    from euchre.server.event_tokens import deal_seed
    from test_events_store import deals_by_count

    with running(tmp_path / "db.sqlite3") as client:
        made = create(client, players=[f"P{i}" for i in range(1, 9)], bots="all", duplicate=True, rounds=1, seed=4)
        token = made["organiser"]
        organiser(client, token, "next")
        view = organiser(client, token, "online")
        ids = [table_of(view, key)["online"]["table"] for key in ("1.1", "1.2")]
        view = until(lambda: (v := organiser(client, token))["is_over"] and v)
        assert [table_of(view, k)["result"]["source"] for k in ("1.1", "1.2")] == ["online", "online"]
        games = [loads(client.get(f"/api/tables/{i}/record.json").text)[0] for i in ids]
        a, b = (deals_by_count(g) for g in games)
        common = set(a) & set(b)
        assert (0, 0) in common and all(a[k] == b[k] for k in common)
        rules = preset("progressive-party")
        secret, public = DuplicateDeals(rules, deal_seed(token), 1), DuplicateDeals(rules, 4, 1)
        first = secret(0, 0)
        assert a[(0, 0)] == (first.deal_hands, first.stock, 0)  # North deals the round's first deal
        assert public(0, 0).deal_hands != first.deal_hands
        assert json.loads(client.get(made["links"]["public"].replace("/standings#", "/api/standings/") +
                                     "/event.json").text)["event"]["seed"] == 4


def test_a_timed_round_stops_its_online_tables_when_time_is_called(tmp_path: Path) -> None:
    """A round of 20 minutes: table 1's online game waits on North (present, who plays
    until two hands are finished and then thinks); table 2's online table was never
    started. When the server's clock passes the round's end, the sweeper stops both:
    table 1 scores the two hands finished (each player his side's points, from the
    table's own history), the hand in play none; table 2 scores nothing. North is told
    why, his move is refused ``game_over`` and no rematch is offered."""
    from euchre.server.web_services import services
    from test_server import legal_actions

    with running(tmp_path / "db.sqlite3") as client:
        made = create(client, players=[f"P{i}" for i in range(1, 9)], minutes=20, rounds=1, seed=3)
        token = made["organiser"]
        organiser(client, token, "next")
        view = organiser(client, token, "online")
        links = table_of(view, "1.1")["online"]["links"]
        north = Peer(client, links["N"].split("#")[1])
        organiser(client, token, "start", table="1.1")  # bots sit E, S and W; North is here
        while len(north.state["history"]) < 2 if north.state else True:
            state = north.until(lambda m: m["type"] == "state" and (bool(legal_actions(m)) or len(m["history"]) >= 2))
            if len(state["history"]) >= 2:
                break
            north.send(type="action", action=legal_actions(state)[0], id="a")
        finished = north.state["history"] if north.state else []
        assert len(finished) >= 2 and organiser(client, token)["open"] == ["1.1", "1.2"]

        web = services(client.app).events
        web.clock = lambda: time.time() + 20 * 60 + 1  # the bell
        stopped = north.until(lambda m: m["type"] == "state" and m["status"] == "over")
        assert stopped["stopped"] is not None and "time was called for round 1" in stopped["stopped"]
        view = until(lambda: (v := organiser(client, token))["can_next"] is False and not v["open"] and v)
        r1, r2 = table_of(view, "1.1")["result"], table_of(view, "1.2")["result"]
        ns = sum(h["points"][0] for h in finished)
        ew = sum(h["points"][1] for h in finished)
        # A hand passed out or thrown in does not count (RULES.md decision 24); regression: the test counted
        # it, and failed whenever the bots passed one of the two hands out (a fresh clone's run, hand 2).
        played = [h for h in finished if h["maker"] is not None]
        assert r1["source"] == "online" and r1["hands"] == len(played) and r1["totals"] == [ns, ew, ns, ew]
        assert r2["source"] == "online" and r2["hands"] == 0 and r2["totals"] == [0, 0, 0, 0]
        assert stopped["game"]["legal"] == []  # regression: the stopped hand still offered its moves
        north.send(type="action", action="pass", id="late")
        refused = north.until(lambda m: m.get("id") == "late")
        assert refused["type"] == "error" and refused["code"] == "game_over"
        # Regressions (a tester's findings): a bot's seat could be taken back and renamed after the stop, and a
        # rename after a game's end renamed the players of its record.
        names_then = json.loads(client.get(f"/api/tables/{stopped['table']}/record.json").text)["players"]
        east = Peer(client, links["E"].split("#")[1])
        east.send(type="take_seat", id="take")
        taken = east.until(lambda m: m.get("id") == "take")
        assert taken["type"] == "error" and taken["code"] == "game_over"
        north.send(type="name", name="Zed", id="rename")
        assert north.until(lambda m: m.get("id") == "rename")["type"] == "ack"
        assert json.loads(client.get(f"/api/tables/{stopped['table']}/record.json").text)["players"] == names_then
        assert names_then[0] != "Zed"
        east.close()
        north.send(type="rematch", id="again")
        refused = north.until(lambda m: m.get("id") == "again")
        assert refused["type"] == "error" and refused["code"] in ("game_over", "not_host")
        north.close()


def test_regression_a_testers_bad_requests_to_the_events_api(tmp_path: Path) -> None:
    """Regressions (a tester's findings): ``{"fill": "false"}`` was read as true and let
    bots play the people's table; a result typed for round 1 after round 2 was seated
    landed on round 2; names with control or invisible characters, names equal but for
    their width, and a person named as a bot were taken; hands and minutes together were
    taken; a second bots' play while one runs is answered busy, not queued in the
    server's threads."""
    from euchre.server.web_services import services

    with running(tmp_path / "db.sqlite3") as client:
        def refused(path: str, body: dict[str, Any], code: str, status: int, token: str | None = None) -> None:
            headers = {"x-organiser": token} if token else {}
            response = client.post(path, headers=headers, json=body)
            assert response.status_code == status and response.json()["error"]["code"] == code, response.text

        for players in (["A\x00b", "C", "D", "E"], ["B\u200b", "C", "D", "E"], ["\u202eevil", "C", "D", "E"],
                        ["Ann", "Ａｎｎ", "D", "E"], ["\u0410nn", "B", "C", "D"],
                        ["Ace", "\u0410\u0441\u0435", "C", "D"], ["\u3164", "B", "C", "D"], ["A\u2800", "B", "C", "D"]):
            refused("/api/events", {"players": players}, "bad_event", 400)
        for name in ("Bot 9", "expert", "Computer", "robot"):
            refused("/api/events", {"players": [name, "B", "C", "D"]}, "bad_event", 400)
        assert client.post("/api/events", json={"players": ["Bot 9", "B", "C", "D"], "bots": ["Bot 9"]}).status_code == 201
        refused("/api/events", {"players": list("ABCD"), "hands": 8, "minutes": 20}, "bad_request", 400)

        made = create(client, players=[f"P{i}" for i in range(1, 5)] + [f"B{i}" for i in range(1, 5)],
                      bots=[f"B{i}" for i in range(1, 5)], rounds=2, hands=1, seed=2, seating="as_listed")
        token = made["organiser"]
        organiser(client, token, "next")
        refused("/api/organiser/play", {"fill": "false"}, "bad_request", 400, token)
        web = services(client.app).events
        web._playing = True  # another event's bots are playing
        refused("/api/organiser/play", {}, "busy", 503, token)
        web._playing = False
        view = organiser(client, token, "play", fill=False)
        assert table_of(view, "1.2")["result"]["source"] == "bots" and table_of(view, "1.1")["result"] is None
        view = organiser(client, token, "enter", table="1", hands="N 3", round=1)
        assert table_of(view, "1.1")["result"]["totals"] == [1, 0, 1, 0]
        organiser(client, token, "next")
        refused("/api/organiser/enter", {"table": "1", "hands": "E 5", "round": 1}, "stale", 409, token)
        assert organiser(client, token)["round"] == 2 and all(t["result"] is None for t in organiser(client, token)["tables"])


def test_an_events_online_tables_have_the_organisers_hints_and_timer_and_nobody_seated_changes_them(
        tmp_path: Path) -> None:
    """Regression: an event's online table was made with hints on and no host, so at a
    tournament every player could ask the expert's advice, and any player seated could
    switch the hints or the timer. Now the organiser sets both for all the event's
    tables (hints default on at an evening, off at a tournament); a player's
    ``settings`` is refused ``not_host``, a hint where they are off ``hints_off``."""
    people = [f"P{i}" for i in range(1, 9)]
    with running(tmp_path / "db.sqlite3") as client:
        def north_of(made: dict[str, Any], key: str) -> Peer:
            view = organiser(client, made["organiser"], "online", tables=[key])
            assert table_of(view, key)["online"] is not None
            return Peer(client, table_of(view, key)["online"]["links"]["N"].split("#")[1])

        tournament = create(client, players=people, format="single_elimination", target=5, seed=3)
        view = organiser(client, tournament["organiser"])
        assert (view["hints"], view["timer"]) == (False, 0)  # a tournament's default: no hints
        north = north_of(tournament, "W1.1")
        assert north.state is not None
        assert north.state["settings"] == {"host": None, "timer": 0.0, "hints": False, "seeded": False,
                                           "organised": True}
        north.send(type="settings", hints=True, id="s")
        answer = north.until(lambda m: m.get("id") == "s")
        assert answer["type"] == "error" and answer["code"] == "not_host" and "organiser" in answer["message"]
        north.send(type="hint", id="h")
        answer = north.until(lambda m: m.get("id") == "h")
        assert answer["type"] == "error" and answer["code"] == "hints_off" and "organiser" in answer["message"]
        north.close()

        evening = create(client, players=people, rounds=1, hands=2, seed=4)
        view = organiser(client, evening["organiser"], "next")
        assert (view["hints"], view["timer"]) == (True, 0)  # an evening's default: hints on
        chosen = create(client, players=people, rounds=1, hands=2, seed=4, hints=False, timer=30)
        view = organiser(client, chosen["organiser"], "next")
        assert (view["hints"], view["timer"]) == (False, 30)
        north = north_of(chosen, "1.1")
        assert north.state is not None and north.state["settings"]["timer"] == 30.0
        assert north.state["settings"]["hints"] is False and north.state["settings"]["organised"] is True
        north.send(type="settings", timer=0, id="t")
        assert north.until(lambda m: m.get("id") == "t")["code"] == "not_host"
        north.close()

        for bad in ({"hints": "yes"}, {"hints": 1}, {"timer": 3}, {"timer": 601}, {"timer": 7.5}, {"timer": True},
                    {"timer": "30"}):
            response = client.post("/api/events", json={"players": people, **bad})
            assert response.status_code == 400 and response.json()["error"]["code"] == "bad_request", bad
        # every out-of-range timer gets the one message of what is allowed (a tester had one
        # message for 1-4 and another for 601); null takes the default, for hints as for timer
        messages = {client.post("/api/events", json={"players": people, "timer": t}).json()["error"]["message"]
                    for t in (-1, 1, 4, 601, 30.0)}
        assert messages == {"timer must be whole seconds: 0 (off) or 5 to 600, or null"}
        nulls = create(client, players=people, rounds=1, hands=2, seed=4, hints=None, timer=None)
        assert (organiser(client, nulls["organiser"])["hints"], organiser(client, nulls["organiser"])["timer"]) == (
            True, 0)


def test_regression_the_organisers_page_seated_round_one_in_the_order_typed(tmp_path: Path) -> None:
    """The web organiser's evening draws round 1 from its seed, as ``euchre event`` does
    (the same code): the tables are the draw's places four to a table; ``as_listed``
    keeps the order typed; a bad seating and a drawn tournament are refused."""
    names = ["A", "B", "C", "D", "E", "F", "G", "H"]
    with running(tmp_path / "db.sqlite3") as client:
        made = create(client, players=names, rounds=1, seed=7)
        view = organiser(client, made["organiser"], "next")
        draw = seating_draw(8, 7)
        assert [[s["name"] for s in table_of(view, f"1.{t}")["seats"]] for t in (1, 2)] == \
            [[names[p] for p in draw[0:4]], [names[p] for p in draw[4:8]]]
        listed = create(client, players=names, rounds=1, seed=7, seating="as_listed")
        view = organiser(client, listed["organiser"], "next")
        assert [s["name"] for s in table_of(view, "1.1")["seats"]] == ["A", "B", "C", "D"]
        for body, code in (({"players": names, "seating": "hat"}, "bad_request"),
                           ({"players": names, "format": "swiss", "seating": "drawn"}, "bad_event")):
            response = client.post("/api/events", json=body)
            assert response.status_code == 400 and response.json()["error"]["code"] == code, response.text

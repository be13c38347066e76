"""Health, readiness and metrics of ``euchre serve`` (issue 36): ``/healthz``, ``/readyz``
against a database that answers and one that does not, and ``/metrics`` parsed as a
scraper parses it, its values checked against what the test opened and played."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from euchre.server.config import sqlite_url
from test_server import Peer, create, play_four_humans, running


def scrape(client: object) -> dict[str, float]:
    """Every sample of ``/metrics`` by name (labels joined in for histogram buckets)."""
    response = client.get("/metrics")  # type: ignore[attr-defined]
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=0.0.4")
    samples: dict[str, float] = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            key = sample.name + "".join(f"{{{k}={v}}}" for k, v in sorted(sample.labels.items()))
            samples[key] = sample.value
    return samples


def test_healthz_answers_ok(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        response = client.get("/healthz")
        assert response.status_code == 200 and response.json() == {"ok": True}


def test_readyz_is_ready_when_the_database_answers(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        response = client.get("/readyz")
        assert response.status_code == 200 and response.json() == {"ok": True}


def test_readyz_is_not_ready_when_the_database_is_gone(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    with running(folder / "t.db") as client:
        assert client.get("/readyz").status_code == 200  # the control: the same app was ready
        shutil.rmtree(folder)
        # SQLite keeps an open file answering after it is unlinked: drop the pooled
        # connections, so the next check opens the file anew, as a restarted pool would.
        client.app.state.store.engine.dispose()  # type: ignore[attr-defined]
        response = client.get("/readyz")
        assert response.status_code == 503
        error = response.json()["error"]
        # Said without the driver's words, which name the database's host and port
        # (storage.told): those go to the log.
        assert error["code"] == "not_ready" and error["message"] == "the database cannot be reached now; try again in a moment"
        # Liveness does not ask the database.
        assert client.get("/healthz").status_code == 200


def test_metrics_count_tables_seats_and_moves(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        before = scrape(client)
        assert before["euchre_tables_live"] == 0 and before["euchre_seats_connected"] == 0
        assert before["euchre_moves_total"] == 0 and before["euchre_move_seconds_count"] == 0
        made = create(client, seed=5, target=5)
        # A table is loaded when a token of it is first used; one seat connected.
        north = Peer(client, made["seats"]["N"])
        one = scrape(client)
        assert one["euchre_tables_live"] == 1 and one["euchre_seats_connected"] == 1
        spectator = Peer(client, made["spectator"])
        assert scrape(client)["euchre_seats_connected"] == 1  # a spectator holds no seat
        peers = {"N": north, **{s: Peer(client, made["seats"][s]) for s in "ESW"}}
        # A second connection to the same seat is still one seat connected.
        second_north = Peer(client, made["seats"]["N"])
        four = scrape(client)
        assert four["euchre_tables_live"] == 1 and four["euchre_seats_connected"] == 4
        second_north.close()
        # Starting the game is acknowledged too, but it is no move.
        play_four_humans(client, made, random.Random(2), steps=7, peers=peers, spectator=spectator)
        after = scrape(client)
        assert after["euchre_moves_total"] == 7
        assert after["euchre_move_seconds_count"] == 7
        assert after["euchre_move_seconds_bucket{le=+Inf}"] == 7
        assert 0 < after["euchre_move_seconds_sum"]
        # A refused action (not this seat's turn, or stale) is not counted.
        table = client.app.state.hub.tables[made["table"]]  # type: ignore[attr-defined]
        idle = peers["NESW"[(table.game.turn + 1) % 4]]
        idle.send(type="action", action="pass", id="no")
        assert idle.until(lambda m: m["type"] in ("ack", "error"))["type"] == "error"
        assert scrape(client)["euchre_moves_total"] == 7
        for peer in peers.values():
            peer.close()
        spectator.close()
        gone = scrape(client)
        assert gone["euchre_seats_connected"] == 0 and gone["euchre_tables_live"] == 1  # unloaded only when idle


def test_two_apps_keep_their_own_metrics(tmp_path: Path) -> None:
    with running(tmp_path / "a.db") as first, running(sqlite_url(tmp_path / "b.db")) as second:
        made = create(first, seed=3)
        peer = Peer(first, made["seats"]["N"])
        assert scrape(first)["euchre_seats_connected"] == 1
        assert scrape(second)["euchre_seats_connected"] == 0 and scrape(second)["euchre_tables_live"] == 0
        peer.close()

"""``POST /api/referee`` and the page ``/referee`` (RULES.md decision 28), in process:
an evening entered one request at a time with the record sent back each time, and bad
requests refused with nothing changed (the server keeps nothing)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from test_server import running


def post(client: Any, body: Any) -> tuple[int, dict[str, Any]]:
    response = client.post("/api/referee", json=body)
    return response.status_code, response.json()


def test_an_evening_one_entry_at_a_time(tmp_path: Path) -> None:
    """hoyle-1857 (game to 5, 1 point a revoke, a misdeal loses the deal: S002 L13)."""
    with running(tmp_path / "t.sqlite3") as client:
        assert client.get("/referee").status_code == 200
        status, made = post(client, {"rules": {"preset": "hoyle-1857"}, "dealer": "W"})
        assert status == 200 and made["state"]["dealer"] == "W" and made["state"]["score"] == [0, 0]
        assert made["state"]["counters"] is not None  # hoyle keeps score with counters (S002 L9)
        record = made["record"]
        for entry, score, dealer in [("hand N 3", [1, 0], "N"), ("misdeal after", [1, 0], "E"),
                                     ("renege E N proved", [1, 0], "E"), ("hand E 3", [2, 1], "S")]:
            status, made = post(client, {"record": record, "entry": entry})
            assert status == 200, made
            assert made["state"]["score"] == score and made["state"]["dealer"] == dealer, entry
            record = made["record"]
        assert "scored first" in made["ruling"]["outcome"]
        status, made = post(client, {"record": record, "entry": "hand N 5 alone"})
        assert made["state"]["over"] and made["state"]["games"] == [{"winner": "N-S", "score": [6, 1]}]


@pytest.mark.parametrize(("body", "code"), [
    ([], "bad_request"),
    ({"bogus": 1}, "bad_request"),
    ({"rules": {"preset": "nope"}}, "bad_rules"),
    ({"rules": {"preset": "call-ace-5"}}, "bad_rules"),
    ({"dealer": "Q"}, "bad_request"),
    ({"record": {"format": "x", "entries": []}}, "bad_record"),
    ({"record": {"format": "euchre-referee/1", "entries": [{"kind": "hand", "maker": 0, "tricks": 6}]}}, "bad_record"),
    ({"entry": "hand N 9"}, "bad_entry"),
    ({"entry": 7}, "bad_request"),
    ({"entry": "x" * 500}, "bad_request"),
])
def test_a_bad_request_is_refused_with_its_reason(tmp_path: Path, body: Any, code: str) -> None:
    with running(tmp_path / "t.sqlite3") as client:
        status, made = post(client, body)
        assert status == 400 and made["error"]["code"] == code, made


def test_a_refused_entry_leaves_the_record_as_it_was(tmp_path: Path) -> None:
    with running(tmp_path / "t.sqlite3") as client:
        _, made = post(client, {"rules": {"preset": "modern-standard"}, "entry": "hand N 3"})
        record = made["record"]
        status, refused = post(client, {"record": record, "entry": "renege N S proved"})
        assert status == 400 and "same side" in refused["error"]["message"]
        _, again = post(client, {"record": record})
        assert again["record"] == record and again["state"]["score"] == [1, 0]


def test_house_rules_over_a_preset_take_effect(tmp_path: Path) -> None:
    """Stick the dealer switched on over modern-standard: an all-pass hand is refused
    (the dealer must name trump), and the rules line names the house rule."""
    with running(tmp_path / "t.sqlite3") as client:
        status, made = post(client, {"rules": {"preset": "modern-standard", "house_rules": {"stick_the_dealer": True}},
                                     "entry": "passed"})
        assert status == 400 and "stick_the_dealer" in made["error"]["message"]
        status, made = post(client, {"rules": {"preset": "modern-standard", "house_rules": {"stick_the_dealer": True}}})
        assert status == 200 and "Stick the dealer" in made["rules"]
        options = client.get("/api/options").json()
        refereed = {p["name"]: p["refereed"] for p in options["presets"]}
        assert refereed["hoyle-1857"] and not refereed["call-ace-5"]

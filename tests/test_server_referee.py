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
        assert status == 400 and "the dealer must name trump" in made["error"]["message"]
        status, made = post(client, {"rules": {"preset": "modern-standard", "house_rules": {"stick_the_dealer": True}}})
        assert status == 200 and "Stick the dealer" in made["rules"]
        options = client.get("/api/options").json()
        refereed = {p["name"]: p["refereed"] for p in options["presets"]}
        assert refereed["hoyle-1857"] and not refereed["call-ace-5"]


# ------------------------------------------------------------------ issue 34 follow-up: the rules' fields
RULES_HOLDS = "rules holds: preset, target, house_rules, options"


@pytest.mark.parametrize(("field", "value"), [("bots", "expert"), ("host", "N"), ("timer", 30), ("seed", 7),
                                               ("hints", 200)])
def test_regression_the_referees_rules_took_a_tables_fields_and_dropped_them(tmp_path: Path, field: str,
                                                                            value: object) -> None:
    """``rules`` was read as a table creation request: bots, host, timer, seed and hints
    (even ``hints: 200``) were taken and silently dropped, and an unknown field's message
    listed the table's fields. The referee uses the rules' four fields only."""
    with running(tmp_path / "t.sqlite3") as client:
        status, made = post(client, {"rules": {"preset": "hoyle-1857", field: value}})
        assert status == 400 and made["error"] == {
            "code": "bad_rules", "message": f"unknown field(s) in rules: {field}; {RULES_HOLDS}"}


@pytest.mark.parametrize(("rules", "message"), [
    ("cutthroat-3", "rules must be a JSON object"),
    (["hoyle-1857"], "rules must be a JSON object"),
    ({"target": 0}, "rules.target must be a whole number 1..50 or null"),
    ({"preset": "nope"}, "rules.preset must be one of "),
    ({"house_rules": {"nope": True}}, "rules.house_rules must be an object of "),
    ({"options": []}, "rules.options must be an object of option names and values"),
])
def test_regression_a_bad_rules_object_was_called_the_body(tmp_path: Path, rules: object, message: str) -> None:
    """``{"rules": "cutthroat-3"}`` was answered "the body must be a JSON object": the
    message names the field at fault."""
    with running(tmp_path / "t.sqlite3") as client:
        status, made = post(client, {"rules": rules})
        assert status == 400 and made["error"]["code"] == "bad_rules"
        assert made["error"]["message"].startswith(message), made
        assert "the body" not in made["error"]["message"]


def test_rules_of_null_are_the_default_and_the_four_fields_are_taken(tmp_path: Path) -> None:
    with running(tmp_path / "t.sqlite3") as client:
        status, made = post(client, {"rules": None})
        assert status == 200 and made["rules"] == "modern-standard"
        status, made = post(client, {"rules": {"preset": "hoyle-1857", "target": 7, "house_rules": {},
                                               "options": {}}})
        assert status == 200 and made["state"]["target"] == 7


@pytest.mark.parametrize("beside", [{"rules": {"preset": "hoyle-1857"}}, {"dealer": "E"}])
def test_regression_rules_or_a_dealer_sent_with_a_record_were_silently_ignored(tmp_path: Path,
                                                                               beside: dict[str, Any]) -> None:
    """A record holds its rules and first dealer; rules or a dealer beside it were
    dropped without a word. They are refused, named, and the record is not changed."""
    with running(tmp_path / "t.sqlite3") as client:
        _, made = post(client, {"rules": {"preset": "modern-standard"}})
        status, refused = post(client, {"record": made["record"], "entry": "hand N 3", **beside})
        assert status == 400 and refused["error"]["code"] == "bad_request"
        assert refused["error"]["message"].startswith(f"{next(iter(beside))} begin a new evening; a record holds")


def test_a_tables_fields_are_still_the_tables(tmp_path: Path) -> None:
    """POST /api/tables reads the same rules with its own fields and the body's words."""
    with running(tmp_path / "t.sqlite3") as client:
        answer = client.post("/api/tables", json={"preset": "hoyle-1857", "hints": 200})
        assert answer.status_code == 400 and answer.json()["error"]["message"] == "hints must be true or false"
        answer = client.post("/api/tables", json={"target": 0})
        assert answer.json()["error"]["message"] == "target must be a whole number 1..50 or null"
        assert client.post("/api/tables", json={"preset": "hoyle-1857", "bots": "expert", "seed": 3}).status_code == 201


def test_regression_a_record_sent_back_with_an_unknown_field_was_accepted(tmp_path: Path) -> None:
    """``"version": 99`` beside the record's fields was read and dropped: 400
    ``bad_record`` naming it."""
    with running(tmp_path / "t.sqlite3") as client:
        _, made = post(client, {"rules": {"preset": "modern-standard"}})
        status, refused = post(client, {"record": {**made["record"], "version": 99}, "entry": "hand N 3"})
        assert status == 400 and refused["error"] == {"code": "bad_record", "message": (
            "version: unknown field 'version'; a referee's record holds format, rules, first_dealer, entries")}

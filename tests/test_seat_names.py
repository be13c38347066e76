"""One way to name a seat (issue 34): every command and the server's API read a seat a
person names through :meth:`Table.seat_named`. At the four-hand table the letters N, E,
S, W and the titles North, East, South, West; at a table of another size the numbers
1..n as the table shows them ("Player 2"); a bare number at the four-hand table is
refused, since "2" counting from 0 or from 1 is exactly the ambiguity. Every refusal
lists the seats of the table in question.

Each command that takes a seat (``play --seat``, ``review --seat``, ``referee --dealer``
and the referee's entries; ``POST /api/tables`` ``host`` and ``POST /api/referee``
``dealer``) is tried with each kind of name at the four-hand table and at the tables of
two, three and five players (two-handed, cutthroat-3, call-ace-5).
"""

from __future__ import annotations

import builtins
import random
from pathlib import Path
from typing import Any

import pytest

from euchre.core import Game, preset
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.seats import FOUR_HANDED, Seat, table_of
from euchre.records import dumps

FOUR = "its seats are N (North), E (East), S (South), W (West)"
TWO = "its seats are 1 (Player 1), 2 (Player 2)"
THREE = "its seats are 1 (Player 1), 2 (Player 2), 3 (Player 3)"
FIVE = "its seats are 1 (Player 1), 2 (Player 2), 3 (Player 3), 4 (Player 4), 5 (Player 5)"
BY_LETTER = "named by letter, not by number"
TABLES = {"modern-standard": FOUR, "two-handed": TWO, "cutthroat-3": THREE, "call-ace-5": FIVE}
"""Each table tried, by a preset that plays at it, and the list of seats its messages give."""

ACCEPTED = [
    ("modern-standard", "N", 0), ("modern-standard", "e", 1), ("modern-standard", " South ", 2),
    ("modern-standard", "WEST", 3),
    ("two-handed", "1", 0), ("two-handed", "Player 2", 1),
    ("cutthroat-3", "2", 1), ("cutthroat-3", "player 3", 2), ("cutthroat-3", "player1", 0),
    ("call-ace-5", "5", 4), ("call-ace-5", "Player 4", 3),
]
"""(preset, name typed, seat 0-based): the letter or the title as the table shows it,
in any case and spacing."""

REFUSED = [
    ("modern-standard", "2", BY_LETTER), ("modern-standard", "0", BY_LETTER), ("modern-standard", "4", BY_LETTER),
    ("modern-standard", "Player 2", "not a seat at this table of 4"), ("modern-standard", "NE", "not a seat"),
    ("modern-standard", "X", "not a seat"),
    ("two-handed", "S", "not a seat at this table of 2"), ("two-handed", "0", "not a seat"),
    ("two-handed", "3", "not a seat"),
    ("cutthroat-3", "S", "not a seat at this table of 3"), ("cutthroat-3", "0", "not a seat"),
    ("cutthroat-3", "4", "not a seat"), ("cutthroat-3", "North", "not a seat"),
    ("call-ace-5", "6", "not a seat at this table of 5"), ("call-ace-5", "N", "not a seat"),
]
"""(preset, name typed, words of the refusal): a number at the four-hand table, a name
no seat of the table has; each refusal also lists the table's seats."""


# ------------------------------------------------------------------ the one function
@pytest.mark.parametrize(("name", "text", "seat"), ACCEPTED)
def test_a_seat_is_named_as_its_table_shows_it(name: str, text: str, seat: int) -> None:
    assert preset(name).table.seat_named(text) == seat


@pytest.mark.parametrize(("name", "text", "words"), REFUSED)
def test_a_name_no_seat_of_the_table_has_is_refused_listing_the_tables_seats(name: str, text: str, words: str) -> None:
    with pytest.raises(EuchreValueError, match=words) as caught:
        preset(name).table.seat_named(text, "--seat")
    assert TABLES[name] in str(caught.value) and str(caught.value).startswith(f"--seat {text.strip()!r}")


def test_a_seat_named_by_something_not_a_text_is_a_type_error() -> None:
    for value in (2, None, Seat.S, 2.0):
        with pytest.raises(EuchreTypeError, match="named as a text"):
            FOUR_HANDED.seat_named(value)


def test_seat_parse_keeps_reading_numbers_for_programs_and_records() -> None:
    """The library's Seat.parse still takes 0..3 (an int or its digit): records and
    programs may rely on it. Only what a person types goes through seat_named."""
    assert Seat.parse(2) is Seat.S and Seat.parse("2") is Seat.S and Seat.parse("west") is Seat.W
    with pytest.raises(EuchreValueError, match="four-hand table"):
        Seat.parse("5")


def test_the_seat_list_of_each_table() -> None:
    assert FOUR_HANDED.seat_list == FOUR.removeprefix("its seats are ")
    assert table_of(3, "cutthroat").seat_list == THREE.removeprefix("its seats are ")


# ------------------------------------------------------------------ euchre play --seat
def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from euchre.cli.main import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_regression_play_seat_2_silently_seated_south(capsys: pytest.CaptureFixture[str]) -> None:
    """``euchre play --seat 2`` seated the person South (counting from 0, said nowhere),
    where ``--preset cutthroat-3 --seat 2`` is Player 2 (counting from 1). A bare number
    at the four-hand table is now refused, naming the seats."""
    code, out, err = run(capsys, "play", "--seat", "2", "--seed", "1")
    assert code == 2 and out == ""
    assert err == (f"euchre play: error: --seat '2': the seats of this table are named by letter, not by number "
                   f"(would 2 count from 0 or from 1?); {FOUR}\n")


PLAYED = {0: "North", 1: "East", 2: "South", 3: "West"}


@pytest.mark.parametrize(("name", "text", "seat"), ACCEPTED)
def test_play_seats_the_person_where_he_named(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                              name: str, text: str, seat: int) -> None:
    monkeypatch.setattr(builtins, "input", lambda prompt="": "quit")
    code, out, err = run(capsys, "play", "--preset", name, "--seat", text, "--seed", "2", "--bots", "random",
                         "--no-stats")
    assert code == 0, err
    flat = " ".join(out.split())
    if name == "modern-standard":
        partner = PLAYED[(seat + 2) % 4]
        assert f"You sit {PLAYED[seat]}; your partner is {partner}." in flat
    else:
        assert f"You are Player {seat + 1}, playing for yourself against" in flat


@pytest.mark.parametrize(("name", "text", "words"), REFUSED)
def test_play_refuses_a_seat_the_table_does_not_have(capsys: pytest.CaptureFixture[str], name: str, text: str,
                                                     words: str) -> None:
    code, out, err = run(capsys, "play", "--preset", name, "--seat", text, "--seed", "2")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert words in err and TABLES[name] in err and err.startswith(f"euchre play: error: --seat {text.strip()!r}")


# ------------------------------------------------------------------ euchre review --seat
def _record(tmp_path: Path, name: str) -> Path:
    """A short game of ``name`` (to 3 points) played to its end by random legal actions."""
    game = Game(preset(name).replace(game_target=3), 5)
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.hand.legal_actions()))
    path = tmp_path / f"{name}.json"
    path.write_text(dumps(game), encoding="utf-8")
    return path


@pytest.mark.parametrize(("name", "text", "seat"), ACCEPTED)
def test_review_reviews_the_seat_named(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch, name: str, text: str, seat: int) -> None:
    """The review itself (the expert's values) is replaced by an empty one: what is
    checked is which seats the command hands it."""
    import euchre.cli.review as review_cmd
    from euchre.analysis.review import Review

    asked: list[tuple[int, ...]] = []

    def no_values(game: Game, seats: tuple[int, ...], **kw: Any) -> Review:
        asked.append(tuple(seats))
        return Review(tuple(seats), kw["threshold"], 1, ())

    monkeypatch.setattr(review_cmd, "review_game", no_values)
    path = _record(tmp_path, name)
    title = preset(name).table.titles[seat]
    code, out, err = run(capsys, "review", str(path), "--seat", text)
    assert code == 0, err
    assert asked == [(seat,)] and f"for {title}:" in " ".join(out.split())
    other = 0 if seat else 1
    code, out, err = run(capsys, "review", str(path), "--seat", f"{text},{preset(name).table.letters[other]}")
    assert code == 0, err
    assert asked[-1] == tuple(sorted((seat, other)))


@pytest.mark.parametrize(("name", "text", "words"), REFUSED)
def test_review_refuses_a_seat_the_games_table_does_not_have(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             name: str, text: str, words: str) -> None:
    path = _record(tmp_path, name)
    code, out, err = run(capsys, "review", str(path), "--seat", text)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert words in err and TABLES[name] in err


def test_review_refuses_an_empty_seat_between_commas(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "review", str(_record(tmp_path, "modern-standard")), "--seat", "N,,S")
    assert code == 2 and "a seat is missing between the commas" in err


# ------------------------------------------------------------------ euchre referee --dealer and entries
def referee(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str,
            lines: tuple[str, ...] = ("quit",)) -> tuple[int, str, str]:
    """``euchre referee ARGV`` in this process, the person typing ``lines``."""
    typed = iter(lines)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    return run(capsys, "referee", *argv)


@pytest.mark.parametrize(("name", "text", "seat"), [a for a in ACCEPTED if a[0] != "call-ace-5"])
def test_referee_first_dealer_is_the_seat_named(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                name: str, text: str, seat: int) -> None:
    """The hand is entered with the maker named the same way: the deal then passes to the
    first dealer's left (S000 L117, S001 L9)."""
    table = preset(name).table
    maker = table.letters[(seat + 1) % table.seats]
    code, out, err = referee(capsys, monkeypatch, "--preset", name, "--dealer", text, lines=(f"hand {maker} 3", "quit"))
    assert code == 0, err
    flat = " ".join(out.split())
    assert f"Hand 1: {table.titles[seat]} deals." in flat and f"{table.titles[table.left[seat]]} deals next." in flat


@pytest.mark.parametrize(("name", "text", "words"), [r for r in REFUSED if r[0] != "call-ace-5"])
def test_referee_refuses_a_first_dealer_the_table_does_not_have(capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch, name: str, text: str,
                                                                words: str) -> None:
    code, out, err = referee(capsys, monkeypatch, "--preset", name, "--dealer", text)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert words in err and TABLES[name] in err and err.startswith(f"euchre referee: error: --dealer {text.strip()!r}")


def test_referee_at_call_ace_refuses_the_table_not_the_seat(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """call-ace is not refereed (RULES.md decision 28); its seats are read first, by the
    same convention: 5 is a seat, 6 is not."""
    code, _, err = referee(capsys, monkeypatch, "--preset", "call-ace-5", "--dealer", "5")
    assert code == 2 and "call-ace is not refereed" in err
    code, _, err = referee(capsys, monkeypatch, "--preset", "call-ace-5", "--dealer", "6")
    assert code == 2 and FIVE in err


@pytest.mark.parametrize(("name", "entry", "words"), [
    ("modern-standard", "hand 2 3", BY_LETTER), ("modern-standard", "exposed 0", BY_LETTER),
    ("cutthroat-3", "hand s 3", THREE), ("two-handed", "lead 3", TWO),
])
def test_referee_entries_name_seats_the_same_way(name: str, entry: str, words: str) -> None:
    from euchre.referee import EntryError, Referee, enter

    ref = Referee(preset(name), 0)
    with pytest.raises(EntryError, match=words.replace("(", r"\(").replace(")", r"\)")):
        enter(ref, entry)
    assert ref.entries == []
    table = preset(name).table
    assert enter(ref, f"hand {table.titles[1].replace(' ', '').lower()} 3") is not None  # "east", "player2"
    assert ref.entries[-1][1]["maker"] == 1


# ------------------------------------------------------------------ the server: host and the referee's dealer
def _server() -> Any:
    from test_server import running

    return running


@pytest.mark.parametrize(("name", "text", "seat"), [a for a in ACCEPTED if a[0] != "call-ace-5"])
def test_the_server_reads_a_host_and_a_referees_dealer_as_the_table_names_them(tmp_path: Path, name: str, text: str,
                                                                              seat: int) -> None:
    letter = preset(name).table.letters[seat]
    with _server()(tmp_path / "t.sqlite3") as client:
        made = client.post("/api/tables", json={"preset": name, "host": text, "bots": "random"})
        assert made.status_code == 201, made.json()
        assert made.json()["host"] == letter
        answer = client.post("/api/referee", json={"rules": {"preset": name}, "dealer": text})
        assert answer.status_code == 200 and answer.json()["state"]["dealer"] == letter


@pytest.mark.parametrize(("name", "text", "words"), [r for r in REFUSED if r[0] != "call-ace-5"])
def test_the_server_refuses_a_host_or_dealer_the_table_does_not_have(tmp_path: Path, name: str, text: str,
                                                                    words: str) -> None:
    with _server()(tmp_path / "t.sqlite3") as client:
        for path, field in (("/api/tables", "host"), ("/api/referee", "dealer")):
            body = {"preset": name, field: text} if field == "host" else {"rules": {"preset": name}, field: text}
            answer = client.post(path, json=body)
            error = answer.json()["error"]
            assert answer.status_code == 400 and error["code"] == "bad_request"
            assert words in error["message"] and TABLES[name] in error["message"] and error["message"].startswith(field)


def test_the_referees_dealer_defaults_to_the_first_seat(tmp_path: Path) -> None:
    with _server()(tmp_path / "t.sqlite3") as client:
        for name, first in (("modern-standard", "N"), ("cutthroat-3", "1")):
            answer = client.post("/api/referee", json={"rules": {"preset": name}})
            assert answer.status_code == 200 and answer.json()["state"]["dealer"] == first


@pytest.mark.parametrize(("text", "seat"), [("5", "5"), ("player 4", "4")])
def test_the_server_reads_a_host_at_the_call_ace_table(tmp_path: Path, text: str, seat: str) -> None:
    """call-ace-5 is played on the server (not refereed): its host is named 1..5."""
    with _server()(tmp_path / "t.sqlite3") as client:
        made = client.post("/api/tables", json={"preset": "call-ace-5", "host": text, "bots": "random"})
        assert made.status_code == 201 and made.json()["host"] == seat
        refused = client.post("/api/tables", json={"preset": "call-ace-5", "host": "N"}).json()["error"]
        assert refused["code"] == "bad_request" and FIVE in refused["message"]

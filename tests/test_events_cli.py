"""``euchre event`` end to end: an evening of twenty players on five tables, twelve of
them bots, played through the command (create, next, enter, play, standings, export,
print); a tournament through the command; errors on one line; the README's row names
every option of every action. The points of the tables typed by hand are added up by hand
in the docstrings."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from euchre.cli.main import build_parser, main
from euchre.events.event import Event
from euchre.events.spreadsheet import from_csv, from_json
from euchre.events.standings import Standing
from euchre.events.store import EventStore
from test_events_printing import pdf_text

PEOPLE = [f"P{i}" for i in range(1, 9)]
BOTS = [f"B{i}" for i in range(1, 13)]


def run(capsys: pytest.CaptureFixture[str], db: str, *argv: str) -> tuple[int, str, str]:
    code = main(["event", *argv[:1], "--db", db, *argv[1:]] if argv else ["event"])
    out, err = capsys.readouterr()
    return code, " ".join(out.split(" \n")), err  # rich wraps a long line at the width, ending the part in " "


def load(db: str, name: str = "friday") -> Event:
    store = EventStore(db)
    try:
        return store.load(name)
    finally:
        store.close()


def test_an_evening_of_twenty_players_with_bots_filling_in(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Round 1: tables 1 and 2 are people, typed by hand; tables 3 to 5 are bots.

    Table 1 (N P1, E P2, S P3, W P4): N 3 (N-S 1), N 3 (1), E 3 (E-W 1), S 5 (N-S 2),
    W 5 alone (E-W 4, P4's lone hand), N 2 (euchred: E-W 2), E 0 (euchred: N-S 2), N 4
    (N-S 1): N-S 7, E-W 7, a tie the organiser gives to E-W.
    Table 2 (N P5, E P6, S P7, W P8): 1,0,1,0; 2,0,2,0; X,1,X,1; 4*,0,4,0 (P5 alone);
    X,2,X,2; 1,0,1,0; 1,0,1,0; X,1,X,1: N-S 1+2+4+1+1 = 9, E-W 1+2+1 = 4.
    Round 2, winners up and losers down: table 1 keeps its winners P2, P4 (N, E) and
    takes table 2's, P5 and P7 (S, W)."""
    db = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    players = ",".join(PEOPLE + BOTS)
    code, out, err = run(capsys, db, "create", "friday", "--players", players, "--tables", "5", "--rounds", "3",
                         "--bot-players", ",".join(BOTS), "--seed", "5", "--duplicate", "--title", "Friday euchre",
                         "--seating", "as_listed")
    assert code == 0, err
    assert "20 players, 5 tables, 3 rounds, winners_up_losers_down" in out

    code, out, err = run(capsys, db, "next", "friday")
    assert code == 0, err
    assert "Table 1: N P1, E P2, S P3, W P4" in out and "Table 5: N B9 (bot), E B10 (bot), S B11 (bot), W B12 (bot)" in out
    code, out, err = run(capsys, db, "play", "friday")  # tables 3, 4 and 5
    assert code == 0, err
    assert [int(t) for t in re.findall(r"^Table (\d):", out, flags=re.MULTILINE)] == [3, 4, 5]
    code, out, err = run(capsys, db, "next", "friday")
    assert "Round 1 is still being played; open: 1, 2." in out
    code, out, err = run(capsys, db, "enter", "friday", "--table", "1", "--score", "5-7")
    assert code == 0 and "replaces" not in out, err
    code, out, err = run(capsys, db, "enter", "friday", "--table", "1",
                         "--hands", "N 3; N 3; E 3; S 5; W 5 alone; N 2; E 0; N 4", "--winners", "EW")
    assert code == 0, err
    assert "This result replaces the one entered before." in out  # regression: a correction said nothing
    code, out, err = run(capsys, db, "enter", "friday", "--table", "2",
                         "--hands", "1,0,1,0; 2,0,2,0; X,1,X,1; 4*,0,4,0; X,2,X,2; 1,0,1,0; 1,0,1,0; X,1,X,1")
    assert code == 0, err
    assert "Table 2: N P5 9, E P6 4, S P7 9, W P8 4; N-S win." in out and "Round 1 is complete" in out
    event = load(db)
    t1 = event.tables[(1, 1)]
    assert (t1.totals, t1.winner, t1.decided_by) == ((7, 7, 7, 7), 1, "organiser")
    assert event.tables[(1, 2)].totals == (9, 4, 9, 4)

    code, out, err = run(capsys, db, "next", "friday")
    assert code == 0, err
    assert "Round 2 of 3" in out and "Table 1: N P2, E P4, S P5, W P7" in out
    code, out, err = run(capsys, db, "play", "friday")
    if code == 0:  # some tables of round 2 may be all bots
        assert "Table" in out
    event = load(db)
    for key in event.open_tables()[:-1]:
        code, _, err = run(capsys, db, "enter", "friday", "--table", key, "--score", "5-3")
        assert code == 0, err
    code, out, err = run(capsys, db, "play", "friday", "--fill")  # the last open table, bots standing in
    assert code == 0, err
    code, _, err = run(capsys, db, "next", "friday")
    assert code == 0, err
    code, out, err = run(capsys, db, "play", "friday", "--fill")
    assert code == 0, err
    assert "The event is over" in out
    code, out, _ = run(capsys, db, "next", "friday")
    assert "is over" in out
    code, _, err = run(capsys, db, "play", "friday")  # regression: it spoke of open tables and --fill
    assert code == 2 and "the event is over" in err and "--fill" not in err

    event = load(db)
    assert event.is_over
    for seating in event.seatings:
        assert sorted(seating.players()) == list(range(20))
    rows = event.standings()
    by_name = {s.name: s for s in rows}
    assert isinstance(rows[0], Standing)
    for s in rows:
        assert isinstance(s, Standing)
        assert s.total == sum(x for x in s.rounds if x is not None) and None not in s.rounds
    assert [by_name[p].rounds[0] for p in PEOPLE] == [7, 7, 7, 7, 9, 4, 9, 4]  # type: ignore[union-attr]
    assert by_name["P4"].lone_hands >= 1 and by_name["P5"].lone_hands >= 1  # type: ignore[union-attr]
    totals = {p: 0 for p in range(20)}
    for r in event.tables.values():
        for seat, p in enumerate(r.seats):
            totals[p] += r.totals[seat]
    assert {s.player: s.total for s in rows} == totals  # type: ignore[union-attr]

    code, out, err = run(capsys, db, "standings", "friday")
    assert code == 0, err
    assert "Friday euchre: standings" in out and all(p in out for p in PEOPLE + BOTS)
    csv_path, json_path, pdf_path = tmp_path / "s.csv", tmp_path / "s.json", tmp_path / "cards.pdf"
    code, _, err = run(capsys, db, "export", "friday", "--csv", str(csv_path), "--json", str(json_path))
    assert code == 0, err
    names = PEOPLE + BOTS
    assert from_csv(csv_path.read_text(encoding="utf-8"), Standing, names) == rows
    assert from_json(json_path.read_text(encoding="utf-8"), Standing, names) == rows
    assert len(list(csv.DictReader(csv_path.open(encoding="utf-8")))) == 20
    assert len(json.loads(json_path.read_text(encoding="utf-8"))["results"]) == 15
    code, _, err = run(capsys, db, "print", "friday", "--pdf", str(pdf_path))
    assert code == 0, err
    pdf = pdf_path.read_bytes()
    assert pdf.startswith(b"%PDF")
    assert all(p in pdf_text(pdf) for p in PEOPLE + BOTS)
    code, out, _ = run(capsys, db, "list")
    assert "friday  progressive  over" in out


def test_a_double_elimination_through_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Eight players, four teams (A & B seed 1 ... G & H seed 4): W1.1 1-4 and W1.2 2-3
    entered; then bots play the rest for the teams (all bots) to a champion."""
    db = f"sqlite:///{tmp_path / 'cup.sqlite3'}"
    names = ["A", "B", "C", "D", "E", "F", "G", "H"]
    code, out, err = run(capsys, db, "create", "cup", "--players", ",".join(names), "--format", "double_elimination",
                         "--bot-players", "all", "--target", "5", "--seed", "2")
    assert code == 0, err
    code, out, _ = run(capsys, db, "next", "cup")
    assert "Match W1.1: N A (bot), S B (bot) (team 1) against E G (bot), W H (bot) (team 4)" in out
    code, out, err = run(capsys, db, "enter", "cup", "--table", "W1.1", "--score", "5-3")
    assert code == 0, err
    assert "Match W1.1: A & B 5, G & H 3: A & B win." in out
    code, _, err = run(capsys, db, "enter", "cup", "--table", "W1.2", "--score", "2-5")
    assert code == 0, err
    code, out, err = run(capsys, db, "enter", "cup", "--table", "W2.1", "--score", "5-5")
    assert code == 2 and "needs a winner" in err
    for _ in range(6):
        code, out, err = run(capsys, db, "play", "cup")
        if "over" in out:
            break
    event = load(db, "cup")
    assert event.is_over
    rows = event.standings()
    assert rows[0].status == "champion"  # type: ignore[union-attr]
    code, out, _ = run(capsys, db, "standings", "cup")
    assert f"Champion: {rows[0].name}." in out


def test_errors_are_one_line_and_change_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path / 'e.sqlite3'}"
    code, _, err = run(capsys, db, "create", "x", "--players", "A,B,C")
    assert code == 2 and "multiple of 4" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, db, "create", "x", "--players", "A,B,C,D", "--movement", "zigzag")
    assert code == 2 and "movements: winners_up_losers_down" in err
    code, _, err = run(capsys, db, "create", "x", "--players", "A,B,C,D", "--tables", "2")
    assert code == 2 and "--tables 2 seats 8" in err
    code, _, err = run(capsys, db, "create", "x", "--players", "A,B,C,D", "--rounds", "2")
    assert code == 0, err
    code, _, err = run(capsys, db, "enter", "x", "--table", "1", "--score", "3-1")
    assert code == 2 and "no round is seated" in err
    run(capsys, db, "next", "x")
    code, _, err = run(capsys, db, "enter", "x", "--table", "1", "--hands", "N 3; N 9")
    assert code == 2 and "hand 2" in err
    code, _, err = run(capsys, db, "enter", "x", "--table", "1", "--hands", "N 3")
    assert code == 2 and "a round is 8 hands; 1 given" in err
    code, _, err = run(capsys, db, "play", "x")
    assert code == 2 and "--fill" in err
    assert load(db, "x").tables == {}
    code, _, err = run(capsys, db, "standings", "nope")
    assert code == 2 and "events: x" in err
    code, _, err = run(capsys, db)
    assert code == 2 and "give an action" in err


def test_commands_doc_names_every_option_of_every_action() -> None:
    """test_cli's check covers the options of ``euchre event`` itself (``--db``); this one
    covers each action's, in the event's section of docs/commands.md."""
    from _commands_doc import command_sections, subcommands

    row = command_sections()["event"][1]
    for name, p in subcommands(subcommands(build_parser())["event"]).items():
        assert f"`{name}" in row, name
        for option in (o for a in p._actions for o in a.option_strings if o.startswith("--") and o != "--help"):
            assert option in row, (name, option)


def _small_evening(capsys: pytest.CaptureFixture[str], db: str) -> None:
    """Ann, Bob, Cy, Di seated as listed at table 1, Ed, Flo, Gus, Hal at table 2, one
    round of two hands. Table 1: S 5 alone (Cy's lone march, N-S 4), then 1,0,1,0:
    Ann 5, Cy 5, Bob 0, Di 0. Table 2: X,2,X,2 then 0,4*,0,4 (Flo's lone hand): Flo and
    Hal 6, Ed and Gus 0."""
    assert run(capsys, db, "create", "friday", "--players", "Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal", "--rounds", "1",
               "--hands", "2", "--seating", "as_listed", "--seed", "3")[0] == 0
    assert run(capsys, db, "next", "friday")[0] == 0
    assert run(capsys, db, "enter", "friday", "--table", "1", "--hands", "S 5 alone; 1,0,1,0")[0] == 0
    assert run(capsys, db, "enter", "friday", "--table", "2", "--hands", "X,2,X,2; 0,4*,0,4")[0] == 0


def test_regression_print_pdf_wrote_a_pdf_under_a_txt_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``print --pdf ev.txt`` wrote a PDF named ev.txt: a file whose name does not end in
    the format's suffix is refused on one line naming the suffix, before anything is
    written (as --plot refuses a name not ending in .png); --csv and --json the same,
    each checked before either file is written. The suffix is read without case."""
    db = f"sqlite:///{tmp_path / 'e.sqlite3'}"
    _small_evening(capsys, db)
    for argv, expected in ((["print", "friday", "--pdf", str(tmp_path / "ev.txt")], "must end in .pdf"),
                           (["export", "friday", "--csv", str(tmp_path / "ok.csv"), "--json", str(tmp_path / "ev.txt")],
                            "must end in .json"),
                           (["export", "friday", "--csv", str(tmp_path / "ev.json")], "must end in .csv")):
        code, _, err = run(capsys, db, *argv)
        assert code == 2 and expected in err and len(err.strip().splitlines()) == 1, err
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("e.sqlite3")) == []
    code, _, err = run(capsys, db, "print", "friday", "--pdf", str(tmp_path / "CARDS.PDF"))
    assert code == 0, err
    assert (tmp_path / "CARDS.PDF").read_bytes().startswith(b"%PDF")


def test_regression_the_exports_named_players_by_their_number(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The CSV's player column and the JSON's standings and results held numbers where
    names are meant: each table's seats, a lone hand's player (his seat letter), the
    winners (N-S or E-W) are named (totals worked by hand in _small_evening; the first
    tie-break, lone hands, puts Flo before Hal and Cy before Ann; the four on 0 share
    rank 5)."""
    db = f"sqlite:///{tmp_path / 'e.sqlite3'}"
    _small_evening(capsys, db)
    csv_path, json_path = tmp_path / "s.csv", tmp_path / "s.json"
    assert run(capsys, db, "export", "friday", "--csv", str(csv_path), "--json", str(json_path))[0] == 0
    rows = list(csv.DictReader(csv_path.open(encoding="utf-8")))
    assert [(r["rank"], r["player"], r["total"]) for r in rows] == [
        ("1", "Flo", "6"), ("2", "Hal", "6"), ("3", "Cy", "5"), ("4", "Ann", "5"),
        ("5", "Bob", "0"), ("5", "Di", "0"), ("5", "Ed", "0"), ("5", "Gus", "0")]
    data = json.loads(json_path.read_text(encoding="utf-8"))
    first, second = data["results"]
    assert first["seats"] == ["Ann", "Bob", "Cy", "Di"] and first["winner"] == "N-S"
    assert [h["loner"] for h in first["hands"]] == ["S", None] and first["totals"] == [5, 0, 5, 0]
    assert second["seats"] == ["Ed", "Flo", "Gus", "Hal"] and second["winner"] == "E-W"
    assert [h["loner"] for h in second["hands"]] == [None, "E"]
    assert [s["player"] for s in data["standings"]] == ["Flo", "Hal", "Cy", "Ann", "Bob", "Di", "Ed", "Gus"]


def test_a_tournaments_json_export_names_its_teams(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A round robin of two teams: match 1.1 A & B 10, C & D 6."""
    db = f"sqlite:///{tmp_path / 'e.sqlite3'}"
    assert run(capsys, db, "create", "cup", "--players", "A,B,C,D", "--format", "round_robin", "--target", "10")[0] == 0
    assert run(capsys, db, "next", "cup")[0] == 0
    assert run(capsys, db, "enter", "cup", "--table", "1.1", "--score", "10-6")[0] == 0
    json_path = tmp_path / "cup.json"
    assert run(capsys, db, "export", "cup", "--json", str(json_path))[0] == 0
    data = json.loads(json_path.read_text(encoding="utf-8"))
    assert data["results"] == [{"key": "1.1", "teams": ["A & B", "C & D"], "score": [10, 6], "winner": "A & B",
                                "source": "entered"}]
    assert [(s["rank"], s["team"]) for s in data["standings"]] == [(1, "A & B"), (2, "C & D")]


def test_regression_a_negative_score_failed_in_argparse_with_expected_one_argument(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``enter ev --table 2 --score -1-5`` said only "argument --score: expected one
    argument" (argparse reads '-1-5' as an option). The message now names the value and
    what --score takes; given as --score=-1-5 it reaches the score's own refusal; nothing
    is entered either way."""
    db = f"sqlite:///{tmp_path / 'e.sqlite3'}"
    assert run(capsys, db, "create", "friday", "--players", "A,B,C,D", "--rounds", "1", "--hands", "2")[0] == 0
    assert run(capsys, db, "next", "friday")[0] == 0
    code, out, err = run(capsys, db, "enter", "friday", "--table", "1", "--score", "-1-5")
    assert (code, out) == (2, "")
    assert err == ("euchre event enter: error: argument --score: '-1-5' begins with '-' and reads as an option, not "
                   "as the value of --score, which is the points per side, N-S first, e.g. 7-5 (a match: 10-6); never "
                   "negative (see euchre event enter --help)\n")
    code, out, err = run(capsys, db, "enter", "friday", "--table", "1", "--score=-1-5")
    assert (code, out) == (2, "")
    assert err == ("euchre event: error: a score is two numbers of points joined by '-', first N-S (the first team): "
                   "'7-5', not '-1-5'\n")
    assert load(db).results() == []  # nothing entered
    code, _, err = run(capsys, db, "enter", "friday", "--table", "1", "--score", "7-5")  # the positive control
    assert code == 0, err


def test_an_option_with_no_value_still_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--score`` last, or followed by another option, is argparse's own message: the
    new words are only for a value that begins with '-'."""
    db = f"sqlite:///{tmp_path / 'e.sqlite3'}"
    for argv in (["--score"], ["--score", "--winners", "NS"]):
        code, _, err = run(capsys, db, "enter", "friday", "--table", "1", *argv)
        assert code == 2 and "argument --score: expected one argument" in err, err

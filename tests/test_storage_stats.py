"""The player's statistics through the one storage layer (:mod:`euchre.storage.stats`,
migration ``0006_stats``): files written by earlier versions (raw ``sqlite3``, a table
``game``, no Alembic history) open and keep every game; damaged rows are left out and
counted; bad input is refused with nothing kept.

The old files are made here with the very statements the terminal used to run (its
first version, then the one that added ``scores`` and ``side``), and rows whose values
are written out by hand.
"""

from __future__ import annotations

import sqlite3
from dataclasses import fields
from pathlib import Path

import pytest
from sqlalchemy import inspect

from euchre.cli.commands import SideRecord
from euchre.cli.stats import place
from euchre.core.errors import EuchreError
from euchre.storage.sql import MIGRATIONS
from euchre.storage.stats import COUNTS, KeptGame, NewGame, StatsStore, kept_game
from test_cli import run

HEAD = sorted(p.stem.split("_")[0] for p in (MIGRATIONS / "versions").glob("[0-9]*.py"))[-1]

_COUNT_COLUMNS = ", ".join(f"{c} INTEGER NOT NULL" for c in COUNTS)
FIRST_SCHEMA = ("CREATE TABLE IF NOT EXISTS game (id INTEGER PRIMARY KEY, finished_at REAL NOT NULL, "
                "rules TEXT NOT NULL, bots TEXT NOT NULL, seat INTEGER NOT NULL, won INTEGER, " + _COUNT_COLUMNS + ")")
"""The table of the first ``euchre stats`` (commit ca9fab6, cli/stats.py's ``_SCHEMA``)."""
SECOND_SCHEMA = FIRST_SCHEMA[:-1] + ", scores TEXT, side INTEGER)"
"""The table after issue 34 (commit 3f9b1b8): the same with each side's points."""

WON = (100.0, "modern-standard", "beginner", 2, 1, 10, 7, 3, 2, 1, 1, 1, 1, 0, 11)
LOST = (200.0, "modern-standard", "beginner", 2, 0, 6, 10, 2, 1, 1, 0, 0, 0, 0, 9)
"""Two games as the first version wrote them: finished_at, rules, bots, seat, won, the counts."""


def _fail(message: str) -> EuchreError:
    return EuchreError(message)


def _old_file(path: Path, schema: str, *rows: tuple[object, ...]) -> None:
    """A statistics file as an earlier version made it, with ``rows``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as db:
        db.execute(schema)
        for row in rows:
            db.execute(f"INSERT INTO game VALUES (NULL, {', '.join('?' * len(row))})", row)
    db.close()


def test_counts_are_the_terminals_side_record() -> None:
    """The storage's count columns are the fields of the terminal's SideRecord, in order
    (the terminal builds a SideRecord from them)."""
    assert COUNTS == tuple(f.name for f in fields(SideRecord))


def test_regression_a_stats_file_of_the_first_version_opens_and_keeps_its_games(tmp_path: Path) -> None:
    """A file of the first version (table ``game``, no ``scores``/``side``, no Alembic):
    opened, its table adopted as ``euchre_stats_game`` at the newest revision, both games
    read back as written (no scores: not kept then), and a new game added after them."""
    path = tmp_path / "stats.sqlite3"
    _old_file(path, FIRST_SCHEMA, WON, (50.0, *LOST[1:]))
    with StatsStore(path, _fail) as store:
        games, damaged = store.games()
        assert damaged == 0
        assert games == [KeptGame("modern-standard", "beginner", 0, (6, 10, 2, 1, 1, 0, 0, 0, 0, 9), None),
                         KeptGame("modern-standard", "beginner", 1, (10, 7, 3, 2, 1, 1, 1, 1, 0, 11), None)]
        store.add(NewGame(300.0, "cutthroat-3", "expert", 0, None, (5, 9, 1, 1, 0, 0, 0, 0, 0, 6), (5, 5, 4), 1))
        again, _ = store.games()
        assert again[:2] == games
        assert again[2] == KeptGame("cutthroat-3", "expert", None, (5, 9, 1, 1, 0, 0, 0, 0, 0, 6), ((5, 5, 4), 1))
        found = inspect(store.engine)
        assert "game" not in found.get_table_names() and "euchre_stats_game" in found.get_table_names()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
        assert db.execute("SELECT id, seat, scores, side FROM euchre_stats_game ORDER BY id").fetchall() == [
            (1, 2, None, None), (2, 2, None, None), (3, 0, "5,5,4", 1)]
    db.close()


def test_regression_a_stats_file_with_each_sides_points_keeps_them(tmp_path: Path) -> None:
    """A file of the second version (``scores`` and ``side`` kept): its points and place
    come back; a row of it written before the columns (both NULL) reads as not kept."""
    path = tmp_path / "stats.sqlite3"
    _old_file(path, SECOND_SCHEMA, (10.0, "cutthroat-3", "beginner", 0, 0, 4, 17, 1, 0, 1, 0, 0, 0, 0, 7, "4,10,7", 0),
              (*WON, None, None))
    with StatsStore(path, _fail) as store:
        games, damaged = store.games()
    assert damaged == 0
    assert games[0] == KeptGame("cutthroat-3", "beginner", 0, (4, 17, 1, 0, 1, 0, 0, 0, 0, 7), ((4, 10, 7), 0))
    assert games[0].scores is not None and place(games[0].scores) == 3  # 10 and 7 beat 4
    assert games[1].scores is None and games[1].counts == WON[5:]


def test_regression_euchre_stats_reads_a_first_version_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """``euchre stats`` over a first-version file in the user's data directory sums its
    two games: 10 + 6 points for, 7 + 10 against, 11 + 9 hands, 3 + 2 calls of which
    2 + 1 made (60%), one lone hand made."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    _old_file(tmp_path / "data" / "euchre" / "stats.sqlite3", FIRST_SCHEMA, WON, LOST)
    code, out, _ = run(capsys, "stats")
    assert code == 0, out
    assert "modern-standard, beginner bots: 2 games, won 1 (50%)" in out
    assert "points: 16 for, 17 against, in 20 hands" in out
    assert "your calls: 5, made 3 (60%)" in out
    assert "your lone hands: 1, made 1, all five tricks 0" in out


def test_a_table_named_game_of_another_shape_is_left_alone(tmp_path: Path) -> None:
    """The migration adopts only the terminal's table (the control: the first-version
    test above): a database with a table ``game`` of other columns keeps it and its row,
    and gets an empty statistics table beside it."""
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE game (id INTEGER PRIMARY KEY, name TEXT)")
        db.execute("INSERT INTO game (name) VALUES ('chess')")
    db.close()
    with StatsStore(path, _fail) as store:
        assert store.games() == ([], 0)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT id, name FROM game").fetchall() == [(1, "chess")]
    db.close()


def test_damaged_rows_are_left_out_and_counted() -> None:
    """A row not as the store writes it is None; the sound row beside each is kept."""
    counts = (10, 7, 3, 2, 1, 1, 1, 1, 0, 11)
    assert kept_game(("r", "b", 1, *counts, None, None)) == KeptGame("r", "b", 1, counts, None)
    assert kept_game(("r", "b", None, *counts, "7,10", 1)) == KeptGame("r", "b", None, counts, ((7, 10), 1))
    for bad in (("r", "b", 2, *counts, None, None),            # won not 1, 0 or NULL
                ("r", None, 1, *counts, None, None),           # no bots' level
                ("r", "b", 1, "many", *counts[1:], None, None),  # a count not a number
                ("r", "b", 1, -1, *counts[1:], None, None),    # a negative count
                ("r", "b", 1, *counts, "7,10", 2),             # the side not among the scores
                ("r", "b", 1, *counts, "7", 0),                # one side only
                ("r", "b", 1, *counts, "7,x", 0),              # a score not a number
                ("r", "b", 1, *counts, "7,10", None)):         # scores without the side
        assert kept_game(bad) is None, bad


def test_a_damaged_row_in_the_file_is_counted_not_raised(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    _old_file(path, FIRST_SCHEMA, WON, (*WON[:5], "many", *WON[6:]))
    with StatsStore(path, _fail) as store:
        games, damaged = store.games()
    assert damaged == 1 and [g.counts for g in games] == [WON[5:]]


def test_bad_games_are_refused_and_nothing_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    with StatsStore(path, _fail) as store:
        with pytest.raises(EuchreError, match=r"counts \(3, want 10\)"):
            store.add(NewGame(1.0, "r", "b", 0, 1, (1, 2, 3), (1, 2), 0))
        with pytest.raises(EuchreError, match=r"side \(2 of 2\)"):
            store.add(NewGame(1.0, "r", "b", 0, 1, WON[5:], (1, 2), 2))  # type: ignore[arg-type]
        assert store.games() == ([], 0)


def test_a_file_that_is_not_a_database_is_an_error_naming_it_and_is_not_changed(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    junk = b"not a database, a player's notes\n" * 40
    path.write_bytes(junk)
    with pytest.raises(EuchreError, match=r"stats\.sqlite3.*not a database"):
        StatsStore(path, _fail)
    assert path.read_bytes() == junk

"""``euchre stats``: your record across the games played with ``euchre play``.

Each game that ends (a side reaches the target, or a progressive round is over) is kept
in an SQLite file in the user's data directory (platformdirs: ``~/.local/share/euchre/
stats.sqlite3`` on Linux; ``euchre play --no-stats`` keeps nothing). One row a game: when,
the preset and house rules (as the title shown), the bot level, the seat, won or not,
points for and against, hands, calls and how they went, euchres, lone hands
(:class:`euchre.cli.commands.SideRecord`). ``euchre stats`` sums them by preset and bot
level; ``--plot FILE.png`` draws the running margin (points for minus against) game by
game for each.
"""

from __future__ import annotations

import argparse
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import astuple, fields
from pathlib import Path

from rich.console import Console

from euchre.cli.commands import SideRecord, side_record
from euchre.cli.text import clean
from euchre.core.errors import EuchreError
from euchre.core.game import TIE, Game, outcome_of
from euchre.core.presets import PRESET_NAMES

STATS_FILE = "stats.sqlite3"

_COLUMNS = [f.name for f in fields(SideRecord)]
_SCHEMA = ("CREATE TABLE IF NOT EXISTS game (id INTEGER PRIMARY KEY, finished_at REAL NOT NULL, "
           "rules TEXT NOT NULL, bots TEXT NOT NULL, seat INTEGER NOT NULL, won INTEGER, "
           + ", ".join(f"{c} INTEGER NOT NULL" for c in _COLUMNS) + ")")
# The column names are the dataclass's own; every value is a bound parameter.
_INSERT = (f"INSERT INTO game (finished_at, rules, bots, seat, won, {', '.join(_COLUMNS)}) "  # noqa: S608
           f"VALUES ({', '.join('?' * (5 + len(_COLUMNS)))})")
_SELECT = f"SELECT rules, bots, won, {', '.join(_COLUMNS)} FROM game ORDER BY finished_at, id"  # noqa: S608


def stats_path(*, make: bool = False) -> Path:
    """The statistics file in the user's data directory.

    Args:
        make: create the directory when missing (to write; reading makes nothing).

    Raises:
        OSError: the directory cannot be made.
    """
    from platformdirs import user_data_path

    folder = user_data_path("euchre", appauthor=False)
    if make:
        folder.mkdir(parents=True, exist_ok=True)
    return folder / STATS_FILE


@contextmanager
def _open(path: Path) -> Iterator[sqlite3.Connection]:
    with closing(sqlite3.connect(path, timeout=5)) as db, db:
        db.execute(_SCHEMA)
        yield db


def record_game(game: Game, seat: int, rules_title: str, bots: str, path: Path | None = None) -> bool:
    """Keep a finished game's line for the player at ``seat``. Returns False (and keeps
    nothing) for a game that did not end; a file that cannot be written is an
    EuchreError.

    Raises:
        EuchreError: the statistics file cannot be opened or written.
    """
    won = outcome_of(game)
    if won is None:
        return False
    mine = game.table.team[seat]
    row = (time.time(), rules_title, bots, seat, None if won == TIE else int(won == mine), *astuple(side_record(game, seat)))
    try:
        with _open(path or stats_path(make=True)) as db:
            db.execute(_INSERT, row)
    except (sqlite3.Error, OSError) as exc:
        raise EuchreError(f"cannot keep the game in the statistics file: {exc}") from None
    return True


Row = tuple[str, str, "int | None", SideRecord]
"""One game read back: the rules title, the bot level, won (1, 0, None for a tie) and
the player's side's record."""


def _read(path: Path) -> tuple[list[Row], int]:
    """The games kept in ``path`` (opened read-only), and how many lines were left out
    as damaged (not as :func:`record_game` writes them: the file may have been edited).

    Raises:
        sqlite3.Error: not a statistics file.
    """
    with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)) as db:
        raw = db.execute(_SELECT).fetchall()
    rows: list[Row] = []
    for rules, bots, won, *values in raw:
        if (isinstance(rules, str) and isinstance(bots, str) and won in (None, 0, 1)
                and all(type(v) is int and v >= 0 for v in values)):
            rows.append((rules, bots, won, SideRecord(*values)))
    return rows, len(raw) - len(rows)


def _preset_of(title: str) -> str:
    """The preset of a rules title (``modern-standard with farmers_hand=true``)."""
    return title.split(" with ", 1)[0].strip()


def _pct(n: int, d: int) -> str:
    return f"{100 * n / d:.0f}%" if d else "-"


def cmd_stats(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre stats``. Returns the exit code.

    Raises:
        EuchreError: the file cannot be read, or the plot cannot be written.
    """
    from euchre.analysis.plot import check_plot_path, plot_results

    if args.preset is not None and args.preset not in PRESET_NAMES:
        raise EuchreError(f"--preset {clean(args.preset, 40)}: no such preset; presets: {', '.join(PRESET_NAMES)}")
    if args.plot is not None:
        check_plot_path(args.plot)
    try:
        path = stats_path()
        rows, damaged = _read(path) if path.is_file() else ([], 0)
    except (sqlite3.Error, OSError) as exc:
        raise EuchreError(f"cannot read the statistics file: {clean(exc, 200)}") from None
    if damaged:
        console.print(f"({damaged} damaged line(s) of the statistics file left out.)", markup=False)
    if args.preset is not None:
        rows = [r for r in rows if _preset_of(r[0]) == args.preset]
    if not rows:
        console.print(f"No finished game yet{' under ' + args.preset if args.preset else ''} "
                      f"(games of euchre play are kept in {clean(path, 200)}).", markup=False)
        return 0
    groups: dict[tuple[str, str], list[tuple[int | None, SideRecord]]] = {}
    for rules, bots, won, record in rows:
        groups.setdefault((rules, bots), []).append((won, record))
    console.print(f"Your games of euchre play (kept in {clean(path, 200)}):", markup=False)
    series: dict[str, list[int]] = {}
    for (rules, bots), games in groups.items():
        wins = sum(1 for won, _ in games if won == 1)
        decided = sum(1 for won, _ in games if won is not None)
        t = SideRecord(*(sum(getattr(r, c) for _, r in games) for c in _COLUMNS))
        console.print()
        console.print(f"{clean(rules, 200)}, {clean(bots, 40)} bots: {len(games)} game{'s' if len(games) != 1 else ''}, "
                      f"won {wins} ({_pct(wins, decided)})", markup=False)
        console.print(f"  points: {t.points_for} for, {t.points_against} against, in {t.hands} hands", markup=False)
        console.print(f"  your calls: {t.called}, made {t.made} ({_pct(t.made, t.called)})", markup=False)
        console.print(f"  euchres: your side was euchred {t.euchred} time(s) as makers; you euchred the makers "
                      f"{t.euchres} time(s)", markup=False)
        console.print(f"  your lone hands: {t.alone}, made {t.alone_made}, all five tricks {t.alone_marched}",
                      markup=False)
        series[f"{clean(rules, 200)}, {clean(bots, 40)}"] = [r.points_for - r.points_against for _, r in games]
    if args.plot is not None:
        console.print(f"Plot: {plot_results(args.plot, series, title='euchre play: running margin per game')}")
    return 0

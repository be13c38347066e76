"""``euchre stats``: your record across the games played with ``euchre play``.

Each game that ends (a side reaches the target, or a progressive round is over) is kept
in an SQLite file in the user's data directory (platformdirs: ``~/.local/share/euchre/
stats.sqlite3`` on Linux; ``euchre play --no-stats`` keeps nothing), through the
project's one storage layer (:mod:`euchre.storage.stats`: SQLAlchemy, the Alembic
history; a file of an earlier version is brought up to date on opening, its games
kept). One row a game: when, the preset and house rules (as the title shown), the bot
level, the seat, won or not, points for and against, hands, calls and how they went,
euchres, lone hands (:class:`euchre.cli.commands.SideRecord`), and each side's points
with the player's side among them (where every player plays for himself each player's
own; games kept before these were lack them and are read as they are).
``euchre stats`` sums them by preset and bot level, worded by the table's shape (issue
34): at a partnership table your side's points against the opponents'; where every
player plays for himself your points, the other players' on average each, and your
places. ``--plot FILE.png`` draws the running margin game by game for each: your side's
points minus the opponents', or where every player plays for himself your points minus
the best of the other players'.
"""

from __future__ import annotations

import argparse
import textwrap
import time
from dataclasses import astuple, fields
from pathlib import Path

from rich.console import Console

from euchre.cli.commands import SideRecord, points_by_side, side_record
from euchre.cli.text import clean
from euchre.core.errors import EuchreError
from euchre.core.game import TIE, Game, outcome_of
from euchre.core.presets import PRESET_NAMES, preset
from euchre.storage.errors import StorageError
from euchre.storage.stats import NewGame, Scores, StatsStore
from euchre.text.side_words import has_partners, how_often, plural, times

STATS_FILE = "stats.sqlite3"

_COLUMNS = [f.name for f in fields(SideRecord)]


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
    kept = NewGame(finished_at=time.time(), rules=rules_title, bots=bots, seat=seat,
                   won=None if won == TIE else int(won == mine), counts=astuple(side_record(game, seat)),
                   points=tuple(points_by_side(game)), side=mine)
    try:
        with StatsStore(path or stats_path(make=True), _failed_keeping) as store:
            store.add(kept)
    except OSError as exc:
        raise EuchreError(f"cannot keep the game in the statistics file: {exc}") from None
    return True


class StatsError(EuchreError, StorageError):
    """The statistics file cannot be opened, read or written: an EuchreError (told on one
    line) that is also the storage layer's :class:`~euchre.storage.errors.StorageError`."""


def _failed_keeping(message: str) -> StatsError:
    return StatsError(f"cannot keep the game in the statistics file: {message}")


def _failed_reading(message: str) -> StatsError:
    return StatsError(f"cannot read the statistics file: {clean(message, 200)}")


Row = tuple[str, str, "int | None", SideRecord, "Scores | None"]
"""One game read back: the rules title, the bot level, won (1, 0, None for a tie), the
player's side's record, and each side's points with the player's side among them (None
in a line written before they were kept)."""


def _read(path: Path) -> tuple[list[Row], int]:
    """The games kept in ``path`` (an older file brought up to date first, its games
    kept), and how many lines were left out as damaged (not as :func:`record_game`
    writes them: the file may have been edited).

    Raises:
        EuchreError: not a statistics file, or the read failed.
    """
    with StatsStore(path, _failed_reading) as store:
        games, damaged = store.games()
    return [(g.rules, g.bots, g.won, SideRecord(*g.counts), g.scores) for g in games], damaged


def _preset_of(title: str) -> str:
    """The preset of a rules title (``modern-standard with farmers_hand=true``)."""
    return title.split(" with ", 1)[0].strip()


def _pct(n: int, d: int) -> str:
    return f"{100 * n / d:.0f}%" if d else "-"


_PLACES = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def _shape(title: str, games: list[tuple[int | None, SideRecord, Scores | None]]) -> tuple[bool, int]:
    """Whether the games of ``title`` were played each for himself, and by how many
    players: from the preset's table (``rules.table``), or, for a title that names no
    preset, from the points kept (more than two sides: each for himself)."""
    name = _preset_of(title)
    if name in PRESET_NAMES:
        table = preset(name).table
        return not has_partners(table), table.seats
    sides = max((len(sc[0]) for _, _, sc in games if sc is not None), default=2)
    return sides > 2, sides


def place(scores: Scores) -> int:
    """The player's place at the end of a game where every player plays for himself:
    1 + the number of players with more points (players level share a place)."""
    points, mine = scores
    return 1 + sum(1 for t, p in enumerate(points) if t != mine and p > points[mine])


def margin(record: SideRecord, scores: Scores | None, each_for_himself: bool, players: int) -> int | float:
    """One game's margin for the plot: your side's points minus the opponents' at a
    partnership table; where every player plays for himself your points minus the best
    of the other players' (the mean of theirs for a game kept before each player's
    points were)."""
    if not each_for_himself:
        return record.points_for - record.points_against
    if scores is not None:
        points, mine = scores
        return points[mine] - max(p for t, p in enumerate(points) if t != mine)
    return record.points_for - record.points_against / max(players - 1, 1)


def group_lines(title: str, games: list[tuple[int | None, SideRecord, Scores | None]]) -> list[str]:
    """The lines of ``euchre stats`` under one preset and bot level, after the heading:
    points, places (each for himself), calls, euchres and lone hands, worded by the
    table's shape (issue 34): the opponents' points as a side's only at a partnership
    table; where every player plays for himself the other players' points on average
    each (his own are his), never added up as if they were a side."""
    t = SideRecord(*(sum(getattr(r, c) for _, r, _ in games) for c in _COLUMNS))
    alone = f"  your lone hands: {t.alone}, made {t.alone_made}, all five tricks {t.alone_marched}"
    calls = f"  your calls: {t.called}, made {t.made} ({_pct(t.made, t.called)})"
    own, players = _shape(title, games)
    if not own:
        return [f"  points: {t.points_for} for, {t.points_against} against, in {plural(t.hands, 'hand')}", calls,
                f"  euchres: {how_often(t.euchred, 'your side was', 'euchred', ' as makers')}; "
                f"{how_often(t.euchres, 'you', 'euchred the makers')}", alone]
    if players == 2:
        others = f"the other player {t.points_against}"
    else:
        others = f"the other players {t.points_against / (players - 1):.1f} each on average"
    lines = [f"  points: you {t.points_for} in {plural(t.hands, 'hand')}; {others}"]
    placed = [place(sc) for _, _, sc in games if sc is not None]
    if placed:
        counts = ", ".join(f"{_PLACES[k - 1]} {times(placed.count(k))}" for k in sorted(set(placed)))
        unplaced = len(games) - len(placed)
        lines.append(f"  places: {counts}" + (f" ({plural(unplaced, 'game')} from before places were kept)"
                                               if unplaced else ""))
    name = _preset_of(title)
    secret = name in PRESET_NAMES and preset(name).calls_partner
    as_maker = "as the maker or the partner he called" if secret else "as the maker"
    lines += [calls, f"  euchres: {how_often(t.euchred, 'you were', 'euchred', ' ' + as_maker)}; as a defender "
                     f"{how_often(t.euchres, 'you', 'euchred the maker')}"]
    if t.alone:
        lines.append(alone)
    return lines


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
    except OSError as exc:
        raise EuchreError(f"cannot read the statistics file: {clean(exc, 200)}") from None
    if damaged:
        console.print(f"({plural(damaged, 'damaged line')} of the statistics file left out.)", markup=False)
    if args.preset is not None:
        rows = [r for r in rows if _preset_of(r[0]) == args.preset]
    if not rows:
        console.print(f"No finished game yet{' under ' + args.preset if args.preset else ''} "
                      f"(games of euchre play are kept in {clean(path, 200)}).", markup=False)
        return 0
    groups: dict[tuple[str, str], list[tuple[int | None, SideRecord, Scores | None]]] = {}
    for rules, bots, won, record, scores in rows:
        groups.setdefault((rules, bots), []).append((won, record, scores))
    console.print(f"Your games of euchre play (kept in {clean(path, 200)}):", markup=False)
    series: dict[str, list[float]] = {}
    kinds: set[bool] = set()
    for (rules, bots), games in groups.items():
        wins = sum(1 for won, _, _ in games if won == 1)
        decided = sum(1 for won, _, _ in games if won is not None)
        console.print()
        console.print(f"{clean(rules, 200)}, {clean(bots, 40)} bots: {plural(len(games), 'game')}, "
                      f"won {wins} ({_pct(wins, decided)})", markup=False)
        for line in group_lines(rules, games):
            # Each line under the heading indented, a line too long for the terminal
            # going on under a deeper indent (issue 34: a new user's stats broke
            # mid-sentence at the left margin at 80 columns).
            console.print(textwrap.fill(line.strip(), width=max(console.width, 20), initial_indent="  ",
                                        subsequent_indent="    ", break_on_hyphens=False),
                          markup=False, soft_wrap=True)
        own, players = _shape(rules, games)
        kinds.add(own)
        series[f"{clean(rules, 200)}, {clean(bots, 40)}"] = [margin(r, sc, own, players) for _, r, sc in games]
    if args.plot is not None:
        title, ylabel = "euchre play: running margin per game", "your margin, running total"
        if kinds == {False}:
            ylabel = "your side's points minus the opponents', running total"
        elif kinds == {True}:
            ylabel = "your points minus the best other player's, running total"
        else:
            title += "\n(partnerships: your side minus the opponents; each for himself: you minus the best other player)"
        console.print(f"Plot: {plot_results(args.plot, series, title=title, ylabel=ylabel)}")
    return 0

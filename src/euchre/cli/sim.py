"""``euchre sim``: bots against bots for many games, with confidence intervals.

Every side of the table plays its level: at the four-hand table team N-S level A and E-W
level B; where every player is for himself, one level per player (or the first level in
seat 1 and the second in every other seat). The sides are named as ``rules.table`` names
them. Game ``i`` is shuffled from seed ``seed + i``, so a run is reproducible whatever the
number of workers. Reported at a table of two sides:

* games won by the first side, with the 95% Wilson score interval (Wilson 1927);
* its mean share of the points per game, with a 95% interval from the normal
  approximation over games;
* points per hand for each side and the first side's mean margin per hand, with a 95%
  interval from the normal approximation over hands (hands of one game are treated as
  independent).

At a table of more sides, for each side: games won (Wilson) and points per hand (normal
approximation over hands). Seats change luck from deal to deal only through the cards;
for a comparison in which the cards cancel, use ``euchre arena``.
"""

from __future__ import annotations

import argparse
import math
import os
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console

from euchre.analysis.parallel import Backend, open_pool
from euchre.analysis.stats import mean_interval, wilson_interval
from euchre.cli.progress import progress
from euchre.cli.table import rules_argv, rules_of_flags
from euchre.cli.text import check_count
from euchre.core.errors import EuchreError
from euchre.core.game import TIE, outcome_of
from euchre.core.rules import Rules
from euchre.text.side_words import plural

MAX_WORKERS = 1024
"""The largest ``--workers`` accepted; more is refused as a mistake."""

CHUNK = 20
"""The most games in one task of a worker process or of Ray (fewer when there are few
games per worker), so that a task's overhead is small beside its games."""


def worker_count(workers: int, games: int, cpus: int | None = None) -> int:
    """The processes to start: ``workers``, but no more than the games to play nor the
    CPUs (``os.cpu_count()`` when ``cpus`` is None); at least 1.

    Raises:
        EuchreError: ``workers`` is below 1 or above :data:`MAX_WORKERS`.
    """
    if workers < 1:
        raise EuchreError(f"--workers must be at least 1, not {workers}")
    if workers > MAX_WORKERS:
        raise EuchreError(f"--workers {workers} is too many: at most {MAX_WORKERS} "
                          "(and no more are started than games or CPUs)")
    if cpus is None:
        cpus = os.cpu_count() or 1
    return max(1, min(workers, games, cpus))


def backend_from_args(args: argparse.Namespace, tasks: int | None = None) -> Backend:
    """The :class:`~euchre.analysis.parallel.Backend` of ``--workers`` and ``--ray
    [ADDRESS]`` (shared by ``sim``, ``arena`` and ``selfplay``).

    Without ``--ray``: ``--workers`` processes (default 1), no more than ``tasks`` nor the
    CPUs. With ``--ray``: a local Ray with ``--workers`` CPUs (default: all), or the
    cluster at ADDRESS running up to ``--workers`` tasks at once (default: its CPUs).

    Raises:
        EuchreError: ``--workers`` below 1 or above :data:`MAX_WORKERS`.
    """
    ray_address = getattr(args, "ray", None)
    if ray_address is None:
        workers = 1 if args.workers is None else args.workers
        return Backend(worker_count(workers, workers if tasks is None else tasks))
    if args.workers is not None:
        worker_count(args.workers, 1)  # the same checks of the number
    return Backend(args.workers, ray=True, address=ray_address or None)


def backend_argv(args: argparse.Namespace) -> list[str]:
    """``--workers N`` (1 when not given, without Ray) and ``--ray [ADDRESS]`` as given,
    for the command line a report prints."""
    ray_address = getattr(args, "ray", None)
    if ray_address is None:
        return ["--workers", str(1 if args.workers is None else args.workers)]
    out = [] if args.workers is None else ["--workers", str(args.workers)]
    return [*out, "--ray", ray_address] if ray_address else [*out, "--ray"]


@dataclass(frozen=True)
class GameOutcome:
    """What one simulated game gave: the winner (a side of the table, index into
    ``rules.table.teams``: N-S 0 or E-W 1 at the four-hand table; ``TIE`` for a
    progressive round with equal scores; None if unfinished), the points scored by each
    side, each hand's points per side, and the game's seed."""

    winner: int | None
    points: tuple[int, ...]
    hand_points: tuple[tuple[int, ...], ...]
    seed: int = 0


def play_one(rules: Rules, levels: tuple[str, ...], seed: int) -> GameOutcome:
    """Play one game: the bots of side ``i`` of the table of level ``levels[i]``."""
    from euchre.bots import make_bot, play_game

    table = rules.table
    bots = [make_bot(levels[table.team[s]], seed * 4 + s) for s in range(table.seats)]
    game = play_game(rules, bots, seed)
    hands = tuple(tuple(h.result.points) for h in game.finished_hands if h.result is not None)
    points = tuple(sum(p[i] for p in hands) for i in range(len(table.teams)))
    return GameOutcome(outcome_of(game), points, hands, seed)


def play_chunk(rules: Rules, levels: tuple[str, ...], first_seed: int, count: int) -> list[GameOutcome]:
    """Games with seeds ``first_seed .. first_seed + count - 1`` (:func:`play_one`): one
    task of a worker process or of Ray."""
    return [play_one(rules, levels, first_seed + i) for i in range(count)]


def side_levels(text: str, sides: int) -> tuple[str, ...]:
    """The level of each side from ``--bots``: one level for all; one per side; or, at a
    table of more than two sides, two levels (the first side, then every other).

    Raises:
        EuchreError: an unknown level or a count that fits none of these.
    """
    from euchre.bots import BOT_LEVELS

    parts = [p.strip() for p in text.split(",")]
    if any(p not in BOT_LEVELS for p in parts):
        raise EuchreError(f"--bots takes levels among {', '.join(BOT_LEVELS)}; got {text!r}")
    if len(parts) == 1:
        return tuple(parts * sides)
    if len(parts) == sides:
        return tuple(parts)
    if len(parts) == 2 and sides > 2:
        return (parts[0],) + (parts[1],) * (sides - 1)
    raise EuchreError(f"--bots takes one level, or one for each of the table's {sides} sides"
                      f"{', or two (the first side, then the others)' if sides > 2 else ''}; got {text!r}")


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def report(console: Console, outcomes: Sequence[GameOutcome], levels: tuple[str, str], preset_name: str,
           command: str, sides: tuple[str, str] = ("N-S", "E-W")) -> None:
    """Print the summary of a run: games won (Wilson interval), points share per game and
    margin per hand (normal approximation), and the command that reproduces it; the two
    sides are called ``sides`` (the table's ``team_names``)."""
    a, b = sides
    n = len(outcomes)
    wins = sum(1 for o in outcomes if o.winner == 0)
    ties = sum(1 for o in outcomes if o.winner == TIE)
    finished = sum(1 for o in outcomes if o.winner is not None and o.winner != TIE)
    hand_pts = [p for o in outcomes for p in o.hand_points]
    console.print(f"{a} ({levels[0]}) against {b} ({levels[1]}), {preset_name}: "
                  f"{plural(n, 'game')}, {plural(len(hand_pts), 'hand')}.")

    def row(label: str, value: str, interval: str = "") -> None:
        """One measure: its value, and its interval on the next line."""
        console.print(f"  {label:<21}{value}")
        if interval:
            console.print(f"  {'':<21}{interval}")

    lo, hi = wilson_interval(wins, finished)
    rate = wins / finished if finished else 0.0
    row(f"Games won by {a}", f"{wins} of {finished} = {_pct(rate)}",
        f"95% CI {_pct(lo)} to {_pct(hi)} (Wilson score interval)")
    shares = [o.points[0] / (o.points[0] + o.points[1]) for o in outcomes if sum(o.points) > 0]
    share_ci = mean_interval(shares)
    if share_ci is not None:
        row(f"{a} points share", f"{_pct(share_ci[0])} of the points, mean per game",
            f"95% CI {_pct(share_ci[1])} to {_pct(share_ci[2])} (normal approx. over games)")
    elif shares:
        row(f"{a} points share", f"{_pct(shares[0])} of the points (one game: no interval)")
    if hand_pts:
        ns = sum(a for a, _ in hand_pts) / len(hand_pts)
        ew = sum(b for _, b in hand_pts) / len(hand_pts)
        row("Points per hand", f"{a} {ns:.3f}, {b} {ew:.3f}")
    margin_ci = mean_interval([float(a - b) for a, b in hand_pts])
    if margin_ci is not None:
        row(f"{a} margin per hand", f"{margin_ci[0]:+.3f} points",
            f"95% CI {margin_ci[1]:+.3f} to {margin_ci[2]:+.3f} (normal approx. over hands)")
    if ties:
        console.print(f"  {plural(ties, 'game')} tied (a progressive round with equal scores), counted in neither side's wins.")
    if finished + ties < n:
        console.print(f"  {plural(n - finished - ties, 'game')} did not finish (hand limit).")
    console.print(f"Command: {command}", soft_wrap=True)


def report_sides(console: Console, outcomes: Sequence[GameOutcome], levels: tuple[str, ...], preset_name: str,
                 command: str, sides: Sequence[str]) -> None:
    """Print the summary of a run at a table of more than two sides: for each side its
    level, games won (Wilson interval), points per hand (normal approximation over
    hands) and its share of all points; and the command that reproduces it."""
    n = len(outcomes)
    ties = sum(1 for o in outcomes if o.winner == TIE)
    finished = sum(1 for o in outcomes if o.winner is not None and o.winner != TIE)
    hand_pts = [p for o in outcomes for p in o.hand_points]
    total = sum(sum(p) for p in hand_pts)
    console.print(f"{len(sides)} players, each for himself, {preset_name}: {plural(n, 'game')}, {plural(len(hand_pts), 'hand')}.")
    for i, name in enumerate(sides):
        wins = sum(1 for o in outcomes if o.winner == i)
        lo, hi = wilson_interval(wins, finished)
        rate = wins / finished if finished else 0.0
        console.print(f"  {name} ({levels[i]})")
        console.print(f"    {'Games won':<19}{wins} of {finished} = {_pct(rate)}, 95% CI {_pct(lo)} to {_pct(hi)}")
        mine = [float(p[i]) for p in hand_pts]
        ci = mean_interval(mine)
        if ci is not None:
            console.print(f"    {'Points per hand':<19}{ci[0]:.3f}, 95% CI {ci[1]:.3f} to {ci[2]:.3f}")
        if total:
            console.print(f"    {'Share of points':<19}{_pct(sum(mine) / total)}")
    console.print("  Games won: Wilson score interval; points per hand: normal approx. over hands.")
    if ties:
        console.print(f"  {plural(ties, 'game')} tied (a progressive round with equal scores), counted in nobody's wins.")
    if finished + ties < n:
        console.print(f"  {plural(n - finished - ties, 'game')} did not finish (hand limit).")
    console.print(f"Command: {command}", soft_wrap=True)


def cmd_sim(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre sim``. Returns the exit code.

    Raises:
        EuchreError: a bad preset, bot levels, game count or worker count.
    """

    rules = rules_of_flags(args.preset, args.target, args.option, args.rule)
    table = rules.table
    levels = side_levels(args.bots, len(table.teams))
    check_count("--games", args.games)
    backend = backend_from_args(args, args.games)
    argv = ["euchre", "sim", *rules_argv(args), "--games", str(args.games), "--bots", ",".join(levels),
            "--seed", str(args.seed), *backend_argv(args)]
    results: dict[int, GameOutcome] = {}
    started = time.perf_counter()
    with progress(console, "Games", args.games) as ticker:
        with open_pool(backend, args.games) as pool:
            step = 1 if pool.workers == 1 else max(1, min(CHUNK, math.ceil(args.games / (8 * pool.workers))))
            chunks = [(rules, levels, args.seed + start, min(args.games, start + step) - start)
                      for start in range(0, args.games, step)]
            for _, outcomes in pool.run(play_chunk, chunks):
                for o in outcomes:
                    results[o.seed - args.seed] = o
                ticker.advance(len(outcomes))
    elapsed = time.perf_counter() - started
    outcomes = [results[i] for i in range(args.games)]
    console.print(f"Played {plural(args.games, 'game')} in {elapsed:.1f} s ({elapsed / args.games:.2f} s a game).")
    if len(table.teams) == 2:
        report(console, outcomes, (levels[0], levels[1]), args.preset, shlex.join(argv),
               (table.team_names[0], table.team_names[1]))
    else:
        report_sides(console, outcomes, levels, args.preset, shlex.join(argv), table.team_names)
    return 0

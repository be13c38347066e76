"""``euchre selfplay``: bots play each other and every decision is written to a Parquet file.

The rows, their columns and the feature layout: :mod:`euchre.analysis.selfplay`,
:mod:`euchre.interop.parquet` and ``docs/research.md``. Game ``i`` is the same game
(the same rows) whatever ``--workers`` and ``--ray``; the games are written in order.
Every playable preset is written, whatever its table: the file's features column is as
wide as the preset's feature layout, which its metadata describes.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import shlex
import time
from pathlib import Path

from rich.console import Console

from euchre.analysis.out_file import check_out_file
from euchre.analysis.selfplay import run_selfplay
from euchre.cli.progress import progress
from euchre.cli.sim import backend_argv, backend_from_args
from euchre.cli.table import bot_levels, levels_by_seat, rules_argv, rules_of_flags
from euchre.cli.text import check_count
from euchre.core.errors import MissingExtraError
from euchre.core.game import TIE
from euchre.text.side_words import plural

MAX_HANDS = 1000
"""The default hand limit of a game (``--max-hands``)."""


def check_out_path(path: str) -> Path:
    """Check, before a long run, that the data set can be written to ``path``.

    Raises:
        EuchreError: the name does not end in ``.parquet``, its directory does not exist
            or cannot be written, the name is taken by something other than a file, or
            pyarrow is not installed.
    """
    out = check_out_file(path, what="the data set", kind="a Parquet file", suffix=".parquet")
    if importlib.util.find_spec("pyarrow") is None:
        raise MissingExtraError("euchre selfplay", "parquet", "pyarrow")
    return out


def cmd_selfplay(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre selfplay``. Returns the exit code.

    Raises:
        EuchreError: a bad preset, bot levels, count, backend or output file.
    """
    from euchre.analysis.selfplay import check_table
    from euchre.bots import make_bot

    rules = check_table(rules_of_flags(args.preset, args.target, args.option, args.rule))
    table = rules.table
    given = bot_levels(args.bots, tuple(sorted({1, len(table.teams), table.seats})))
    levels = levels_by_seat(given, table)
    check_count("--games", args.games)
    check_count("--max-hands", args.max_hands)
    out = check_out_path(args.out)
    backend = backend_from_args(args, args.games)
    from euchre.interop.parquet import DecisionWriter

    argv = ["euchre", "selfplay", "--out", str(out), *rules_argv(args), "--bots", ",".join(given),
            "--games", str(args.games), "--seed", str(args.seed), *backend_argv(args)]
    if args.max_hands != MAX_HANDS:
        argv += ["--max-hands", str(args.max_hands)]
    command = shlex.join(argv)
    factories = [functools.partial(make_bot, level) for level in levels]
    hands = decisions = unfinished = ties = 0
    started = time.perf_counter()
    with progress(console, "Games", args.games) as ticker, DecisionWriter(out, rules, levels, args.seed, command) as writer:
        for game in run_selfplay(rules, factories, levels, games=args.games, seed=args.seed, backend=backend,
                                 max_hands=args.max_hands):
            writer.write(game.columns)
            hands += game.hands
            decisions += game.decisions
            unfinished += game.winner is None
            ties += game.winner == TIE
            ticker.advance()
    seconds = time.perf_counter() - started
    size = out.stat().st_size
    console.print(f"Self-play, preset {args.preset}, seed {args.seed}:")
    console.print(f"  {', '.join(f'{s} {lv}' for s, lv in zip(table.letters, levels, strict=True))}")
    console.print(f"  {plural(args.games, 'game')}, {hands} hands, {decisions} decisions in {seconds:.1f} s "
                  f"({decisions / seconds if seconds else 0:.0f} decisions/s, {backend.describe()})")
    console.print(f"  Wrote {out}: {size:,} bytes, {size / max(decisions, 1):.1f} bytes per decision")
    if ties:
        console.print(f"  {plural(ties, 'game')} tied (a progressive round with equal scores: game_won false for both).")
    if unfinished:
        console.print(f"  {plural(unfinished, 'game')} stopped at the hand limit ({args.max_hands}).")
    console.print(f"Command: {command}", soft_wrap=True)
    return 0

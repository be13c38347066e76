"""Benchmark: the cost of recording self-play to Parquet, against playing the same games.

For each level (four bots of that level), the same seeded games (``game_seed(seed, i)``,
the bots seeded as ``euchre selfplay`` seeds them) are played two ways in this process,
taking turns game by game (so that the machine's changing speed falls on both alike):

- **play**: the bots choose from their views and the game applies their actions
  (``checked_choice`` and ``Game.apply``, as ``euchre sim`` plays);
- **record + write**: :func:`euchre.analysis.selfplay.play_recorded_game` (the view
  encoded, the row filled, the outcomes written back) and every game's rows handed to a
  :class:`euchre.interop.parquet.DecisionWriter` on a temporary file, closed at the end.

Printed per level: decisions per CPU second of each, the overhead of recording and
writing (record / play - 1), and the bytes per decision of the file written (metadata
included) with what a million decisions would take. Of ``--rounds`` rounds the best of
each way counts.

    .venv/bin/python bench/bench_selfplay.py --levels random:300,intermediate:150,expert:2 --rounds 3
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile
import time
from pathlib import Path

from euchre.analysis.duplicate import checked_choice, derive_seed
from euchre.analysis.selfplay import game_seed, play_recorded_game
from euchre.bots import make_bot
from euchre.core.game import Game
from euchre.core.presets import preset
from euchre.core.rules import Rules
from euchre.core.views import view_of
from euchre.interop.parquet import DecisionWriter


def play_only(rules: Rules, level: str, seed: int, index: int) -> int:
    """Play game ``index`` without recording; the number of decisions."""
    gseed = game_seed(seed, index)
    bots = [make_bot(level, derive_seed("bot", gseed, s)) for s in range(4)]
    game = Game(rules, gseed, max_hands=1000)
    decisions = 0
    while not game.is_over:
        hand = game.hand
        seat = hand.turn
        game.apply(checked_choice(bots[seat], view_of(hand, seat, (game.score[0], game.score[1]))))
        decisions += 1
    return decisions


def measure(rules: Rules, level: str, games: int, seed: int, path: Path) -> tuple[int, float, float]:
    """(decisions, CPU seconds playing, CPU seconds recording and writing) over
    ``games`` games, the two ways taking turns game by game."""
    factories = [functools.partial(make_bot, level)] * 4
    played = recorded = 0
    play_time = record_time = 0.0
    clock = time.process_time
    with DecisionWriter(path, rules, [level] * 4, seed) as writer:
        for i in range(games):
            started = clock()
            played += play_only(rules, level, seed, i)
            play_time += clock() - started
            started = clock()
            game = play_recorded_game(rules, factories, [level] * 4, seed, i)
            writer.write(game.columns)
            record_time += clock() - started
            recorded += game.decisions
        started = clock()
    record_time += clock() - started  # the last row group and the file's footer
    if played != recorded:
        raise SystemExit(f"FAIL: {level}: {recorded} decisions recorded, {played} played")
    return played, play_time, record_time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Recording and writing self-play against playing it.")
    parser.add_argument("--levels", default="random:300,intermediate:150,expert:2",
                        help="LEVEL:GAMES,... (default random:300,intermediate:150,expert:2)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each way; the best counts (default 3)")
    parser.add_argument("--preset", default="modern-standard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = preset(args.preset)
    print(f"{args.preset}, seed {args.seed}, best of {args.rounds} rounds, CPU time, Python {sys.version.split()[0]}")
    print(f"{'level':<13} {'games':>5} {'decisions':>9} {'play dec/s':>11} {'record+write':>13} {'overhead':>9} "
          f"{'bytes/dec':>10} {'MB per 1M':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.parquet"
        for spec in args.levels.split(","):
            level, _, count = spec.partition(":")
            games = int(count or 10)
            best_play = best_record = float("inf")
            decisions = 0
            for _ in range(args.rounds):
                decisions, play_time, record_time = measure(rules, level, games, args.seed, path)
                best_play = min(best_play, play_time)
                best_record = min(best_record, record_time)
            size = os.path.getsize(path)
            print(f"{level:<13} {games:>5} {decisions:>9} {decisions / best_play:>11.0f} {decisions / best_record:>13.0f} "
                  f"{best_record / best_play - 1:>+9.1%} {size / decisions:>10.1f} {size / decisions:>10.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

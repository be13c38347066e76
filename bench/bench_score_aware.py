"""Benchmark: the expert's score-aware bidding (:attr:`euchre.bots.rollout.RolloutSettings.score_aware`,
a hand valued by the side's chance of winning the game after it, :mod:`euchre.bots.equity`)
against the same bot valuing a hand by its points, in whole games played in duplicate
(:func:`euchre.analysis.duplicate.run_match` with ``games``: each game played twice with
the same cards hand by hand, the sides' seats exchanged).

Prints the score-aware side's games won out of the games played, the margin of games won
per duplicate game (score-aware less plain: +1, 0 or -1 per pair, with its 95% interval
over pairs), and the points per game::

    .venv/bin/python bench/bench_score_aware.py --games 400 --seed 1 --play-worlds 100

``--play-worlds 0`` plays the cards as the ``intermediate`` heuristic does on both sides
(the bidding is all that differs, and a game takes a tenth of the time).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import sys
import time

from euchre.analysis.duplicate import run_match
from euchre.bots.rollout import RolloutBot
from euchre.bots.rollout_settings import DEFAULT_SETTINGS
from euchre.core import preset
from paired import interval


def make_bot(score_aware: bool, play_worlds: int, seed: int) -> RolloutBot:
    """The expert's rollout bidding (score-aware or not) with ``play_worlds`` PIMC worlds
    per card (0: the heuristic's card play)."""
    settings = dataclasses.replace(DEFAULT_SETTINGS, score_aware=score_aware)
    return RolloutBot(seed, settings, play_worlds=play_worlds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="modern-standard")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play-worlds", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    rules = preset(args.preset)
    start = time.perf_counter()
    record = run_match(rules, functools.partial(make_bot, True, args.play_worlds),
                       functools.partial(make_bot, False, args.play_worlds),
                       deals=0, games=args.games, seed=args.seed, workers=args.workers)
    pairs = [sum(1 if w == 0 else -1 if w == 1 else 0 for w in g.winners) for g in record.games]
    won = sum(w == 0 for g in record.games for w in g.winners)
    played = sum(w is not None for g in record.games for w in g.winners)
    a = sum(p[0] for g in record.games for p in g.points)
    b = sum(p[1] for g in record.games for p in g.points)
    print(f"score-aware against plain, {args.preset}, {args.games} duplicate games, seed {args.seed}, "
          f"{args.play_worlds} play worlds")
    print(f"  games won        {won} of {played} ({won / max(played, 1):.1%})")
    print(f"  margin per pair  {interval(pairs)} games; "
          f"{sum(1 for p in pairs if p)} of {len(pairs)} pairs split")
    print(f"  points per game  {a / len(pairs) / 2:.2f} against {b / len(pairs) / 2:.2f}")
    print(f"  {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

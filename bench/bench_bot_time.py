"""Benchmark: time per decision of each bot level (median, 95th percentile, max).

Plays whole hands with a bot of the level in every seat of the preset's table (two to
six) through views only (as in a real game) and
times every decision ``bot.choose(view)`` on one thread. The first decisions of a search
level include numba's compile or cache load; they are timed separately (warm-up). Each
level gets a second line for its card decisions with a choice of cards alone (the slow
part of a search level: the bids of the learned model, the discard and a card with no
choice take under a millisecond and fill the lower half of all decisions).

    .venv/bin/python bench/bench_bot_time.py --levels intermediate,advanced,expert --hands 30
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from euchre.bots import BOT_LEVELS, make_bot
from euchre.core import HandState, Phase, preset, view_of


def time_level(level: str, hands: int, seed: int, preset_name: str) -> tuple[list[float], list[float]]:
    """Seconds per decision for ``hands`` hands of ``level`` bots in every seat: every
    decision, and the card decisions with more than one legal card."""
    rules = preset(preset_name)
    seats = rules.table.seats
    rng = random.Random(seed)
    bots = [make_bot(level, seed * seats + s) for s in range(seats)]
    times: list[float] = []
    choices: list[float] = []
    for _ in range(hands):
        hand = HandState.deal(rules, rng.randrange(seats), rng)
        while not hand.is_over:
            seat = hand.turn
            view = view_of(hand, seat)
            start = time.perf_counter()
            action = bots[seat].choose(view)
            times.append(time.perf_counter() - start)
            if hand.phase == Phase.PLAY and len(view.legal) > 1:
                choices.append(times[-1])
            hand.apply(action)
    return times, choices


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="time per decision of each bot level")
    parser.add_argument("--levels", default="intermediate,advanced,expert")
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="modern-standard")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    unknown = [x for x in levels if x not in BOT_LEVELS]
    if unknown or args.hands < 1:
        parser.error(f"levels must be among {', '.join(BOT_LEVELS)} and --hands >= 1")
    from euchre.solver import backend_name

    print(f"solver backend: {backend_name()}; preset {args.preset}; {args.hands} hands per level; seed {args.seed}")
    print(f"{'level':14} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for level in levels:
        time_level(level, 1, args.seed + 1000, args.preset)  # warm-up: compile or load the kernel
        every, cards = time_level(level, args.hands, args.seed, args.preset)
        for label, t in ((level, every), ("  card choices", cards)):
            if not t:
                continue
            t.sort()
            p95 = t[min(len(t) - 1, int(0.95 * len(t)))]
            print(f"{label:14} {len(t):9d} {statistics.median(t) * 1e3:10.2f} {p95 * 1e3:8.2f} {t[-1] * 1e3:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

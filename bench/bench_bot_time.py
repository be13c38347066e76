"""Benchmark: time per decision of each bot level (median, 95th percentile, max).

Plays whole hands with a bot of the level in every seat of the preset's table (two to
six) through views only (as in a real game) and
times every decision ``bot.choose(view)`` on one thread. The first decisions of a search
level include numba's compile or cache load; they are timed separately (warm-up). Each
level gets a second line for its card decisions with a choice of cards alone (the slow
part of a search level: the bids of the learned model, the discard and a card with no
choice take under a millisecond and fill the lower half of all decisions).

    .venv/bin/python bench/bench_bot_time.py --levels intermediate,advanced,expert --hands 30

``--play-race N`` times the ``expert`` level with ``RolloutSettings.play_race = N`` (its
close card choices decided over N worlds; docs/strength.md, "The sampling noise of the
card play") instead of the level as it is.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from collections.abc import Callable

from euchre.bots import BOT_LEVELS, Bot, make_bot
from euchre.bots.rollout import RolloutBot
from euchre.bots.rollout_settings import EXPERT_PLAY_WORLDS, EXPERT_SETTINGS
from euchre.core import HandState, Phase, preset, view_of
from euchre.core.errors import EuchreError


def time_level(level: str, hands: int, seed: int, preset_name: str,
               make: Callable[[int], Bot] | None = None) -> tuple[list[float], list[float]]:
    """Seconds per decision for ``hands`` hands of ``level`` bots in every seat (or bots
    of ``make(seed)``): every decision, and the card decisions with more than one legal
    card."""
    rules = preset(preset_name)
    seats = rules.table.seats
    rng = random.Random(seed)
    build = make or (lambda s: make_bot(level, s))
    bots = [build(seed * seats + s) for s in range(seats)]
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
    parser.add_argument("--play-race", type=int, default=0,
                        help="the expert with this play_race (worlds of a close card choice; 0: the level)")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    unknown = [x for x in levels if x not in BOT_LEVELS]
    if unknown or args.hands < 1:
        parser.error(f"levels must be among {', '.join(BOT_LEVELS)} and --hands >= 1")
    makers: dict[str, Callable[[int], Bot]] = {}
    if args.play_race:
        if "expert" not in levels:
            parser.error("--play-race changes the expert level, which --levels does not name")
        try:
            settings = dataclasses.replace(EXPERT_SETTINGS, play_race=args.play_race)
            RolloutBot(0, settings, EXPERT_PLAY_WORLDS, learned=True)
        except EuchreError as exc:
            parser.error(f"--play-race: {exc}")
        makers["expert"] = lambda seed: RolloutBot(seed, settings, EXPERT_PLAY_WORLDS, learned=True)
    from euchre.solver import backend_name

    print(f"solver backend: {backend_name()}; preset {args.preset}; {args.hands} hands per level; seed {args.seed}")
    print(f"{'level':22} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for level in levels:
        make = makers.get(level)
        time_level(level, 1, args.seed + 1000, args.preset, make)  # warm-up: compile or load the kernel
        every, cards = time_level(level, args.hands, args.seed, args.preset, make)
        name = f"{level}, play_race={args.play_race}" if make else level
        for label, t in ((name, every), ("  card choices", cards)):
            if not t:
                continue
            t.sort()
            p95 = t[min(len(t) - 1, int(0.95 * len(t)))]
            print(f"{label:22} {len(t):9d} {statistics.median(t) * 1e3:10.2f} {p95 * 1e3:8.2f} {t[-1] * 1e3:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: games per second of ``euchre sim``'s work on Ray and on the process pool.

The same games (``euchre.cli.sim.play_chunk``: whole games of ``--bots`` N-S against
E-W, game ``i`` from seed ``--seed + i``, in the tasks ``euchre sim`` makes) are played on
each backend in turn: one process, a pool of two processes, a local Ray with one CPU and
with two. Each backend is started and warmed up (each worker imports the engine and plays
one game), timed over its games (wall clock, from the first task submitted to the last
result) and stopped; start-up and warm-up are printed apart. ``--rounds`` repeats
the four in turns, so the machine's changing speed falls on all alike; the load average
after each is printed (other programs on the machine take CPUs from the workers). Every
backend must give the same outcomes (checked; the run fails otherwise).

    .venv/bin/python bench/bench_ray.py --games 200 --rounds 2
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import sys
import time

import ray

from euchre.analysis.parallel import Backend, open_pool
from euchre.cli.sim import CHUNK, GameOutcome, play_chunk
from euchre.core.presets import preset

BACKENDS = (("process pool, 1 worker", Backend(1)), ("process pool, 2 workers", Backend(2)),
            ("Ray (local), 1 worker", Backend(1, ray=True)), ("Ray (local), 2 workers", Backend(2, ray=True)))


def timed(backend: Backend, rules_name: str, levels: tuple[str, str], games: int, seed: int) -> tuple[float, float, list[GameOutcome]]:
    """(start-up seconds, playing seconds, outcomes in game order) on one backend."""
    rules = preset(rules_name)
    started = time.perf_counter()
    if backend.ray:
        ray.init(num_cpus=backend.workers, include_dashboard=False, logging_level=logging.ERROR)
    try:
        with open_pool(backend, games) as pool:
            # warm-up: every worker imports the engine and plays one game (not timed)
            list(pool.run(play_chunk, [(rules, levels, seed - 1 - w, 1) for w in range(pool.workers)]))
            ready = time.perf_counter()
            step = 1 if pool.workers == 1 else max(1, min(CHUNK, math.ceil(games / (8 * pool.workers))))
            chunks = [(rules, levels, seed + s, min(games, s + step) - s) for s in range(0, games, step)]
            results: dict[int, GameOutcome] = {}
            for _, outcomes in pool.run(play_chunk, chunks):
                for o in outcomes:
                    results[o.seed - seed] = o
            done = time.perf_counter()
    finally:
        if backend.ray:
            ray.shutdown()
    return ready - started, done - ready, [results[i] for i in range(games)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Games per second on Ray and on the process pool.")
    parser.add_argument("--games", type=int, default=200, help="games per backend and round (default 200)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds over the four backends (default 2)")
    parser.add_argument("--bots", default="intermediate,beginner", help="levels N-S,E-W (default intermediate,beginner)")
    parser.add_argument("--preset", default="modern-standard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    a, b = args.bots.split(",")
    levels = (a.strip(), b.strip())
    print(f"{args.games} games of {levels[0]} (N-S) against {levels[1]} (E-W), {args.preset}, seed {args.seed}; "
          f"{os.cpu_count()} CPUs, ray {ray.__version__}, Python {sys.version.split()[0]}")
    rates: dict[str, list[float]] = {name: [] for name, _ in BACKENDS}
    startup: dict[str, list[float]] = {name: [] for name, _ in BACKENDS}
    reference: list[GameOutcome] | None = None
    for r in range(args.rounds):
        for name, backend in BACKENDS:
            up, seconds, outcomes = timed(backend, args.preset, levels, args.games, args.seed)
            if reference is None:
                reference = outcomes
            elif outcomes != reference:
                print(f"FAIL: {name} gave other outcomes than {BACKENDS[0][0]}")
                return 1
            rates[name].append(args.games / seconds)
            startup[name].append(up)
            load = os.getloadavg()[0]
            print(f"round {r + 1}  {name:<24} {args.games / seconds:8.1f} games/s   (start-up {up:.2f} s, "
                  f"load average {load:.1f})", flush=True)
    base = sum(rates[BACKENDS[0][0]]) / args.rounds
    print()
    print(f"{'backend':<24} {'games/s':>8} {'x 1 process':>12} {'start-up s':>11}")
    for name, _ in BACKENDS:
        mean = sum(rates[name]) / args.rounds
        print(f"{name:<24} {mean:8.1f} {mean / base:12.2f} {sum(startup[name]) / args.rounds:11.2f}")
    print("All backends gave the same outcomes.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: random full hands per second on one core, the batch kernel against
OpenSpiel's C++ loop.

- **ours, batch kernel**: ``euchre.batch.play_hands(rules, B, seed, start=...)`` with the
  numba backend (single-threaded), uniform random legal actions for every seat; rules:
  the ``openspiel`` preset. Also with ``record=True`` (every deal, decision, legal set and
  trick winner kept), with the simple policy, and under ``dc-club-1862`` (32 cards, the
  partner's takeover).
- **OpenSpiel, C++**: ``pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)`` on
  ``pyspiel.load_game("euchre")`` (defaults: stick the dealer, no lone defender) with
  ``pyspiel.make_uniform_random_bot`` for the four players: one call plays a whole hand in
  C++ (the chance outcomes sampled there too).
- **ours, HandState** (for reference): ``HandState.deal`` then ``legal_codes()`` and
  ``push(code)`` with ``random.Random.choice``, the engine's fastest Python path.

The engines take turns, ``--slice`` seconds of CPU each, until each has had
``--seconds``, so a change in the machine's speed falls on all alike; rates are per CPU
second of this one process. Printed per engine: hands, hands per second, decisions per
hand where known, and mean points scored per hand (a check that both play the same rules:
random play under the same rules scores the same on average); then the ratios to
OpenSpiel's C++ loop.

    .venv/bin/python bench/bench_batch.py --seconds 5 --seed 1
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable

import numba
import pyspiel

from euchre.batch import play_hands
from euchre.core import HandState, preset

Play = Callable[[], tuple[int, int, int]]
"""Plays some hands; returns (hands, decisions or -1, points scored in all)."""


def _kernel(name: str, seed: int, batch: int, *, record: bool = False, policy: str = "random") -> Play:
    rules = preset(name)
    start = [0]

    def play() -> tuple[int, int, int]:
        out = play_hands(rules, batch, seed, start=start[0], record=record, policy=policy, backend="numba")
        start[0] += batch
        return batch, int(out.decisions.sum()), int(out.points.sum())

    return play


def _openspiel(seed: int, batch: int) -> Play:
    game = pyspiel.load_game("euchre")
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(4)]
    counter = [seed]

    def play() -> tuple[int, int, int]:
        points = 0.0
        for _ in range(batch):
            returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, counter[0])
            counter[0] += 1
            points += abs(returns[0])  # the makers' score, to each maker (negated to the defenders)
        return batch, -1, round(points)

    return play


def _engine(seed: int, batch: int) -> Play:
    rules = preset("openspiel")
    rng = random.Random(seed)

    def play() -> tuple[int, int, int]:
        decisions = points = 0
        for _ in range(batch):
            hand = HandState.deal(rules, rng.randrange(4), rng)
            while not hand.is_over:
                hand.push(rng.choice(hand.legal_codes()))
                decisions += 1
            assert hand.result is not None
            points += sum(hand.result.points)
        return batch, decisions, points

    return play


def run_interleaved(engines: dict[str, Play], seconds: float, slice_s: float) -> dict[str, tuple[int, int, int, float]]:
    """Run each engine in turn, ``slice_s`` CPU seconds at a time, until each has had
    ``seconds``. Returns (hands, decisions or -1, points, CPU seconds) per engine."""
    totals = {name: [0, 0, 0, 0.0] for name in engines}
    while min(t[3] for t in totals.values()) < seconds:
        for name, play in engines.items():
            t = totals[name]
            begin = time.process_time()
            stop = begin + slice_s
            now = begin
            while now < stop:
                hands, decisions, points = play()
                t[0] += hands
                t[1] = -1 if decisions < 0 else t[1] + decisions
                t[2] += points
                now = time.process_time()
            t[3] += now - begin
    return {name: (int(t[0]), int(t[1]), int(t[2]), float(t[3])) for name, t in totals.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per engine (default 5)")
    parser.add_argument("--slice", type=float, default=0.25, help="CPU seconds an engine runs before the next (default 0.25)")
    parser.add_argument("--batch", type=int, default=10_000, help="hands per kernel call (default 10000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--no-engine", action="store_true", help="leave out the Python engine (HandState)")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.slice <= 0 or args.batch <= 0:
        parser.error("--seconds, --slice and --batch must be positive")

    print(f"python {platform.python_version()}, numba {numba.__version__}, open_spiel (pyspiel), "
          f"{os.cpu_count()} CPUs, {platform.machine()} {platform.system()}")
    print(f"{args.seconds:g} s of CPU each, interleaved in {args.slice:g} s slices; kernel batches of {args.batch}; "
          f"seed {args.seed}")
    begin = time.perf_counter()
    play_hands("openspiel", 10, backend="numba")
    print(f"first kernel call (compile, or load numba's on-disk cache): {time.perf_counter() - begin:.2f} s")
    print()
    engines: dict[str, Play] = {
        "ours: batch kernel, openspiel preset": _kernel("openspiel", args.seed, args.batch),
        "ours: batch kernel, record=True": _kernel("openspiel", args.seed, args.batch, record=True),
        "ours: batch kernel, simple policy": _kernel("openspiel", args.seed, args.batch, policy="simple"),
        "ours: batch kernel, dc-club-1862": _kernel("dc-club-1862", args.seed, args.batch),
        "OpenSpiel C++: evaluate_bots, random bots": _openspiel(args.seed, 1000),
    }
    if not args.no_engine:
        engines["ours: HandState, legal_codes + push"] = _engine(args.seed, 100)
    results = run_interleaved(engines, args.seconds, args.slice)
    print(f"{'engine':44} {'hands':>10} {'hands/s':>11} {'decisions/hand':>15} {'points/hand':>12}")
    rates = {}
    for name, (hands, decisions, points, elapsed) in results.items():
        rates[name] = hands / elapsed
        per_hand = f"{decisions / hands:15.2f}" if decisions >= 0 else f"{'-':>15}"
        print(f"{name:44} {hands:10d} {hands / elapsed:11.0f} {per_hand} {points / hands:12.3f}")
    print()
    spiel = rates["OpenSpiel C++: evaluate_bots, random bots"]
    for name, rate in rates.items():
        if name.startswith("ours"):
            print(f"ratio {name} / OpenSpiel C++: {rate / spiel:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

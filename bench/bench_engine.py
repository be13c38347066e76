"""Benchmark: random full hands per second, our engine against OpenSpiel's euchre.

Both engines play whole hands of the same rules (our ``openspiel`` preset; OpenSpiel's
``euchre`` with its default parameters) with uniformly random legal actions:

- ours, through the public checked API: ``HandState.deal`` (shuffle, cut, deal), then
  ``legal_actions()`` and ``apply(action)`` until the hand is over;
- ours, the search path: ``legal_codes()`` and unchecked ``push(code)`` (for reference);
- OpenSpiel, driven from Python through pyspiel: chance outcomes (dealer, 20 cards, the
  upcard) sampled uniformly from ``chance_outcomes()``, then ``legal_actions()`` and
  ``apply_action()``.

Each engine runs for ``--seconds`` of wall-clock time, one after the other in the same
process. Prints hands per second and decisions per second for each, and the ratio.

    .venv/bin/python bench/bench_engine.py --seconds 10 --seed 1
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable

import pyspiel

from euchre.core import HandState, preset


def _run_for(seconds: float, play_one: Callable[[], int]) -> tuple[int, int, float]:
    """Call ``play_one`` (which plays one hand and returns its number of decisions) until
    ``seconds`` have passed. Returns (hands, decisions, elapsed seconds)."""
    hands = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        for _ in range(50):
            decisions += play_one()
        hands += 50
        now = time.perf_counter()
    return hands, decisions, now - start


def bench_ours_apply(seconds: float, seed: int) -> tuple[int, int, float]:
    """Our engine through deal + legal_actions + apply (the checked public API)."""
    rules = preset("openspiel")
    rng = random.Random(seed)

    def play_one() -> int:
        hand = HandState.deal(rules, rng.randrange(4), rng)
        n = 0
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
            n += 1
        return n

    return _run_for(seconds, play_one)


def bench_ours_push(seconds: float, seed: int) -> tuple[int, int, float]:
    """Our engine through deal + legal_codes + push (the unchecked search path)."""
    rules = preset("openspiel")
    rng = random.Random(seed)

    def play_one() -> int:
        hand = HandState.deal(rules, rng.randrange(4), rng)
        n = 0
        while not hand.is_over:
            hand.push(rng.choice(hand.legal_codes()))
            n += 1
        return n

    return _run_for(seconds, play_one)


def bench_openspiel(seconds: float, seed: int) -> tuple[int, int, float]:
    """OpenSpiel's euchre from Python: chance outcomes sampled, then random legal actions."""
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)

    def play_one() -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                # The outcomes are uniform (1/4 for the dealer, 1/remaining for a card).
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                n += 1
        return n

    return _run_for(seconds, play_one)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="wall-clock seconds per engine (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="random seed for deals and choices (default 1)")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")

    print(f"python {platform.python_version()} ({platform.python_implementation()}), "
          f"pyspiel from open_spiel, {os.cpu_count()} CPUs, {platform.machine()} {platform.system()}")
    print(f"rules: our preset 'openspiel' vs OpenSpiel 'euchre' defaults; {args.seconds:g} s each; seed {args.seed}")
    print()
    rows = [
        ("ours: deal + legal_actions + apply", bench_ours_apply(args.seconds, args.seed)),
        ("ours: deal + legal_codes + push", bench_ours_push(args.seconds, args.seed)),
        ("OpenSpiel (pyspiel from Python)", bench_openspiel(args.seconds, args.seed)),
    ]
    rates = {}
    print(f"{'engine':40} {'hands':>8} {'hands/s':>10} {'decisions/s':>12}")
    for name, (hands, decisions, elapsed) in rows:
        rates[name] = hands / elapsed
        print(f"{name:40} {hands:8d} {hands / elapsed:10.0f} {decisions / elapsed:12.0f}")
    print()
    spiel = rates["OpenSpiel (pyspiel from Python)"]
    for name, rate in rates.items():
        if not name.startswith("OpenSpiel"):
            print(f"ratio OpenSpiel / {name}: {spiel / rate:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

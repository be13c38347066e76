"""Benchmark: random full hands per second, our engine against OpenSpiel's euchre.

Both engines play whole hands of the same rules (our ``openspiel`` preset; OpenSpiel's
``euchre`` with its default parameters) with uniformly random legal actions (and, unless
``--no-shapes``, ours also under every playable preset of another table shape, which
OpenSpiel does not have):

- ours, through the public checked API: ``HandState.deal`` (shuffle, cut, deal), then
  ``legal_actions()`` and ``apply(action)`` until the hand is over;
- ours, the search path: ``legal_codes()`` and unchecked ``push(code)`` to the end of
  the hand;
- ours, push and pop: the same, then ``pop()`` back to the deal (a search's whole walk);
- OpenSpiel, driven from Python through pyspiel: chance outcomes (dealer, 20 cards, the
  upcard) sampled uniformly from ``chance_outcomes()``, then ``legal_actions()`` and
  ``apply_action()``;
- OpenSpiel's walk of a search: the same deal, then each decision applied to a
  ``clone()`` of the state, every state of the line kept (what a search keeps to go
  back, as our ``push`` keeps its records) and dropped at the end: OpenSpiel's state
  has no undo, so this is its like of our push-then-pop. The ratio of our push-then-pop
  is printed against both: OpenSpiel's plain play (the issue's goal) and this walk.

The engines take turns in the same process, ``--slice`` seconds of CPU each, until each
has had ``--seconds`` of CPU, so a change in the machine's speed during the run falls on
all of them alike. Prints hands, decisions and decisions per hand for each, per CPU
second, and the ratios to OpenSpiel; ``--runs`` such runs (default 3, each its own
interleaving), then per engine the minimum, median and maximum over the runs of its
hands per second and of the ratio OpenSpiel / ours (each ratio taken within one run).

    .venv/bin/python bench/bench_engine.py --seconds 5 --runs 3 --seed 1
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable

import pyspiel

from euchre.core import HandState, preset
from euchre.core.presets import FOUR_HAND_PRESETS, PLAYABLE_PRESETS


def _ours_apply(seed: int, name: str = "openspiel") -> Callable[[], int]:
    """Our engine through deal + legal_actions + apply (the checked public API), under
    preset ``name`` (any table: the dealer is drawn from its seats)."""
    rules = preset(name)
    seats = rules.table.seats
    rng = random.Random(seed)

    def play_one() -> int:
        hand = HandState.deal(rules, rng.randrange(seats), rng)
        n = 0
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
            n += 1
        return n

    return play_one


def _ours_push(seed: int, name: str = "openspiel", pop_back: bool = False) -> Callable[[], int]:
    """Our engine through deal + legal_codes + push (the unchecked search path); with
    ``pop_back``, every push is then popped back to the deal."""
    rules = preset(name)
    seats = rules.table.seats
    rng = random.Random(seed)

    def play_one() -> int:
        hand = HandState.deal(rules, rng.randrange(seats), rng)
        n = 0
        while not hand.is_over:
            hand.push(rng.choice(hand.legal_codes()))
            n += 1
        if pop_back:
            for _ in range(n):
                hand.pop()
        return n

    return play_one


def _openspiel(seed: int) -> Callable[[], int]:
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

    return play_one


def _openspiel_walk(seed: int) -> Callable[[], int]:
    """OpenSpiel's euchre walked as a search walks it: the chance outcomes applied in
    place (the deal, as ours is dealt and not undone), then each decision applied to a
    clone of the state, the line of states kept to the end of the hand and dropped."""
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)

    def play_one() -> int:
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        line = [state]
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():  # none after the deal in OpenSpiel's euchre; kept general
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            child = state.clone()
            child.apply_action(rng.choice(state.legal_actions()))
            line.append(child)
            state = child
            n += 1
        line.clear()  # back to the deal: the line's states dropped
        return n

    return play_one


def run_interleaved(engines: dict[str, Callable[[], int]], seconds: float, slice_s: float) -> dict[str, tuple[int, int, float]]:
    """Play hands with each engine in turn, ``slice_s`` seconds of CPU at a time, until
    each has had ``seconds`` of CPU: a change of the machine's speed during the run
    (other processes, a shared virtual machine) then falls on all engines alike.
    Returns (hands, decisions, CPU seconds) per engine."""
    totals = {name: [0, 0, 0.0] for name in engines}
    while min(t[2] for t in totals.values()) < seconds:
        for name, play_one in engines.items():
            t = totals[name]
            start = time.process_time()
            stop = start + slice_s
            now = start
            while now < stop:
                for _ in range(10):
                    t[1] += play_one()
                t[0] += 10
                now = time.process_time()
            t[2] += now - start
    return {name: (int(t[0]), int(t[1]), float(t[2])) for name, t in totals.items()}


_PUSH_POP = "ours: push, then pop back to the deal"
_WALK = "OpenSpiel: clone, apply (a search's walk)"
_WALK_RATIO = "OpenSpiel's walk / ours, push then pop"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per engine (default 5)")
    parser.add_argument("--slice", type=float, default=0.25, help="CPU seconds an engine runs before the next takes over (default 0.25)")
    parser.add_argument("--seed", type=int, default=1, help="random seed for deals and choices (default 1)")
    parser.add_argument("--no-shapes", action="store_true", help="leave out the tables other than the four-hand one")
    parser.add_argument("--runs", type=int, default=3, help="runs, each interleaved anew (default 3)")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.slice <= 0 or args.runs < 1:
        parser.error("--seconds and --slice must be positive, --runs at least 1")

    print(f"python {platform.python_version()} ({platform.python_implementation()}), "
          f"pyspiel from open_spiel, {os.cpu_count()} CPUs, {platform.machine()} {platform.system()}")
    print(f"rules: our preset 'openspiel' vs OpenSpiel 'euchre' defaults; {args.seconds:g} s of CPU each, "
          f"interleaved in {args.slice:g} s slices; seed {args.seed}; {args.runs} run(s)")
    rates: dict[str, list[float]] = {}
    ratios: dict[str, list[float]] = {}
    for run in range(1, args.runs + 1):
        print()
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"run {run} of {args.runs} (load average {load:.2f} at its start)")
        engines = {
            "ours: deal + legal_actions + apply": _ours_apply(args.seed + run),
            "ours: deal + legal_codes + push": _ours_push(args.seed + run),
            _PUSH_POP: _ours_push(args.seed + run, pop_back=True),
            "OpenSpiel (pyspiel from Python)": _openspiel(args.seed + run),
            _WALK: _openspiel_walk(args.seed + run),
        }
        if not args.no_shapes:
            # Every other table shape, through the checked API (OpenSpiel has none of them).
            for name in PLAYABLE_PRESETS:
                if name not in FOUR_HAND_PRESETS:
                    engines[f"ours: apply, {name} ({preset(name).table.seats} seats)"] = _ours_apply(args.seed + run, name)
        results = run_interleaved(engines, args.seconds, args.slice)
        print(f"{'engine':44} {'hands':>8} {'hands/s':>10} {'decisions/s':>12} {'decisions/hand':>15}")
        run_rates = {}
        for name, (hands, decisions, elapsed) in results.items():
            run_rates[name] = hands / elapsed
            rates.setdefault(name, []).append(hands / elapsed)
            print(f"{name:44} {hands:8d} {hands / elapsed:10.0f} {decisions / elapsed:12.0f} {decisions / hands:15.1f}")
        spiel = run_rates["OpenSpiel (pyspiel from Python)"]
        for name, rate in run_rates.items():
            if not name.startswith("OpenSpiel"):
                ratios.setdefault(name, []).append(spiel / rate)
                print(f"ratio OpenSpiel / {name}: {spiel / rate:.2f}")
        walk = run_rates[_WALK] / run_rates[_PUSH_POP]
        ratios.setdefault(_WALK_RATIO, []).append(walk)
        print(f"ratio {_WALK_RATIO}: {walk:.2f}")
    print()
    print(f"over {args.runs} run(s): min / median / max")
    print(f"{'engine':44} {'hands/s':>26} {'OpenSpiel / ours':>20}")
    for name, values in rates.items():
        spread = " / ".join(f"{v:,.0f}" for v in (min(values), statistics.median(values), max(values)))
        if name == _WALK:
            r = ratios[_WALK_RATIO]
            print(f"{name:44} {spread:>26}")
            print(f"{'  its / ours, push then pop':44} {'':>26} "
                  f"{' / '.join(f'{v:.2f}' for v in (min(r), statistics.median(r), max(r))):>20}")
            continue
        line = f"{name:44} {spread:>26}"
        if name in ratios:
            r = ratios[name]
            line += f" {' / '.join(f'{v:.2f}' for v in (min(r), statistics.median(r), max(r))):>20}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

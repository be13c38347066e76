"""Benchmark: the engine of several commits in one process, in turns (paired figures).

Each argument is the ``src`` folder of one commit (``git archive <commit> src | tar -x -C
/tmp/<commit>``). The script imports each one's ``euchre.core`` under its own module
tree, warms each engine's caches with 3,000 hands, then plays random hands of the
``openspiel`` preset (a random dealer; uniformly random legal actions) through
``apply``, through ``push``, and through ``push`` then ``pop`` back to the deal, in
``--slice`` seconds of CPU at a time, the commits in turns, until each has had
``--seconds``: a change of the machine's speed falls on all of them alike, which runs of
``bench_engine.py`` minutes apart cannot promise. Prints the median slice's hands per
second and its ratio to the first folder's, then a card's ``push`` + ``pop`` in ns
(timeit, the first card of the play of a fixed deal, best of five).

    .venv/bin/python bench/bench_engine_commits.py /tmp/12dd9b3/src /tmp/HEAD/src --seconds 2.5
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
import timeit
from collections.abc import Callable
from typing import Any


def load(src: str) -> Any:
    """``euchre.core`` of the tree at ``src``, imported under a module tree of its own."""
    for name in [n for n in sys.modules if n == "euchre" or n.startswith("euchre.")]:
        del sys.modules[name]
    sys.path.insert(0, src)
    try:
        core = importlib.import_module("euchre.core")
    finally:
        sys.path.remove(src)
    if not str(core.__file__).startswith(src):
        raise SystemExit(f"{src}: euchre.core came from {core.__file__}")
    return core


def player(core: Any, mode: str, seed: int) -> Callable[[], None]:
    """Plays one random hand through ``apply``, ``push`` or ``push`` then ``pop``."""
    rules = core.preset("openspiel")
    hand_state = core.HandState
    rng = random.Random(seed)

    def one() -> None:
        hand = hand_state.deal(rules, rng.randrange(4), rng)
        if mode == "apply":
            while not hand.is_over:
                hand.apply(rng.choice(hand.legal_actions()))
            return
        pushed = 0
        while not hand.is_over:
            hand.push(rng.choice(hand.legal_codes()))
            pushed += 1
        if mode == "push+pop":
            for _ in range(pushed):
                hand.pop()

    return one


def card_push_pop_ns(core: Any) -> float:
    """A card's push then pop, in ns (the first card of the play of a fixed deal)."""
    hand = core.HandState.deal(core.preset("openspiel"), 0, random.Random(3))
    while hand.phase != core.Phase.PLAY:
        hand.push(hand.legal_codes()[0])
    code = hand.legal_codes()[0]
    runs = timeit.repeat(lambda: (hand.push(code), hand.pop()), number=100_000, repeat=5)
    return min(runs) / 100_000 * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("src", nargs="+", help="a commit's src folder (the first is the reference)")
    parser.add_argument("--seconds", type=float, default=2.5, help="CPU seconds per engine and mode (default 2.5)")
    parser.add_argument("--slice", type=float, default=0.2, help="CPU seconds per turn (default 0.2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cores = {src: load(src) for src in args.src}
    print(f"load average {open('/proc/loadavg').read().split()[0]} at the start")
    for mode in ("apply", "push", "push+pop"):
        play = {src: player(core, mode, args.seed) for src, core in cores.items()}
        for one in play.values():
            for _ in range(3000):
                one()
        rates: dict[str, list[float]] = {src: [] for src in play}
        spent = dict.fromkeys(play, 0.0)
        while min(spent.values()) < args.seconds:
            for src, one in play.items():
                hands, start = 0, time.process_time()
                while time.process_time() - start < args.slice:
                    for _ in range(50):
                        one()
                    hands += 50
                took = time.process_time() - start
                spent[src] += took
                rates[src].append(hands / took)
        ref = statistics.median(rates[args.src[0]])
        cells = [f"{src}: {statistics.median(r):,.0f} ({statistics.median(r) / ref:.3f})" for src, r in rates.items()]
        print(f"{mode:9}", "  ".join(cells), flush=True)
    print("a card's push + pop:", "  ".join(f"{src}: {card_push_pop_ns(core):.0f} ns" for src, core in cores.items()))


if __name__ == "__main__":
    main()

"""Benchmark: full five-trick open-hand solves, numba kernel against the pure-Python fallback.

Deals random hands of a preset (``HandState.deal`` with a seeded generator), bids at random
until trump is fixed with four seats playing (no lone hands), and solves each hand at the
opening lead with :func:`euchre.solver.analyse`: the exact tricks and points of every legal
card of the leader. Both backends solve in the same process, one after the other:

- numba: the first call (compiling the kernel, or loading it from numba's on-disk cache) is
  timed on its own and left out of the mean; ``--fresh-compile`` points numba at an empty
  cache directory so that the first call is a real compile;
- python: the same kernel run as plain Python, on the first ``--python-deals`` deals.

Prints the mean time per full solve (through the public ``analyse()``, translation from the
HandState included), the median and the slowest, the mean nodes searched, and the ratio.
The two backends are checked to agree on every deal they both solve.

    .venv/bin/python bench/bench_solver.py --deals 2000 --python-deals 200 --seed 1
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
import time

from euchre.core import HandState, Phase, preset
from euchre.core.rules import Rules


def opening_positions(rules: Rules, count: int, seed: int) -> list[HandState]:
    """``count`` random hands at the opening lead, four seats playing."""
    rng = random.Random(seed)
    out: list[HandState] = []
    while len(out) < count:
        st = HandState.deal(rules, rng.randrange(4), rng)
        while st.phase != Phase.PLAY and not st.is_over:
            legal = st.legal_codes()
            if st.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
                calls = [c for c in legal if c in (1, 3, 4, 5, 6, 7)]
                code = rng.choice(calls) if calls and rng.random() < 0.3 else (0 if 0 in legal else rng.choice(calls))
            elif st.phase == Phase.ALONE_DECISION:
                code = 14  # play with the partner
            elif st.phase in (Phase.DISCARD, Phase.BLIND_NAME):
                code = rng.choice([c for c in legal if c < 8 or c >= 20])  # no lone call
            else:
                code = 0  # no takeover, no lone defence
            st.apply(code)
        if st.phase == Phase.PLAY and st.active == 0b1111:
            out.append(st)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="modern-standard")
    parser.add_argument("--deals", type=int, default=2000, help="deals solved with numba")
    parser.add_argument("--python-deals", type=int, default=200, help="deals (the first ones) solved in pure Python")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fresh-compile", action="store_true", help="compile the kernel instead of loading numba's cache")
    args = parser.parse_args()

    if args.fresh_compile:
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="euchre-numba-")
    from euchre.solver import analyse, numba_available

    rules = preset(args.preset)
    deals = opening_positions(rules, max(args.deals, args.python_deals), args.seed)
    print(f"euchre open-hand solver: {args.preset}, full five-trick solves at the opening lead, seed {args.seed}")
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.processor() or platform.platform()}), one thread")

    results = {}
    if numba_available():
        import numba

        start = time.perf_counter()
        analyse(deals[0], backend="numba")
        first = time.perf_counter() - start
        how = "compile" if args.fresh_compile else "compile or load from cache"
        print(f"numba {numba.__version__}: first call ({how}) {first:.2f} s, not counted below")
        results["numba"] = run(deals[: args.deals], "numba")
    else:
        print("numba is not installed: python only")
    results["python"] = run(deals[: args.python_deals], "python")

    for name, (times, nodes, _) in results.items():
        ms = [t * 1000 for t in times]
        print(f"{name:>6}: {len(ms)} solves, mean {statistics.fmean(ms):.3f} ms, median {statistics.median(ms):.3f} ms, "
              f"slowest {max(ms):.3f} ms, mean nodes {statistics.fmean(nodes):.0f}")
    if "numba" in results:
        n = args.python_deals
        nb_mean = statistics.fmean(results["numba"][0][:n])
        py_mean = statistics.fmean(results["python"][0])
        print(f"python / numba on the same {n} deals: {py_mean / nb_mean:.1f}x")
        if results["numba"][2][:n] != results["python"][2]:
            print("MISMATCH between the backends", file=sys.stderr)
            return 1
        print("the backends agree on every deal both solved")
    return 0


def run(deals: list[HandState], backend: str) -> tuple[list[float], list[int], list[dict[int, int]]]:
    """Solve each deal; returns the seconds per solve, the nodes, and the tricks per card."""
    from euchre.solver import analyse

    times, nodes, values = [], [], []
    clock = time.perf_counter
    for st in deals:
        start = clock()
        sol = analyse(st, backend=backend)
        times.append(clock() - start)
        nodes.append(sol.nodes)
        values.append(sol.tricks)
    return times, nodes, values


if __name__ == "__main__":
    sys.exit(main())

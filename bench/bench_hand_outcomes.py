"""Benchmark: how often each outcome of a hand happens, by whether the makers are the
dealer's side, when four ``intermediate`` players play ``modern-standard`` hands (the
rates behind :data:`euchre.bots.equity.HAND_OUTCOMES`, the model of a hand that the
expert's score-aware bidding values a score by).

Prints the rate of each (makers, outcome) pair per hand, with its count::

    .venv/bin/python bench/bench_hand_outcomes.py --hands 40000 --seed 1
"""

from __future__ import annotations

import argparse
import collections
import random

from euchre.analysis.duplicate import play_hand
from euchre.bots.heuristic import HeuristicBot
from euchre.core import preset
from euchre.core.hand import HandState


def outcome(hand: HandState) -> tuple[str, str]:
    """(``dealer``, ``other`` or ``none``: the makers' side, the kind of result) of a
    finished hand of the four-hand game."""
    result = hand.result
    assert result is not None
    if result.maker is None:
        return "none", "passed_out"
    table = hand.table
    side = "dealer" if table.team[result.maker] == table.team[hand.dealer] else "other"
    makers = table.team[result.maker]
    lone = result.alone is not None
    if result.points[makers] > 0:
        kind = "march" if result.tricks[makers] == 5 else "make"
    else:
        kind = "euchred"
    return side, ("lone_" if lone else "") + kind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=40000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = preset("modern-standard")
    rng = random.Random(args.seed)
    counts: collections.Counter[tuple[str, str]] = collections.Counter()
    for i in range(args.hands):
        hand = HandState.deal(rules, i % 4, random.Random(rng.getrandbits(64)))
        bots = [HeuristicBot(rng.getrandbits(32)) for _ in range(4)]
        play_hand(hand, bots)
        counts[outcome(hand)] += 1
    print(f"{args.hands} hands of modern-standard, four intermediate players, seed {args.seed}")
    for key in sorted(counts):
        print(f"  {key[0]:6} {key[1]:16} {counts[key] / args.hands:.4f}  ({counts[key]})")


if __name__ == "__main__":
    main()

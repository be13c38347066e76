"""Benchmark: the learned bidding (:mod:`euchre.bots.learned`) against the ``expert``'s
rollout bidding and against the ``intermediate`` heuristic's, on the same duplicate deals.

Every bot plays the cards the same way (``--play-worlds 0``: the heuristic's card play, so
the bidding is all that differs; N: PIMC over N worlds with the bidding inference, as the
``expert``), the dealer's discard and every other decision as the heuristic does. The
bidders:

- ``learned``: rounds one and two by the learned model;
- ``rollout``: the ``expert``'s bidding by rollouts over 32 worlds;
- ``intermediate``: the heuristic's bidding.

Prints each pairing's share of the points and A's margin per hand with its 95% interval
over deals, and the learned bidder's margin against ``intermediate`` less the rollout
bidder's, deal by deal (paired)::

    .venv/bin/python bench/bench_learned_bidding.py --deals 2000 --seed 1 --play-worlds 0

With ``--time-hands N`` it times instead each bidder's decisions of rounds one and two
over N hands played by that bidder in every seat (median and most, one thread)::

    .venv/bin/python bench/bench_learned_bidding.py --time-hands 200 --seed 1
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time

from euchre.bots.rollout import RolloutBot
from euchre.bots.rollout_settings import DEFAULT_SETTINGS
from euchre.core import HandState, Phase, preset, view_of
from paired import deal_margins, interval, paired_matches, point_share, print_paired

BIDDERS = ("learned", "rollout", "intermediate")


def make_bot(bidder: str, play_worlds: int, seed: int) -> RolloutBot:
    """A bot bidding as ``bidder`` (one of :data:`BIDDERS`) with ``play_worlds``."""
    if bidder not in BIDDERS:
        raise SystemExit(f"unknown bidder {bidder!r}; one of {', '.join(BIDDERS)}")
    return RolloutBot(seed, DEFAULT_SETTINGS, play_worlds=play_worlds, rollouts=bidder == "rollout",
                      learned=bidder == "learned")


def time_bidding(bidder: str, preset_name: str, hands: int, seed: int) -> list[float]:
    """Seconds per decision of rounds one and two for ``hands`` hands of ``bidder`` in every seat."""
    rules = preset(preset_name)
    rng = random.Random(seed)
    bots = [make_bot(bidder, 0, seed * 4 + s) for s in range(4)]
    times: list[float] = []
    for _ in range(hands):
        hand = HandState.deal(rules, rng.randrange(4), rng)
        while not hand.is_over:
            view = view_of(hand, hand.turn)
            start = time.perf_counter()
            action = bots[hand.turn].choose(view)
            if hand.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
                times.append(time.perf_counter() - start)
            hand.apply(action)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="modern-standard")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play-worlds", type=int, default=0)
    parser.add_argument("--pairings", default="learned-rollout,learned-intermediate,rollout-intermediate",
                        help="comma-separated A-B pairs of bidders")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--time-hands", type=int, default=0)
    args = parser.parse_args(argv)
    if args.time_hands:
        print(f"time per decision of rounds one and two, {args.preset}, {args.time_hands} hands, seed {args.seed}")
        for bidder in BIDDERS:
            times = time_bidding(bidder, args.preset, args.time_hands, args.seed)
            print(f"  {bidder:<12} {len(times):>5} decisions, median {statistics.median(times) * 1e3:8.2f} ms, "
                  f"most {max(times) * 1e3:8.2f} ms")
        return 0
    rules = preset(args.preset)
    pairs = [tuple(p.split("-")) for p in args.pairings.split(",")]
    for pair in pairs:
        if len(pair) != 2:
            raise SystemExit(f"a pairing is A-B, not {'-'.join(pair)!r}")
    start = time.perf_counter()
    records = paired_matches(rules, [(functools.partial(make_bot, a, args.play_worlds), functools.partial(make_bot, b, args.play_worlds))
                                  for a, b in pairs], deals=args.deals, seed=args.seed, workers=args.workers)
    print(f"{args.preset}, {args.deals} duplicate deals, seed {args.seed}, play worlds {args.play_worlds}")
    margins = {}
    for (a, b), record in zip(pairs, records, strict=True):
        margins[(a, b)] = deal_margins(record)
        print(f"  {a} vs {b}: {point_share(record):.1%} of the points, margin {interval(margins[(a, b)])} points a hand")
    if ("learned", "intermediate") in margins and ("rollout", "intermediate") in margins:
        print_paired(["rollout vs intermediate", "learned vs intermediate"],
                     [margins[("rollout", "intermediate")], margins[("learned", "intermediate")]])
    print(f"  {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

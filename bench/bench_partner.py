"""Benchmark: designs of the expert as the partner of an ``intermediate`` player
(docs/strength.md, "As a partner"). North (East in the other play of each duplicate deal)
plays the design, its partner the ``intermediate`` heuristic, against two intermediates
holding the same cards (as ``euchre arena --bots expert+intermediate,intermediate``).

Designs:

- ``level``: the ``expert`` level as it is (reads every other seat's calls as the
  heuristic's, ``infer = "others"``);
- ``opponents``: the same, reading only the opponents' calls (``infer = "opponents"``):
  the partner's calls tell it nothing;
- ``no-inference``: reading nobody's calls (``infer = "none"``: worlds drawn only from
  what the view shows);
- ``heuristic-bidding``: the intermediate's bidding with the expert's card play (PIMC over
  100 worlds with the inference).

Prints each design's margin per hand with its 95% interval over deals, and each design
less the first, deal by deal (paired)::

    .venv/bin/python bench/bench_partner.py --deals 2000 --seed 1 --designs level,opponents,heuristic-bidding
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import sys
import time

from euchre.bots.heuristic import HeuristicBot
from euchre.bots.rollout import RolloutBot
from euchre.bots.rollout_settings import DEFAULT_SETTINGS, EXPERT_PLAY_WORLDS
from euchre.bots.side import MixedSideBot
from euchre.core import preset
from paired import deal_margins, interval, paired_matches, print_paired


def design_bot(design: str, seed: int) -> RolloutBot:
    """The expert built as ``design`` says (see the module docstring)."""
    if design == "heuristic-bidding":
        return RolloutBot(seed, DEFAULT_SETTINGS, play_worlds=EXPERT_PLAY_WORLDS, rollouts=False)
    infer = {"level": "others", "opponents": "opponents", "no-inference": "none"}[design]
    return RolloutBot(seed, dataclasses.replace(DEFAULT_SETTINGS, infer=infer), play_worlds=EXPERT_PLAY_WORLDS)


DESIGNS = ("level", "opponents", "no-inference", "heuristic-bidding")


def with_intermediate(design: str, seed: int = 0) -> MixedSideBot:
    """A seat of the side whose first seat plays ``design`` and second the heuristic."""
    return MixedSideBot((design, "intermediate"), bots=(design_bot(design, seed), HeuristicBot(seed)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--designs", default="level,opponents")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    designs = [d.strip() for d in args.designs.split(",")]
    unknown = [d for d in designs if d not in DESIGNS]
    if unknown:
        parser.error(f"--designs: {', '.join(unknown)} not among {', '.join(DESIGNS)}")
    rules = preset("modern-standard")
    start = time.perf_counter()
    records = paired_matches(rules, [(functools.partial(with_intermediate, d), HeuristicBot) for d in designs],
                          deals=args.deals, seed=args.seed, workers=args.workers)
    margins = [deal_margins(record) for record in records]
    for design, m in zip(designs, margins, strict=True):
        print(f"{design:18s} + intermediate vs two intermediates: {interval(m)} points a hand")
    print_paired(designs, margins)
    print(f"modern-standard, {args.deals} duplicate deals, seed {args.seed}, {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: the expert's card play with worlds weighted by how likely the others' past
plays are under the heuristic (``RolloutSettings.play_likelihood``; docs/strength.md,
"Inference from the play").

Every weight plays the same duplicate deals against the same opponent
(:func:`euchre.analysis.duplicate.run_matches`); prints each weight's share and margin per
hand, and each weight's margin less the first weight's, deal by deal (paired), with 95%
intervals::

    .venv/bin/python bench/bench_play_inference.py --preset modern-standard --deals 700 --seed 1 --likelihoods 1,0.5,0.25

A likelihood of 1 is the ``expert`` level as shipped.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import sys
import time

from euchre.analysis.duplicate import run_matches
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.pimc import PlainPimcBot
from euchre.bots.rollout import DEFAULT_SETTINGS, EXPERT_PLAY_WORLDS, RolloutBot
from euchre.bots.search import AdvancedBot
from euchre.core import preset
from paired import deal_margins, interval, print_paired

OPPONENTS = {"pimc:50": functools.partial(PlainPimcBot, worlds=50), "intermediate": HeuristicBot,
             "advanced": AdvancedBot}


class WeighingExpert(RolloutBot):
    """The expert level with its play worlds weighted by ``play_likelihood``."""

    level = "expert"

    def __init__(self, play_likelihood: float, seed: int = 0) -> None:
        settings = dataclasses.replace(DEFAULT_SETTINGS, play_likelihood=play_likelihood)
        super().__init__(seed, settings, play_worlds=EXPERT_PLAY_WORLDS, learned=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="modern-standard")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--likelihoods", default="1,0.5", help="the weights per disagreeing play, the first the base")
    parser.add_argument("--opponent", default="pimc:50", choices=sorted(OPPONENTS))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        likes = [float(x) for x in args.likelihoods.split(",")]
    except ValueError:
        parser.error(f"--likelihoods: numbers in (0, 1] separated by commas, not {args.likelihoods!r}")
    if any(not 0 < x <= 1 for x in likes):
        parser.error(f"--likelihoods: numbers in (0, 1], not {args.likelihoods!r}")
    start = time.perf_counter()
    records = run_matches(preset(args.preset),
                          [(functools.partial(WeighingExpert, x), OPPONENTS[args.opponent]) for x in likes],
                          deals=args.deals, seed=args.seed, workers=args.workers)
    margins = [deal_margins(record) for record in records]
    for like, record, m in zip(likes, records, margins, strict=True):
        a = sum(d.a_points for d in record.deals)
        b = sum(d.b_points for d in record.deals)
        print(f"expert (play likelihood {like:g}) vs {args.opponent}: share {a / max(a + b, 1):.1%}, "
              f"margin {interval(m)} points a hand")
    print_paired([f"likelihood {x:g}" for x in likes], margins)
    print(f"{args.preset}, {args.deals} duplicate deals, seed {args.seed}, {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

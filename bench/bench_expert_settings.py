"""Benchmark: the expert with other settings (:class:`euchre.bots.rollout.RolloutSettings`)
on the same duplicate deals against the same opponent (docs/strength.md, "Inference from
the play and the call bias").

A variant is ``base`` (the ``expert`` level as shipped) or settings over the level's,
``NAME=VALUE`` joined by ``+`` (``play_likelihood=0.5+call_bias=0.2``); besides the
settings, ``play_worlds=N`` sets the worlds of the card play (the level's 100). Every variant
plays the same deals (:func:`euchre.analysis.duplicate.run_matches`); prints each one's
share and margin per hand, and each one's margin less the first's, deal by deal
(paired), with 95% intervals::

    .venv/bin/python bench/bench_expert_settings.py --preset modern-standard --deals 400 --seed 1 \\
        --variants base,play_likelihood=0.5,play_likelihood=0.25,call_bias=0.2
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import sys
import time
from typing import Any

from euchre.analysis.duplicate import run_matches
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.pimc import PlainPimcBot
from euchre.bots.rollout import RolloutBot
from euchre.bots.rollout_settings import EXPERT_PLAY_WORLDS, EXPERT_SETTINGS, RolloutSettings
from euchre.bots.search import AdvancedBot
from euchre.core import EuchreError, preset
from paired import deal_margins, interval, point_share, print_paired

OPPONENTS = {"pimc:50": functools.partial(PlainPimcBot, worlds=50), "intermediate": HeuristicBot,
             "advanced": AdvancedBot}


class ExpertWith(RolloutBot):
    """The expert level with ``settings`` and ``play_worlds`` instead of its own."""

    level = "expert"

    def __init__(self, variant: tuple[RolloutSettings, int], seed: int = 0) -> None:
        settings, play_worlds = variant
        super().__init__(seed, settings, play_worlds=play_worlds, learned=True)


def parse_variant(text: str) -> tuple[RolloutSettings, int]:
    """``base`` or ``NAME=VALUE[+NAME=VALUE...]`` over the level's settings; the settings
    and the worlds of the card play.

    Raises:
        ValueError: an unknown setting or a value of the wrong kind.
    """
    if text == "base":
        return EXPERT_SETTINGS, EXPERT_PLAY_WORLDS
    fields = {f.name: f.type for f in dataclasses.fields(RolloutSettings)}
    changes: dict[str, Any] = {}
    play_worlds = EXPERT_PLAY_WORLDS
    for part in text.split("+"):
        name, _, value = part.partition("=")
        if name == "play_worlds" and value.isdigit() and int(value) >= 1:
            play_worlds = int(value)
            continue
        if name not in fields or not value:
            raise ValueError(f"{part!r}: NAME=VALUE with NAME play_worlds or one of {', '.join(fields)}")
        kind = fields[name]
        changes[name] = (value == "true" if kind == "bool" else int(value) if kind == "int"
                         else float(value) if kind == "float" else value)
    try:
        return dataclasses.replace(EXPERT_SETTINGS, **changes), play_worlds
    except EuchreError as exc:
        raise ValueError(str(exc)) from exc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="modern-standard")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="base,play_likelihood=0.5", help="comma-separated, the first the base")
    parser.add_argument("--opponent", default="pimc:50", choices=sorted(OPPONENTS))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    names = args.variants.split(",")
    try:
        variants = [parse_variant(v) for v in names]
    except ValueError as exc:
        parser.error(f"--variants: {exc}")
    start = time.perf_counter()
    records = run_matches(preset(args.preset),
                          [(functools.partial(ExpertWith, v), OPPONENTS[args.opponent]) for v in variants],
                          deals=args.deals, seed=args.seed, workers=args.workers)
    margins = [deal_margins(record) for record in records]
    for name, record, m in zip(names, records, margins, strict=True):
        print(f"expert ({name}) vs {args.opponent}: share {point_share(record):.1%}, margin {interval(m)} points a hand")
    print_paired(names, margins)
    print(f"{args.preset}, {args.deals} duplicate deals, seed {args.seed}, {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: what the expert's rollouts should count as the worth of a hand at the tables
where every player plays for himself (docs/strength.md, "Tables of three to six players").

A rollout values a hand for the deciding player by :func:`euchre.bots.rollout.hand_value`:
his points less the mean of the other players' (the level's rule). Two other rules are
compared with it: ``max``, his points less the most any other player took (the level's
rule before 2026-12-02, under which a defender's euchre at cutthroat was worth 2 - 2 = 0),
and ``sum``, less the sum of the others' points.

``paired``: the expert with each rule plays the same duplicate deals against ``advanced``
(:func:`euchre.analysis.duplicate.run_matches`); prints each rule's share and margin per
hand, and each rule's margin less the first rule's, deal by deal (paired), with 95%
intervals::

    .venv/bin/python bench/bench_rollout_value.py paired --preset cutthroat-3 --deals 500 --seed 11 --values max,mean,sum

``decisions``: heuristic players play hands of the preset; at each decision of the given
phases the rollout (32 worlds, the level's settings) chooses, and each choice is valued
afresh over 400 worlds; prints the mean gain per decision of the rollout's choice over
the heuristic's, and of the best of the 400-world values (what a perfect rollout would
gain, by the rollouts' own measure)::

    .venv/bin/python bench/bench_rollout_value.py decisions --preset call-ace-6 --deals 25 --phases ALONE_DECISION
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable

from euchre.analysis.duplicate import deal_for
from euchre.bots import rollout
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.rollout import RolloutBot, rollout_decision
from euchre.bots.rollout_settings import DEFAULT_SETTINGS, EXPERT_PLAY_WORLDS, RolloutSettings
from euchre.bots.search import AdvancedBot
from euchre.core import preset, view_of
from euchre.core.actions import Action
from euchre.core.views import PlayerView
from paired import deal_margins, interval, paired_matches, point_share, print_paired

Value = Callable[[tuple[int, ...], int, tuple[int, ...], int], float]


def _capped(points: tuple[int, ...], team: int, score: tuple[int, ...], target: int) -> tuple[float, list[int]]:
    """The team's points and the others', each capped at what its side needs."""
    mine = min(points[team], max(target - score[team], 1))
    return mine, [min(points[t], max(target - score[t], 1)) for t in range(len(points)) if t != team]


def most_value(points: tuple[int, ...], team: int, score: tuple[int, ...], target: int) -> float:
    """His points less the most any other player took (the rule before 2026-12-02)."""
    mine, others = _capped(points, team, score, target)
    return float(mine - max(others))


def sum_value(points: tuple[int, ...], team: int, score: tuple[int, ...], target: int) -> float:
    """His points less the sum of the others' points."""
    mine, others = _capped(points, team, score, target)
    return float(mine - sum(others))


VALUES: dict[str, Value] = {"mean": rollout.hand_value, "max": most_value, "sum": sum_value}


class ValuedExpert(RolloutBot):
    """The expert level with another rule for the worth of a hand in its rollouts."""

    level = "expert"

    def __init__(self, value: str, seed: int = 0) -> None:
        super().__init__(seed, DEFAULT_SETTINGS, play_worlds=EXPERT_PLAY_WORLDS)
        self.value = VALUES[value]

    def preferred(self, view: PlayerView) -> Action:
        level_value = rollout.hand_value
        setattr(rollout, "hand_value", self.value)  # noqa: B010 - the rollouts read the module's function
        try:
            return super().preferred(view)
        finally:
            setattr(rollout, "hand_value", level_value)  # noqa: B010 - the level's function again


def paired(preset_name: str, deals: int, seed: int, values: list[str], workers: int) -> None:
    rules = preset(preset_name)
    start = time.perf_counter()
    records = paired_matches(rules, [(functools.partial(ValuedExpert, v), AdvancedBot) for v in values],
                          deals=deals, seed=seed, workers=workers)
    margins = [deal_margins(record) for record in records]
    for value, record, m in zip(values, records, margins, strict=True):
        print(f"expert ({value:4s}) vs advanced: share {point_share(record):.1%}, margin {interval(m)} points a hand")
    print_paired(values, margins)
    print(f"{preset_name}, {deals} duplicate deals, seed {seed}, {time.perf_counter() - start:.0f} s")


def decisions(preset_name: str, deals: int, seed: int, phases: set[str]) -> None:
    rules = preset(preset_name)
    gains: list[float] = []
    best: list[float] = []
    for i in range(deals):
        hand = deal_for(rules, seed, i)
        bots = [HeuristicBot(s) for s in range(rules.table.seats)]
        while not hand.is_over:
            seat = hand.turn
            view = view_of(hand, seat)
            action = bots[seat].choose(view)
            if hand.phase.name in phases and len(view.legal) > 1:
                truth = rollout_decision(view, random.Random(1000 + i), action,
                                         RolloutSettings(worlds=400, screen=0)).means
                chosen = rollout_decision(view, random.Random(7 * i + seat), action, DEFAULT_SETTINGS).action
                gains.append(truth[chosen] - truth[action])
                best.append(max(truth.values()) - truth[action])
            hand.apply(action)
    for label, xs in (("the rollout's choice", gains), ("the best by 400 worlds", best)):
        print(f"{label}: {interval(xs)} points a decision over the "
              f"heuristic's, {len(xs)} decisions, {sum(1 for x in xs if x)} changed")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("mode", choices=("paired", "decisions"))
    parser.add_argument("--preset", default="cutthroat-3")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=None, help="default: 11 (paired), 99 (decisions)")
    parser.add_argument("--values", default="max,mean,sum", help="paired: the rules, the first the base")
    parser.add_argument("--phases", default="ALONE_DECISION", help="decisions: the phases, comma-separated")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if args.mode == "paired":
        values = [v.strip() for v in args.values.split(",")]
        unknown = [v for v in values if v not in VALUES]
        if unknown:
            parser.error(f"--values: {', '.join(unknown)} not among {', '.join(VALUES)}")
        paired(args.preset, args.deals, 11 if args.seed is None else args.seed, values, args.workers)
    else:
        decisions(args.preset, args.deals, 99 if args.seed is None else args.seed, set(args.phases.split(",")))
    return 0


if __name__ == "__main__":
    sys.exit(main())

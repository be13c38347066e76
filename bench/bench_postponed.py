"""Benchmark: how often and at what cost the postponed next decision changes the expert's
card choice (:mod:`euchre.bots.postponed`, ``RolloutSettings.postpone``).

Seeded hands are played by ``expert`` bots; at every card decision with a choice the
same decision is also taken by a twin bot with ``postpone=True`` (the same seed, so the
same worlds). Prints how many choices differ, the CPU time of the level's card decision
and the time the postponement adds to it (spent in ``postponed_values``), each the mean
and the median::

    .venv/bin/python bench/bench_postponed.py --preset modern-standard --hands 6
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from typing import Any

from euchre.bots import rollout
from euchre.bots.postponed import postponed_values
from euchre.bots.rollout import RolloutBot
from euchre.bots.rollout_settings import EXPERT_PLAY_WORLDS, EXPERT_SETTINGS
from euchre.core import HandState, Phase, preset, view_of


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="modern-standard")
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args(argv)
    rules = preset(args.preset)
    seats = rules.table.seats
    postponed = dataclasses.replace(EXPERT_SETTINGS, postpone=True)
    base = [RolloutBot(s, EXPERT_SETTINGS, play_worlds=EXPERT_PLAY_WORLDS, learned=True) for s in range(seats)]
    twin = [RolloutBot(s, postponed, play_worlds=EXPERT_PLAY_WORLDS, learned=True) for s in range(seats)]
    rng = random.Random(args.seed)
    spent_all: list[float] = []
    added: list[float] = []
    valued = postponed_values

    def timed(*a: Any, **k: Any) -> dict[int, float]:
        start = time.process_time()
        out = valued(*a, **k)
        added.append(time.process_time() - start)
        return out

    setattr(rollout, "postponed_values", timed)  # noqa: B010 - the card play calls the name in its module
    differ = 0
    for _ in range(args.hands):
        hand = HandState.deal(rules, rng.randrange(seats), rng)
        while not hand.is_over:
            seat = hand.turn
            view = view_of(hand, seat)
            choice = hand.phase == Phase.PLAY and len(view.legal) > 1
            start = time.process_time()
            action = base[seat].choose(view)
            spent = time.process_time() - start
            other = twin[seat].choose(view)
            if choice:
                spent_all.append(spent)
                differ += action != other
            hand.apply(action)
    print(f"{args.preset}, {args.hands} hands, seed {args.seed}: {len(spent_all)} card choices, {differ} differ")
    for name, times in (("the level's card decision", spent_all), ("the postponement adds", added)):
        print(f"  {name}: mean {statistics.mean(times) * 1000:.1f} ms, median {statistics.median(times) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

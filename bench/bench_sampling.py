"""Benchmark: drawing the expert's card-play worlds (the inference's worlds).

Collects the view of every card decision with a choice in ``--hands`` seeded hands
played by ``advanced`` bots, then draws the worlds one card decision of the ``expert``
draws (:func:`euchre.bots.rollout.inferred_worlds`: 100 worlds, up to 8 tries each, every
other seat's calls checked) for each view. Prints the CPU seconds of all the draws, the
best of ``--repeats`` passes (the judge's memory cleared before each), and a checksum of
the worlds drawn: the same checksum from two versions of the code means they draw the
same worlds. To compare with an older commit, run the same script with that commit's
source first on the path::

    .venv/bin/python bench/bench_sampling.py --preset modern-standard
    git worktree add /tmp/old 95fc1f6
    PYTHONPATH=/tmp/old/src .venv/bin/python bench/bench_sampling.py --preset modern-standard
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time

import euchre
from euchre.bots import make_bot
from euchre.bots.inference import heuristic_code, inferred_worlds
from euchre.bots.rollout_settings import EXPERT_PLAY_WORLDS
from euchre.core import HandState, Phase, preset, view_of
from euchre.core.views import PlayerView


def card_decisions(name: str, hands: int, seed: int) -> list[PlayerView]:
    """The views of every card decision with more than one legal card in ``hands`` hands
    of preset ``name`` played by ``advanced`` bots."""
    rules = preset(name)
    seats = rules.table.seats
    rng = random.Random(seed)
    bots = [make_bot("advanced", s) for s in range(seats)]
    views = []
    for _ in range(hands):
        hand = HandState.deal(rules, rng.randrange(seats), rng)
        while not hand.is_over:
            view = view_of(hand, hand.turn)
            if hand.phase == Phase.PLAY and len(view.legal) > 1:
                views.append(view)
            hand.apply(bots[hand.turn].choose(view))
    return views


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="modern-standard")
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    views = card_decisions(args.preset, args.hands, args.seed)
    best = float("inf")
    digest = ""
    for _ in range(args.repeats):
        heuristic_code.cache_clear()
        check = hashlib.sha256()
        start = time.process_time()
        for view in views:
            for world in inferred_worlds(view, random.Random(5), EXPERT_PLAY_WORLDS, 8, "others"):
                check.update(repr((world.deal_hands, world.stock)).encode())
        best = min(best, time.process_time() - start)
        digest = check.hexdigest()[:16]
    print(f"euchre from {euchre.__file__}")
    print(f"{args.preset}: {len(views)} card decisions, {EXPERT_PLAY_WORLDS} worlds each: "
          f"{best:.2f} s CPU (best of {args.repeats}), {best / len(views) * 1000:.0f} ms a decision; worlds {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

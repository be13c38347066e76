"""Benchmark: how often the expert's card-play inference gives up checking calls.

Plays hands with ``expert`` bots North-South against plain PIMC-50 East-West (or another
opponent level) and, at every expert card decision with a choice, watches the worlds
:func:`euchre.bots.inference.inferred_worlds` keeps (by wrapping the module's one-world
draw): whether the decision gave up the inference (:data:`GIVE_UP_FAILURES` worlds, more
than a quarter of those kept, found no world agreeing with every checked call), and
whose calls the failing worlds disagreed with (left opponent, partner, right opponent).
Prints the counts (docs/strength.md, "Giving up the inference one seat at a time")::

    .venv/bin/python bench/bench_inference_give_up.py --hands 25 --seed 11
"""

from __future__ import annotations

import argparse
import random
import re
from collections import Counter

from euchre.bots import inference, make_bot
from euchre.bots.base import Bot
from euchre.bots.pimc import PlainPimcBot
from euchre.core import EuchreError, HandState, Phase, preset, view_of
from euchre.core.rules import Rules
from euchre.core.views import PlayerView

ROLES = ("left opponent", "partner", "right opponent")


class Watch:
    """The one-world draws of the current decision: how many, how many failed, whose
    calls the failing worlds disagreed with, and whether the give-up rule fired."""

    def __init__(self) -> None:
        self.draw = inference._inferred
        self.reset()

    def reset(self) -> None:
        self.kept = 0
        self.failed = 0
        self.gave_up = False
        self.blamed: set[int] = set()

    def __call__(self, view: PlayerView, rng: random.Random, tries: int, seats: int,
                 judge: inference.Judge, blame: bool = False) -> tuple[HandState, bool, int]:
        world, agrees, blamed = self.draw(view, rng, tries, seats, judge, True)
        self.kept += 1
        if not agrees:
            self.failed += 1
            self.blamed.update((s - view.seat) % view.table.seats for s in range(view.table.seats) if blamed >> s & 1)
            if self.failed >= inference.GIVE_UP_FAILURES and 4 * self.failed > self.kept:
                self.gave_up = True
        return world, agrees, blamed if blame else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="modern-standard")
    parser.add_argument("--hands", type=int, default=25)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--opponent", default="pimc:50", help="pimc:50 or a bot level")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error(f"--hands: a whole number >= 1, not {args.hands}")
    try:
        rules = preset(args.preset)
        opponent(args.opponent, 1)
    except EuchreError as exc:
        parser.error(str(exc))
    if rules.table.seats != 4 or rules.table.individual:
        parser.error("--preset: a four-hand partnership preset")
    watch = Watch()
    inference._inferred = watch  # instrumentation, undone below
    try:
        decisions, gave_up, blamed = watched(rules, args, watch)
    finally:
        inference._inferred = watch.draw
    print(f"{args.preset}, {args.hands} hands, seed {args.seed}, expert vs {args.opponent}: "
          f"{decisions} expert card decisions with a choice; the inference gave up in {gave_up} "
          f"({100 * gave_up / max(decisions, 1):.0f}%)")
    print("decisions with a failing world disagreeing with the calls of: "
          + ", ".join(f"{ROLES[k - 1]} {blamed[k]}" for k in (1, 2, 3)))
    return 0


def watched(rules: Rules, args: argparse.Namespace, watch: Watch) -> tuple[int, int, Counter[int]]:
    """Play the hands; the expert card decisions with a choice, those that gave up the
    inference, and how many blamed each seat (1 left opponent, 2 partner, 3 right)."""
    rng = random.Random(args.seed)
    decisions = gave_up = 0
    blamed: Counter[int] = Counter()
    for h in range(args.hands):
        hand = HandState.deal(rules, h % 4, rng)
        bots: list[Bot] = [make_bot("expert", 0), opponent(args.opponent, 1),
                           make_bot("expert", 2), opponent(args.opponent, 3)]
        while not hand.is_over:
            seat = hand.turn
            view = view_of(hand, seat)
            watch.reset()
            action = bots[seat].choose(view)
            if seat % 2 == 0 and hand.phase == Phase.PLAY and watch.kept:
                decisions += 1
                gave_up += watch.gave_up
                blamed.update(watch.blamed)
            hand.apply(action)
    return decisions, gave_up, blamed


def opponent(name: str, seed: int) -> Bot:
    """The opponent bot: ``pimc:N`` (plain PIMC over N worlds) or a level.

    Raises:
        EuchreError: neither.
    """
    if re.fullmatch(r"pimc:[0-9]+", name):
        return PlainPimcBot(seed, worlds=int(name[5:]))
    return make_bot(name, seed)


if __name__ == "__main__":
    raise SystemExit(main())

"""Benchmark: how often each bidder orders up with a jack turned up (strategy fusion).

Issue 3 says that a bidder trusting open-hand values (Perfect Information Monte Carlo on
the bidding) "with the right bower turned up orders in nearly every hand, where a better
bidder passes in about a third of them": the open-hand solver knows where every card is,
so every call looks better than it is. This script measures it on our bidders.

Deals of ``--preset`` are drawn from ``--seed`` until ``--deals`` of them turn up a jack.
On each such deal, every seat's first decision of round one is put to each bidder in the
same state (the seats before it passed): the eldest hand, the second, the dealer's
partner, then the dealer. The bidders, each shown only its seat's view:

- ``intermediate``: the heuristic (:class:`euchre.bots.heuristic.HeuristicBot`);
- ``expert``: rollout bidding, every call played out with the heuristic's card play in
  worlds that agree with the calls (:func:`euchre.bots.rollout.rollout_decision`);
- ``open-hand``: the same worlds (``--worlds``), but each call valued by the open-hand
  solver at the first lead (the heuristic bids for the later seats), the best mean
  chosen: PIMC bidding, which the issue warns against;
- ``open-hand, plain``: the same over worlds drawn without the bidding inference (any
  deal the view allows).

Printed: the share of decisions in which each bidder accepts the upcard (orders up,
assists or takes up, alone or not), per seat and over all.

    .venv/bin/python bench/bench_bidding_fusion.py --deals 150 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace

from euchre.bots.heuristic import HeuristicBot
from euchre.bots.inference import inferred_worlds
from euchre.bots.rollout import hand_value, rollout_decision
from euchre.bots.rollout_settings import DEFAULT_SETTINGS
from euchre.core import HandState, Phase, preset, view_of
from euchre.core.actions import Action, action_text
from euchre.core.cards import JACK, JOKER
from euchre.core.views import PlayerView
from euchre.solver import solve_points

POSITIONS = ("eldest", "dealer's partner", "third hand", "dealer")
"""The seats in the order they bid: left of the dealer, the dealer's partner (who would
assist), right of the dealer, the dealer (who would take up)."""


def open_hand_choice(view: PlayerView, rng: random.Random, worlds: int, tries: int) -> Action:
    """PIMC bidding: the action whose open-hand value at the first lead, averaged over
    ``worlds`` worlds (drawn with ``tries`` tries each to agree with the calls; 1: any
    world the view allows), is best; the heuristic makes the later calls and the
    discard, the same seeds for every action."""
    team = view.seat & 1
    target = view.rules.game_target
    totals = dict.fromkeys(view.legal, 0.0)
    for world in inferred_worlds(view, rng, worlds, tries):
        seed = rng.getrandbits(32)
        for action in totals:
            state = world.copy()
            state.apply(action)
            bots = [HeuristicBot(seed * 4 + s) for s in range(4)]
            while state.phase != Phase.PLAY and not state.is_over:
                state.apply(bots[state.turn].choose(view_of(state, state.turn, view.score)))
            points = [0, 0]
            if state.is_over:
                assert state.result is not None  # a finished hand is scored
                points = list(state.result.points)
            else:
                best = max(solve_points(state).values())
                points[state.turn & 1 if best > 0 else ~state.turn & 1] = abs(best)
            totals[action] += hand_value((points[0], points[1]), team, view.score, target)
    top = max(totals.values())
    return next(a for a in view.legal if totals[a] >= top - 1e-9)


def accepts(action: Action) -> bool:
    """True for ordering up, assisting or taking up (alone or not)."""
    return action_text(int(action)).startswith("order")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=150, help="deals with a jack turned up (default 150)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=DEFAULT_SETTINGS.worlds,
                        help=f"worlds per decision for both searching bidders (default {DEFAULT_SETTINGS.worlds})")
    parser.add_argument("--preset", default="modern-standard")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.worlds < 1:
        parser.error("--deals and --worlds must be positive")
    rules = preset(args.preset)
    rng = random.Random(args.seed)
    settings = replace(DEFAULT_SETTINGS, worlds=args.worlds)
    bidders: dict[str, Callable[[PlayerView, random.Random], Action]] = {
        "intermediate": lambda view, r: HeuristicBot(r.getrandbits(32)).choose(view),
        "expert": lambda view, r: rollout_decision(view, r, HeuristicBot(0).choose(view), settings).action,
        "open-hand": lambda view, r: open_hand_choice(view, r, args.worlds, settings.bid_tries),
        "open-hand, plain": lambda view, r: open_hand_choice(view, r, args.worlds, 1),
    }
    counts = {name: [0, 0, 0, 0] for name in bidders}
    asked = [0, 0, 0, 0]
    started = time.perf_counter()
    found = 0
    while found < args.deals:
        hand = HandState.deal(rules, rng.randrange(4), rng)
        if hand.upcard == JOKER or hand.upcard % 8 != JACK or hand.phase != Phase.BID_ROUND_1:
            continue
        found += 1
        deal_seed = rng.getrandbits(32)
        for position in range(4):
            view = view_of(hand, hand.turn)
            asked[position] += 1
            for name, choose in bidders.items():
                counts[name][position] += accepts(choose(view, random.Random(deal_seed * 4 + position)))
            pass_action = next(a for a in view.legal if action_text(int(a)) == "pass")
            hand.apply(pass_action)
            if hand.phase != Phase.BID_ROUND_1:
                break
    elapsed = time.perf_counter() - started
    print(f"preset {args.preset}; {found} deals with a jack turned up; seed {args.seed}; "
          f"{args.worlds} worlds per decision; {elapsed:.0f} s")
    header = f"{'bidder':<18}" + "".join(f"{p:>18}" for p in POSITIONS) + f"{'all':>10}"
    print(header)
    for name, row in counts.items():
        cells = "".join(f"{row[p] / asked[p]:>17.0%} " for p in range(4))
        print(f"{name:<18}{cells}{sum(row) / sum(asked):>10.0%}")
    print("(share of first round-one decisions that order up, assist or take up; "
          f"{asked[0]} decisions per seat)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: the cost of a seat's view and of the page's state, per call.

States are collected from seeded games of random bots under several rule sets; then
``view_of(hand, seat, score)`` is timed for every seat of every state, and
``serialize.game_json(game, seat)`` encoded to JSON (what ``euchre serve`` sends a seat,
without the per-table cache) for the seat to act. Printed: microseconds per call, the
best of ``--repeats`` passes (CPU time), and how many views and states were timed.

    .venv/bin/python bench/bench_views.py --games 40 --repeats 5
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from euchre.core.game import Game
from euchre.core.presets import preset
from euchre.core.views import view_of
from euchre.server.json_text import dumps
from euchre.server.serialize import game_json

RULE_SETS = ("modern-standard", "dc-club-1862-coteries", "hoyle-1857", "openspiel", "british-benny")


def collect(games: int, seed: int) -> list[Game]:
    """Copies of games at every decision of ``games`` seeded random games per rule set."""
    out: list[Game] = []
    for name in RULE_SETS:
        rules = preset(name)
        for g in range(games):
            rng = random.Random(seed * 1000 + g)
            game = Game(rules, seed * 1000 + g, max_hands=40)
            while not game.is_over:
                if rng.random() < 0.25:
                    out.append(game.copy())
                game.apply(rng.choice(game.legal_codes()))
    return out


Item = TypeVar("Item")


def best_of(repeats: int, work: Sequence[Item], call: Callable[[Item], object]) -> float:
    """The least CPU seconds of ``repeats`` passes of ``call`` over ``work``."""
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        for item in work:
            call(item)
        best = min(best, time.process_time() - started)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Microseconds per view_of and per page state.")
    parser.add_argument("--games", type=int, default=40, help="games per rule set (default 40)")
    parser.add_argument("--repeats", type=int, default=5, help="passes; the best counts (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = collect(args.games, args.seed)
    views = [(g.hand, s, (g.score[0], g.score[1])) for g in games for s in range(4)]
    t_view = best_of(args.repeats, views, lambda v: view_of(*v))
    t_state = best_of(args.repeats, games, lambda g: dumps(game_json(g, g.hand.turn)))
    print(f"rule sets: {', '.join(RULE_SETS)}; {args.games} games each, seed {args.seed}")
    print(f"view_of: {1e6 * t_view / len(views):.2f} us per view ({len(views):,} views, best of {args.repeats})")
    print(f"a seat's page state, built and encoded without the table's cache: "
          f"{1e6 * t_state / len(games):.1f} us per state ({len(games):,} states, best of {args.repeats})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

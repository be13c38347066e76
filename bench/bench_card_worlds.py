"""Benchmark: what the sampling noise of the ``expert``'s card play costs it, and what more
worlds (or more worlds for close choices only) would give back (issue 37).

The ``expert`` values each legal card by its mean open-hand points over 100 worlds drawn
to agree with the calls (:func:`euchre.bots.inference.inferred_worlds` with
:data:`~euchre.bots.rollout_settings.EXPERT_SETTINGS`) and plays the best
(:func:`euchre.bots.rollout.pimc_choice`). Another draw of 100 worlds may choose another
card. This bench measures how much that costs by PIMC's own measure:

1. it collects the card choices (views with more than one legal card) of ``--hands``
   hands of ``expert`` self-play;
2. for each it draws ``--oracle`` worlds the same way (a seed of its own) and takes each
   card's mean points over them as its value (the oracle);
3. for each scheme and each of ``--repeats`` independent draws it chooses a card as the
   expert would and records the *loss*: the oracle's best value less the value of the
   card chosen (0 where it chose the oracle's card or one as good).

A scheme is a number of worlds (``100``) or a race (``100-300/2``): 100 worlds, and 300 in
all when the card chosen leads some other card by less than 2 standard errors of their
paired per-world difference (:func:`euchre.bots.rollout.close_choice`, the test of
``RolloutSettings.play_race``). A suffix ``h1`` (``100h1``) then plays the heuristic's card
instead where the card chosen leads it by less than 1 standard error
(``RolloutSettings.heuristic_z``). The worlds of every scheme in one repeat are the prefixes of
one draw, so the schemes are compared on the same worlds.

Prints per scheme the mean loss a choice (points of the hand for the chooser's side) with
its standard error, the share of choices with a loss, the mean worlds drawn, the share of
choices where it plays another card than the first scheme on the same worlds, and the
gain over the first scheme, paired by choice; and the card choices a hand, by which a
gain per choice becomes a gain per hand. The oracle has sampling noise of its own: even
a scheme as large as the oracle shows a small loss.

This measures the search against its own objective (open-hand points over worlds that
agree with the calls), not against the players at the table: it bounds what more worlds
can give, not what a better search could::

    .venv/bin/python bench/bench_card_worlds.py --preset openspiel --hands 24 --seed 2 \\
        --oracle 2000 --repeats 3 --schemes 100,200,400,100-300/2,100-400/2,50-300/2
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass

from euchre.bots.inference import heuristic_code, inferred_worlds
from euchre.bots.rollout import RolloutBot, close_choice, near_heuristic, pimc_choice
from euchre.bots.rollout_settings import EXPERT_PLAY_WORLDS, EXPERT_SETTINGS
from euchre.core import HandState, Phase, preset, view_of
from euchre.core.actions import Action
from euchre.core.views import PlayerView
from euchre.solver import solvable, solve_points


@dataclass(frozen=True)
class Scheme:
    """``first`` worlds; ``most`` in all when the choice is close (``z`` standard errors);
    ``most == first`` for a fixed number; the heuristic's card where the card chosen leads it
    by less than ``heuristic_z`` standard errors (0: never)."""

    first: int
    most: int
    z: float
    heuristic_z: float = 0.0

    @property
    def label(self) -> str:
        worlds = str(self.first) if self.most == self.first else f"{self.first}-{self.most}/{self.z:g}"
        return worlds + (f"h{self.heuristic_z:g}" if self.heuristic_z else "")


def parse_scheme(text: str) -> Scheme:
    """``"100"`` or ``"100-300/2"`` (first-most/z), either with ``h`` and a number after it
    (``"100h1"``: the heuristic's card within 1 standard error), as a :class:`Scheme`.

    Raises:
        ValueError: not of that form, counts below 1, ``most`` below ``first``, or ``z``
            or the number after ``h`` not a positive number.
    """
    worlds, h, near = text.partition("h")
    try:
        heuristic_z = float(near) if h else 0.0
        if "-" not in worlds:
            n = int(worlds)
            scheme = Scheme(n, n, 0.0, heuristic_z)
        else:
            counts, z = worlds.split("/")
            first, most = counts.split("-")
            scheme = Scheme(int(first), int(most), float(z), heuristic_z)
    except ValueError:
        raise ValueError(f"a scheme is a number of worlds (100) or a race (100-300/2), "
                         f"either with h and a z (100h1), not {text!r}") from None
    if scheme.first < 1 or scheme.most < scheme.first or (scheme.most > scheme.first and not scheme.z > 0):
        raise ValueError(f"a scheme needs 1 <= first <= most and a positive z for a race, not {text!r}")
    if h and not (math.isfinite(scheme.heuristic_z) and scheme.heuristic_z > 0):
        raise ValueError(f"a scheme's h needs a positive z after it, not {text!r}")
    return scheme


def card_choices(preset_name: str, hands: int, seed: int, play_worlds: int = EXPERT_PLAY_WORLDS) -> list[PlayerView]:
    """The views of every card choice (more than one legal card) of ``hands`` hands played
    by ``expert`` bots (seeds ``10 * seed + seat``; fewer worlds a card decision with
    ``play_worlds``, for speed), dealt from ``random.Random(seed)``."""
    rules = preset(preset_name)
    seats = rules.table.seats
    rng = random.Random(seed)
    bots = [RolloutBot(10 * seed + s, EXPERT_SETTINGS, play_worlds, learned=True) for s in range(seats)]
    out: list[PlayerView] = []
    for _ in range(hands):
        hand = HandState.deal(rules, rng.randrange(seats), rng)
        while not hand.is_over:
            view = view_of(hand, hand.turn)
            if hand.phase == Phase.PLAY and sum(a.is_play for a in view.legal) > 1:
                out.append(view)
            hand.apply(bots[hand.turn].choose(view))
    return out


def world_values(view: PlayerView, worlds: int, rng: random.Random) -> tuple[list[int], list[list[float]]]:
    """The legal cards, and each world's open-hand points for each of them (``worlds`` rows
    of ``len(cards)``), over worlds drawn as the ``expert``'s card play draws them."""
    s = EXPERT_SETTINGS
    cards = [a.card for a in view.legal if a.is_play]
    rows = []
    for world in inferred_worlds(view, rng, worlds, s.play_tries, s.infer, s.judge(), s.give_up):
        values = solve_points(world)
        rows.append([float(values[c]) for c in cards])
    return cards, rows


def chosen(cards: list[int], rows: list[list[float]], fallback: Action) -> int:
    """The index in ``cards`` of the card the expert plays on these worlds' values."""
    means = {c: sum(r[j] for r in rows) / len(rows) for j, c in enumerate(cards)}
    return cards.index(pimc_choice(means, fallback).card)


def scheme_choice(scheme: Scheme, cards: list[int], rows: list[list[float]], fallback: Action) -> tuple[int, int]:
    """``(index of the card chosen, worlds used)`` by ``scheme`` on the first rows of ``rows``."""
    n = scheme.first
    pick = chosen(cards, rows[:n], fallback)
    if scheme.most > scheme.first and close_choice(rows[:n], pick, scheme.z):
        n = scheme.most
        pick = chosen(cards, rows[:n], fallback)
    if scheme.heuristic_z:
        pick = near_heuristic(rows[:n], cards, pick, fallback, scheme.heuristic_z)
    return pick, n


def standard_error(xs: list[float]) -> float:
    """The standard error of the mean of ``xs`` (nan for fewer than two)."""
    return statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.nan


def oracle_loss(values: list[float], pick: int) -> float:
    """The best of the oracle's ``values`` less the value of card ``pick`` (>= 0)."""
    return max(values) - values[pick]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="the expert's card choices against an oracle of many worlds")
    parser.add_argument("--preset", default="openspiel")
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--oracle", type=int, default=2000, help="worlds of the oracle's values")
    parser.add_argument("--repeats", type=int, default=3, help="independent draws per choice and scheme")
    parser.add_argument("--schemes", default="100,200,400,100-300/2,100-400/2,50-300/2")
    args = parser.parse_args(argv)
    try:
        schemes = [parse_scheme(x.strip()) for x in args.schemes.split(",") if x.strip()]
        rules = preset(args.preset)
    except ValueError as exc:
        parser.error(str(exc))
    if not schemes:
        parser.error("--schemes names no scheme")
    if args.hands < 1 or args.repeats < 1 or args.oracle < 1:
        parser.error("--hands, --repeats and --oracle must be at least 1")
    if not solvable(rules):
        parser.error(f"the expert plays no card by search under {args.preset}")
    start = time.perf_counter()
    views = card_choices(args.preset, args.hands, args.seed)
    if not views:
        parser.error("these hands had no card choice")
    draw = max(s.most for s in schemes)
    loss: dict[Scheme, list[float]] = {s: [] for s in schemes}
    used: dict[Scheme, list[int]] = {s: [] for s in schemes}
    picks: dict[Scheme, list[int]] = {s: [] for s in schemes}
    for i, view in enumerate(views):
        fallback = Action(heuristic_code(view))
        cards, rows = world_values(view, args.oracle, random.Random(f"oracle {args.seed} {i}"))
        values = [sum(r[j] for r in rows) / len(rows) for j in range(len(cards))]
        for k in range(args.repeats):
            _, drawn = world_values(view, draw, random.Random(f"draw {args.seed} {i} {k}"))
            for scheme in schemes:
                pick, n = scheme_choice(scheme, cards, drawn, fallback)
                loss[scheme].append(oracle_loss(values, pick))
                used[scheme].append(n)
                picks[scheme].append(pick)
    elapsed = time.perf_counter() - start
    print(f"{args.preset}: {len(views)} card choices in {args.hands} hands ({len(views) / args.hands:.1f} a hand), "
          f"oracle {args.oracle} worlds, {args.repeats} draws each; {elapsed:.0f} s")
    print(f"{'scheme':>12} {'loss a choice':>14} {'se':>8} {'with a loss':>12} {'worlds':>8} "
          f"{'other card than ' + schemes[0].label:>22}")
    for scheme in schemes:
        xs = loss[scheme]
        other = sum(a != b for a, b in zip(picks[scheme], picks[schemes[0]], strict=True)) / len(xs)
        print(f"{scheme.label:>12} {statistics.fmean(xs):>14.5f} {standard_error(xs):>8.5f} "
              f"{sum(x > 1e-9 for x in xs) / len(xs):>11.1%} {statistics.fmean(used[scheme]):>8.1f} {other:>22.1%}")
    base = schemes[0]
    for scheme in schemes[1:]:
        gains = [a - b for a, b in zip(loss[base], loss[scheme], strict=True)]
        print(f"{scheme.label} less loss than {base.label}: {statistics.fmean(gains):+.5f} a choice "
              f"(se {standard_error(gains):.5f})")
    print("command: .venv/bin/python bench/bench_card_worlds.py " + " ".join(sys.argv[1:] if argv is None else argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())

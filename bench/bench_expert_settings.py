"""Benchmark: the expert with other settings (:class:`euchre.bots.rollout.RolloutSettings`)
on the same duplicate deals against the same opponent (docs/strength.md, "Inference from
the play and the call bias").

A variant is ``base`` (the ``expert`` level as shipped) or settings over the level's,
``NAME=VALUE`` joined by ``+`` (``play_likelihood=0.5+call_bias=0.2``); besides the
settings, ``play_worlds=N`` sets the worlds of the card play (the level's 100) and
``rollouts=false`` makes the bidding the heuristic's wherever no learned model decides
(the ``advanced`` level's bidding; the level's own: ``rollouts=true``), and
``model=PATH`` bids by another model file of the preset's rules where the shipped one
would (one made by ``scripts/train_bidding.py``), and at call-ace ``rollout_play=always``
plays every card by rollouts instead of PIMC (each legal card played out in the same 32
worlds drawn to agree with the calls, the ``intermediate`` heuristic in every seat seeing
only its view, the best mean of :func:`euchre.bots.rollout.hand_value` chosen), and
``rollout_play=hidden`` only while the called card is unplayed (the partner unknown to
the table: in the open-hand solver's worlds everyone knows him). Every variant
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
from pathlib import Path
from typing import Any

from euchre.analysis.duplicate import BotFactory
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.learned import BiddingModel, model_for_view, parse_model, with_call_bias
from euchre.bots.pimc import PlainPimcBot
from euchre.bots.rollout import RolloutBot, rollout_decision
from euchre.bots.rollout_settings import EXPERT_PLAY_WORLDS, EXPERT_SETTINGS, RolloutSettings
from euchre.bots.search import AdvancedBot
from euchre.core import EuchreError, preset
from euchre.core.actions import Action
from euchre.core.hand import Phase
from euchre.core.views import PlayerView
from paired import deal_margins, interval, paired_matches, point_share, print_paired

OPPONENTS: dict[str, BotFactory] = {"pimc:50": functools.partial(PlainPimcBot, worlds=50), "intermediate": HeuristicBot,
             "advanced": AdvancedBot}


@dataclasses.dataclass(frozen=True)
class Variant:
    """An expert variant: its settings, the worlds of its card play, whether rollouts bid
    where no model does, and the model file that bids in place of the shipped one."""

    settings: RolloutSettings = EXPERT_SETTINGS
    play_worlds: int = EXPERT_PLAY_WORLDS
    rollouts: bool = True
    model: str = ""
    rollout_play: str = ""


ROLLOUT_PLAY = ("always", "hidden")
"""The ``rollout_play`` variants (call-ace only): every card, or while the partner is hidden."""


@functools.cache
def _model(path: str) -> BiddingModel:
    return parse_model(Path(path).read_text(encoding="utf-8"))


class ExpertWith(RolloutBot):
    """The expert level with a :class:`Variant`'s settings instead of its own."""

    level = "expert"

    def __init__(self, variant: Variant, seed: int = 0) -> None:
        super().__init__(seed, variant.settings, play_worlds=variant.play_worlds, rollouts=variant.rollouts, learned=True)
        self.model = _model(variant.model) if variant.model else None
        self.rollout_play = variant.rollout_play
        self.play_settings = dataclasses.replace(variant.settings, worlds=32, z=0.0, screen=0)

    def _plays_by_rollouts(self, view: PlayerView) -> bool:
        if not self.rollout_play or view.phase != Phase.PLAY or not view.rules.calls_partner:
            return False
        if sum(a.is_play for a in view.legal) < 2:
            return False
        return self.rollout_play == "always" or view.revealed_partner() == -1

    def preferred(self, view: PlayerView) -> Action:
        """The variant's model where the shipped one would bid, its card play by rollouts
        where ``rollout_play`` says; the level's way elsewhere."""
        if self._plays_by_rollouts(view):
            fallback = HeuristicBot.preferred(self, view)
            try:
                return rollout_decision(view, self.rng, fallback, self.play_settings).action
            except EuchreError:
                return fallback
        shipped = model_for_view(view)
        if self.model is None or shipped is None:
            return super().preferred(view)
        if self.model.rules != shipped.rules:
            raise EuchreError(f"the model is trained for {self.model.preset}, not {shipped.preset}")
        values = with_call_bias(self.model.values(view), self.settings.call_bias)
        return max(view.legal, key=lambda a: values[a])


def parse_variant(text: str) -> Variant:
    """``base`` or ``NAME=VALUE[+NAME=VALUE...]`` over the level's settings.

    Raises:
        ValueError: an unknown setting or a value of the wrong kind, or a model file that
            does not load.
    """
    if text == "base":
        return Variant()
    fields = {f.name: f.type for f in dataclasses.fields(RolloutSettings)}
    changes: dict[str, Any] = {}
    play_worlds = EXPERT_PLAY_WORLDS
    rollouts = True
    model = ""
    rollout_play = ""
    for part in text.split("+"):
        name, _, value = part.partition("=")
        if name == "play_worlds" and value.isdigit() and int(value) >= 1:
            play_worlds = int(value)
            continue
        if name == "rollouts" and value in ("true", "false"):
            rollouts = value == "true"
            continue
        if name == "rollout_play" and value in ROLLOUT_PLAY:
            rollout_play = value
            continue
        if name == "model" and value:
            try:
                _model(value)
            except (OSError, EuchreError) as exc:
                raise ValueError(f"model={value}: {exc}") from exc
            model = value
            continue
        if name not in fields or not value:
            raise ValueError(f"{part!r}: NAME=VALUE with NAME play_worlds, rollouts, model, rollout_play "
                             f"({' or '.join(ROLLOUT_PLAY)}) or one of {', '.join(fields)}")
        kind = fields[name]
        changes[name] = (value == "true" if kind == "bool" else int(value) if kind == "int"
                         else float(value) if kind == "float" else value)
    try:
        return Variant(dataclasses.replace(EXPERT_SETTINGS, **changes), play_worlds, rollouts, model, rollout_play)
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
    records = paired_matches(preset(args.preset),
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

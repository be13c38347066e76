"""Bidding by Monte Carlo rollouts with realistic card play, over worlds that agree with
the bidding (:mod:`euchre.bots.inference`; the settings: :mod:`euchre.bots.rollout_settings`).

**Rollout bidding.** At a bidding decision (round one, round two, the takeover, the
alone decision, defending alone; optionally the dealer's discard) the bot samples ``K``
hidden worlds consistent with its :class:`~euchre.core.views.PlayerView`, and for every
legal action applies it in each world and plays the rest of the hand out with the
``intermediate`` heuristic in every seat of the table (four, or two in the two-handed
game). The heuristic sees only each seat's view of
the world, so the play is realistic (nobody knows where the cards are), unlike the
open-hand solver, which overrates every call. The value of an action is the mean of its
points for the bot's side (points the opponents score count against it; points beyond
what a side needs to reach the game target are worth nothing).

Common random numbers: every action is tried in the same worlds with the same heuristic
seeds, so the comparison is paired: an action replaces the heuristic's own choice only if
its mean paired gain exceeds ``margin + z`` standard errors of that gain. When the worlds
cannot tell the actions apart the heuristic's answer stands.

Measured (duplicate deals against ``intermediate``, ``modern-standard``, 1,000 deals,
seed 2025, :func:`euchre.analysis.duplicate.run_match`; share of the points, 95%
interval): heuristic bidding and PIMC play (the former ``expert``) 51.5% (50.5 to 52.6);
rollout bidding and PIMC play 53.8% (52.5 to 55.2); rollout bidding and PIMC play over
inferred worlds (:data:`DEFAULT_SETTINGS`, the ``expert`` level) 55.8% (54.4 to 57.1),
+0.130 points per hand over the former ``expert`` on the same deals (+0.086 to +0.173).
With the heuristic's card play (seed 11) rollout bidding alone took 52.5% to 52.9%
whatever the worlds (24, 32, 48) and ``z`` (0, 0.5, 1); the inference in the bidding
worlds and rollouts for the discard showed no gain there.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from dataclasses import dataclass

from euchre.bots.bidding import target_of
from euchre.bots.equity import applies, win_chance
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.inference import (
    BIDDING_PHASES,
    _checked_seats,
    inferred_worlds,
    iter_inferred_worlds,
    play_disagreements,
)
from euchre.bots.learned import model_for_view, with_call_bias
from euchre.bots.postponed import postponed_values
from euchre.bots.rollout_settings import DEFAULT_SETTINGS, RolloutSettings
from euchre.core.actions import Action
from euchre.core.errors import EuchreError
from euchre.core.hand import HandState, Phase
from euchre.core.views import PlayerView, view_of
from euchre.solver import solvable, solve_points


def hand_value(points: tuple[int, ...], team: int, score: tuple[int, ...], target: int) -> float:
    """The worth of a hand's points for ``team`` (one side of the table: a partnership,
    or one player where every player plays for himself): its points minus the mean of
    the other sides' points, each capped at what its side still needs to reach
    ``target`` (with two sides: minus the other side's).

    The mean, not the most any other side took: where every player plays for himself
    several players score on one hand (each defender on a euchre at cutthroat and
    call-ace, the maker and his secret partner on a call-ace make), and a point to any of
    them is a point against the player. To first order a player's share of all the
    points, ``p / (p + others)`` with ``n`` players level, moves with ``p - mean(others)``.
    Against the most any other took, a euchre was worth nothing to a defender (2 - 2) and a
    call made with a partner nothing to the call-ace maker (1 - 1); measured at
    ``cutthroat-3`` (500 duplicate deals, seed 11, against ``advanced``) the mean gained
    +0.056 points a hand (+0.033 to +0.078) on the same deals (docs/strength.md).
    """
    need_me = max(target - score[team], 1)
    others = [min(points[t], max(target - score[t], 1)) for t in range(len(points)) if t != team]
    return float(min(points[team], need_me) - sum(others) / len(others))


def game_value(points: tuple[int, ...], team: int, view: PlayerView) -> float:
    """The worth of a hand's points for ``team`` by what they do for the game: the
    side's chance of winning it from the score after the hand, the other side to deal
    next (:func:`euchre.bots.equity.win_chance`; 0 to 1).

    Raises:
        EuchreError: the model does not apply to ``view.rules`` (:func:`euchre.bots.equity.applies`).
    """
    table = view.table
    after = (view.score[0] + points[0], view.score[1] + points[1])
    return win_chance(view.rules, after, team, table.team[table.eldest(view.dealer)])


def play_out(world: HandState, bots: list[HeuristicBot], score: tuple[int, ...]) -> tuple[int, ...]:
    """Play ``world`` (changed in place) to its end with ``bots`` by seat, each shown only
    its view; the points per team."""
    while not world.is_over:
        seat = world.turn
        world.apply(bots[seat].choose(view_of(world, seat, score)))
    assert world.result is not None  # the phase machine scores every finished hand
    return world.result.points


@dataclass(frozen=True)
class Verdict:
    """One rollout decision.

    Attributes:
        action: the action chosen.
        fallback: the heuristic's own choice.
        means: mean value per action tried: points per hand for the bot's side
            (:func:`hand_value`), or its chance of winning the game when ``by_game``
            (:func:`game_value`).
        gains: per action, the mean paired gain over ``fallback`` and its standard error.
        by_game: the values are chances of winning the game (score-aware settings).
    """

    action: Action
    fallback: Action
    means: dict[Action, float]
    gains: dict[Action, tuple[float, float]]
    by_game: bool = False


def _gain(values: list[float], base: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences."""
    n = min(len(values), len(base))
    diffs = [values[i] - base[i] for i in range(n)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def rollout_decision(view: PlayerView, rng: random.Random, fallback: Action,
                     settings: RolloutSettings = DEFAULT_SETTINGS) -> Verdict:
    """Choose among ``view.legal`` by rollouts (see the module docstring).

    Args:
        view: a view where this seat is to act.
        rng: the bot's generator (worlds and the playout bots' seeds come from it).
        fallback: the heuristic's choice, kept unless another action is clearly better.
        settings: see :class:`RolloutSettings`.

    Raises:
        EuchreError: no deal fits the view.
    """
    candidates = list(view.legal)
    if fallback not in candidates:
        fallback = candidates[0]
    team = view.table.team[view.seat]
    seats = range(view.table.seats)
    target = target_of(view)
    by_game = settings.score_aware and applies(view.rules)
    values: dict[Action, list[float]] = {a: [] for a in candidates}
    worlds = inferred_worlds(view, rng, settings.worlds, settings.bid_tries, settings.infer, settings.judge(),
                             settings.give_up)
    seeds = [rng.getrandbits(32) for _ in worlds]

    def run(actions: list[Action], start: int, stop: int) -> None:
        for i in range(start, stop):
            for action in actions:
                world = worlds[i].copy()
                world.apply(action)
                bots = [HeuristicBot(seeds[i] * 4 + s) for s in seats]
                points = play_out(world, bots, view.score)
                values[action].append(game_value(points, team, view) if by_game
                                      else hand_value(points, team, view.score, target))

    k = settings.worlds
    if settings.screen and len(candidates) > settings.screen and k >= 4:
        half = k // 2
        run(candidates, 0, half)
        others = sorted((a for a in candidates if a != fallback), key=lambda a: -sum(values[a]))
        keep = [fallback, *others[:settings.screen - 1]]
        run(keep, half, k)
    else:
        run(candidates, 0, k)
    means = {a: sum(v) / len(v) for a, v in values.items()}
    gains = {a: _gain(values[a], values[fallback]) for a in candidates if a != fallback}
    best = fallback
    best_gain = 0.0
    for action in candidates:  # legal order: ties go to the earlier action
        if action == fallback:
            continue
        gain, se = gains[action]
        if gain > settings.margin + settings.z * se and gain > best_gain:
            best, best_gain = action, gain
    return Verdict(best, fallback, means, gains, by_game)


@dataclass(frozen=True)
class SearchValues:
    """The values a search bot computed for its last decision (what a data set records
    beside the action chosen).

    Attributes:
        method: ``"rollout"`` (bidding and, when searched, the discard: the mean over the
            sampled worlds of the hand's value for the bot's side after each action, played
            out by the heuristic in all four seats; :func:`hand_value`), ``"rollout-game"``
            (the same with score-aware settings: the side's chance of winning the game
            after the hand, 0 to 1; :func:`game_value`) or ``"pimc"`` (the play: the mean
            over the sampled worlds of the open-hand solver's points for the bot's side
            after each card; :func:`euchre.solver.solve_points`; a weighted mean with
            ``play_likelihood`` below 1) or ``"learned"`` (rounds
            one and two by the learned bidding model: its estimate of the same quantity as
            ``"rollout"``, :mod:`euchre.bots.learned`; ``worlds`` is 0).
        worlds: the worlds sampled (with rollout screening, an action screened out was
            valued over the first half of them only).
        values: the value of every action in ``view.legal`` (points of the hand for the
            bot's side, negative when the other side is expected to score; a chance for
            ``"rollout-game"``).
    """

    method: str
    worlds: int
    values: dict[Action, float]


class RolloutBot(HeuristicBot):
    """Rollout bidding (:func:`rollout_decision`) and PIMC card play.

    Args:
        seed: seeds the bot's generator (worlds, playout seeds, the heuristic's choices).
        settings: see :class:`RolloutSettings`.
        play_worlds: worlds per card decision for PIMC card play over the open-hand
            solver (as :class:`~euchre.bots.search.PimcBot`), with the bidding inference
            of ``settings.play_tries``; 0 plays the cards as the heuristic does.
        rollouts: bid by rollouts (True) or as the heuristic does (False: only the
            card play searches; the ``advanced`` level).
        learned: decide rounds one and two of the bidding by the learned bidding model
            (:mod:`euchre.bots.learned`) where one was trained under the view's rules and
            every side still needs more than a march's points (the model values points,
            not what they do for the game); elsewhere as ``rollouts`` says.

    Raises:
        EuchreError: ``play_worlds`` is not a whole number >= 0, ``seed`` not an int, or a
            setting that would have no effect (``call_bias`` without ``learned`` or the
            learned judge, ``play_likelihood`` below 1 without ``play_worlds``,
            ``call_model`` or ``give_up`` without an inference that checks calls,
            ``play_race`` without ``play_worlds`` or not above it).
    """

    level = "rollout"

    def __init__(self, seed: int = 0, settings: RolloutSettings = DEFAULT_SETTINGS, play_worlds: int = 40,
                 rollouts: bool = True, learned: bool = False) -> None:
        super().__init__(seed)
        if type(play_worlds) is not int or play_worlds < 0:
            raise EuchreError(f"play_worlds must be a whole number >= 0, not {play_worlds!r}")
        if not isinstance(settings, RolloutSettings):
            raise EuchreError(f"settings must be RolloutSettings, not {type(settings).__name__}")
        if settings.call_bias and not learned and settings.call_model != "learned":
            raise EuchreError("call_bias changes the learned bidding and the learned judge only; "
                              "it needs learned=True or call_model='learned'")
        infers = (rollouts and settings.bid_tries > 1) or (play_worlds and settings.play_tries > 1)
        for name, default in (("call_model", "heuristic"), ("give_up", "all")):
            if getattr(settings, name) != default and not infers:
                raise EuchreError(f"{name} changes the inference, which this bot does not use "
                                  "(no rollouts with bid_tries > 1, no card play with play_tries > 1)")
        if settings.play_likelihood < 1 and not play_worlds:
            raise EuchreError("play_likelihood weighs the worlds of the PIMC card play; it needs play_worlds >= 1")
        if settings.postpone and not play_worlds:
            raise EuchreError("postpone changes the PIMC card play; it needs play_worlds >= 1")
        if settings.play_race and not play_worlds:
            raise EuchreError("play_race changes the PIMC card play; it needs play_worlds >= 1")
        if settings.play_race and settings.play_race <= play_worlds:
            raise EuchreError(f"play_race ({settings.play_race}) is the worlds in all of a close card choice; "
                              f"it must exceed play_worlds ({play_worlds})")
        self.settings = settings
        self.play_worlds = play_worlds
        self.rollouts = bool(rollouts)
        self.learned = bool(learned)
        self.race_rng = random.Random(f"race {seed}")
        """The generator of the race's further worlds (``settings.play_race``), apart from
        :attr:`rng`: with or without the race, every other draw of the bot is the same."""
        self.last_search: SearchValues | None = None
        """The values behind the last :meth:`choose`, or None when it did not search (one
        legal action, a phase it decides by the heuristic, or no world fitted the view)."""

    def choose(self, view: PlayerView) -> Action:
        """The bot's action for this view; :attr:`last_search` holds the values its
        search found, if it searched.

        Raises:
            EuchreError: the view offers this seat no action.
        """
        self.last_search = None
        return super().choose(view)

    def preferred(self, view: PlayerView) -> Action:
        """Rollouts for the bidding, PIMC (or the heuristic) for the play."""
        fallback = super().preferred(view)
        phase = view.phase
        model = model_for_view(view) if self.learned else None
        if model is not None:
            values = with_call_bias(model.values(view), self.settings.call_bias)
            self.last_search = SearchValues("learned", 0, values)
            return max(view.legal, key=lambda a: values[a])
        if self.rollouts and (phase in BIDDING_PHASES or (phase == Phase.DISCARD and self.settings.discard)):
            try:
                verdict = rollout_decision(view, self.rng, fallback, self.settings)
            except EuchreError:
                return fallback
            method = "rollout-game" if verdict.by_game else "rollout"
            self.last_search = SearchValues(method, self.settings.worlds, dict(verdict.means))
            return verdict.action
        if phase == Phase.PLAY and self.play_worlds and solvable(view.rules):
            return self._pimc_card(view, fallback)
        return fallback

    def _pimc_card(self, view: PlayerView, fallback: Action) -> Action:
        plays = [a for a in view.legal if a.is_play]
        if len(plays) == 1:
            return plays[0]
        settings = self.settings
        cards = [a.card for a in plays]
        seats = _checked_seats(view, settings.infer) if settings.play_likelihood < 1 else 0
        weights: list[float] = []
        rows: list[list[float]] = []  # each world's points for each card
        solved = []
        # play_tries == 1: PimcBot's own sampling

        def draw(rng: random.Random, n: int) -> None:
            stream = iter_inferred_worlds(view, rng, settings.play_tries, settings.infer, settings.judge(),
                                          settings.give_up)
            for world in itertools.islice(stream, n):
                weight = settings.play_likelihood ** play_disagreements(world, view, seats) if seats else 1.0
                values = solve_points(world)
                if settings.postpone:
                    solved.append((world, weight, values))
                weights.append(weight)
                rows.append([values[c] for c in cards])

        def means() -> dict[int, float]:
            total = sum(weights)
            return {c: sum(w * r[j] for w, r in zip(weights, rows, strict=True)) / total for j, c in enumerate(cards)}

        draw(self.rng, self.play_worlds)
        totals = means()
        if settings.play_race and close_choice(rows, cards.index(pimc_choice(totals, fallback).card), settings.race_z):
            draw(self.race_rng, settings.play_race - self.play_worlds)
            totals = means()
        if settings.postpone:
            totals = {card: value for card, value in postponed_values(solved, view.seat).items() if card in totals}
        self.last_search = SearchValues("pimc", len(rows), {a: totals[a.card] for a in plays})
        choice = pimc_choice(totals, fallback)
        if settings.heuristic_z:
            return Action.play(cards[near_heuristic(rows, cards, cards.index(choice.card), fallback,
                                                    settings.heuristic_z)])
        return choice


def near_heuristic(rows: list[list[float]], cards: list[int], best: int, fallback: Action, z: float) -> int:
    """The index in ``cards`` of the card played under :attr:`RolloutSettings.heuristic_z`:
    the heuristic's card ``fallback`` where the card at index ``best`` leads it by less than
    ``z`` standard errors over ``rows`` (:func:`leads_by_less`), else ``best``."""
    if fallback.is_play and fallback.card in cards:
        other = cards.index(fallback.card)
        if other != best and leads_by_less(rows, best, other, z):
            return other
    return best


def leads_by_less(rows: list[list[float]], best: int, other: int, z: float) -> bool:
    """Whether the card at index ``best`` of ``rows`` (one row per world, each world's
    points for each card) leads the card at index ``other`` by less than ``z`` standard
    errors of their paired per-world difference; a difference that never varies is
    never less (the one card is better, or no worse, in every world)."""
    diffs = [r[best] - r[other] for r in rows]
    spread = statistics.pstdev(diffs)
    return spread > 0 and statistics.fmean(diffs) < z * spread / math.sqrt(len(rows))


def close_choice(rows: list[list[float]], best: int, z: float) -> bool:
    """Whether the card at index ``best`` of ``rows`` (one row per world, each world's
    points for each card) leads some other card by less than ``z`` standard errors of
    their paired per-world difference (:func:`leads_by_less`). The test of
    :attr:`RolloutSettings.play_race`."""
    return any(leads_by_less(rows, best, k, z) for k in range(len(rows[0])) if k != best)


def pimc_choice(totals: dict[int, float], fallback: Action) -> Action:
    """The card of highest value in ``totals`` (``{card number: mean points}``, at least one
    entry); of several within 1e-9 of the best, ``fallback`` (the heuristic's card) where it
    is one of them, else the lowest card number. The choice rule of every PIMC card play
    here (:class:`~euchre.bots.search.PimcBot`, :class:`RolloutBot`).

    Raises:
        EuchreError: ``totals`` is empty.
    """
    if not totals:
        raise EuchreError("a card is chosen among one or more valued cards, not none")
    best = max(totals.values())
    best_cards = [c for c, v in totals.items() if v >= best - 1e-9]
    if fallback.is_play and fallback.card in best_cards:
        return fallback
    return Action.play(min(best_cards))


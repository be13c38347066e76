"""The expert's estimated value of every legal action at a decision: the figures behind
``hint`` in the terminal game and ``euchre review``.

The value of an action is the expected points of the hand for the deciding seat's side
(its points minus the other side's, so below 0 when the other side is expected to
score; where every player plays for himself, minus the mean of the other players'
points), estimated the way the ``expert`` level decides (:mod:`euchre.bots.rollout`):

- **Rounds one and two of the bidding where the expert bids by its learned model**
  (:func:`euchre.bots.learned.model_for_view`: a model trained under the table's rules,
  no side within a march of the game): the model's values, the same quantity as the
  rollouts below estimated from hundreds of thousands of self-play deals, every call's
  less the expert's 0.15 points (:data:`~euchre.bots.rollout.EXPERT_CALL_BIAS`: the
  model learned with the heuristic defending, and a stronger defence beats more calls).
- **The rest of the bidding** (order up, assist, take up, name trump, naming blind, the
  takeover, going alone, defending alone) **and the dealer's discard**: every legal action is applied in
  the same ``worlds`` hidden worlds, sampled from the view to agree with the calls made,
  and the hand is played out by the ``intermediate`` heuristic in all four seats (each
  seeing only its own view). Points beyond what a side needs to reach the game target are
  worth nothing (:func:`~euchre.bots.rollout.hand_value`).
- **The play of the cards**: Perfect Information Monte Carlo, the mean over
  ``play_worlds`` sampled worlds of the hand's points after each card with all cards open
  and best play by all (:func:`euchre.solver.solve_points`).

Every action is valued in the same worlds (common random numbers), so the differences
between actions are less noisy than the values themselves. The estimates are Monte Carlo
figures: two calls with different generators differ by a few hundredths of a point.
"""

from __future__ import annotations

import random

from euchre.bots.inference import inferred_worlds
from euchre.bots.learned import model_for_view, with_call_bias
from euchre.bots.rollout import rollout_decision
from euchre.bots.rollout_settings import DEFAULT_SETTINGS, EXPERT_PLAY_WORLDS, EXPERT_SETTINGS, RolloutSettings
from euchre.core.actions import Action
from euchre.core.errors import EuchreError
from euchre.core.hand import Phase
from euchre.core.revokes import revoke_points
from euchre.core.sampling import sample_world
from euchre.core.views import PlayerView
from euchre.solver import solve_points

ROLLOUT_WORLDS = DEFAULT_SETTINGS.worlds
"""Worlds per bidding or discard decision: the ``expert`` level's (32)."""
PLAY_WORLDS = EXPERT_PLAY_WORLDS
"""Worlds per card decision: the ``expert`` level's (100)."""


def _check_count(name: str, value: object) -> int:
    if type(value) is not int or value < 1:
        raise EuchreError(f"{name} must be a whole number >= 1, not {value!r}")
    return value


NOT_VALUED = ("the laws decide this, not the play: the expert always corrects a revoke (it costs only the exposed "
              "card) and always calls an exposed card (with every card open, taking a choice from an opponent "
              "never costs you)")
"""Why a decision of :data:`NOT_VALUED_PHASES` gets no values (shown instead of a hint)."""

NOT_VALUED_PHASES = (Phase.REVOKE_CORRECTION, Phase.CALL_CARD)
"""Decisions of the laws (correcting a revoke, calling an exposed card) that
:func:`action_values` does not value (RULES.md decision 27)."""


def action_values(view: PlayerView, rng: random.Random, *, worlds: int = ROLLOUT_WORLDS,
                  play_worlds: int = PLAY_WORLDS, learned: bool = True) -> dict[Action, float]:
    """The estimated value of each legal action of the seat to act.

    Args:
        view: the deciding seat's view, with that seat to act.
        rng: the generator for the sampled worlds (the same generator state gives the
            same figures).
        worlds: worlds per bidding or discard decision.
        play_worlds: worlds per card decision.
        learned: value rounds one and two of the bidding by the learned model where the
            expert bids so (:func:`~euchre.bots.learned.model_for_view`); False: by
            rollouts everywhere.

    Returns:
        ``{action: expected points of the hand for the deciding side}`` for every action
        in ``view.legal``, in that order (see the module docstring for the method); in
        table mode's play only the cards that follow suit, and none for correcting a
        revoke or calling an exposed card (RULES.md decision 27).

    Raises:
        EuchreError: it is not this seat's turn, the hand is over, a count is not a whole
            number >= 1, or no deal fits the view.
    """
    worlds = _check_count("worlds", worlds)
    play_worlds = _check_count("play_worlds", play_worlds)
    if view.turn != view.seat or not view.legal:
        raise EuchreError("actions can be valued only for the seat to act")
    if view.phase == Phase.PLAY:
        return _card_values(view, rng, play_worlds)
    if view.phase == Phase.REVOKE_CLAIMS:
        return _claim_values(view, rng)
    if view.phase in NOT_VALUED_PHASES:
        return {}  # a question of the laws (a correction, an exposed card called), not valued
    model = model_for_view(view) if learned else None
    if model is not None:
        return with_call_bias(model.values(view), EXPERT_SETTINGS.call_bias)
    settings = RolloutSettings(worlds=worlds, screen=0, discard=True,
                               bid_tries=DEFAULT_SETTINGS.bid_tries, infer=DEFAULT_SETTINGS.infer)
    verdict = rollout_decision(view, rng, view.legal[0], settings)
    return {action: verdict.means[action] for action in view.legal}


def how_valued(view: PlayerView) -> str:
    """How :func:`action_values` values this view's actions, in words for a player (the
    hint's heading): the learned bidding model, rollouts over :data:`ROLLOUT_WORLDS`
    worlds, or PIMC over :data:`PLAY_WORLDS` worlds."""
    if view.phase == Phase.PLAY:
        return f"over {PLAY_WORLDS} sampled deals of the hidden cards, each solved with all cards open"
    if model_for_view(view) is not None:
        return "by its bidding model, learned from the outcomes of self-play deals played out by the intermediate bots"
    return f"over {ROLLOUT_WORLDS} sampled deals of the hidden cards, each played out by the intermediate bots"


def _claim_values(view: PlayerView, rng: random.Random) -> dict[Action, float]:
    """Table mode, the claims after the last trick: exact values. Every card is played,
    so the tricks prove every revoke (:meth:`PlayerView.proved_revokes`); a claim wins
    the penalty for the revokes proved, or costs ``false_claim_penalty``; with
    ``renege_ends_hand`` an upheld claim scores the penalty instead of the hand
    (RULES.md decision 27)."""
    rules, table = view.rules, view.table
    world = sample_world(view, rng).lawful()  # every card is known: the hand's own score
    mine = table.team[view.seat]

    def for_me(points: tuple[int, ...] | list[int]) -> float:
        return float(points[mine] - sum(p for t, p in enumerate(points) if t != mine))

    hand = world.result.points if world.result is not None else (0,) * len(table.teams)
    proved = view.proved_revokes()
    lone = view.alone != -1 or view.defender_alone != -1
    if proved:
        law = revoke_points(rules, table, proved, lone)
        claim = for_me(law) if rules.renege_ends_hand else for_me(hand) + for_me(law)
    else:
        fine = [0 if t == mine else rules.false_claim_penalty for t in range(len(table.teams))]
        claim = for_me(hand) + for_me(fine)
    return {Action.CLAIM_REVOKE: claim, Action.PASS: for_me(hand)}


def _card_values(view: PlayerView, rng: random.Random, play_worlds: int) -> dict[Action, float]:
    """PIMC values of the legal cards over worlds that agree with the calls; in table
    mode the cards that follow suit (a revoke and a claim are not valued)."""
    plays = [a for a in view.following_actions() if a.is_play]
    totals = dict.fromkeys(plays, 0.0)
    settings = DEFAULT_SETTINGS
    for world in inferred_worlds(view, rng, play_worlds, settings.play_tries, settings.infer):
        values = solve_points(world)
        for action in plays:
            totals[action] += values[action.card]
    return {action: totals[action] / play_worlds for action in plays}

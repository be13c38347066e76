"""Search bots: Perfect Information Monte Carlo (PIMC) card play.

In the play of the cards the bot samples hidden worlds consistent with its
:class:`~euchre.core.views.PlayerView` (:func:`~euchre.core.sampling.sample_world`: the cards
seen, the upcard taken up, voids shown in play), solves each world with all cards open
(:func:`euchre.solver.solve_points`), and plays the card with the best average points for
its side. Ties go to the heuristic's own choice, then to the lowest card.

Bidding is NOT decided by open-hand values: an open-hand solver "knows" where the cards
are, so trusting it for ordering up overrates every call (strategy fusion). The
``search`` and ``advanced`` bots bid, discard and decide alone/defend exactly as the
``intermediate`` heuristic does (:mod:`euchre.bots.bidding`); the ``expert`` bids by a
model learned from self-play outcomes (:mod:`euchre.bots.learned`) or by rollouts with
realistic card play, and samples its play worlds to agree with the calls made
(:mod:`euchre.bots.rollout`).
"""

from __future__ import annotations

import random

from euchre.bots.heuristic import HeuristicBot
from euchre.bots.rollout import RolloutBot, pimc_choice
from euchre.bots.rollout_settings import DEFAULT_SETTINGS, EXPERT_PLAY_WORLDS, EXPERT_SETTINGS
from euchre.core.actions import Action
from euchre.core.errors import EuchreError
from euchre.core.hand import Phase
from euchre.core.sampling import sample_world
from euchre.core.views import PlayerView
from euchre.solver import solvable, solve_points


def card_values(view: PlayerView, rng: random.Random, worlds: int) -> dict[int, float]:
    """The average points, for the viewer's side, of each legal card in the play, over
    ``worlds`` hidden worlds sampled from the view and solved with all cards open.

    Returns:
        ``{card number: mean points of the hand}`` (negative when the other side is
        expected to score), one entry per legal card (in table mode, per card that
        follows suit).

    Raises:
        EuchreError: the view is not this seat's turn in the play, or ``worlds`` < 1.
    """
    if view.phase != Phase.PLAY or view.turn != view.seat or not view.legal:
        raise EuchreError("card values exist only for the seat to play, in the play of the cards")
    if type(worlds) is not int or worlds < 1:
        raise EuchreError(f"worlds must be a whole number >= 1, not {worlds!r}")
    totals = {a.card: 0.0 for a in view.following_actions() if a.is_play}
    for _ in range(worlds):
        values = solve_points(sample_world(view, rng).lawful())
        for card in totals:
            totals[card] += values[card]
    return {card: total / worlds for card, total in totals.items()}


class PimcBot(HeuristicBot):
    """The heuristic's bidding with PIMC card play over ``worlds`` sampled worlds.

    Args:
        seed: seeds the bot's generator (sampling and the heuristic's choices).
        worlds: hidden worlds sampled per card decision (>= 1).

    Raises:
        EuchreError: ``worlds`` is not a whole number >= 1, or ``seed`` not an int.
    """

    level = "search"

    def __init__(self, seed: int = 0, worlds: int = 40) -> None:
        super().__init__(seed)
        if type(worlds) is not int or worlds < 1:
            raise EuchreError(f"worlds must be a whole number >= 1, not {worlds!r}")
        self.worlds = worlds

    def preferred(self, view: PlayerView) -> Action:
        """A card by PIMC in the play; the heuristic's answer in every other phase."""
        if view.phase != Phase.PLAY or not solvable(view.rules):
            return super().preferred(view)
        plays = [a for a in view.legal if a.is_play]
        fallback = super().preferred(view)
        if len(plays) == 1:
            return plays[0]
        return pimc_choice(card_values(view, self.rng, self.worlds), fallback)


class AdvancedBot(RolloutBot):
    """The heuristic's bidding, and PIMC card play over 12 worlds per decision drawn to
    agree with the calls made (:func:`euchre.bots.rollout.inferred_world`).

    Measured (``run_match``, ``modern-standard``, 4,000 duplicate deals, seed 1, against
    ``intermediate``): 51.1% of the points (50.5 to 51.6), where the same play over
    worlds sampled without the inference (the former ``advanced``) took 50.5% (50.0 to
    51.0).
    """

    level = "advanced"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, DEFAULT_SETTINGS, play_worlds=12, rollouts=False)


class ExpertBot(RolloutBot):
    """Rounds one and two of the bidding by the learned bidding model where one was
    trained under the table's rules and no side is within a march of the game
    (:func:`euchre.bots.learned.model_for_view`), every call's value less 0.15 points
    (:data:`~euchre.bots.rollout.EXPERT_CALL_BIAS`); the rest of the bidding, and all of it
    elsewhere, by rollouts (:func:`euchre.bots.rollout.rollout_decision`, 32 worlds); PIMC
    card play over :data:`EXPERT_PLAY_WORLDS` worlds per decision, drawn to agree with
    the calls made (:func:`euchre.bots.rollout.inferred_world`)."""

    level = "expert"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, EXPERT_SETTINGS, play_worlds=EXPERT_PLAY_WORLDS, learned=True)

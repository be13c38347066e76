"""The heuristic bot (level ``intermediate``): the seeds' own advice, phase by phase.

Bidding, lone hands, the takeover, the discard and defending alone are in
:mod:`euchre.bots.bidding`; the play of the cards in :mod:`euchre.bots.card_play`. Both
read only the :class:`PlayerView` (through :func:`euchre.bots.knowledge.knowledge_of`).
The bot is deterministic except for the blind call after a turned-up joker, where every
suit is alike and its seeded generator picks one.
"""

from __future__ import annotations

from euchre.bots import bidding
from euchre.bots.base import RuleBot
from euchre.bots.card_play import choose_card
from euchre.bots.discard import choose_best_card
from euchre.bots.knowledge import knowledge_of
from euchre.core.actions import Action
from euchre.core.cards import mask_of
from euchre.core.hand import Phase
from euchre.core.views import PlayerView


class HeuristicBot(RuleBot):
    """A rule-based player following S000, S002 and REFERENCE 1K (see the modules above).

    Args:
        seed: seeds the generator used for the blind call (see the module docstring).
        policy: the bidding numbers (:class:`euchre.bots.bidding.Policy`) at every
            table; by default (None) those of the view's table
            (:func:`euchre.bots.bidding.policy_for`: the four-hand numbers, the
            call-ace numbers, or those of the other tables without partners).

    Every phase of :class:`~euchre.core.hand.Phase` is handled. :meth:`preferred` is the
    heuristic's own answer; :meth:`choose` returns it, guarded so that a bug could never
    make the bot play an illegal action (it would fall back to the first legal one; the
    tests check that :meth:`preferred` is always legal by itself).
    """

    level = "intermediate"

    def __init__(self, seed: int = 0, policy: bidding.Policy | None = None) -> None:
        super().__init__(seed)
        self.policy = policy

    def preferred(self, view: PlayerView) -> Action:
        """The heuristic's answer for a view where this seat is to act."""
        phase = view.phase
        if phase == Phase.BLIND_NAME:
            return bidding.blind_name(view, self.rng.randrange(4))
        kn = knowledge_of(view)
        policy = self.policy if self.policy is not None else bidding.policy_for(view.rules)
        if phase == Phase.BID_ROUND_1:
            return bidding.bid_round_one(view, kn, policy)
        if phase == Phase.BID_ROUND_2:
            return bidding.bid_round_two(view, kn, policy)
        if phase == Phase.TAKEOVER:
            return bidding.take_over(view, kn, policy)
        if phase == Phase.DISCARD or phase == Phase.BEST_DISCARD:
            return bidding.discard(view, kn)
        if phase == Phase.GIVE_BEST:
            # Of the cards it may give: a sitting-out dealer keeps the upcard (RULES.md decision 10).
            return Action.give(choose_best_card(mask_of([a.card for a in view.legal if a.is_give]), view.trump))
        if phase == Phase.ALONE_DECISION:
            if view.rules.calls_partner:
                return bidding.call_partner(view, kn, policy)
            return bidding.alone_decision(view, kn, policy)
        if phase == Phase.DEFEND_ALONE:
            return bidding.defend_alone(view, kn, policy)
        return choose_card(view, kn)

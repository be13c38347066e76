"""The beginner bot: a few naive rules, weaker than the heuristic bot.

* It orders up, assists, takes up or makes a suit trump when it holds three or more
  cards of it (counting the bowers and, for the dealer, the upcard), four at call-ace,
  where the maker faces three to five others; a stuck dealer names his longest trump
  suit, or forfeits when he may and holds fewer than two.
* It never goes alone, takes over or defends alone, except that a Canadian-loner
  dealer's partner with four trumps accepts (the rule lets him accept only alone).
* It discards its lowest plain card.
* It leads its highest card; following, it plays its highest card when that beats the
  card winning the trick (even its partner's), else its lowest.

Effective suits and ranks come from the core tables (EFFECTIVE_SUIT, TRUMP_POWER,
TRICK_POWER).
"""

from __future__ import annotations

from euchre.bots.base import RuleBot
from euchre.core.actions import Action
from euchre.core.cards import EFFECTIVE_SUIT, NO_TRUMP, TRICK_POWER, TRUMP_POWER
from euchre.core.hand import Phase
from euchre.core.views import PlayerView

CALL_LENGTH = 3
"""Trumps the beginner wants before calling."""
CALL_ACE_LENGTH = 4
"""Trumps the beginner wants before calling at call-ace. Measured (duplicate matches
against ``random``, 400 deals, seed 5): with three it took 50.0% of the points at six
seats and 53.2% at five; with four 53.8% and 56.3%."""
CARELESS_ODDS = 8
"""The careless beginner revokes one time in this many that it could."""


def _count_trumps(cards: list[int], trump: int) -> int:
    if trump == NO_TRUMP:
        return 0
    return sum(1 for c in cards if EFFECTIVE_SUIT[trump][c] == trump)


class BeginnerBot(RuleBot):
    """A naive rule player (see the module docstring)."""

    level = "beginner"

    def preferred(self, view: PlayerView) -> Action:
        """The beginner's own answer for a view where this seat is to act (the tests
        check it is always legal; :meth:`choose` guards it all the same)."""
        legal = view.legal
        phase = view.phase
        hand = list(view.hand)
        length = CALL_ACE_LENGTH if view.rules.calls_partner else CALL_LENGTH
        if phase == Phase.BID_ROUND_1:
            trump = view.upcard >> 3
            cards = [*hand, view.upcard] if view.seat == view.dealer else hand
            n = _count_trumps(cards, trump)
            if Action.ORDER_UP in legal and n >= length:
                return Action.ORDER_UP
            if Action.ORDER_UP not in legal and Action.ORDER_UP_ALONE in legal and n >= length + 1:
                return Action.ORDER_UP_ALONE
            return Action.PASS
        if phase == Phase.BID_ROUND_2:
            names = [a for a in legal if a.is_naming and not a.is_alone]
            if not names:
                return legal[0]
            best = max(names, key=lambda a: (_count_trumps(hand, a.named_suit), -int(a)))
            n = _count_trumps(hand, best.named_suit)
            if n >= length or (Action.PASS not in legal and Action.FORFEIT not in legal):
                return best
            if Action.PASS in legal:
                return Action.PASS
            return Action.FORFEIT if n < 2 else best
        if phase == Phase.BLIND_NAME:
            return next(a for a in legal if a.is_naming and not a.is_alone)
        if phase == Phase.TAKEOVER or phase == Phase.DEFEND_ALONE:
            return Action.PASS
        if phase == Phase.ALONE_DECISION:
            if view.rules.calls_partner:
                # Call the first suit it may (the best trump when it lacks it: clubs, diamonds, ...).
                return next((a for a in legal if a.is_call), legal[0])
            return Action.PLAY_WITH_PARTNER
        power = TRUMP_POWER[view.trump]
        cards = [a.card for a in legal]
        if phase == Phase.DISCARD or phase == Phase.BEST_DISCARD:
            return Action.discard(min(cards, key=lambda c: (power[c] >= 100, power[c], c)))
        if phase == Phase.GIVE_BEST:  # the highest trump, else the highest card
            return Action.give(max(cards, key=lambda c: (power[c], -c)))
        if not view.trick_cards:
            return Action.play(max(cards, key=lambda c: (power[c], -c)))
        led = EFFECTIVE_SUIT[view.trump][view.trick_cards[0]]
        tp = TRICK_POWER[view.trump][led]
        to_beat = max(tp[c] for c in view.trick_cards)
        if any(tp[c] > to_beat for c in cards):
            return Action.play(max(cards, key=lambda c: (tp[c], -c)))
        return Action.play(min(cards, key=lambda c: (tp[c], power[c], c)))


class CarelessBot(BeginnerBot):
    """The beginner who revokes now and then by mistake: in table mode (``renege_mode =
    penalize_on_claim``) one time in :data:`CARELESS_ODDS` that it could, it plays a card
    that fails to follow suit, so that a person can practise calling the revoke
    (RULES.md decision 27). Elsewhere it is the beginner."""

    level = "careless"
    revoke_chance = 1 / CARELESS_ODDS

"""The heuristic bot's play of the cards.

Advice followed (Hoyle's "On Leads", S002 L57-61 as summarised in REFERENCE 1K K5; the
lines are blank in the stored copy of the seed):

* lead winners; a maker strong in trumps, or whose partner made trump, leads trumps
  (a small one when the partner made it and the top trump is not ours: "if your partner
  turned up the right bower, lead a small trump"); one only strong enough for the point
  leads side cards;
* play low on the partner's winning card, high on an opponent's (at a table without
  partners, such as the two-handed game, every other player is an opponent);
* never let a trick go that you can win: take it with the cheapest card sure to hold it.

A card is "safe" when no opponent still to play this trick can beat it: none may hold a
higher card of the suit led, and none is known (or, with one card of the suit left out,
likely) to be void and able to ruff. Knowledge comes from the view only
(:mod:`euchre.bots.knowledge`). Trick strength is ``TRICK_POWER[trump][led][card]``, so
the left bower and the joker are trumps everywhere.
"""

from __future__ import annotations

from euchre.bots.knowledge import Knowledge, popcount
from euchre.core.actions import Action
from euchre.core.cards import EFFECTIVE_SUIT, NO_TRUMP, SUIT_MASK, TRICK_POWER, TRUMP_POWER, cards_of
from euchre.core.views import PlayerView


def _call_ace_partner(view: PlayerView) -> int:
    """The seat this seat plays with at call-ace, as far as it knows, else its own seat:
    the maker's partner once revealed (to the maker), the maker (to the partner, who
    knows himself). Defenders play each for himself."""
    known = view.known_partner()
    if known == -1:
        return view.seat
    if view.seat == view.maker:
        return known
    if known == view.seat:
        return view.maker
    return view.seat


class _Table:
    """The quantities one play decision needs (built once per decision)."""

    def __init__(self, view: PlayerView, kn: Knowledge) -> None:
        self.view = view
        self.kn = kn
        self.me = view.seat
        table = view.table
        self.table = table
        partner = table.partner[view.seat]
        if view.rules.calls_partner:
            partner = _call_ace_partner(view)
        self.partner = partner if partner != view.seat else -1
        """The partner's seat, or -1 at a table where every player plays for himself
        (at call-ace: the maker's partner once this seat knows him, RULES.md decision 21)."""
        self.trump = view.trump
        self.eff = EFFECTIVE_SUIT[view.trump]
        self.power = TRUMP_POWER[view.trump]
        self.opponents = [s for s in table.opponents(self.me) if not view.sits_out(s) and s != self.partner]
        self.threats = kn.unknown
        for s in self.opponents:
            self.threats |= kn.held[s]
        self.trump_mask = SUIT_MASK[view.trump][view.trump] if view.trump != NO_TRUMP else 0
        self.cards = [a.card for a in view.legal if a.is_play]

    def is_trump(self, card: int) -> bool:
        """True for a card of the trump suit (bowers and joker included)."""
        return bool(self.trump_mask >> card & 1)

    def suit_count(self, card: int) -> int:
        """Cards this seat holds of ``card``'s effective suit."""
        return popcount(self.kn.mine & SUIT_MASK[self.trump][self.eff[card]])

    def is_boss(self, card: int) -> bool:
        """True when no card an opponent may hold beats ``card`` in its own suit."""
        suit_mask = SUIT_MASK[self.trump][self.eff[card]]
        p = self.power[card]
        return not any(self.power[c] > p for c in cards_of(self.threats & suit_mask))

    def seats_after_me(self) -> list[int]:
        """Active seats still to play this trick after this one."""
        view = self.view
        leader = view.trick_seats[0] if view.trick_seats else self.me
        out = []
        s = self.table.left[self.me]
        while s != leader:
            if not view.sits_out(s):
                out.append(s)
            s = self.table.left[s]
        return out

    def is_safe(self, strength: int, led: int) -> bool:
        """True when no opponent still to play can beat a card of trick strength
        ``strength`` in a trick led in effective suit ``led``."""
        tp = TRICK_POWER[self.trump][led]
        led_mask = SUIT_MASK[self.trump][led]
        led_out = popcount(self.threats & led_mask)
        for o in self.seats_after_me():
            if self.table.same_team(o, self.me):
                continue
            cand = self.kn.unknown | self.kn.held[o]
            voids = self.kn.voids[o]
            if led not in voids and any(tp[c] > strength for c in cards_of(cand & led_mask)):
                return False
            if self.trump == NO_TRUMP or led == self.trump or self.trump in voids:
                continue
            ruffs = [c for c in cards_of(cand & self.trump_mask) if tp[c] > strength]
            if ruffs and (led in voids or led_out < 2):
                return False
        return True

    def throw_key(self, card: int) -> tuple[int, int, int, int]:
        """Sort key of the card to give up: plain before trump, non-winners before
        winners, short suits first (to make a void), then the lowest."""
        return (int(self.is_trump(card)), int(self.is_boss(card)), self.suit_count(card), self.power[card])


def _low(t: _Table) -> int:
    """The card to play when not trying to win: the lowest of the suit led when
    following, else a discard from the plain suit worth least."""
    return min(t.cards, key=lambda c: (t.throw_key(c), c))


def _lead(t: _Table) -> int:
    view = t.view
    cards = t.cards
    trumps = sorted((c for c in cards if t.is_trump(c)), key=lambda c: -t.power[c])
    plain = [c for c in cards if not t.is_trump(c)]
    trumps_out = bool(t.threats & t.trump_mask)
    side_bosses = sorted((c for c in plain if t.is_boss(c)),
                         key=lambda c: (-popcount(t.threats & SUIT_MASK[t.trump][t.eff[c]]), -t.power[c], c))
    we_make = view.maker != -1 and t.table.same_team(view.maker, t.me)
    if view.alone == t.me:
        # A lone hand draws trumps from the top, then cashes its winners.
        if trumps and trumps_out:
            return trumps[0]
        if side_bosses:
            return side_bosses[0]
        if trumps:
            return trumps[0]
        return max(plain, key=lambda c: (t.power[c], -c))
    if we_make and trumps and trumps_out:
        if t.is_boss(trumps[0]):
            return trumps[0]  # lead winners; draw the opponents' trumps
        if view.maker == t.partner:
            return trumps[-1]  # partner made it: lead a small trump (S002 L61)
        if len(trumps) >= 3:
            return trumps[0]
    if side_bosses:
        return side_bosses[0]
    if trumps and (not plain or (t.is_boss(trumps[0]) and not trumps_out)):
        return trumps[0]
    if plain:
        # A small card of the shortest plain suit, towards a void and the partner.
        return min(plain, key=lambda c: (t.suit_count(c), t.power[c], c))
    return trumps[-1]


def _follow(t: _Table) -> int:
    view = t.view
    led = t.eff[view.trick_cards[0]]
    tp = TRICK_POWER[t.trump][led]
    best_i = max(range(len(view.trick_cards)), key=lambda i: tp[view.trick_cards[i]])
    winning_card = view.trick_cards[best_i]
    winning_seat = view.trick_seats[best_i]
    to_beat = tp[winning_card]
    winners = sorted((c for c in t.cards if tp[c] > to_beat), key=lambda c: tp[c])
    safe_winners = [c for c in winners if t.is_safe(tp[c], led)]
    opponents_after = [s for s in t.seats_after_me() if not t.table.same_team(s, t.me)]
    if winning_seat == t.partner:
        if not opponents_after or t.is_safe(to_beat, led):
            return _low(t)  # play low on the partner's winning card
        plain_safe = [c for c in safe_winners if not t.is_trump(c) or led == t.trump]
        if plain_safe:
            return plain_safe[0]  # third hand high, but never trump the partner's trick
        return _low(t)
    if safe_winners:
        return safe_winners[0]  # never let a trick go that you can win
    if winners:
        if not opponents_after:
            return winners[0]
        following = [c for c in winners if t.eff[c] == led]
        if following:
            return following[-1]  # high on an opponent's card
        return winners[0]  # ruff as cheaply as wins now
    return _low(t)


def choose_card(view: PlayerView, kn: Knowledge) -> Action:
    """The card to play (as a play action of ``view.legal``)."""
    t = _Table(view, kn)
    if len(t.cards) == 1:
        return Action.play(t.cards[0])
    card = _lead(t) if not view.trick_cards else _follow(t)
    return Action.play(card)

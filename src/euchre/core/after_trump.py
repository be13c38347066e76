"""The decisions of a hand after trump is fixed, in the order of RULES.md decision 9
(REFERENCE 6.1): the partner's takeover, the dealer's discard, going alone, call-ace's
called card, railroad's call for best (X-20, X-15c), defending alone; and the best card
of a suit, the card a call-ace maker calls.

A part of :class:`~euchre.core.hand.HandState`, below the bidding
(:mod:`euchre.core.calls`) and above the play of the tricks (:mod:`euchre.core.tricks`).
"""

from __future__ import annotations

from collections.abc import Callable

from euchre.core.actions import CALL_BASE, DISCARD_BASE, GIVE_BASE
from euchre.core.cards import ACE, JACK, JOKER
from euchre.core.legal import (
    _DEFEND_ALONE,
    _DISCARD_LEGAL,
    _GIVE_LEGAL,
    _GO_ALONE,
    _LEGAL_ALONE_DECISION,
    _LEGAL_DEFEND,
    _LEGAL_TAKEOVER,
    _TAKE_OVER_ALONE,
    Legal,
    _cards_legal,
    _legal_of,
)
from euchre.core.state import Phase
from euchre.core.tricks import TrickPlay


class AfterTrump(TrickPlay):
    """The decisions after trump is fixed (methods only)."""

    __slots__ = ()

    def _make_alone(self, seat: int) -> None:
        self.alone = seat
        self.active = self.table.active_seats(seat, self.defender_alone)
        self.alone_decided = True

    # ------------------------------------------------- after trump is fixed
    def _takeover_seat(self) -> int:
        """The seat that may still take the lone hand over, or -1 (RULES.md decision 9)."""
        if self.takeover_done or not self._alone_ok:
            return -1
        rules = self.rules
        table = self.table
        maker = self.maker
        in_round1 = self.upcard_to_dealer and self.upcard != JOKER
        if not in_round1:
            return -1  # round two: every partner has passed (S000 L187)
        eldest, dealers_partner = table.left[self.dealer], table.partner[self.dealer]
        if table.partner[maker] == maker:
            return -1  # nobody to take it over
        if rules.alone_who == "maker_or_partner" and maker in (eldest, dealers_partner):
            return table.partner[maker]  # the partner speaks after the maker and has not passed
        if rules.alone_who == "maker_or_dealer_when_assisted" and maker == dealers_partner and self.alone == -1:
            if self._with_call or self.alone_decided:
                return self.dealer
        return -1

    def _dealer_must_discard(self) -> bool:
        return self.upcard_to_dealer and self.discarded == -1 and bool(self.active >> self.dealer & 1)

    def _defender_to_ask(self, start: int) -> int:
        """The next defender (from ``start``, clockwise, up to the dealer) who may defend
        alone, or -1."""
        rules = self.rules
        if not rules.defend_alone or self.defend_done:
            return -1
        if self.alone == -1 and rules.defend_alone_against == "lone_maker":
            return -1
        table = self.table
        maker_team = table.team[self.maker]
        seat = start
        end = table.left[self.dealer]  # the eldest hand
        while True:
            if table.team[seat] != maker_team:
                return seat
            seat = table.left[seat]
            if seat == end:
                return -1

    def _continue(self) -> None:
        """Move to the next pending decision after trump is fixed (RULES.md decision 9):
        the first step of the timing's sequence that is still pending, else the play.
        At the call-ace table: the dealer's discard, then the maker's call (decision 21)."""
        steps: tuple[Callable[[AfterTrump], bool], ...]
        if self._calls_partner:
            steps = _STEPS_CALL_ACE
        elif self._with_call:
            steps = _STEPS_WITH_CALL
        else:
            # _STEPS_AFTER_BIDDING, its first two steps' tests inlined (the hot path of
            # every simulation): the dealer's discard, then the maker's alone decision.
            if self.upcard_to_dealer and self.discarded == -1 and self.active >> self.dealer & 1:
                self._begin_discard()
                return
            if not self.alone_decided and self._alone_ok:
                self.phase, self.turn = _PH_ALONE_DECISION, self.maker
                return
            steps = _STEPS_AFTER_BIDDING_REST
        for step in steps:
            if step(self):
                return
        self._begin_play()

    def _step_takeover(self) -> bool:
        seat = self._takeover_seat()
        if seat == -1:
            return False
        self.phase, self.turn = _PH_TAKEOVER, seat
        return True

    def _step_discard(self) -> bool:
        if not self._dealer_must_discard():
            return False
        self._begin_discard()
        return True

    def _step_alone_decision(self) -> bool:
        if self.alone_decided or not self._alone_ok:
            return False
        self.phase, self.turn = _PH_ALONE_DECISION, self.maker
        return True

    def _step_call(self) -> bool:
        if self.called != -1 or self.alone != -1:
            return False
        self.phase, self.turn = _PH_ALONE_DECISION, self.maker
        return True

    def _callable_suits(self) -> list[int]:
        """The suits whose best card the maker may call: any suit whose best card he
        does not hold himself (RULES.md decision 21)."""
        hand = self.hands[self.maker]
        return [s for s in range(4) if not hand >> best_card(s, self.trump, self.rules.joker) & 1]

    def _legal_call(self) -> Legal:
        codes = [CALL_BASE + s for s in self._callable_suits()]
        # Going alone instead of calling: offered now with after_bidding timing (with
        # with_call it was declared with the bid); forced when no suit can be called.
        if (self._alone_ok and not self._with_call) or not codes:
            codes.append(_GO_ALONE)
        return _legal_of(tuple(codes))

    def _apply_call(self, code: int) -> None:
        maker = self.maker
        self.history.append((maker, code))
        if code == _GO_ALONE:
            self.alone_decided = True
            self._make_alone(maker)
        else:
            card = best_card(code - CALL_BASE, self.trump, self.rules.joker)
            self.called = card
            self.partner = next((s for s in range(self.table.seats) if self.hands[s] >> card & 1), -1)
        self._continue()

    def _step_defend(self) -> bool:
        seat = self._defender_to_ask(self.table.left[self.dealer])  # from the eldest hand
        if seat == -1:
            return False
        self.phase, self.turn = _PH_DEFEND_ALONE, seat
        return True

    def _begin_discard(self) -> None:
        self.hands[self.dealer] |= 1 << self.upcard
        self.phase, self.turn = _PH_DISCARD, self.dealer

    def _legal_takeover(self) -> Legal:
        return _LEGAL_TAKEOVER

    def _apply_takeover(self, code: int) -> None:
        seat = self.turn
        self.history.append((seat, code))
        self.takeover_done = True
        if code == _TAKE_OVER_ALONE:
            # S000 L185: the partner who takes it over must play alone; the first
            # declarer sits out.
            self._make_alone(seat)
        self._continue()

    def _upcard_kept(self) -> int:
        """The mask of the cards no discard or give may take: the upcard (or the joker
        named blind) while the dealer must keep it, else 0. It lies face up on the pack
        "until it is played" (S001 L10; Leeds & Dwight s88 "The trump card cannot be
        discarded", s91 "must be left in view till played"), so the bar holds at the
        dealer's own discard, at his second discard after his partner's best card, and
        when, sitting out, he gives his best card (RULES.md decision 10). Only the dealer
        ever holds the upcard, so the mask is harmless for any other seat."""
        return 0 if self.rules.dealer_may_discard_upcard else 1 << self.upcard

    def _legal_discard(self) -> Legal:
        m = self.hands[self.dealer] & ~self._upcard_kept()
        return _DISCARD_LEGAL.get(m) or _cards_legal(m, DISCARD_BASE, _DISCARD_LEGAL)

    def _apply_discard(self, code: int) -> None:
        card = code - DISCARD_BASE
        self.history.append((self.dealer, code))
        self.hands[self.dealer] &= ~(1 << card)
        self.discarded = card
        self._continue()

    def _legal_alone_decision(self) -> Legal:
        if self._calls_partner:
            return self._legal_call()
        return _LEGAL_ALONE_DECISION

    def _apply_alone_decision(self, code: int) -> None:
        if self._calls_partner:
            self._apply_call(code)
            return
        self.history.append((self.turn, code))
        self.alone_decided = True
        if code == _GO_ALONE:
            self._make_alone(self.maker)
        self._continue()

    def _legal_defend(self) -> Legal:
        return _LEGAL_DEFEND

    def _apply_defend(self, code: int) -> None:
        seat = self.turn
        self.history.append((seat, code))
        if code == _DEFEND_ALONE:
            self.defender_alone = seat
            self.active = self.table.active_seats(self.alone, seat)
            self.defend_done = True
            if self.rules.call_for_best == "lone_maker_and_lone_defender":
                # X-15c: the lone defender may demand his partner's best card too.
                self.phase, self.turn = _PH_GIVE_BEST, self.table.partner[seat]
                return
            self._begin_play()
            return
        nxt = self.table.left[seat]
        if nxt == self.table.left[self.dealer]:  # back to the eldest hand
            self.defend_done = True
            self._begin_play()
            return
        seat = self._defender_to_ask(nxt)
        if seat == -1:
            self.defend_done = True
            self._begin_play()
        else:
            self.turn = seat


    # ------------------------------------------------- calling for best (X-20, X-15c)
    def _step_best(self) -> bool:
        """The lone maker's partner gives him his best card (RULES.md decision 20): once
        the lone hand and the dealer's discard are settled, before defending alone."""
        if self.rules.call_for_best == "none" or self.alone == -1 or self.best_done & 1:
            return False
        if self._takeover_seat() != -1 or self._dealer_must_discard():
            return False
        self.phase, self.turn = _PH_GIVE_BEST, self.table.partner[self.alone]
        return True

    def _legal_give_best(self) -> Legal:
        # Any card of his (X-20: "what he judges to be the most advantageous"), but not
        # the upcard a sitting-out dealer took up: it stays in view on the pack, and a
        # card given face down must not let the opponents "in any way know what it is"
        # (X-15c; RULES.md decision 10).
        m = self.hands[self.turn] & ~self._upcard_kept()
        return _GIVE_LEGAL.get(m) or _cards_legal(m, GIVE_BASE, _GIVE_LEGAL)

    def _apply_give_best(self, code: int) -> None:
        seat = self.turn
        card = code - GIVE_BASE
        lone = self.table.partner[seat]
        self.history.append((seat, code))
        self.hands[seat] &= ~(1 << card)
        self.hands[lone] |= 1 << card
        self.phase, self.turn = _PH_BEST_DISCARD, lone

    def _legal_best_discard(self) -> Legal:
        # Any of the six (X-20 "any one card"), the card just received included, but
        # not the upcard a lone dealer (or a dealer defending alone) took up: it is not
        # "from his own hand" (X-15c) but on the pack until played (S001 L10; Leeds &
        # Dwight s88; RULES.md decision 10).
        m = self.hands[self.turn] & ~self._upcard_kept()
        return _DISCARD_LEGAL.get(m) or _cards_legal(m, DISCARD_BASE, _DISCARD_LEGAL)

    def _apply_best_discard(self, code: int) -> None:
        seat = self.turn
        self.history.append((seat, code))
        self.hands[seat] &= ~(1 << (code - DISCARD_BASE))
        if seat == self.alone:
            self.best_done |= 1
            self._continue()
        else:
            self.best_done |= 2
            self._begin_play()


# The order of the decisions after trump is fixed (RULES.md decision 9). A dealer whom
# a takeover made active discards after it (the second discard step).
_STEPS_WITH_CALL = (AfterTrump._step_takeover, AfterTrump._step_discard, AfterTrump._step_best, AfterTrump._step_defend)
_STEPS_AFTER_BIDDING = (
    AfterTrump._step_discard, AfterTrump._step_alone_decision, AfterTrump._step_takeover,
    AfterTrump._step_discard, AfterTrump._step_best, AfterTrump._step_defend,
)
_STEPS_AFTER_BIDDING_REST = _STEPS_AFTER_BIDDING[2:]
"""The steps of ``_STEPS_AFTER_BIDDING`` after the two that ``_continue`` tests inline."""
# Call-ace (RULES.md decision 21): the dealer discards before the maker calls (X-47: the
# called card is named "after the dealer has discarded"); nobody takes over or defends
# alone, for nobody knows whose partner he is.
_STEPS_CALL_ACE = (AfterTrump._step_discard, AfterTrump._step_call)


def best_card(suit: int, trump: int, joker: bool) -> int:
    """The best card of ``suit`` (0..3) in the pack, the card a call-ace maker calls:
    the ace of a plain suit; of the trump suit its highest trump, the joker (best bower)
    when the pack has one, else the right bower (RULES.md decision 21).

    Returns:
        A card number.
    """
    if suit == trump:
        return JOKER if joker else (suit << 3) | JACK
    return (suit << 3) | ACE

# The phases the methods above set or test, as module names: a member read through its
# class (Phase.PLAY) costs about 60 ns on CPython 3.11, a module global about 10.
_PH_ALONE_DECISION = Phase.ALONE_DECISION
_PH_BEST_DISCARD = Phase.BEST_DISCARD
_PH_DEFEND_ALONE = Phase.DEFEND_ALONE
_PH_DISCARD = Phase.DISCARD
_PH_GIVE_BEST = Phase.GIVE_BEST
_PH_TAKEOVER = Phase.TAKEOVER

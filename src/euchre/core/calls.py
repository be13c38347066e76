"""The bidding of a hand: the claim round, round one (order up, assist, take up), round
two (name a suit), the joker turned up (name blind), a hand passed out, in the order of
RULES.md decision 9 (REFERENCE 6.1, the bidding machine; S000 L117-187, S001 L11-15, S002 L13-47).

A part of :class:`~euchre.core.hand.HandState`; the decisions after trump is fixed are
:mod:`euchre.core.after_trump`, the play of the tricks :mod:`euchre.core.tricks`.
"""

from __future__ import annotations

from euchre.core.actions import GOES_ALONE, NAME_CODES, NAMED_SUIT
from euchre.core.after_trump import AfterTrump
from euchre.core.cards import ACE, JACK, JOKER, NO_TRUMP, RANK_CHARS, SAME_COLOUR, SUIT_MASK
from euchre.core.legal import (
    _FARMERS_HAND,
    _FORFEIT,
    _ORDER_UP,
    _ORDER_UP_ALONE,
    _PASS,
    _THROW_IN,
    Legal,
    _legal_of,
)
from euchre.core.rules import Rules
from euchre.core.state import HandResult, Phase

_NINE, _TEN, _KING = RANK_CHARS.index("9"), RANK_CHARS.index("T"), RANK_CHARS.index("K")
"""Ranks of the cards (card = suit * 8 + rank; :mod:`euchre.core.cards`)."""


def _ranks(hand: int) -> list[int]:
    return [c & 7 for c in range(32) if hand >> c & 1]


def farmers_cards(hand: int) -> int:
    """The three cards a farmer's hand shows, as a card mask, or 0 when ``hand`` (a card
    mask of five cards as dealt) is none: exactly three nines or exactly three tens
    (X-25 "three nines or three tens"; RULES.md decision 23)."""
    for rank in (_NINE, _TEN):
        cards = [c for c in range(32) if hand >> c & 1 and c & 7 == rank]
        if len(cards) == 3:
            return sum(1 << c for c in cards)
    return 0


def throw_in_kind(rules: Rules, hand: int, upcard: int) -> str | None:
    """Which throw-in a hand as dealt (a card mask) may claim under ``rules``:
    ``"nines_tens"`` (only nines and tens and none of the upcard's suit: X-11, with
    ``nines_tens_redeal``), ``"ace_no_face"`` (an ace and no king, queen or jack, nor the
    joker: X-25, X-36, with ``ace_no_face_redeal``), or None."""
    if hand >> JOKER & 1:
        return None
    ranks = _ranks(hand)
    if rules.nines_tens_redeal and all(r in (_NINE, _TEN) for r in ranks) \
            and not any(hand >> c & 1 and c >> 3 == upcard >> 3 for c in range(32)):
        return "nines_tens"
    if rules.ace_no_face_redeal and ACE in ranks and not any(JACK <= r <= _KING for r in ranks):
        return "ace_no_face"
    return None


_LEGAL_PASS = _legal_of((_PASS,))
_LEGAL_PASS_ORDER = _legal_of((_PASS, _ORDER_UP))
_LEGAL_PASS_ORDER_ALONE = _legal_of((_PASS, _ORDER_UP_ALONE))
_LEGAL_PASS_ORDER_BOTH = _legal_of((_PASS, _ORDER_UP, _ORDER_UP_ALONE))
"""Round one's legal tuples, made once."""


class Calls(AfterTrump):
    """The bidding: the claim round, round one, round two, the joker turned up, a hand
    passed out (methods only; what follows trump is :class:`~euchre.core.after_trump.AfterTrump`)."""

    __slots__ = ()

    # ------------------------------------------------------------------ bidding
    def _holds_natural_trump(self, seat: int, suit: int) -> bool:
        """natural_trump rule (X-11, X-29): a trump other than the left bower; the joker
        counts (RULES.md decision 10)."""
        if suit == NO_TRUMP:
            return True
        left = (SAME_COLOUR[suit] << 3) | JACK
        return bool(self.hands[seat] & SUIT_MASK[suit][suit] & ~(1 << left))

    # ------------------------------------------------------------ the claim round
    def _legal_claim(self) -> Legal:
        """Pass, or the claims the seat's hand as dealt allows (RULES.md decision 23)."""
        hand = self.hands[self.turn]
        rules = self.rules
        codes = [_PASS]
        if rules.farmers_hand and farmers_cards(hand):
            codes.append(_FARMERS_HAND)
        if throw_in_kind(rules, hand, self.upcard):
            codes.append(_THROW_IN)
        return _legal_of(tuple(codes))

    def _apply_claim(self, code: int) -> None:
        seat = self.turn
        table = self.table
        self.history.append((seat, code))
        if code == _THROW_IN:
            # The hand is shown and the deal thrown in at once.
            kind = throw_in_kind(self.rules, self.hands[seat], self.upcard)
            self.shown = (*self.shown, (seat, self.hands[seat]))
            same = kind == "nines_tens"
            label = "thrown in: a hand of nines and tens" if same else "thrown in: an ace and no face"
            self._finish_thrown_in(label, same)
            return
        if code == _FARMERS_HAND:
            self.shown = (*self.shown, (seat, farmers_cards(self.hands[seat])))
        self.claims_left -= 1
        self.turn = table.left[seat]
        if self.claims_left:
            return
        farmers = [(s, m) for s, m in self.shown]
        if len(farmers) > 1:
            # More than one farmer's hand: a misdeal; the same dealer deals again.
            self._finish_thrown_in("misdeal: two farmer's hands", True)
            return
        if farmers:
            # The three shown go under the upcard; the three face-down cards of the kitty
            # go to the claimant.
            claimant, three = farmers[0]
            kitty = (1 << self.stock[1]) | (1 << self.stock[2]) | (1 << self.stock[3])
            self.hands[claimant] = (self.hands[claimant] & ~three) | kitty
        self.turn = table.left[self.dealer]  # the eldest hand

    def _finish_thrown_in(self, label: str, same_dealer: bool) -> None:
        sides = len(self.tricks_won)
        self.result = HandResult(True, False, None, None, None, None, (0,) * sides, (0,) * sides, label,
                                 dealer_deals_again=same_dealer, thrown_in=True)
        self.claims_left = 0
        self.phase = _PH_DONE
        self.is_over = True
        self.turn = -1

    def _legal_round1(self) -> Legal:
        if self.claims_left:
            return self._legal_claim()
        seat = self.turn
        rules = self.rules
        partner_of_dealer = seat == self.table.partner[self.dealer] and seat != self.dealer
        if partner_of_dealer and not rules.dealer_partner_may_assist:
            return _LEGAL_PASS
        if rules.require_trump_to_call == "natural_trump" and seat != self.dealer:
            if not self._holds_natural_trump(seat, self.upcard >> 3):
                return _LEGAL_PASS
        if partner_of_dealer and rules.canadian_loner:
            return _LEGAL_PASS_ORDER_ALONE
        if self._alone_ok and self._with_call:
            return _LEGAL_PASS_ORDER_BOTH
        return _LEGAL_PASS_ORDER

    def _apply_round1(self, code: int) -> None:
        if self.claims_left:
            self._apply_claim(code)
            return
        seat = self.turn
        self.history.append((seat, code))
        if code == _PASS:
            self.passes += 1
            if self.passes == self.table.seats:
                self.phase = _PH_BID_ROUND_2
                self.passes = 0
            self.turn = self.table.left[seat]
            return
        self.trump = self.upcard >> 3
        self.maker = seat
        self.upcard_to_dealer = True
        if code == _ORDER_UP_ALONE:
            self._make_alone(seat)
        self._continue()

    def _round2_suits(self, seat: int) -> list[int]:
        rules = self.rules
        stuck = seat == self.dealer and rules.all_pass_round2 == "stick_the_dealer"
        may_turned_down = rules.round2_may_name_turned_down or (stuck and rules.stuck_dealer_may_name_turned_down)
        down = self.upcard >> 3
        suits = [s for s in range(4) if may_turned_down or s != down]
        if rules.require_trump_to_call == "natural_trump":
            held = [s for s in suits if self._holds_natural_trump(seat, s)]
            # A stuck dealer with no natural trump in any suit he may name may name any
            # of them, so the hand can never deadlock (RULES.md decision 10).
            suits = held if (held or not stuck) else suits
        if rules.no_trump_call:
            suits.append(NO_TRUMP)
        return suits

    def _legal_round2(self) -> Legal:
        seat = self.turn
        rules = self.rules
        out: list[int] = []
        if seat != self.dealer or rules.all_pass_round2 in ("deal_passes_left", "same_dealer_redeals"):
            out.append(_PASS)
        elif rules.all_pass_round2 == "dealer_forfeit_or_call":
            out.append(_FORFEIT)
        suits = self._round2_suits(seat)
        out.extend(NAME_CODES[0][s] for s in suits)
        if self._alone_ok and self._with_call:
            out.extend(NAME_CODES[1][s] for s in suits)
        return _legal_of(tuple(out))

    def _apply_round2(self, code: int) -> None:
        seat = self.turn
        self.history.append((seat, code))
        if code == _PASS:
            self.passes += 1
            if self.passes == self.table.seats:
                self._finish_passed_out(False)
            else:
                self.turn = self.table.left[seat]
            return
        if code == _FORFEIT:
            self._finish_passed_out(True)
            return
        self.trump = NAMED_SUIT[code]
        self.maker = seat
        if code in GOES_ALONE:
            self._make_alone(seat)
        self._continue()

    def _legal_blind(self) -> Legal:
        out = list(NAME_CODES[0][:4])
        if self._alone_ok and self._with_call:
            out.extend(NAME_CODES[1][:4])
        return _legal_of(tuple(out))

    def _apply_blind(self, code: int) -> None:
        # The joker turned up with dealer_names_trump_blind: the dealer's side are the
        # makers; the dealer names any suit, then takes the joker (X-22, X-11; RULES.md
        # decision 10: no takeover).
        self.history.append((self.dealer, code))
        self.trump = NAMED_SUIT[code]
        self.maker = self.dealer
        self.upcard_to_dealer = True
        self.takeover_done = True
        if code in GOES_ALONE:
            self._make_alone(self.dealer)
        self._continue()

    def _finish_passed_out(self, forfeit: bool) -> None:
        sides = len(self.tricks_won)
        points = (0,) * sides
        label = "passed out"
        if forfeit:
            # The stuck dealer's opponents (every other side) score a point.
            dealer_side = self.table.team[self.dealer]
            points = tuple(0 if t == dealer_side else 1 for t in range(sides))
            label = "the dealer forfeits a point"
        self.result = HandResult(True, forfeit, None, None, None, None, (0,) * sides, points, label)
        self.phase = _PH_DONE
        self.is_over = True
        self.turn = -1

# The phases the methods above set or test, as module names: a member read through its
# class (Phase.PLAY) costs about 60 ns on CPython 3.11, a module global about 10.
_PH_BID_ROUND_2 = Phase.BID_ROUND_2
_PH_DONE = Phase.DONE

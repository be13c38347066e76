"""The calls of a hand: round one (order up, assist, take up), round two (name a suit),
the joker turned up (name blind), and the decisions after trump is fixed (the partner's
takeover, the dealer's discard, going alone, defending alone), in the order of RULES.md
decision 9 (REFERENCE 6.1, the bidding machine; S000 L117-187, S001 L11-15, S002 L13-47).

A part of :class:`~euchre.core.hand.HandState`; the play of the tricks that follows is
:mod:`euchre.core.tricks`.
"""

from __future__ import annotations

from collections.abc import Callable

from euchre.core.actions import CALL_BASE, DISCARD_BASE, GIVE_BASE, GOES_ALONE, NAME_CODES, NAMED_SUIT
from euchre.core.cards import ACE, JACK, JOKER, NO_TRUMP, RANK_CHARS, SAME_COLOUR, SUIT_MASK
from euchre.core.legal import (
    _DEFEND_ALONE,
    _DISCARD_LEGAL,
    _FARMERS_HAND,
    _FORFEIT,
    _GIVE_LEGAL,
    _GO_ALONE,
    _LEGAL_ALONE_DECISION,
    _LEGAL_DEFEND,
    _LEGAL_TAKEOVER,
    _ORDER_UP,
    _ORDER_UP_ALONE,
    _PASS,
    _TAKE_OVER_ALONE,
    _THROW_IN,
    Legal,
    _cards_legal,
    _legal_of,
)
from euchre.core.rules import Rules
from euchre.core.state import HandResult, Phase
from euchre.core.tricks import TrickPlay

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


class Calls(TrickPlay):
    """The bidding and the decisions after trump is fixed (methods only)."""

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
        self.phase = Phase.DONE
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
                self.phase = Phase.BID_ROUND_2
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
        self.phase = Phase.DONE
        self.is_over = True
        self.turn = -1

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
        steps: tuple[Callable[[Calls], bool], ...]
        if self.rules.calls_partner:
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
                self.phase, self.turn = Phase.ALONE_DECISION, self.maker
                return
            steps = _STEPS_AFTER_BIDDING[2:]
        for step in steps:
            if step(self):
                return
        self._begin_play()

    def _step_takeover(self) -> bool:
        seat = self._takeover_seat()
        if seat == -1:
            return False
        self.phase, self.turn = Phase.TAKEOVER, seat
        return True

    def _step_discard(self) -> bool:
        if not self._dealer_must_discard():
            return False
        self._begin_discard()
        return True

    def _step_alone_decision(self) -> bool:
        if self.alone_decided or not self._alone_ok:
            return False
        self.phase, self.turn = Phase.ALONE_DECISION, self.maker
        return True

    def _step_call(self) -> bool:
        if self.called != -1 or self.alone != -1:
            return False
        self.phase, self.turn = Phase.ALONE_DECISION, self.maker
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
        self.phase, self.turn = Phase.DEFEND_ALONE, seat
        return True

    def _begin_discard(self) -> None:
        self.hands[self.dealer] |= 1 << self.upcard
        self.phase, self.turn = Phase.DISCARD, self.dealer

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
        if self.rules.calls_partner:
            return self._legal_call()
        return _LEGAL_ALONE_DECISION

    def _apply_alone_decision(self, code: int) -> None:
        if self.rules.calls_partner:
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
                self.phase, self.turn = Phase.GIVE_BEST, self.table.partner[seat]
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
        self.phase, self.turn = Phase.GIVE_BEST, self.table.partner[self.alone]
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
        self.phase, self.turn = Phase.BEST_DISCARD, lone

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
_STEPS_WITH_CALL = (Calls._step_takeover, Calls._step_discard, Calls._step_best, Calls._step_defend)
_STEPS_AFTER_BIDDING = (
    Calls._step_discard, Calls._step_alone_decision, Calls._step_takeover,
    Calls._step_discard, Calls._step_best, Calls._step_defend,
)
# Call-ace (RULES.md decision 21): the dealer discards before the maker calls (X-47: the
# called card is named "after the dealer has discarded"); nobody takes over or defends
# alone, for nobody knows whose partner he is.
_STEPS_CALL_ACE = (Calls._step_discard, Calls._step_call)


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

"""One hand (one deal) of partnership Euchre as a phase machine.

A :class:`HandState` is created already dealt (:meth:`HandState.deal` from a random
generator, or :meth:`HandState.from_deal` from given cards). It then moves through the
phases of :class:`Phase`: round-one bidding, (blind naming when the joker is turned up),
the partner's takeover of a lone hand, the dealer's discard, the maker's alone decision,
defending alone, the play of five tricks, and the scored end.

``legal_actions()`` lists what the player to act may do; ``apply(action)`` checks the
action and raises :class:`IllegalActionError` naming the legal ones; ``push(action)`` /
``pop()`` apply without the check and undo, for search. Cards are card numbers
(:mod:`euchre.core.cards`), hands are bit masks, seats are ints 0..3 (N, E, S, W).

Sources: REFERENCE 6.1 (the bidding machine, legal plays, trick winner, opening lead,
pass-outs, scoring) and RULES.md decisions 8-10 (order of the decisions after trump is
fixed, and the combinations the texts leave open).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from euchre.core.actions import ACTIONS, DISCARD_BASE, PLAY_BASE, Action, action_text
from euchre.core.cards import (
    EFFECTIVE_SUIT,
    JACK,
    JOKER,
    NO_TRUMP,
    SAME_COLOUR,
    SUIT_MASK,
    Card,
    card_code,
    cards_of,
    deck_cards,
    mask_of,
    trick_winner_index,
)
from euchre.core.errors import EuchreError, IllegalActionError
from euchre.core.rules import Rules
from euchre.core.scoring import score_hand


class Phase(enum.IntEnum):
    """The phases of a hand, in the order they can occur."""

    BID_ROUND_1 = 0
    """Each seat from the eldest passes or accepts the upcard (order up / assist / take up)."""
    BID_ROUND_2 = 1
    """Each seat from the eldest passes or names a suit."""
    BLIND_NAME = 2
    """The joker was turned up: the dealer names trump before seeing his hand."""
    TAKEOVER = 3
    """The maker's partner may take the lone hand over (S000 L183-187, S002 L47)."""
    DISCARD = 4
    """The dealer, holding six cards, discards one."""
    ALONE_DECISION = 5
    """With after_bidding timing: the maker goes alone or plays with his partner."""
    DEFEND_ALONE = 6
    """Each defender in turn from the dealer's left may defend alone."""
    PLAY = 7
    """The play of the tricks."""
    DONE = 8
    """The hand is over (scored, or thrown in)."""


class Trick(NamedTuple):
    """A finished trick: the leader's seat, the seats in play order, the cards (card
    numbers) in play order, and the winning seat."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int


@dataclass(frozen=True)
class HandResult:
    """How a hand ended.

    Attributes:
        passed_out: all passed twice and the hand was thrown in (no score).
        forfeit: the stuck dealer gave the opponents a point (dealer_forfeit_or_call).
        maker: the seat that fixed trump, or None.
        trump: 0..3, NO_TRUMP (4), or None.
        alone: the seat playing a lone hand for the makers, or None.
        defender_alone: the seat defending alone, or None.
        tricks: tricks won per team (N-S, E-W).
        points: points scored by this hand per team (N-S, E-W); one side scores.
        label: what happened ("march", "euchre", "passed out", ...).
    """

    passed_out: bool
    forfeit: bool
    maker: int | None
    trump: int | None
    alone: int | None
    defender_alone: int | None
    tricks: tuple[int, int]
    points: tuple[int, int]
    label: str

    @property
    def scoring_team(self) -> int | None:
        """The team (0 N-S, 1 E-W) that scored, or None when nobody did."""
        if self.points[0]:
            return 0
        if self.points[1]:
            return 1
        return None


_DECKS: dict[tuple[int, bool], tuple[int, ...]] = {}


def _deck(size: int, joker: bool) -> tuple[int, ...]:
    deck = _DECKS.get((size, joker))
    if deck is None:
        deck = _DECKS[(size, joker)] = tuple(deck_cards(size, joker))
    return deck


_PACKETS = {
    "2-3": ((2, 2, 2, 2), (3, 3, 3, 3)),
    "3-2": ((3, 3, 3, 3), (2, 2, 2, 2)),
    "alternating_2-3": ((2, 3, 2, 3), (3, 2, 3, 2)),
    "alternating_3-2": ((3, 2, 3, 2), (2, 3, 2, 3)),
    "one_at_a_time": ((1, 1, 1, 1),) * 5,
    # The computer dealer's choice is 2-3 (any pattern is fair with a random shuffle).
    "dealer_choice": ((2, 2, 2, 2), (3, 3, 3, 3)),
}


def cut_pack(pack: list[int], rng: random.Random, min_packet: int) -> list[int]:
    """Cut a pack: lift ``k`` cards off the top (``min_packet <= k <= len - min_packet``)
    and put them at the bottom (S000 L115; S001 L8, "not less than four cards in each
    packet"). The first element of ``pack`` is the top card.

    Raises:
        EuchreError: no cut leaves ``min_packet`` cards in each packet.
    """
    n = len(pack)
    if min_packet < 1 or 2 * min_packet > n:
        raise EuchreError(f"no cut of {n} cards leaves {min_packet} in each packet")
    k = rng.randint(min_packet, n - min_packet)
    return pack[k:] + pack[:k]


def deal_pack(pack: Sequence[int], dealer: int, packets: str) -> tuple[list[list[int]], list[int]]:
    """Deal five cards to each seat from a pack (top card first), clockwise from the
    dealer's left in the packets of ``deal_packets`` (S000 L115, S001 L9, X-31).

    Returns:
        ``(hands, stock)``: the four hands by seat, and the undealt cards in order; the
        first card of the stock is the one to turn up (S003 L16: the 21st card).
    """
    hands: list[list[int]] = [[], [], [], []]
    pos = 0
    for round_sizes in _PACKETS[packets]:
        for i, size in enumerate(round_sizes):
            seat = (dealer + 1 + i) & 3
            hands[seat].extend(pack[pos:pos + size])
            pos += size
    return hands, list(pack[pos:])


class HandState:
    """The state of one hand. Mutable; copy with :meth:`copy`.

    Public read-only attributes (do not assign them): ``rules``, ``dealer``, ``phase``,
    ``turn`` (seat to act, or -1), ``upcard`` (card number), ``trump`` (0..3, NO_TRUMP,
    or -1 before trump is fixed), ``maker`` (-1 until fixed), ``alone`` (lone maker seat
    or -1), ``defender_alone`` (-1 or seat), ``active`` (bit mask of seats taking part),
    ``history`` (list of ``(seat, action code)``), ``tricks`` (finished :class:`Trick`),
    ``trick_cards``/``trick_seats`` (the trick being played), ``tricks_won`` (per team).
    """

    __slots__ = (
        "rules", "dealer", "deal_hands", "upcard", "stock", "joker_aside",
        "hands", "phase", "turn", "passes", "trump", "maker", "alone",
        "defender_alone", "active", "upcard_to_dealer", "discarded", "alone_decided",
        "takeover_done", "defend_done", "history", "tricks", "trick_cards",
        "trick_seats", "tricks_won", "leader", "result", "_stack", "_legal",
        "_alone_ok", "_with_call", "is_over",
    )

    rules: Rules
    dealer: int
    deal_hands: tuple[int, int, int, int]
    upcard: int
    stock: tuple[int, ...]
    joker_aside: bool
    hands: list[int]
    phase: Phase
    turn: int
    passes: int
    trump: int
    maker: int
    alone: int
    defender_alone: int
    active: int
    upcard_to_dealer: bool
    discarded: int
    alone_decided: bool
    takeover_done: bool
    defend_done: bool
    history: list[tuple[int, int]]
    tricks: list[Trick]
    trick_cards: list[int]
    trick_seats: list[int]
    tricks_won: list[int]
    leader: int
    result: HandResult | None
    _stack: list[tuple[Any, ...]]
    _legal: list[int] | None
    _alone_ok: bool
    _with_call: bool
    is_over: bool
    """True once the hand is scored or thrown in (phase DONE)."""

    # ------------------------------------------------------------------ creation
    @classmethod
    def deal(cls, rules: Rules, dealer: int, rng: random.Random) -> HandState:
        """Shuffle, cut and deal a new hand with ``rng`` (the only randomness used).

        Args:
            rules: the rule set.
            dealer: the dealer's seat 0..3.
            rng: the random generator; the same seed gives the same deal.
        """
        _check_rules_and_dealer(rules, dealer)
        if not isinstance(rng, random.Random):
            raise EuchreError(f"rng must be a random.Random, not {type(rng).__name__}")
        pack = list(_deck(rules.deck, rules.joker))
        rng.shuffle(pack)
        pack = cut_pack(pack, rng, rules.cut_min_packet)
        hands, stock = deal_pack(pack, dealer, rules.deal_packets)
        return cls._create(rules, dealer, hands, stock)

    @classmethod
    def from_deal(cls, rules: Rules, dealer: int, hands: Sequence[Sequence[int]], stock: Sequence[int]) -> HandState:
        """A hand from given cards.

        Args:
            rules: the rule set.
            dealer: the dealer's seat 0..3.
            hands: five card numbers for each seat N, E, S, W.
            stock: the undealt cards, the one turned up first. With the joker turned up
                and ``joker_turned_up = turn_next_card`` the joker is set aside and the
                next card is turned (S003 L12).

        Raises:
            EuchreError: the cards are not a deal of this rule set's deck (wrong count,
                a card twice, a card not in the deck).
        """
        _check_rules_and_dealer(rules, dealer)
        deck = set(_deck(rules.deck, rules.joker))
        if not isinstance(hands, (list, tuple)) or len(hands) != 4 or any(
                not isinstance(h, (list, tuple)) or len(h) != 5 for h in hands):
            raise EuchreError("a deal gives exactly five cards (a list) to each of four seats")
        if not isinstance(stock, (list, tuple)) or not stock:
            raise EuchreError("the stock must be a non-empty list of cards")
        all_cards = [c for h in hands for c in h] + list(stock)
        for c in all_cards:
            if type(c) is not int and type(c) is not Card:
                raise EuchreError(f"a card must be a card number (int) or Card, not {c!r}")
            if c not in deck:
                shown = card_code(c) if 0 <= c <= 32 else repr(c)
                raise EuchreError(f"card {shown} is not in the {rules.cards_in_deck}-card deck of these rules")
        seen: set[int] = set()
        for c in all_cards:
            if c in seen:
                raise EuchreError(f"card {card_code(c)} appears twice in the deal")
            seen.add(c)
        if len(all_cards) != len(deck):
            raise EuchreError(f"the deal and stock hold {len(all_cards)} cards; the deck has {len(deck)}")
        return cls._create(rules, dealer, [[int(c) for c in h] for h in hands], [int(c) for c in stock])

    @classmethod
    def _create(cls, rules: Rules, dealer: int, hands: Sequence[Sequence[int]], stock: list[int]) -> HandState:
        """from_deal without the checks (for deals the engine made itself)."""
        self = cls.__new__(cls)
        self.rules = rules
        self.dealer = dealer
        self.deal_hands = (mask_of(hands[0]), mask_of(hands[1]), mask_of(hands[2]), mask_of(hands[3]))
        self.joker_aside = False
        if stock[0] == JOKER and rules.joker_turned_up == "turn_next_card":
            self.joker_aside = True
            stock = [*stock[1:], JOKER]
        self.upcard = stock[0]
        self.stock = tuple(stock)
        self.hands = list(self.deal_hands)
        self.turn = (dealer + 1) & 3
        self.passes = 0
        self.trump = -1
        self.maker = -1
        self.alone = -1
        self.defender_alone = -1
        self.active = 0b1111
        self.upcard_to_dealer = False
        self.discarded = -1
        self.alone_decided = False
        self.takeover_done = False
        self.defend_done = False
        self.history = []
        self.tricks = []
        self.trick_cards = []
        self.trick_seats = []
        self.tricks_won = [0, 0]
        self.leader = -1
        self.result = None
        self.is_over = False
        self._stack = []
        self._legal = None
        self._alone_ok = rules.alone_allowed
        self._with_call = rules.alone_declare_timing == "with_call"
        if self.upcard == JOKER:
            self.phase = Phase.BLIND_NAME
            self.turn = dealer
        else:
            self.phase = Phase.BID_ROUND_1
        return self

    def as_dealt(self) -> HandState:
        """A new hand with the same deal and dealer, before any action (to step through
        ``history`` again). The joker set aside by ``joker_turned_up = turn_next_card``
        (S003 L12) goes back on top of the stock, so ``from_deal`` sets it aside again."""
        stock = list(self.stock)
        if self.joker_aside:  # from_deal moved the set-aside joker to the end
            stock = [JOKER, *stock[:-1]]
        hands = [list(cards_of(mask)) for mask in self.deal_hands]
        return HandState.from_deal(self.rules, self.dealer, hands, stock)

    def copy(self) -> HandState:
        """An independent copy (the undo stack is not copied)."""
        other = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.history = list(self.history)
        other.tricks = list(self.tricks)
        other.trick_cards = list(self.trick_cards)
        other.trick_seats = list(self.trick_seats)
        other.tricks_won = list(self.tricks_won)
        other._stack = []
        return other

    # ------------------------------------------------------------------ queries

    @property
    def eldest(self) -> int:
        """The eldest hand: the seat to the dealer's left."""
        return (self.dealer + 1) & 3

    @property
    def turned_down(self) -> int | None:
        """The suit of the upcard once it has been turned down, else None."""
        if self.upcard != JOKER and (self.phase == Phase.BID_ROUND_2 or (self.trump != -1 and not self.upcard_to_dealer)):
            return self.upcard >> 3
        return None

    @property
    def led_suit(self) -> int | None:
        """The effective suit led to the current trick, or None before the lead."""
        if not self.trick_cards:
            return None
        return EFFECTIVE_SUIT[self.trump][self.trick_cards[0]]

    def hand_of(self, seat: int) -> list[int]:
        """The cards (card numbers, low first) a seat holds now."""
        return list(cards_of(self.hands[seat]))

    def is_active(self, seat: int) -> bool:
        """False for a seat sitting out (the partner of a lone player)."""
        return bool(self.active >> seat & 1)

    def legal_codes(self) -> list[int]:
        """The legal action codes for the player to act (empty when the hand is over).

        Cached until the state changes; do not mutate the returned list."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _LEGAL[self.phase](self)
        return legal

    def legal_actions(self) -> list[Action]:
        """The legal actions for the player to act, as :class:`Action` values (a new list)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _LEGAL[self.phase](self)
        acts = _PLAY_ACTIONS.get(id(legal))
        if acts is not None:
            return list(acts)
        at = _ACTION_AT
        return [at[c] for c in legal]

    # ------------------------------------------------------------------ acting
    def apply(self, action: int | str) -> None:
        """Apply an action after checking it (the checked entry point).

        Args:
            action: an :class:`Action`, its code, or its text form (``"play-JH"``).

        Raises:
            IllegalActionError: the action is not legal now; the message names the legal
                actions. The state is unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = _LEGAL[self.phase](self)
        t = type(action)
        if (t is Action or t is int) and action in legal:
            _APPLY[self.phase](self, action)
            self._legal = None
            return
        self._refuse(action, legal)

    def _refuse(self, action: object, legal: list[int]) -> None:
        """Apply a string action if it is legal, else raise IllegalActionError."""
        if isinstance(action, str):
            try:
                code = int(Action.parse(action))
            except EuchreError as exc:
                raise IllegalActionError(str(exc), action, [action_text(c) for c in legal]) from None
        elif type(action) is int or type(action) is Action:
            code = int(action)
        else:
            # bools, floats, and other int-valued enums (a Card or a Suit is not an action)
            raise IllegalActionError(f"not an action: {action!r}", repr(action), [action_text(c) for c in legal])
        if code in legal:
            _APPLY[self.phase](self, code)
            self._legal = None
            return
        if self.phase == Phase.DONE:
            raise IllegalActionError("the hand is over; no action is legal", _safe_text(code))
        who = "NESW"[self.turn]
        raise IllegalActionError(
            f"{_safe_text(code)} is not legal for {who} in {self.phase.name.lower()}",
            _safe_text(code), [action_text(c) for c in legal])

    def push(self, code: int) -> None:
        """Apply an action code WITHOUT checking it, saving the state for :meth:`pop`.

        For search only: an illegal code leaves the state meaningless."""
        self._stack.append(self._snapshot())
        _APPLY[self.phase](self, code)
        self._legal = None

    def pop(self) -> None:
        """Undo the last :meth:`push`.

        Raises:
            EuchreError: nothing to undo.
        """
        if not self._stack:
            raise EuchreError("pop() without a matching push()")
        self._restore(self._stack.pop())

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            list(self.hands), self.phase, self.turn, self.passes, self.trump, self.maker,
            self.alone, self.defender_alone, self.active, self.upcard_to_dealer,
            self.discarded, self.alone_decided, self.takeover_done, self.defend_done,
            len(self.history), len(self.tricks), list(self.trick_cards),
            list(self.trick_seats), list(self.tricks_won), self.leader, self.result,
            self._legal,
        )

    def _restore(self, s: tuple[Any, ...]) -> None:
        (self.hands, self.phase, self.turn, self.passes, self.trump, self.maker,
         self.alone, self.defender_alone, self.active, self.upcard_to_dealer,
         self.discarded, self.alone_decided, self.takeover_done, self.defend_done,
         n_hist, n_tricks, self.trick_cards, self.trick_seats, self.tricks_won,
         self.leader, self.result, self._legal) = s
        del self.history[n_hist:]
        del self.tricks[n_tricks:]
        self.is_over = self.phase == Phase.DONE

    # ------------------------------------------------------------------ bidding
    def _holds_natural_trump(self, seat: int, suit: int) -> bool:
        """natural_trump rule (X-11, X-29): a trump other than the left bower; the joker
        counts (RULES.md decision 10)."""
        if suit == NO_TRUMP:
            return True
        left = (SAME_COLOUR[suit] << 3) | JACK
        return bool(self.hands[seat] & SUIT_MASK[suit][suit] & ~(1 << left))

    def _legal_round1(self) -> list[int]:
        seat = self.turn
        rules = self.rules
        partner_of_dealer = seat == (self.dealer + 2) & 3
        if partner_of_dealer and not rules.dealer_partner_may_assist:
            return [0]
        if rules.require_trump_to_call == "natural_trump" and seat != self.dealer:
            if not self._holds_natural_trump(seat, self.upcard >> 3):
                return [0]
        if partner_of_dealer and rules.canadian_loner:
            return [0, int(Action.ORDER_UP_ALONE)]
        if self._alone_ok and self._with_call:
            return [0, int(Action.ORDER_UP), int(Action.ORDER_UP_ALONE)]
        return [0, int(Action.ORDER_UP)]

    def _apply_round1(self, code: int) -> None:
        seat = self.turn
        self.history.append((seat, code))
        if code == 0:
            self.passes += 1
            if self.passes == 4:
                self.phase = Phase.BID_ROUND_2
                self.passes = 0
            self.turn = (seat + 1) & 3
            return
        self.trump = self.upcard >> 3
        self.maker = seat
        self.upcard_to_dealer = True
        if code == Action.ORDER_UP_ALONE:
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

    def _legal_round2(self) -> list[int]:
        seat = self.turn
        rules = self.rules
        out: list[int] = []
        if seat != self.dealer or rules.all_pass_round2 in ("deal_passes_left", "same_dealer_redeals"):
            out.append(0)
        elif rules.all_pass_round2 == "dealer_forfeit_or_call":
            out.append(int(Action.FORFEIT))
        suits = self._round2_suits(seat)
        out.extend(3 + s for s in suits)
        if self._alone_ok and self._with_call:
            out.extend(8 + s for s in suits)
        return out

    def _apply_round2(self, code: int) -> None:
        seat = self.turn
        self.history.append((seat, code))
        if code == 0:
            self.passes += 1
            if self.passes == 4:
                self._finish_passed_out(False)
            else:
                self.turn = (seat + 1) & 3
            return
        if code == Action.FORFEIT:
            self._finish_passed_out(True)
            return
        self.trump = (code - 3) % 5
        self.maker = seat
        if code >= 8:
            self._make_alone(seat)
        self._continue()

    def _legal_blind(self) -> list[int]:
        out = [3 + s for s in range(4)]
        if self._alone_ok and self._with_call:
            out.extend(8 + s for s in range(4))
        return out

    def _apply_blind(self, code: int) -> None:
        # The joker turned up with dealer_names_trump_blind: the dealer's side are the
        # makers; the dealer names any suit, then takes the joker (X-22, X-11; RULES.md
        # decision 10: no takeover).
        self.history.append((self.dealer, code))
        self.trump = (code - 3) % 5
        self.maker = self.dealer
        self.upcard_to_dealer = True
        self.takeover_done = True
        if code >= 8:
            self._make_alone(self.dealer)
        self._continue()

    def _finish_passed_out(self, forfeit: bool) -> None:
        points = (0, 0)
        label = "passed out"
        if forfeit:
            team = (self.dealer + 1) & 1
            points = (1, 0) if team == 0 else (0, 1)
            label = "the dealer forfeits a point"
        self.result = HandResult(True, forfeit, None, None, None, None, (0, 0), points, label)
        self.phase = Phase.DONE
        self.is_over = True
        self.turn = -1

    def _make_alone(self, seat: int) -> None:
        self.alone = seat
        self.active = 0b1111 & ~(1 << (seat ^ 2))
        self.alone_decided = True

    # ------------------------------------------------- after trump is fixed
    def _takeover_seat(self) -> int:
        """The seat that may still take the lone hand over, or -1 (RULES.md decision 9)."""
        if self.takeover_done or not self._alone_ok:
            return -1
        rules = self.rules
        maker = self.maker
        in_round1 = self.upcard_to_dealer and self.upcard != JOKER
        if not in_round1:
            return -1  # round two: every partner has passed (S000 L187)
        eldest, dealers_partner = (self.dealer + 1) & 3, (self.dealer + 2) & 3
        if rules.alone_who == "maker_or_partner" and maker in (eldest, dealers_partner):
            return maker ^ 2  # the partner speaks after the maker and has not passed
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
        maker_team = self.maker & 1
        seat = start
        end = (self.dealer + 1) & 3
        while True:
            if seat & 1 != maker_team:
                return seat
            seat = (seat + 1) & 3
            if seat == end:
                return -1

    def _continue(self) -> None:
        """Move to the next pending decision after trump is fixed (RULES.md decision 9):
        the first step of the timing's sequence that is still pending, else the play."""
        steps = _STEPS_WITH_CALL if self._with_call else _STEPS_AFTER_BIDDING
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

    def _step_defend(self) -> bool:
        seat = self._defender_to_ask((self.dealer + 1) & 3)
        if seat == -1:
            return False
        self.phase, self.turn = Phase.DEFEND_ALONE, seat
        return True

    def _begin_discard(self) -> None:
        self.hands[self.dealer] |= 1 << self.upcard
        self.phase, self.turn = Phase.DISCARD, self.dealer

    def _legal_takeover(self) -> list[int]:
        return [0, int(Action.TAKE_OVER_ALONE)]

    def _apply_takeover(self, code: int) -> None:
        seat = self.turn
        self.history.append((seat, code))
        self.takeover_done = True
        if code == Action.TAKE_OVER_ALONE:
            # S000 L185: the partner who takes it over must play alone; the first
            # declarer sits out.
            self._make_alone(seat)
        self._continue()

    def _legal_discard(self) -> list[int]:
        m = self.hands[self.dealer]
        if not self.rules.dealer_may_discard_upcard:
            m &= ~(1 << self.upcard)
        out = []
        while m:
            low = m & -m
            out.append(DISCARD_BASE + low.bit_length() - 1)
            m ^= low
        return out

    def _apply_discard(self, code: int) -> None:
        card = code - DISCARD_BASE
        self.history.append((self.dealer, code))
        self.hands[self.dealer] &= ~(1 << card)
        self.discarded = card
        self._continue()

    def _legal_alone_decision(self) -> list[int]:
        return [int(Action.GO_ALONE), int(Action.PLAY_WITH_PARTNER)]

    def _apply_alone_decision(self, code: int) -> None:
        self.history.append((self.turn, code))
        self.alone_decided = True
        if code == Action.GO_ALONE:
            self._make_alone(self.maker)
        self._continue()

    def _legal_defend(self) -> list[int]:
        return [0, int(Action.DEFEND_ALONE)]

    def _apply_defend(self, code: int) -> None:
        seat = self.turn
        self.history.append((seat, code))
        if code == Action.DEFEND_ALONE:
            self.defender_alone = seat
            self.active &= ~(1 << (seat ^ 2))
            self.defend_done = True
            self._begin_play()
            return
        nxt = (seat + 1) & 3
        if nxt == (self.dealer + 1) & 3:
            self.defend_done = True
            self._begin_play()
            return
        seat = self._defender_to_ask(nxt)
        if seat == -1:
            self.defend_done = True
            self._begin_play()
        else:
            self.turn = seat

    # ------------------------------------------------------------------ play
    def _begin_play(self) -> None:
        rules = self.rules
        if self.alone != -1 and rules.alone_lead == "lone_player":
            start = self.alone  # S000 L181, the "improper custom"
        elif self.alone != -1 and rules.alone_lead == "left_of_lone_player":
            start = (self.alone + 1) & 3  # "lead switch"
        else:
            start = (self.dealer + 1) & 3  # S000 L173, S001 L17
        while not self.active >> start & 1:
            start = (start + 1) & 3
        self.phase = Phase.PLAY
        self.turn = self.leader = start

    def _legal_play(self) -> list[int]:
        hand = self.hands[self.turn]
        if self.trick_cards:
            t = self.trump
            follow = hand & SUIT_MASK[t][EFFECTIVE_SUIT[t][self.trick_cards[0]]]
            if follow:
                hand = follow
        codes = _PLAY_CODES.get(hand)
        if codes is None:
            codes = _play_codes(hand)
        return codes

    def _apply_play(self, code: int) -> None:
        card = code - PLAY_BASE
        seat = self.turn
        self.history.append((seat, code))
        self.hands[seat] &= ~(1 << card)
        cards = self.trick_cards
        cards.append(card)
        seats = self.trick_seats
        seats.append(seat)
        nxt = _NEXT_ACTIVE[self.active][seat]
        if nxt != self.leader:
            self.turn = nxt
            return
        # The trick is complete: the highest card under (trump, led suit) wins.
        winner = seats[trick_winner_index(cards, self.trump)]
        self.tricks.append(Trick(self.leader, tuple(seats), tuple(cards), winner))
        self.tricks_won[winner & 1] += 1
        self.trick_cards = []
        self.trick_seats = []
        if len(self.tricks) == 5:
            self._finish_scored()
        else:
            self.turn = self.leader = winner

    def _finish_scored(self) -> None:
        maker_team = self.maker & 1
        maker_tricks = self.tricks_won[maker_team]
        makers_score, points, label = score_hand(
            self.rules, maker_tricks, self.alone != -1, self.defender_alone != -1)
        team = maker_team if makers_score else 1 - maker_team
        pts = (points, 0) if team == 0 else (0, points)
        self.result = HandResult(
            False, False, self.maker, self.trump,
            None if self.alone == -1 else self.alone,
            None if self.defender_alone == -1 else self.defender_alone,
            (self.tricks_won[0], self.tricks_won[1]), pts, label)
        self.phase = Phase.DONE
        self.is_over = True
        self.turn = -1
        self.leader = -1

    def _legal_done(self) -> list[int]:
        return []

    def _apply_done(self, code: int) -> None:
        raise IllegalActionError("the hand is over; no action is legal", _safe_text(code))

    # ------------------------------------------------------------------ text
    def __repr__(self) -> str:
        hands = " ".join("NESW"[s] + ":" + ",".join(card_code(c) for c in self.hand_of(s)) for s in range(4))
        return f"<HandState {self.phase.name} dealer={'NESW'[self.dealer]} upcard={card_code(self.upcard)} {hands}>"


_NEXT_ACTIVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(next(((seat + k) & 3 for k in range(1, 5) if active >> ((seat + k) & 3) & 1), seat) for seat in range(4))
    for active in range(16)
)
"""_NEXT_ACTIVE[active mask][seat]: the next seat clockwise that takes part."""

_PLAY_CODES: dict[int, list[int]] = {}
_PLAY_ACTIONS: dict[int, list[Action]] = {}
_ACTION_AT: list[Action] = [ACTIONS.get(i, Action.PASS) for i in range(max(ACTIONS) + 1)]


def _play_codes(mask: int) -> list[int]:
    """The play codes of the cards in ``mask`` (cached; the lists are shared, never mutate)."""
    out = []
    m = mask
    while m:
        low = m & -m
        out.append(PLAY_BASE + low.bit_length() - 1)
        m ^= low
    if len(_PLAY_CODES) < 500_000:
        # Cached lists live as long as the module, so their ids are stable keys.
        _PLAY_CODES[mask] = out
        _PLAY_ACTIONS[id(out)] = [_ACTION_AT[c] for c in out]
    return out


def _check_rules_and_dealer(rules: object, dealer: object) -> None:
    if not isinstance(rules, Rules):
        raise EuchreError(f"rules must be a Rules value (e.g. preset('modern-standard')), not {type(rules).__name__}")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
        raise EuchreError(f"dealer must be a seat 0..3, not {dealer!r}")


def _safe_text(code: int) -> str:
    try:
        return action_text(code)
    except EuchreError:
        return repr(code)


# The order of the decisions after trump is fixed (RULES.md decision 9). A dealer whom
# a takeover made active discards after it (the second discard step).
_STEPS_WITH_CALL = (HandState._step_takeover, HandState._step_discard, HandState._step_defend)
_STEPS_AFTER_BIDDING = (
    HandState._step_discard, HandState._step_alone_decision, HandState._step_takeover,
    HandState._step_discard, HandState._step_defend,
)

_LEGAL = [
    HandState._legal_round1, HandState._legal_round2, HandState._legal_blind,
    HandState._legal_takeover, HandState._legal_discard, HandState._legal_alone_decision,
    HandState._legal_defend, HandState._legal_play, HandState._legal_done,
]
_APPLY = [
    HandState._apply_round1, HandState._apply_round2, HandState._apply_blind,
    HandState._apply_takeover, HandState._apply_discard, HandState._apply_alone_decision,
    HandState._apply_defend, HandState._apply_play, HandState._apply_done,
]

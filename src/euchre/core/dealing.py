"""How a hand comes to be: shuffled, cut and dealt (:meth:`Dealing.deal`), made from
given cards (:meth:`Dealing.from_deal`), or dealt again as it was (:meth:`Dealing.as_dealt`).

A part of :class:`~euchre.core.hand.HandState` (the last mixin before it): the state's
fields are :mod:`euchre.core.state`'s, their first values set here. What a new hand
takes from its rules is worked out once per Rules value (:class:`_HandConsts`): the
same calls of the random generator, so the same cards for a seed.

Sources: REFERENCE 6.1 (the deal), RULES.md decision 16 (the packets, the cut).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Sequence
from typing import Self

from euchre.core.calls import Calls
from euchre.core.cards import JOKER, Card, card_code, cards_of, mask_of
from euchre.core.deal import PACKETS, choose_packets, deal_pack, draw_below, pack_of, shuffle_pack, shuffled_pack
from euchre.core.errors import CardError, CardTypeError, EuchreTypeError, EuchreValueError, RulesTypeError
from euchre.core.rules import Rules
from euchre.core.seats import Table
from euchre.core.state import Phase


class Dealing(Calls):
    """The making of a new hand (class methods, and :meth:`as_dealt`); methods only."""

    __slots__ = ()

    @classmethod
    def deal(cls, rules: Rules, dealer: int, rng: random.Random, *, packets: str | None = None) -> Self:
        """Shuffle, cut and deal a new hand with ``rng`` (the only randomness used).

        Args:
            rules: the rule set.
            dealer: the dealer's seat 0..3.
            rng: the random generator; the same seed gives the same deal.
            packets: the packet pattern to deal in (a key of
                :data:`euchre.core.deal.PACKETS`), for a game that keeps one pattern
                (``deal_pattern_scope = per_game``); default: the rules' ``deal_packets``,
                the dealer choosing anew under ``dealer_choice``.

        Raises:
            RulesTypeError: ``rules`` is not a Rules.
            EuchreTypeError: ``dealer`` is not an int, ``rng`` not a ``random.Random``.
            EuchreValueError: ``dealer`` is not a seat of the table, or ``packets`` is
                not a pattern.
        """
        table = _check_rules_and_dealer(rules, dealer)
        if not isinstance(rng, random.Random):
            raise EuchreTypeError(f"rng must be a random.Random (e.g. random.Random(7)), not {type(rng).__name__}")
        if packets is not None and not isinstance(packets, str):
            raise EuchreTypeError(f"packets must be a pattern name or None, not {packets!r}")
        # The shuffle and cut come first; a dealer's choice of pattern is drawn after
        # them, so that rules with a fixed pattern deal the same cards for a seed
        # whatever the pattern's scope.
        consts = rules.__dict__.get(_CONSTS_KEY) or _hand_consts(rules)
        cut = consts.cut
        if cut:
            # shuffled_pack inlined: the same draws of rng (randint(a, b) is
            # a + randrange(b + 1 - a)), so the same cards for a seed.
            # The cut (k cards from the top to the bottom) is not made on the list:
            # the plan of cut k reads the shuffled pack from place k on. The pack is
            # shuffled as the cards' bits (a shuffle moves places, whatever they hold),
            # so that a hand's mask is the sum of its places.
            pack = list(consts.bits)
            shuffle_pack(pack, rng)
            k = cut + draw_below(len(pack) - 2 * cut + 1, rng)
        else:  # a cut the pack cannot give: shuffled_pack raises its error
            pack = [1 << c for c in shuffled_pack(rules.deck, rules.joker, rules.cut_min_packet, rng)]
            k = 0
        pattern = packets if packets is not None else (consts.pattern or choose_packets(rules.deal_packets, rng))
        plan = consts.plans.get((dealer, pattern, k)) or _mask_plan(consts, table, dealer, pattern, len(pack), k)
        getters, take_stock = plan
        masks = [sum(take(pack)) for take in getters]
        self = cls._create_masks(rules, consts, dealer, masks, [bit.bit_length() - 1 for bit in take_stock(pack)])
        self.packets = pattern
        return self

    @classmethod
    def from_deal(cls, rules: Rules, dealer: int, hands: Sequence[Sequence[int]], stock: Sequence[int]) -> Self:
        """A hand from given cards.

        Args:
            rules: the rule set.
            dealer: the dealer's seat 0..3.
            hands: five card numbers for each seat N, E, S, W.
            stock: the undealt cards, the one turned up first. With the joker turned up
                and ``joker_turned_up = turn_next_card`` the joker is set aside and the
                next card is turned (S003 L12).

        Raises:
            RulesTypeError: ``rules`` is not a Rules.
            EuchreTypeError: ``dealer`` is not an int, ``hands`` or ``stock`` not lists
                or tuples, a card not a card number.
            EuchreValueError (a CardError for the cards): the cards are not a deal of
                this rule set's deck (wrong count, a card twice, a card not in the deck).
        """
        table = _check_rules_and_dealer(rules, dealer)
        deck = set(pack_of(rules.deck, rules.joker))
        if not isinstance(hands, (list, tuple)) or any(not isinstance(h, (list, tuple)) for h in hands):
            raise EuchreTypeError(f"hands must be a list of {table.seats} lists of card numbers, not {type(hands).__name__}")
        if len(hands) != table.seats or any(len(h) != 5 for h in hands):
            raise EuchreValueError(f"a deal gives exactly five cards to each of {table.seats} seats")
        if not isinstance(stock, (list, tuple)):
            raise EuchreTypeError(f"the stock must be a list of card numbers, not {type(stock).__name__}")
        if not stock:
            raise EuchreValueError("the stock must hold at least the card to turn up")
        all_cards = [c for h in hands for c in h] + list(stock)
        for c in all_cards:
            if type(c) is not int and type(c) is not Card:
                raise CardTypeError(f"a card must be a card number (int) or Card, not {c!r}")
            if c not in deck:
                shown = card_code(c) if 0 <= c <= 32 else repr(c)
                raise CardError(f"card {shown} is not in the {rules.cards_in_deck}-card deck of these rules")
        seen: set[int] = set()
        for c in all_cards:
            if c in seen:
                raise CardError(f"card {card_code(c)} appears twice in the deal")
            seen.add(c)
        if len(all_cards) != len(deck):
            raise CardError(f"the deal and stock hold {len(all_cards)} cards; the deck has {len(deck)}")
        return cls._create(rules, dealer, [[int(c) for c in h] for h in hands], [int(c) for c in stock])

    @classmethod
    def _create(cls, rules: Rules, dealer: int, hands: Sequence[Sequence[int]], stock: list[int]) -> Self:
        """from_deal without the checks (for deals the engine made itself)."""
        consts = rules.__dict__.get(_CONSTS_KEY) or _hand_consts(rules)
        return cls._create_masks(rules, consts, dealer, [mask_of(h) for h in hands], stock)

    @classmethod
    def _create_masks(cls, rules: Rules, consts: _HandConsts, dealer: int, masks: list[int],
                      stock: Sequence[int]) -> Self:
        """_create from the hands' card masks, with the rules' constants."""
        self = cls.__new__(cls)
        table = consts.table
        self.rules = rules
        self.table = table
        self.dealer = dealer
        self.deal_hands = tuple(masks)
        self.joker_aside = False
        if stock[0] == JOKER and consts.joker_turn_next:
            self.joker_aside = True
            stock = [*stock[1:], JOKER]
        self.upcard = stock[0]
        self.stock = tuple(stock)
        self.hands = masks
        self.turn = table.left[dealer]
        self.passes = 0
        self.trump = -1
        self.maker = -1
        self.alone = -1
        self.defender_alone = -1
        self.active = table.everyone
        self.upcard_to_dealer = False
        self.discarded = -1
        self.alone_decided = False
        self.takeover_done = False
        self.defend_done = False
        self.best_done = 0
        self.history = []
        self.tricks = []
        self.trick_cards = []
        self.trick_seats = []
        self.tricks_won = [0] * consts.sides
        self.leader = -1
        self.result = None
        self.packets = None
        self.is_over = False
        self.called = -1
        self.partner = -1
        self._stack = []
        self._legal = None
        self._alone_ok = consts.alone_ok
        self._with_call = consts.with_call
        self._table_mode = consts.table_mode
        self._calls_partner = consts.calls_partner
        self.shown = ()
        self.claims_left = 0
        self.revokes = ()
        self.established = ()
        self.proofs = ()
        self.claim_log = ()
        self.claim_marks = self.penalty_points = consts.side_zeros
        self.review_left = 0
        self.exposed = consts.seat_zeros
        self.correcting = -1
        self.called_card = -1
        self.call_asked = -1
        self.quit_pos = 1
        self.kept = consts.seat_none
        if self.upcard == JOKER:
            self.phase = _PH_BLIND_NAME
            self.turn = dealer
        else:
            self.phase = _PH_BID_ROUND_1
            if consts.claims:
                # The claim round: every seat from the eldest is asked before the first
                # bid, whether or not it holds a hand it may claim (RULES.md decision 23).
                self.claims_left = table.seats
        self.phase_runs = [(0, self.phase)]
        return self

    def as_dealt(self) -> Self:
        """A new hand with the same deal and dealer, before any action (to step through
        ``history`` again). The joker set aside by ``joker_turned_up = turn_next_card``
        (S003 L12) goes back on top of the stock, so ``from_deal`` sets it aside again."""
        stock = list(self.stock)
        if self.joker_aside:  # from_deal moved the set-aside joker to the end
            stock = [JOKER, *stock[:-1]]
        hands = [list(cards_of(mask)) for mask in self.deal_hands]
        # The deal was checked when this hand was made: made again without the checks.
        other = type(self)._create(self.rules, self.dealer, hands, stock)
        other.packets = self.packets
        return other


class _HandConsts:
    """What a new hand takes from its rules, worked out once per Rules value (kept in
    the value's ``__dict__`` under ``_CONSTS_KEY``, as ``Rules.table`` is): the
    table, the options the phase machine asks at every deal, the pack in order, the
    cut's smallest packet (0 when the pack cannot be cut so: shuffled_pack raises),
    the fixed packet pattern (None under ``dealer_choice``) and, per dealer and
    pattern, who gets which cards of the pack (:func:`_mask_plan`)."""

    __slots__ = ("table", "alone_ok", "with_call", "table_mode", "calls_partner", "claims", "joker_turn_next", "sides",
                 "side_zeros", "seat_zeros", "seat_none", "pack", "bits", "cut", "pattern", "plans")

    def __init__(self, rules: Rules) -> None:
        table = rules.table
        self.table = table
        self.alone_ok = rules.alone_allowed
        self.with_call = rules.alone_declare_timing == "with_call"
        self.table_mode = rules.revokes_possible
        self.calls_partner = rules.calls_partner
        self.claims = bool(rules.claims)
        self.joker_turn_next = rules.joker_turned_up == "turn_next_card"
        self.sides = len(table.teams)
        self.side_zeros = (0,) * self.sides
        self.seat_zeros = (0,) * table.seats
        self.seat_none = (-1,) * table.seats
        self.pack = pack_of(rules.deck, rules.joker)
        self.bits = tuple(1 << c for c in self.pack)
        cut = rules.cut_min_packet
        ok = type(cut) is int and 1 <= cut and 2 * cut <= len(self.pack)
        self.cut = cut if ok else 0
        self.pattern = rules.deal_packets if rules.deal_packets in PACKETS else None
        self.plans: dict[tuple[int, str, int], _Plan] = {}


_CONSTS_KEY = "_hand_consts"


def _hand_consts(rules: Rules) -> _HandConsts:
    consts = _HandConsts(rules)
    rules.__dict__[_CONSTS_KEY] = consts  # a cache beside the frozen fields, as _table is
    return consts


def _one_card_getter(place: int) -> Callable[[list[int]], tuple[int, ...]]:
    """A getter of the one-card tuple at ``place`` (itemgetter of one place gives the
    card itself)."""
    def take(pack: list[int]) -> tuple[int, ...]:
        return (pack[place],)
    return take


_Plan = tuple[tuple[Callable[[list[int]], tuple[int, ...]], ...], Callable[[list[int]], tuple[int, ...]]]


def _mask_plan(consts: _HandConsts, table: Table, dealer: int, pattern: str, size: int, cut: int) -> _Plan:
    """Who gets which cards of a shuffled pack of ``size`` cut at ``cut`` (the cut pack
    is the shuffled one from place ``cut`` on, then its first ``cut`` cards): per seat,
    the getter of its cards, and the getter of the stock in order; found by dealing the
    places themselves with :func:`~euchre.core.deal.deal_pack` (which raises for a
    pattern or dealer it refuses), cached in ``consts``."""
    places = list(range(size))
    hands, stock = deal_pack(places[cut:] + places[:cut], dealer, pattern, table)
    take_stock = operator.itemgetter(*stock) if len(stock) > 1 else _one_card_getter(stock[0])
    plan = (tuple(operator.itemgetter(*p) for p in hands), take_stock)
    consts.plans[(dealer, pattern, cut)] = plan
    return plan


def _check_rules_and_dealer(rules: object, dealer: object) -> Table:
    if not isinstance(rules, Rules):
        raise RulesTypeError(f"rules must be a Rules value (e.g. preset('modern-standard')), not {type(rules).__name__}")
    table = rules.table
    _seat_arg(table, dealer, "dealer")
    return table


def _seat_arg(table: Table, seat: object, what: str = "seat") -> int:
    """``seat`` checked as a seat of ``table`` (see :meth:`Table.seat`)."""
    if type(seat) is int and 0 <= seat < table.seats:
        return seat
    return table.seat(seat, what)

# The phases the methods above set or test, as module names: a member read through its
# class (Phase.PLAY) costs about 60 ns on CPython 3.11, a module global about 10.
_PH_BID_ROUND_1 = Phase.BID_ROUND_1
_PH_BLIND_NAME = Phase.BLIND_NAME

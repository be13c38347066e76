"""From a :class:`~euchre.core.hand.HandState` in play to the kernel's integers, and back.

The kernel (:mod:`euchre.solver.kernel`) sees each card as one bit of a mask laid out per
trump: every effective suit a run of bits, strongest first, the trump suit's run first.
A :class:`Layout` is that map, derived from the core's tables (``EFFECTIVE_SUIT``,
``TRUMP_POWER``), so the solver decides no rule of its own: the left bower and the joker
sit in the trump run because the core says they belong to trump.

The kernel's slots are the seats of the table (up to :data:`~euchre.solver.kernel.MAX_SLOTS`).
It counts the tricks of one side, maximised by its seats and minimised by the others
(:func:`sides_of`): team 0 at a table of two sides (N-S at the four-hand table, player 1
at the two-handed one), else the maker's side (the maker, and at call-ace the holder of
the called card in the world being solved) against everyone else.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from euchre.core.actions import PLAY_BASE
from euchre.core.cards import EFFECTIVE_SUIT, JOKER, NO_TRUMP, NUM_CARDS, TRUMP_POWER, cards_of, trick_winner_index
from euchre.core.errors import EuchreError
from euchre.core.hand import HandState, Phase
from euchre.solver.kernel import MAX_SLOTS


@dataclass(frozen=True)
class Layout:
    """The bit of each card for one trump.

    Attributes:
        trump: 0..3, or NO_TRUMP (4).
        bit_of: ``bit_of[card]`` is the bit number (0..32) of card number ``card``; -1 for
            the joker under no trump (the rules refuse that combination).
        card_at: ``card_at[bit]`` is the card number at a bit number (-1 for an unused bit).
        suit_masks: the mask (in bits) of each effective suit 0..3.
        trump_mask: the mask of the trump suit (0 under no trump).
    """

    trump: int
    bit_of: tuple[int, ...]
    card_at: tuple[int, ...]
    suit_masks: tuple[int, int, int, int]
    trump_mask: int

    def to_bits(self, cards: int) -> int:
        """A mask of card numbers as a mask of bits."""
        out = 0
        bit_of = self.bit_of
        while cards:
            low = cards & -cards
            out |= 1 << bit_of[low.bit_length() - 1]
            cards ^= low
        return out

    def to_cards(self, bits: int) -> list[int]:
        """A mask of bits as a list of card numbers (in bit order)."""
        out = []
        card_at = self.card_at
        while bits:
            low = bits & -bits
            out.append(card_at[low.bit_length() - 1])
            bits ^= low
        return out


@cache
def layout(trump: int) -> Layout:
    """The :class:`Layout` of a trump (0..3 or NO_TRUMP), cached."""
    suits = [trump, *(s for s in range(4) if s != trump)] if trump != NO_TRUMP else [0, 1, 2, 3]
    bit_of = [-1] * NUM_CARDS
    card_at = [-1] * NUM_CARDS
    suit_masks = [0, 0, 0, 0]
    bit = 0
    for suit in suits:
        members = [c for c in range(NUM_CARDS) if EFFECTIVE_SUIT[trump][c] == suit and not (c == JOKER and trump == NO_TRUMP)]
        members.sort(key=lambda c: -TRUMP_POWER[trump][c])
        for c in members:
            bit_of[c] = bit
            card_at[bit] = c
            suit_masks[suit] |= 1 << bit
            bit += 1
    trump_mask = suit_masks[trump] if trump != NO_TRUMP else 0
    return Layout(trump, tuple(bit_of), tuple(card_at), (suit_masks[0], suit_masks[1], suit_masks[2], suit_masks[3]), trump_mask)


def sides_of(state: HandState) -> int:
    """The mask of the seats that minimise the kernel's value (the *other side*): the
    seats of team 1 at a table of two sides (the four-hand table: E-W; two-handed: player
    2); at a table of more sides, every seat not on the maker's side
    (:meth:`~euchre.core.hand.HandState.maker_side`: the maker, and at call-ace the holder
    of the called card), whose tricks count together as the scoring counts them.

    Raises:
        EuchreError: the table has more seats than the kernel holds.
    """
    table = state.table
    if table.seats > MAX_SLOTS:  # pragma: no cover - tables have at most seven seats
        raise EuchreError(f"the solver's kernel holds {MAX_SLOTS} seats; this table has {table.seats}")
    if len(table.teams) == 2:
        counted: tuple[int, ...] = table.teams[0]
    else:
        counted = state.maker_side()[0]
    return sum(1 << s for s in range(table.seats) if s not in counted)


@dataclass(frozen=True)
class Position:
    """A play position in kernel form (masks in :class:`Layout` bits; the kernel's slots
    are the table's seats).

    Attributes:
        layout: the card layout of the trump.
        hands: the cards each slot holds (:data:`~euchre.solver.kernel.MAX_SLOTS` of them:
            the seats, then empty slots; a seat sitting out holds none).
        ctx: the kernel's context values (see :mod:`euchre.solver.kernel`).
        leader: the seat that led the trick in progress (or leads the next).
        seat: the seat to play.
        nplayed: cards in the trick in progress (0 .. seats in play - 1).
        led: mask of the led effective suit (0 before the lead).
        best, best_seat: the card winning the trick so far (a one-bit mask) and its seat.
        table: mask of the cards of the trick in progress.
        tricks_left: tricks not yet complete, counting the one in progress (1..5).
        legal: the legal cards of the seat to play (card numbers, from the core).
        other: the mask of the seats that minimise the value (:func:`sides_of`).
    """

    layout: Layout
    hands: tuple[int, ...]
    ctx: tuple[int, ...]
    leader: int
    seat: int
    nplayed: int
    led: int
    best: int
    best_seat: int
    table: int
    tricks_left: int
    legal: tuple[int, ...]
    other: int

    @property
    def counted(self) -> bool:
        """True when the seat to play is on the side whose tricks the kernel counts."""
        return not self.other >> self.seat & 1


def position_of(state: HandState) -> Position:
    """The kernel form of a hand in the play phase (all hands known).

    Raises:
        EuchreError: the hand is not in the play phase, or holds the joker under no trump.
    """
    if state.phase != Phase.PLAY:
        raise EuchreError(f"the solver needs a hand in the play phase; this one is in {state.phase.name.lower()}")
    trump = state.trump
    lay = layout(trump)
    active = state.active
    seats = state.table
    n = seats.seats
    other = sides_of(state)
    hands = [0] * MAX_SLOTS
    for s in range(n):
        if active >> s & 1:
            if trump == NO_TRUMP and state.hands[s] >> JOKER & 1:
                raise EuchreError("the joker cannot be played under no trump (the rules refuse the combination)")
            hands[s] = lay.to_bits(state.hands[s])
    nxt = list(range(MAX_SLOTS))  # an unused slot is never reached; it points at itself
    nxt[:n] = seats.next_active[active]
    players = sum(1 for s in range(n) if not seats.sits_out(s, active))
    ctx = (*lay.suit_masks, lay.trump_mask, *nxt, players, other, n, 2 if n <= 4 else 3)
    cards = state.trick_cards
    led = best = table = 0
    best_seat = 0
    if cards:
        led = lay.suit_masks[EFFECTIVE_SUIT[trump][cards[0]]]
        i = trick_winner_index(list(cards), trump)
        best = 1 << lay.bit_of[cards[i]]
        best_seat = state.trick_seats[i]
        for c in cards:
            table |= 1 << lay.bit_of[c]
    # The cards that follow suit: the legal plays, and in table mode (where any card may
    # be played) the plays of the perfect players the solver assumes.
    legal = tuple(code - PLAY_BASE for code in state.legal_codes()) if not state.rules.revokes_possible else \
        tuple(cards_of(state.following_mask()))
    return Position(lay, tuple(hands), ctx, state.leader, state.turn, len(cards), led, best, best_seat, table,
                    5 - len(state.tricks), legal, other)


def representative(pos: Position, card: int) -> int:
    """The bit of the card searched for ``card`` (a card number): the weakest card of its
    run in the hand of the seat to play, where a run is cards of one effective suit with
    no other card still in play between them (the kernel's equivalence rule)."""
    lay = pos.layout
    hand = pos.hands[pos.seat]
    live = pos.table
    for held in pos.hands:
        live |= held
    bit = 1 << lay.bit_of[card]
    suit = next(m for m in lay.suit_masks if m & bit)
    while True:
        weaker = live & suit & ~((bit << 1) - 1)
        nxt = weaker & -weaker
        if not nxt & hand:
            return bit
        bit = nxt

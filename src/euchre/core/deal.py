"""The deal: the pack, the cut, and dealing it out in packets.

The computer does what the dealer does at a table: the pack is shuffled (with the
``random.Random`` passed in, the only randomness), cut, and dealt five cards to each seat
clockwise from the dealer's left, in packets of the rules' ``deal_packets``; the first
card left over is turned up (S000 L115, S001 L8-9, S003 L16).

Packet patterns (``deal_packets``, REFERENCE 4.2 D5): ``2-3`` (everyone two, then
everyone three), ``3-2``, ``alternating_2-3`` (2, 3, 2, 3 then 3, 2, 3, 2; X-31),
``alternating_3-2``, ``one_at_a_time`` (X-28), and ``dealer_choice``: the dealer picks one
of :data:`DEALER_CHOICES` (X-28: "2s and 3s, or 1 at a time"). Under ``dealer_choice``
the rules' ``deal_pattern_scope`` says how long a choice stands: ``per_deal``, each dealer
chooses anew for each deal; ``per_game``, the first choice is kept for the whole game
("must adhere to whichever distribution plan he begins with", S001 L9; tournaments keep
the style for the round, X-28), which :class:`~euchre.core.game.Game` does by passing the
pattern to every deal. With a fixed pattern the scope changes nothing, because the
pattern never changes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from euchre.core.cards import deck_cards
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.seats import Table

PACKETS: tuple[str, ...] = ("2-3", "3-2", "alternating_2-3", "alternating_3-2", "one_at_a_time")
"""The fixed packet patterns (``dealer_choice`` is a dealer's pick among them)."""


def packet_rounds(pattern: str, seats: int) -> tuple[tuple[int, ...], ...]:
    """For each round of the deal, the packet size given to each seat in turn from the
    dealer's left, at a table of ``seats``: ``2-3`` is everyone two, then everyone three
    (S000 L115, S001 L9; two-handed: Keller 1887 ch. 7); ``alternating_2-3`` gives 2 and 3
    by turns, then 3 and 2 (X-31); ``one_at_a_time`` five rounds of one (X-28).

    Raises:
        EuchreValueError: not a fixed pattern."""
    first = {"2-3": 2, "3-2": 3}.get(pattern)
    if first is not None:
        return ((first,) * seats, (5 - first,) * seats)
    if pattern in ("alternating_2-3", "alternating_3-2"):
        start = 2 if pattern == "alternating_2-3" else 3
        row = tuple(start if i % 2 == 0 else 5 - start for i in range(seats))
        return (row, tuple(5 - k for k in row))
    if pattern == "one_at_a_time":
        return ((1,) * seats,) * 5
    raise EuchreValueError(f"not a packet pattern: {pattern!r}; patterns: {', '.join(PACKETS)}")

DEALER_CHOICES: tuple[str, ...] = ("2-3", "3-2", "alternating_2-3", "alternating_3-2", "one_at_a_time")
"""The patterns a dealer may choose under ``deal_packets = dealer_choice`` (X-28)."""

_DECKS: dict[tuple[int, bool], tuple[int, ...]] = {}


def _check_rng(rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise EuchreTypeError(f"rng must be a random.Random, not {type(rng).__name__}")


def pack_of(size: int, joker: bool) -> tuple[int, ...]:
    """The card numbers of a pack in a fixed order (suit then rank; the joker last).

    Raises:
        CardError: the size is not 24, 28 or 32.
    """
    deck = _DECKS.get((size, joker))
    if deck is None:
        deck = _DECKS[(size, joker)] = tuple(deck_cards(size, joker))
    return deck


def cut_pack(pack: list[int], rng: random.Random, min_packet: int) -> list[int]:
    """Cut a pack: lift ``k`` cards off the top (``min_packet <= k <= len - min_packet``)
    and put them at the bottom (S000 L115; S001 L8, "not less than four cards in each
    packet"). The first element of ``pack`` is the top card.

    Raises:
        EuchreTypeError: ``pack`` is not a list, ``rng`` not a ``random.Random``,
            ``min_packet`` not an int.
        EuchreValueError: no cut leaves ``min_packet`` cards in each packet.
    """
    if not isinstance(pack, list):
        raise EuchreTypeError(f"the pack is a list of card numbers, not {type(pack).__name__}")
    _check_rng(rng)
    if isinstance(min_packet, bool) or not isinstance(min_packet, int):
        raise EuchreTypeError(f"min_packet must be a whole number, not {min_packet!r}")
    n = len(pack)
    if min_packet < 1 or 2 * min_packet > n:
        raise EuchreValueError(f"no cut of {n} cards leaves {min_packet} in each packet")
    k = rng.randint(min_packet, n - min_packet)
    return pack[k:] + pack[:k]


def choose_packets(deal_packets: str, rng: random.Random) -> str:
    """The pattern a deal uses: ``deal_packets`` itself, or under ``dealer_choice`` the
    dealer's pick among :data:`DEALER_CHOICES` (drawn with ``rng``).

    Raises:
        EuchreTypeError: ``rng`` is not a ``random.Random``.
        EuchreValueError: ``deal_packets`` is no pattern."""
    if deal_packets != "dealer_choice" and deal_packets not in PACKETS:
        raise EuchreValueError(f"not a packet pattern: {deal_packets!r}; patterns: dealer_choice, {', '.join(PACKETS)}")
    _check_rng(rng)
    if deal_packets == "dealer_choice":
        return rng.choice(DEALER_CHOICES)
    return deal_packets


def deal_pack(pack: Sequence[int], dealer: int, packets: str, table: Table) -> tuple[list[list[int]], list[int]]:
    """Deal five cards to each seat from a pack (top card first), clockwise from the
    dealer's left, in the packets of a fixed pattern (S000 L115, S001 L9, X-31).

    Args:
        pack: the cards, top first.
        dealer: the dealer's seat.
        packets: one of :data:`PACKETS` (not ``dealer_choice``: see
            :func:`choose_packets`).
        table: the table being dealt to.

    Returns:
        ``(hands, stock)``: the hands by seat, and the undealt cards in order; the first
        card of the stock is the one to turn up (S003 L16: the 21st card).

    Raises:
        EuchreTypeError: ``table`` is not a Table, ``pack`` not a sequence.
        EuchreValueError: not a fixed pattern, the dealer not a seat, or too few cards.
    """
    plan = _PLANS.get((table, dealer, packets))
    if plan is None:
        if not isinstance(table, Table):
            raise EuchreTypeError(f"deal_pack needs the Table dealt to, not {type(table).__name__}")
        table.seat(dealer, "dealer")
        plan = _plan(table, dealer, packets)
    if not isinstance(pack, (list, tuple)):
        raise EuchreTypeError(f"the pack is a list of card numbers, not {type(pack).__name__}")
    if len(pack) <= plan[-1][2]:
        raise EuchreValueError(f"a pack of {len(pack)} cards is too small to deal {plan[-1][2]} and turn one up")
    hands: list[list[int]] = [[] for _ in range(table.seats)]
    for seat, start, stop in plan:
        hands[seat] += pack[start:stop]
    return hands, list(pack[plan[-1][2]:])


_PLANS: dict[tuple[Table, int, str], tuple[tuple[int, int, int], ...]] = {}


def _plan(table: Table, dealer: int, packets: str) -> tuple[tuple[int, int, int], ...]:
    """Who gets which slice of the pack: ``(seat, start, stop)`` for each packet."""
    rounds = packet_rounds(packets, table.seats)
    order = table.clockwise_from(table.left[dealer])
    plan = []
    pos = 0
    for round_sizes in rounds:
        for seat, size in zip(order, round_sizes, strict=True):
            plan.append((seat, pos, pos + size))
            pos += size
    _PLANS[(table, dealer, packets)] = out = tuple(plan)
    return out


def shuffle_pack(pack: list[int], rng: random.Random) -> None:
    """Shuffle ``pack`` in place: the order ``rng.shuffle(pack)`` gives, by the same draws
    of the generator, so a seed deals the same cards either way.

    ``random.Random.shuffle`` swaps each place ``i`` from the last down with a place
    ``j < i + 1`` drawn by ``getrandbits`` (a draw at or above ``i + 1`` is drawn again);
    here those draws are made inline, without the two Python calls per card that the
    library's method makes (about 1.5 us a 24-card pack instead of 3.5 on CPython 3.11).
    A generator of another class (``SystemRandom``, a subclass) shuffles with its own
    method. ``tests/test_deal.py`` holds the two equal over seeds and pack sizes."""
    if type(rng) is not random.Random:
        rng.shuffle(pack)
        return
    bits = rng.getrandbits
    for i, k in _SHUFFLE_STEPS[len(pack)]:
        j = bits(k)
        while j > i:
            j = bits(k)
        pack[i], pack[j] = pack[j], pack[i]


def draw_below(n: int, rng: random.Random) -> int:
    """A whole number in ``[0, n)`` (``n >= 1``) by the draws ``rng.randrange(n)`` makes:
    its value for the same state of the generator, without the library's checks of the
    arguments (see :func:`shuffle_pack`)."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


_SHUFFLE_STEPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(65))
"""Per pack size: each place ``i`` a shuffle swaps, last first, with the number of bits
drawn for it (those of ``i + 1``, as ``random.Random._randbelow`` draws)."""


def shuffled_pack(size: int, joker: bool, min_packet: int, rng: random.Random) -> list[int]:
    """A pack shuffled with ``rng`` and cut (top card first): what the dealer holds
    before dealing.

    Raises:
        EuchreTypeError: ``rng`` is not a ``random.Random``.
        EuchreValueError: no cut leaves ``min_packet`` cards in each packet.
    """
    _check_rng(rng)
    pack = list(pack_of(size, joker))
    shuffle_pack(pack, rng)
    return cut_pack(pack, rng, min_packet)

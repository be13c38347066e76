"""Drawing for partners and the first deal: the setup of a table before its first hand.

A part of :mod:`euchre.core.game` (which names these again for its callers).

Sources: S000 L113-117, S001 L7-9, S002 L13 (drawing, first dealer); RULES.md decision
15 (``first_jack``).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass

from euchre.core.cards import ACE, JACK, deck_cards
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.rules import Rules
from euchre.core.seats import FOUR_HANDED, Seat


def draw_value(card: int, order: str) -> int:
    """A card's value when drawing for partners and deal, low to high.

    ``ace_low``: A, 7, 8, 9, 10, J, Q, K (S000 L113, S001 L7); ``jack_high``: 7, 8, 9,
    10, Q, K, A, J (X-12); ``whist``: 7 ... 10, J, Q, K, A. Suits do not count.
    """
    rank = card & 7
    if order == "ace_low":
        return 0 if rank == ACE else rank + 1
    if order == "jack_high":
        if rank == JACK:
            return 8
        return rank if rank < JACK else rank - 1
    return rank


@dataclass(frozen=True)
class Setup:
    """How the table was formed.

    Attributes:
        seating: ``seating[seat]`` is the index of the player (0..n-1, in the order the
            players were given) who sits there.
        first_dealer: the seat of the first dealer.
        draws: the cards each player drew, in order, ``(player index, card number)``,
            for the draw for partners and/or the first deal (empty when none was made).
        method: a short description of what was done.

    Raises:
        EuchreTypeError: a field of the wrong type (lists are taken as tuples).
        EuchreValueError: a seating that is not the players 0..n-1 each once, a first
            dealer who is not a seat, a draw that is not (player 0..3, card number).
    """

    seating: tuple[int, ...]
    first_dealer: int
    draws: tuple[tuple[int, int], ...] = ()
    method: str = ""

    def __post_init__(self) -> None:
        seating, draws = self.seating, self.draws
        if isinstance(seating, list):
            seating = tuple(seating)
        if isinstance(draws, list):
            draws = tuple(tuple(d) if isinstance(d, list) else d for d in draws)
        if not isinstance(seating, tuple) or any(type(p) is not int for p in seating):
            raise EuchreTypeError(f"a setup's seating is a tuple of player numbers, not {self.seating!r}")
        if not 2 <= len(seating) <= 7 or sorted(seating) != list(range(len(seating))):
            raise EuchreValueError(f"a setup's seating must hold the players 0..n-1 each once, not {seating!r}")
        if isinstance(self.first_dealer, bool) or not isinstance(self.first_dealer, int) or (
                isinstance(self.first_dealer, enum.Enum) and not isinstance(self.first_dealer, Seat)):
            raise EuchreTypeError(f"the setup's first dealer must be a seat number, not {self.first_dealer!r}")
        if not 0 <= self.first_dealer < len(seating):
            raise EuchreValueError(f"the setup's first dealer must be a seat 0..{len(seating) - 1}, not {self.first_dealer}")
        if not isinstance(draws, tuple) or not all(
                isinstance(d, tuple) and len(d) == 2 and type(d[0]) is int and type(d[1]) is int for d in draws):
            raise EuchreTypeError(f"a setup's draws are (player, card number) pairs, not {self.draws!r}")
        if not all(0 <= p < len(seating) and 0 <= c < 32 for p, c in draws):
            raise EuchreValueError(f"a setup's draws are (player 0..{len(seating) - 1}, card number 0..31) pairs, "
                                   f"not {draws!r}")
        if not isinstance(self.method, str):
            raise EuchreTypeError(f"a setup's method is a text, not {self.method!r}")
        object.__setattr__(self, "seating", seating)
        object.__setattr__(self, "first_dealer", int(self.first_dealer))
        object.__setattr__(self, "draws", draws)


class _DrawPack:
    """The pack drawn from before the first deal (without the joker). When it runs out
    (ties drawn again and again, or a face-up deal for the first jack after the draw
    for partners used the jacks up) the cards are gathered and shuffled again, as
    players would."""

    def __init__(self, size: int, rng: random.Random) -> None:
        self.size = size
        self.rng = rng
        self.cards: list[int] = []
        self._shuffle()

    def _shuffle(self) -> None:
        self.cards = deck_cards(self.size, False)
        self.rng.shuffle(self.cards)

    def draw(self) -> int:
        if not self.cards:
            self._shuffle()
        return self.cards.pop()


def _draw_until_ordered(players: Sequence[int], pack: _DrawPack, order: str,
                        draws: list[tuple[int, int]]) -> list[int]:
    """Each player draws a card; tied players draw again (S001 L7, D.C. Law 1) until
    all are ordered. Returns the players from lowest to highest."""
    keys: dict[int, tuple[int, ...]] = {p: () for p in players}
    pending = list(players)
    while pending:
        for p in pending:
            card = pack.draw()
            draws.append((p, card))
            keys[p] = keys[p] + (draw_value(card, order),)
        groups: dict[tuple[int, ...], list[int]] = {}
        for p in players:
            groups.setdefault(keys[p], []).append(p)
        pending = [p for g in groups.values() if len(g) > 1 for p in g]
    return sorted(players, key=lambda p: keys[p])


def teams_from_draw(order_low_to_high: Sequence[int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The partnerships after a draw: the two highest play the two lowest (S000 L113,
    S001 L7, S002 L13). Returns ``(lowest pair, highest pair)`` of player indices."""
    lo = order_low_to_high
    return (lo[0], lo[1]), (lo[2], lo[3])


def setup_table(rules: Rules, rng: random.Random) -> Setup:
    """Form partnerships and choose the first dealer by the rules' methods.

    Seating: at the four-hand table, after a draw for partners player 0 sits North and
    his partner South, the other two East and West in player order; ``fixed_seats``
    keeps players 0..n-1 in seats 0..n-1 (N, E, S, W at the four-hand table). Where
    every player plays for himself only the first dealer is drawn for (a draw for
    partners would form none), and ``random`` seats the players at random.
    ``first_jack``/``first_black_jack``: one player, chosen at random (whoever happens
    to pick up the pack), deals cards face up one at a time clockwise, starting with the
    player to his left; the first (black) jack deals (X-28, X-29). The start is drawn
    with ``rng`` so that every seat is equally likely to deal first: from a fixed start
    the seats nearer to it would deal first more often. Drawing uses a pack without the
    joker.
    """
    pack = _DrawPack(rules.deck, rng)
    table = rules.table
    n = table.seats
    draws: list[tuple[int, int]] = []
    seating: tuple[int, ...] = tuple(range(n))
    order: list[int] | None = None
    method = rules.partnership_method
    if method == "cut_high_vs_low" and table is FOUR_HANDED:
        order = _draw_until_ordered(range(4), pack, rules.cut_rank_order, draws)
        low, high = teams_from_draw(order)
        pair0 = low if 0 in low else high
        other = high if pair0 is low else low
        seating = (0, min(other), max(pair0), max(other))
    elif method == "random":
        players = list(range(n))
        rng.shuffle(players)
        seating = tuple(players)
    seat_of = {p: s for s, p in enumerate(seating)}

    fd = rules.first_dealer_method
    if fd in ("lowest_cut", "highest_cut"):
        if order is None:
            order = _draw_until_ordered(range(n), pack, rules.cut_rank_order, draws)
        chosen = order[0] if fd == "lowest_cut" else order[-1]
        first = seat_of[chosen]
    elif fd in ("first_jack", "first_black_jack"):
        faced: list[int] = []
        while True:
            card = pack.draw()
            faced.append(card)
            if card & 7 == JACK and (fd == "first_jack" or card >> 3 in (0, 3)):
                break
        # The dealer of the face-up cards is drawn last, so that the pack is used as
        # before whatever the start; the k-th card goes to the k-th seat from his left.
        shuffler = rng.randrange(table.seats)
        seat = shuffler
        for card in faced:
            seat = table.left[seat]
            draws.append((seating[seat], card))
        first = seat
    else:
        first = rng.randrange(n)
    return Setup(seating, first, tuple(draws), f"{method}; {fd}")

"""Movements of a progressive evening: who sits where, with whom, in each round.

``T`` tables of four, numbered from 1 (the top or head table) to ``T`` (the bottom
table; X-51: "Table 1 = top table, highest number = bottom table"). Players are numbers
0..4T-1 (their place in the event's list of names). A round's seating gives, per table,
the player in each seat N, E, S, W (partners sit opposite: N with S, E with W) and the
seat of the first dealer.

The movements (REFERENCE.md 4.5 ``progressive_movement``; the sources are X-48 to X-51):

``winners_up_losers_down``
    After each round the winning pair of every table moves up one table and the losing
    pair moves down one; the top table's winners and the bottom table's losers stay.
    Each new table is made of two pairs, which split: each player partners one of the
    other pair. X-51: "winning players advance to the next higher table while losing
    players stay or move down"; X-48 ("the winner moves to the first table, while the
    losers move to the last table") and X-49 ("the winners go to the lead table, while
    the losers go to the back table") #interp read as one table towards the head or the
    foot: taken literally every winner would crowd table 1.
``winners_up_losers_stay``
    The winners move up one table and split, the losers stay at their table and split;
    the top table's winners stay (X-51, "losing players stay"). The top table's losers
    cannot stay (table 1 would hold six) and the bottom table would be left with two:
    #interp they go to the bottom table, the classic rule of the head table.
``fixed_rotation``
    A schedule fixed before play, whatever the results: round ``r`` is the ``r``-th
    perfect matching of the round-robin "circle method" on the ``4T`` players, its pairs
    seated two to a table. Guarantee, for every ``T`` >= 1: partners change every round,
    and over the first ``4T - 1`` rounds every player partners every other player exactly
    once (so nobody partners anyone twice); from round ``4T`` on the schedule starts
    again (a repeat is then unavoidable: a player has only ``4T - 1`` possible partners).
    Opponents are not balanced. (X-32: "after every round partnerships will change";
    X-51: everyone plays "with and against every other player over the course of an
    evening"; the schedule is the REFERENCE's option, its construction ours.)
``north_stationary``
    X-50's movement by seats: North stays at his table all evening, South moves down one
    table, East up one, West up two, each keeping his seat letter; #interp moving past
    either end wraps round to the other. Results do not matter. Guarantee, for ``T`` >= 2:
    partners change every round and nobody partners anyone twice within ``T`` rounds; the
    seating comes back to that of round 1 every ``T`` rounds. One table cannot use it.

In the two movements that follow the results, which of the two ways a pair of pairs
splits is not said by the sources: #interp the one that pairs fewer players who have
already partnered each other this evening, and on equal terms the first: the pair that
stays (or, where both arrive, the pair coming up) takes North and East, the other pair
South and West, the first of each pair (the one who sat N or E) partnering the first of
the other. Ties at a table are decided before the movement (:mod:`euchre.events.tally`).

Round 1 (:func:`first_round`): the players draw for their places (X-15d: "let each player
draw a card or slip" marked with his table; X-49: players draw cards to select a table;
X-32: "names may also be placed in a hat and drawn randomly"), here a seeded shuffle of the
players (:func:`seating_draw`) that gives each his table and seat; or, when the organiser
chooses it, they sit in the order given (X-32: numbers "in the order that they arrive";
X-50: a seat and a table given at registration). Under ``fixed_rotation`` the draw gives
each player his number in the schedule, which keeps its guarantees; the later rounds read
the numbers back from round 1's seating (:func:`rotation_order`).

The first dealer of each table: X-32 deals cards face up until a jack shows; here a seeded
draw stands for it (every seat equally likely, the same for the same event seed). With
duplicate deals every table's first dealer is North, so that every table deals the same
cards in the same order (:mod:`euchre.events.play`).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from euchre.analysis.duplicate import derive_seed
from euchre.core.seats import FOUR_HANDED
from euchre.events.errors import EventError

WINNERS_UP_LOSERS_DOWN = "winners_up_losers_down"
WINNERS_UP_LOSERS_STAY = "winners_up_losers_stay"
FIXED_ROTATION = "fixed_rotation"
NORTH_STATIONARY = "north_stationary"

MOVEMENTS: tuple[str, ...] = (WINNERS_UP_LOSERS_DOWN, WINNERS_UP_LOSERS_STAY, FIXED_ROTATION, NORTH_STATIONARY)
"""Every movement, the default first."""

BY_RESULTS: frozenset[str] = frozenset({WINNERS_UP_LOSERS_DOWN, WINNERS_UP_LOSERS_STAY})
"""The movements whose next round depends on who won each table."""

DRAWN = "drawn"
AS_LISTED = "as_listed"
SEATINGS: tuple[str, ...] = (DRAWN, AS_LISTED)
"""How round 1 is seated: the players draw for their places (the default), or sit in the
order their names were given."""

SEATS = "NESW"

EVENT_TABLE = FOUR_HANDED
"""The table of every event: four seats, N-S against E-W (X-32: a progressive evening
seats four at a table in two partnerships; the tournaments play the same table). Seats,
partners and sides are asked of it, not worked out by hand."""

TABLE_SEATS = EVENT_TABLE.seats
"""Players at each table of an event (4)."""

NS, EW = 0, 1
"""The sides of a table: 0 North-South, 1 East-West."""


@dataclass(frozen=True)
class TableSeating:
    """One table in one round.

    Attributes:
        table: the table's number, from 1 (the top table).
        seats: the player (0..4T-1) in each seat N, E, S, W.
        dealer: the first dealer's seat (0 N, 1 E, 2 S, 3 W).
    """

    table: int
    seats: tuple[int, int, int, int]
    dealer: int

    def side(self, side: int) -> tuple[int, int]:
        """The pair of a side (0 N-S, 1 E-W), the N or E player first."""
        return self.seats[side], self.seats[side + 2]

    def seat_of(self, player: int) -> int:
        """The seat (0..3) of ``player`` at this table.

        Raises:
            EventError: he does not sit here.
        """
        if player not in self.seats:
            raise EventError(f"player {player} does not sit at table {self.table}")
        return self.seats.index(player)


@dataclass(frozen=True)
class RoundSeating:
    """The seating of one round: every table, top table first.

    Attributes:
        round: the round's number, from 1.
        tables: one :class:`TableSeating` per table, tables 1..T in order.
    """

    round: int
    tables: tuple[TableSeating, ...]

    def players(self) -> list[int]:
        """Every player seated, table by table, N E S W."""
        return [p for t in self.tables for p in t.seats]

    def table_of(self, player: int) -> TableSeating:
        """The table ``player`` sits at.

        Raises:
            EventError: he is not seated this round.
        """
        for t in self.tables:
            if player in t.seats:
                return t
        raise EventError(f"player {player} is not seated in round {self.round}")

    def partnerships(self) -> set[frozenset[int]]:
        """The round's partnerships, each a set of two players."""
        return {frozenset(t.side(s)) for t in self.tables for s in (NS, EW)}


def check_movement(movement: str, tables: int) -> None:
    """Refuse a movement that does not exist or cannot seat ``tables`` tables.

    Raises:
        EventError: an unknown movement (the message lists them), fewer than one table,
            or ``north_stationary`` with one table (nobody would move).
    """
    if movement not in MOVEMENTS:
        raise EventError(f"unknown movement {movement!r}; movements: {', '.join(MOVEMENTS)}")
    if tables < 1:
        raise EventError(f"a progressive evening needs at least one table, not {tables}")
    if movement == NORTH_STATIONARY and tables < 2:
        raise EventError("north_stationary needs at least two tables: at one table nobody would move "
                         "and partners would never change")


def first_dealer(seed: int, round_number: int, table: int, duplicate: bool = False) -> int:
    """The first dealer's seat at ``table`` in round ``round_number``: a seeded draw
    (0..3, each equally likely) standing for X-32's deal for the first jack, or North (0)
    at every table with duplicate deals."""
    if duplicate:
        return 0
    return random.Random(derive_seed("first dealer", seed, round_number, table)).randrange(4)


def seating_draw(players: int, seed: int) -> tuple[int, ...]:
    """The draw for the places of round 1 (X-15d, X-49, X-32's hat): a seeded shuffle of
    the players 0..``players``-1, the same for the same seed.

    Returns:
        ``order``: ``order[k]`` is the player who drew place ``k``, that is table
        ``k // 4 + 1``, seat ``k % 4`` (N, E, S, W), or under ``fixed_rotation`` the
        schedule's number ``k``.

    Raises:
        EventError: fewer than one player.
    """
    if players < 1:
        raise EventError(f"a draw needs players, not {players}")
    order = list(range(players))
    random.Random(derive_seed("seating draw", seed, players)).shuffle(order)
    return tuple(order)


def _check_order(order: Sequence[int] | None, players: int) -> tuple[int, ...]:
    """``order`` checked as a permutation of 0..players-1 (None: the order given)."""
    if order is None:
        return tuple(range(players))
    out = tuple(order)
    if sorted(out) != list(range(players)):
        raise EventError(f"a seating order names each of the {players} players once, not {list(out)[:12]}")
    return out


def first_round(movement: str, players: int, seed: int = 0, duplicate: bool = False,
                order: Sequence[int] | None = None) -> RoundSeating:
    """The seating of round 1 for ``players`` players (a multiple of four).

    Args:
        movement: one of :data:`MOVEMENTS`.
        players: how many play.
        seed: the event's seed (first dealers).
        duplicate: every first dealer North (duplicate deals).
        order: who takes each place (:func:`seating_draw`: ``order[k]`` sits at table
            ``k // 4 + 1``, seat ``k % 4``); None seats the players in the order given
            (X-32: numbers "in the order that they arrive"): players 0, 1, 2, 3 at table
            1 N, E, S, W, players 4..7 at table 2, and so on. Under ``fixed_rotation``
            ``order[k]`` is the player with the schedule's number ``k``, seated where
            the schedule's first round puts that number.

    Raises:
        EventError: a player count that is not a positive multiple of four, a movement
            that cannot seat that many tables (:func:`check_movement`), or an ``order``
            that does not name every player once.
    """
    if players < TABLE_SEATS or players % TABLE_SEATS:
        raise EventError(f"a progressive evening seats four players a table: give a multiple of {TABLE_SEATS} "
                         f"players, not {players}")
    check_movement(movement, players // TABLE_SEATS)
    places = _check_order(order, players)
    if movement == FIXED_ROTATION:
        return rotation_round(players, 1, seed, duplicate, places)
    return _seated(1, [(places[4 * i], places[4 * i + 1], places[4 * i + 2], places[4 * i + 3])
                       for i in range(players // 4)], seed, duplicate)


def rotation_round(players: int, round_number: int, seed: int = 0, duplicate: bool = False,
                   order: Sequence[int] | None = None) -> RoundSeating:
    """Round ``round_number`` (from 1) of ``fixed_rotation`` for ``players`` players.

    With ``n = players`` and ``K = n - 1``, round ``r`` uses ``q = (r - 1) mod K``; its
    pairs are ``(n - 1, q)`` and ``((q + k) mod K, (q - k) mod K)`` for ``k = 1 .. n/2 - 1``
    (the circle method: number ``n - 1`` fixed, the others turning round him). Pairs 1 and
    2 sit at table 1 (N-S and E-W), pairs 3 and 4 at table 2, and so on. The numbers are
    the players' own, or with ``order`` (drawn for round 1, :func:`rotation_order`)
    number ``k`` is player ``order[k]``.

    Raises:
        EventError: a player count that is not a positive multiple of four, a round
            below 1, or an ``order`` that does not name every player once.
    """
    if players < TABLE_SEATS or players % TABLE_SEATS:
        raise EventError(f"a progressive evening seats four players a table: give a multiple of {TABLE_SEATS} "
                         f"players, not {players}")
    if round_number < 1:
        raise EventError(f"rounds are numbered from 1, not {round_number}")
    who = _check_order(order, players)
    n, k_mod = players, players - 1
    q = (round_number - 1) % k_mod
    pairs = [(n - 1, q)] + [((q + k) % k_mod, (q - k) % k_mod) for k in range(1, n // 2)]
    tables = [(who[pairs[2 * i][0]], who[pairs[2 * i + 1][0]], who[pairs[2 * i][1]], who[pairs[2 * i + 1][1]])
              for i in range(n // 4)]
    return _seated(round_number, tables, seed, duplicate)


def rotation_order(first: RoundSeating) -> tuple[int, ...]:
    """The schedule's numbers of ``fixed_rotation`` as round 1 gave them: ``order[k]`` is
    the player seated where the schedule's first round puts number ``k`` (the identity
    when the players sat in the order given).

    Raises:
        EventError: ``first`` is not a first round of four-player tables.
    """
    players = 4 * len(first.tables)
    if first.round != 1 or sorted(first.players()) != list(range(players)):
        raise EventError("the schedule's numbers are read from round 1, every player seated once")
    plain = rotation_round(players, 1)
    order = [0] * players
    for numbers, seated in zip(plain.tables, first.tables, strict=True):
        for s in range(4):
            order[numbers.seats[s]] = seated.seats[s]
    return tuple(order)


def north_stationary_round(previous: RoundSeating, seed: int = 0, duplicate: bool = False) -> RoundSeating:
    """The round after ``previous`` under X-50's movement: North stays, South moves down
    one table, East up one, West up two (wrapping round at the ends).

    Raises:
        EventError: fewer than two tables.
    """
    t_count = len(previous.tables)
    check_movement(NORTH_STATIONARY, t_count)
    new: list[list[int]] = [[0, 0, 0, 0] for _ in range(t_count)]
    for i, t in enumerate(previous.tables):
        n, e, s, w = t.seats
        new[i][0] = n
        new[(i + 1) % t_count][2] = s  # down one (a higher number)
        new[(i - 1) % t_count][1] = e  # up one
        new[(i - 2) % t_count][3] = w  # up two
    return _seated(previous.round + 1, [(a, b, c, d) for a, b, c, d in new], seed, duplicate)


def next_round(movement: str, previous: RoundSeating, winners: Sequence[int],
               partnered: Collection[frozenset[int]] = (), seed: int = 0, duplicate: bool = False,
               order: Sequence[int] | None = None) -> RoundSeating:
    """The seating of the round after ``previous``.

    Args:
        movement: one of :data:`MOVEMENTS`.
        previous: the round just played.
        winners: per table of ``previous`` (top first), the side that won it: 0 N-S, 1
            E-W (ties already decided). Not read by the fixed movements.
        partnered: every partnership of the evening so far (sets of two players), to
            split pairs so as to repeat as few as possible.
        seed: the event's seed (first dealers).
        duplicate: every first dealer North (duplicate deals).
        order: under ``fixed_rotation``, the players' numbers in the schedule as round 1
            gave them (:func:`rotation_order`); None: each player's own number.

    Raises:
        EventError: an unknown movement, not one winning side 0 or 1 per table, or an
            ``order`` that does not name every player once.
    """
    t_count = len(previous.tables)
    check_movement(movement, t_count)
    r = previous.round + 1
    if movement == FIXED_ROTATION:
        return rotation_round(4 * t_count, r, seed, duplicate, order)
    if movement == NORTH_STATIONARY:
        return north_stationary_round(previous, seed, duplicate)
    if len(winners) != t_count or any(w not in (NS, EW) for w in winners):
        raise EventError(f"give the winning side (0 N-S or 1 E-W) of each of the {t_count} tables, not {list(winners)}")
    won = [t.side(w) for t, w in zip(previous.tables, winners, strict=True)]
    lost = [t.side(1 - w) for t, w in zip(previous.tables, winners, strict=True)]
    groups: list[tuple[tuple[int, int], tuple[int, int]]] = []  # (the pair that stays or comes up, the other)
    last = t_count - 1
    for i in range(t_count):
        if t_count == 1:
            groups.append((won[0], lost[0]))
        elif movement == WINNERS_UP_LOSERS_DOWN:
            if i == 0:
                groups.append((won[0], won[1]))
            elif i == last:
                groups.append((lost[last], lost[last - 1]))
            else:
                groups.append((won[i + 1], lost[i - 1]))
        elif i == 0:  # winners_up_losers_stay
            groups.append((won[0], won[1]))
        elif i == last:
            groups.append((lost[last], lost[0]))
        else:
            groups.append((lost[i], won[i + 1]))
    known = set(partnered)
    return _seated(r, [_split(p, q, known) for p, q in groups], seed, duplicate)


def _split(p: tuple[int, int], q: tuple[int, int], partnered: set[frozenset[int]]) -> tuple[int, int, int, int]:
    """Seat two pairs at one table so that each player partners one of the other pair:
    ``p`` at N and E; ``q[0]`` at S and ``q[1]`` at W, or the other way round when that
    repeats fewer partnerships of ``partnered``."""
    first = (p[0], p[1], q[0], q[1])
    other = (p[0], p[1], q[1], q[0])

    def repeats(seats: tuple[int, int, int, int]) -> int:
        return sum(frozenset((seats[a], seats[a + 2])) in partnered for a in (0, 1))

    return other if repeats(other) < repeats(first) else first


def _seated(round_number: int, tables: Sequence[tuple[int, int, int, int]], seed: int, duplicate: bool) -> RoundSeating:
    return RoundSeating(round_number, tuple(
        TableSeating(i + 1, seats, first_dealer(seed, round_number, i + 1, duplicate)) for i, seats in enumerate(tables)))

"""Movements of a progressive evening (euchre.events.movements): every player seated once
a round, partners change as the movement says, winners and losers move as the rule says
(X-48 to X-51; the module docstring gives the readings). The expected seatings are worked
by hand from the rules' text."""

from __future__ import annotations

import itertools

import pytest

from euchre.events.errors import EventError
from euchre.events.movements import (
    FIXED_ROTATION,
    MOVEMENTS,
    NORTH_STATIONARY,
    WINNERS_UP_LOSERS_DOWN,
    WINNERS_UP_LOSERS_STAY,
    RoundSeating,
    first_dealer,
    first_round,
    next_round,
    rotation_order,
    rotation_round,
    seating_draw,
)

NS, EW = 0, 1


def seats(r: RoundSeating) -> list[tuple[int, int, int, int]]:
    return [t.seats for t in r.tables]


def assert_everyone_once(r: RoundSeating, players: int) -> None:
    assert sorted(r.players()) == list(range(players))
    assert [t.table for t in r.tables] == list(range(1, players // 4 + 1))
    assert all(0 <= t.dealer < 4 for t in r.tables)


def test_first_round_seats_players_in_the_order_given() -> None:
    """X-32: numbers in the order players arrive; four to a table, N E S W."""
    r = first_round(WINNERS_UP_LOSERS_DOWN, 12)
    assert seats(r) == [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)]
    assert r.round == 1


def test_first_round_seats_the_drawn_order_four_to_a_table() -> None:
    """The draw's place k is table k // 4 + 1, seat k % 4: the order 5 2 7 0 1 6 3 4
    seats table 1 N5 E2 S7 W0 and table 2 N1 E6 S3 W4."""
    order = (5, 2, 7, 0, 1, 6, 3, 4)
    assert seats(first_round(WINNERS_UP_LOSERS_DOWN, 8, order=order)) == [(5, 2, 7, 0), (1, 6, 3, 4)]
    assert seats(first_round(NORTH_STATIONARY, 8, order=order)) == [(5, 2, 7, 0), (1, 6, 3, 4)]
    with pytest.raises(EventError, match="each of the 8 players once"):
        first_round(WINNERS_UP_LOSERS_DOWN, 8, order=(0, 1, 2, 3, 4, 5, 6, 6))


def _draw_is_even(orders: list[tuple[int, ...]], players: int) -> bool:
    """Every player drew each table and each seat about equally often: within 5
    standard deviations of the binomial counts of a fair draw."""
    n, tables = len(orders), players // 4
    for p in range(players):
        at_table = [0] * tables
        at_seat = [0] * 4
        for order in orders:
            place = order.index(p)
            at_table[place // 4] += 1
            at_seat[place % 4] += 1
        for counts, chance in ((at_table, 1 / tables), (at_seat, 1 / 4)):
            spread = 5 * (n * chance * (1 - chance)) ** 0.5
            if any(abs(c - n * chance) > spread for c in counts):
                return False
    return True


def test_regression_round_one_was_seated_in_the_order_typed_with_no_draw() -> None:
    """X-15d, X-49 and X-32's hat: the players draw for their places. The draw is every
    player once, the same for the same seed, and fair: over 4,000 seeds each of eight
    players sits at each table about half the time and in each seat about a quarter.
    Positive control: the order typed, every time, fails the fairness check."""
    assert sorted(seating_draw(12, 7)) == list(range(12))
    assert seating_draw(12, 7) == seating_draw(12, 7)
    assert len({seating_draw(8, seed) for seed in range(50)}) > 40
    orders = [seating_draw(8, seed) for seed in range(4000)]
    assert _draw_is_even(orders, 8)
    assert not _draw_is_even([tuple(range(8))] * 4000, 8)
    with pytest.raises(EventError, match="needs players"):
        seating_draw(0, 1)


def test_fixed_rotation_with_a_drawn_order_by_hand() -> None:
    """The schedule's round 1 for eight is N7 E1 S0 W6, N2 E3 S5 W4 by number; with the
    order 5 2 7 0 1 6 3 4 number k is player order[k]: N4 E2 S5 W3, N7 E0 S6 W1; the
    numbers read back from that round are the order."""
    order = (5, 2, 7, 0, 1, 6, 3, 4)
    first = first_round(FIXED_ROTATION, 8, order=order)
    assert seats(first) == [(4, 2, 5, 3), (7, 0, 6, 1)]
    assert rotation_order(first) == order
    assert rotation_order(first_round(FIXED_ROTATION, 8)) == tuple(range(8))
    assert seats(next_round(FIXED_ROTATION, first, [], order=order)) == seats(rotation_round(8, 2, order=order))


def test_winners_up_losers_down_by_hand_three_tables() -> None:
    """Round 1: table 1 N0 E1 S2 W3, table 2 N4 E5 S6 W7, table 3 N8 E9 S10 W11.
    Winners: table 1 N-S (0, 2), table 2 E-W (5, 7), table 3 N-S (8, 10).
    Table 1: its winners 0, 2 stay, the winners of table 2 (5, 7) come up: 0 N, 2 E, 5 S,
    7 W (0 partners 5, 2 partners 7). Table 2: the winners of table 3 (8, 10) come up,
    the losers of table 1 (1, 3) come down: 8 N, 10 E, 1 S, 3 W. Table 3: its losers 9,
    11 stay, the losers of table 2 (4, 6) come down: 9 N, 11 E, 4 S, 6 W."""
    r1 = first_round(WINNERS_UP_LOSERS_DOWN, 12)
    r2 = next_round(WINNERS_UP_LOSERS_DOWN, r1, [NS, EW, NS])
    assert seats(r2) == [(0, 2, 5, 7), (8, 10, 1, 3), (9, 11, 4, 6)]
    assert r2.round == 2
    assert_everyone_once(r2, 12)
    # Every partnership of round 2 is new.
    assert not r2.partnerships() & r1.partnerships()


def test_winners_up_losers_down_split_avoids_an_earlier_partnership() -> None:
    """Of the two ways to split, the one that repeats no earlier partnership: had 0 and 5
    partnered before, 0 partners 7 and 2 partners 5 (5 at W, 7 at S)."""
    r1 = first_round(WINNERS_UP_LOSERS_DOWN, 8)
    r2 = next_round(WINNERS_UP_LOSERS_DOWN, r1, [NS, EW], partnered=[frozenset({0, 5})])
    assert seats(r2)[0] == (0, 2, 7, 5)


def test_winners_up_losers_stay_by_hand_three_tables() -> None:
    """X-51 "losing players stay": table 1 keeps its winners (0, 2) and takes the winners
    of table 2 (5, 7); table 2 keeps its losers (4, 6) and takes the winners of table 3
    (8, 10); table 3 keeps its losers (9, 11) and takes the losers of the top table (1,
    3), who can stay nowhere else."""
    r1 = first_round(WINNERS_UP_LOSERS_STAY, 12)
    r2 = next_round(WINNERS_UP_LOSERS_STAY, r1, [NS, EW, NS])
    assert seats(r2) == [(0, 2, 5, 7), (4, 6, 8, 10), (9, 11, 1, 3)]
    assert_everyone_once(r2, 12)
    assert not r2.partnerships() & r1.partnerships()


def test_one_table_the_pairs_split() -> None:
    """One table: nobody can move; the pairs split (0 and 2 won: 0 N, 2 E, 1 S, 3 W)."""
    for movement in (WINNERS_UP_LOSERS_DOWN, WINNERS_UP_LOSERS_STAY):
        r2 = next_round(movement, first_round(movement, 4), [NS])
        assert seats(r2) == [(0, 2, 1, 3)]


@pytest.mark.parametrize("movement", [WINNERS_UP_LOSERS_DOWN, WINNERS_UP_LOSERS_STAY])
@pytest.mark.parametrize("tables", [1, 2, 3, 5])
def test_result_movements_over_an_evening(movement: str, tables: int) -> None:
    """Over eight rounds with every pattern of winners: everyone seated once a round,
    every partner new each round, and each pair goes where the rule says."""
    players = 4 * tables
    r = first_round(movement, players)
    history = set(r.partnerships())
    for k in range(8):
        winners = [(k + i) % 2 for i in range(tables)]
        new = next_round(movement, r, winners, history)
        assert_everyone_once(new, players)
        for t, w in zip(r.tables, winners, strict=True):
            for p in t.side(w):  # winners: up one table, the top table's stay
                assert new.table_of(p).table == max(1, t.table - 1)
            for p in t.side(1 - w):
                if movement == WINNERS_UP_LOSERS_DOWN:
                    assert new.table_of(p).table == min(tables, t.table + 1)
                else:
                    assert new.table_of(p).table == (tables if t.table == 1 else t.table)
            # A player's new partner is never last round's.
            for side in (NS, EW):
                a, b = t.side(side)
                na = new.table_of(a)
                partner = na.seats[(na.seat_of(a) + 2) % 4]
                assert partner != b
        history |= new.partnerships()
        r = new


def test_fixed_rotation_by_hand_one_table() -> None:
    """The circle method for four players (K = 3): round 1 pairs (3, 0) and (1, 2); round
    2 (3, 1) and (2, 0); round 3 (3, 2) and (0, 1); round 4 is round 1 again."""
    assert seats(rotation_round(4, 1)) == [(3, 1, 0, 2)]
    assert seats(rotation_round(4, 2)) == [(3, 2, 1, 0)]
    assert seats(rotation_round(4, 3)) == [(3, 0, 2, 1)]
    assert seats(rotation_round(4, 4)) == seats(rotation_round(4, 1))


def test_fixed_rotation_by_hand_two_tables() -> None:
    """Eight players, K = 7, round 1 (q = 0): pairs (7, 0), (1, 6), (2, 5), (3, 4); table
    1 N7 E1 S0 W6, table 2 N2 E3 S5 W4."""
    assert seats(first_round(FIXED_ROTATION, 8)) == [(7, 1, 0, 6), (2, 3, 5, 4)]


@pytest.mark.parametrize("drawn", [False, True])
@pytest.mark.parametrize("tables", [1, 2, 3, 4, 5, 6])
def test_fixed_rotation_everyone_partners_everyone_once(tables: int, drawn: bool) -> None:
    """The guarantee: partners change every round and over 4T - 1 rounds every pair of
    players partners exactly once, whether round 1 was drawn or seated as given."""
    n = 4 * tables
    order = seating_draw(n, 11) if drawn else None
    seen: list[frozenset[int]] = []
    previous: RoundSeating | None = None
    for r in range(1, n):
        seating = rotation_round(n, r, order=order)
        assert_everyone_once(seating, n)
        if previous is not None:
            assert not seating.partnerships() & previous.partnerships()
        seen.extend(seating.partnerships())
        previous = seating
    assert sorted(map(sorted, seen)) == sorted(map(sorted, (frozenset(c) for c in itertools.combinations(range(n), 2))))
    assert seats(next_round(FIXED_ROTATION, rotation_round(n, n - 1, order=order), [], order=order)) == \
        seats(rotation_round(n, 1, order=order))


def test_north_stationary_by_hand_three_tables() -> None:
    """X-50: North stays, South moves down one table, East up one, West up two (wrapping).
    Round 1: t1 N0 E1 S2 W3, t2 N4 E5 S6 W7, t3 N8 E9 S10 W11. Round 2: table 1 keeps N0;
    S from table 3 wraps (10), E comes up from table 2 (5), W up two from table 3 (11):
    N0 E5 S10 W11. Table 2: N4, E9 (from 3), S2 (from 1), W3 (1 up two wraps to 2).
    Table 3: N8, E1 (1 up one wraps to 3), S6 (from 2), W7 (2 up two wraps to 3)."""
    r2 = next_round(NORTH_STATIONARY, first_round(NORTH_STATIONARY, 12), [])
    assert seats(r2) == [(0, 5, 10, 11), (4, 9, 2, 3), (8, 1, 6, 7)]


@pytest.mark.parametrize("tables", [2, 3, 4, 5, 7])
def test_north_stationary_no_partner_twice_within_t_rounds(tables: int) -> None:
    """The guarantee: T rounds without a repeated partnership; round T + 1 is round 1."""
    r = first_round(NORTH_STATIONARY, 4 * tables)
    first = r
    seen = list(r.partnerships())
    for _ in range(tables - 1):
        r = next_round(NORTH_STATIONARY, r, [])
        assert_everyone_once(r, 4 * tables)
        seen.extend(r.partnerships())
    assert len(seen) == len(set(seen)) == 2 * tables * tables
    assert seats(next_round(NORTH_STATIONARY, r, [])) == seats(first)


def test_bad_input_is_refused_with_the_right_values() -> None:
    with pytest.raises(EventError, match="multiple of 4"):
        first_round(WINNERS_UP_LOSERS_DOWN, 10)
    with pytest.raises(EventError, match="movements: winners_up_losers_down"):
        first_round("zigzag", 8)
    with pytest.raises(EventError, match="at least two tables"):
        first_round(NORTH_STATIONARY, 4)
    with pytest.raises(EventError, match="each of the 2 tables"):
        next_round(WINNERS_UP_LOSERS_DOWN, first_round(WINNERS_UP_LOSERS_DOWN, 8), [0])
    assert set(MOVEMENTS) >= {WINNERS_UP_LOSERS_DOWN, WINNERS_UP_LOSERS_STAY, FIXED_ROTATION}


def test_first_dealers_are_seeded_and_north_with_duplicate_deals() -> None:
    dealers = {first_dealer(7, 1, t) for t in range(1, 41)}
    assert dealers == {0, 1, 2, 3}
    assert first_dealer(7, 2, 3) == first_dealer(7, 2, 3)
    assert all(t.dealer == 0 for t in first_round(WINNERS_UP_LOSERS_DOWN, 20, seed=3, duplicate=True).tables)

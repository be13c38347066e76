"""The solver's kernel: alpha-beta over bit masks, written as plain Python that numba compiles.

Nothing here knows about :class:`~euchre.core.hand.HandState`: :mod:`euchre.solver.position`
translates a state into the integers and arrays below. The same functions run in two ways
(:mod:`euchre.solver.backend`): as they are, on Python lists (the pure-Python fallback),
and compiled by numba on int64 arrays. The code is the same, so are the results and the
node counts.

The card layout (made per trump by :mod:`euchre.solver.position`)
    Each card is one bit of an int mask, placed so that every effective suit is a run of
    consecutive bits, strongest card at the lowest bit of its run; the trump suit's run
    comes first (bits 0..). So within a suit a lower bit beats a higher bit, "the cards
    stronger than ``c``" is ``suit & (c - 1)`` and "weaker" is ``suit & ~((c << 1) - 1)``.

The context array ``ctx`` (int64, :data:`CTX_LEN` long, fixed for one solve)
    ``ctx[0..3]``   mask of each effective suit (by suit number 0..3 of the core);
    ``ctx[4]``      mask of the trump suit (0 when no trump is in force);
    ``ctx[5..12]``  the next active seat after each seat (clockwise, skipping a seat that
                    sits out; an unused slot points at itself and is never reached);
    ``ctx[13]``     the number of active seats (cards in a trick): 2 to 7;
    ``ctx[14]``     the *other side*: the mask of the seats that minimise the value (bit
                    ``s`` for seat ``s``); the seats whose bit is clear maximise it;
    ``ctx[15]``     the number of seats (slots) in use, 2 to :data:`MAX_SLOTS`;
    ``ctx[16]``     how far the held cards are shifted in a table key: 2 at tables of up
                    to four seats, 3 above (the leader's seat fills the low bits).

Seats are the kernel's *slots*: the seats of the table themselves, 0 .. seats-1
(:func:`euchre.solver.position.position_of`). Two sides play: at the four-hand table N-S
(0 and 2) against E-W (1 and 3), at the two-handed table the two players; at the tables
of players each for himself the maker's side (the maker, and at call-ace the holder of
the called card) against everyone else, whose tricks count together.

The hands ``hands`` (int64[MAX_SLOTS], by slot)
    The cards each seat still holds; a seat that sits out, or a slot beyond the table's
    seats, holds nothing. The array is
    changed during the search and restored before returning.

Values
    A value is the number of tricks that the side whose bits are clear in ``ctx[14]``
    (team 0, N-S, at the four-hand table) wins from the current position to the end of
    the hand, counting the trick in progress. That side maximises it, the other side
    minimises it. Every search function is fail-soft: with a window
    ``(alpha, beta)`` a result ``r <= alpha`` means the value is at most ``r``, ``r >= beta``
    means at least ``r``, anything between is exact.

The transposition table (``tt_keys`` int64, ``tt_lo``/``tt_hi`` int64, :data:`TT_SIZE` long)
    Holds bounds on the value of positions at the start of a trick, keyed by the cards
    still held (the owner of each card does not change within a solve) and the leader,
    plus a generation number that makes the entries of earlier solves stale without
    clearing the table. Values are tricks still to come, so positions reached with
    different tricks already won share an entry.

The search (:func:`search`)
    Alpha-beta over single cards, with an explicit stack of frames instead of recursion
    (numba's on-disk cache cannot hold recursive functions: numba issue #6061). At the
    start of a trick: the last trick is evaluated directly; the table is probed; the seat
    holding the highest trumps still in play is credited one sure trick for each of them
    in an unbroken run from the top. At every node only one card of each group of
    equivalent cards is tried (:func:`representatives`), in the order described in the
    code (winners before losers; plain-suit tops, then trumps, when leading).
"""

from __future__ import annotations

from typing import Any

Ints = Any
"""An int sequence: a ``list[int]`` for the Python backend, a numpy int64 array for numba."""

C_SUIT = 0
C_TRUMP = 4
MAX_SLOTS = 8
"""The most seats the kernel holds (a table has at most seven)."""
C_NEXT = 5
C_PLAYERS = C_NEXT + MAX_SLOTS
C_OTHER = C_PLAYERS + 1
C_SLOTS = C_OTHER + 1
C_KEY_SHIFT = C_SLOTS + 1
CTX_LEN = C_KEY_SHIFT + 1

TT_BITS = 16
TT_SIZE = 1 << TT_BITS
TT_MASK = TT_SIZE - 1
GEN_SHIFT = 36
"""Keys are ``generation << GEN_SHIFT | held cards << ctx[C_KEY_SHIFT] | leader`` (held
cards fit 33 bits, shifted by 2 or 3 they stay below bit 36)."""
MAX_GENERATION = (1 << 26) - 1

S_NODES = 0
"""``stats[S_NODES]`` counts the nodes searched."""
STATS_LEN = 1


def popcount(x: int) -> int:
    """The number of set bits of a non-negative int."""
    n = 0
    while x != 0:
        x &= x - 1
        n += 1
    return n


def held_cards(hands: Ints, ctx: Ints) -> int:
    """The cards still held by any seat (a mask; unrolled over every slot, measured as fast
    as the four-slot kernel of before at the four-hand table)."""
    return int(hands[0] | hands[1] | hands[2] | hands[3] | hands[4] | hands[5] | hands[6] | hands[7])


def other_side(ctx: Ints, seat: int) -> bool:
    """True when ``seat`` is on the side that minimises the value."""
    return bool((ctx[C_OTHER] >> seat) & 1 != 0)


def suit_of(ctx: Ints, card: int) -> int:
    """The mask of the effective suit of a card (a one-bit mask)."""
    for s in range(4):
        if card & ctx[C_SUIT + s] != 0:
            return int(ctx[C_SUIT + s])
    return 0


def beats(ctx: Ints, card: int, best: int, led: int) -> bool:
    """True when ``card`` beats ``best``, the card winning a trick whose led suit mask is
    ``led``: a higher card of the same effective suit, or a trump over a non-trump."""
    trump = ctx[C_TRUMP]
    if best & trump != 0:
        return card & trump != 0 and card < best
    if card & trump != 0:
        return True
    return card & led != 0 and card < best


def last_trick(hands: Ints, ctx: Ints, leader: int) -> int:
    """The value (0 or 1) of the last trick when every active seat holds one card."""
    best = int(hands[leader])
    best_seat = leader
    led = suit_of(ctx, best)
    seat = int(ctx[C_NEXT + leader])
    while seat != leader:
        card = int(hands[seat])
        if beats(ctx, card, best, led):
            best = card
            best_seat = seat
        seat = int(ctx[C_NEXT + seat])
    return 0 if other_side(ctx, best_seat) else 1


def tt_index(key: int) -> int:
    """The slot of a key (generation bits excluded) in the transposition table."""
    x = key ^ (key >> 11) ^ (key >> 23)
    return ((x * 40503) >> 7) & TT_MASK


def highest_bit(x: int) -> int:
    """The highest set bit of a non-zero mask, as a one-bit mask."""
    while x & (x - 1) != 0:
        x &= x - 1
    return x


def after_card(ctx: Ints, seat: int, nplayed: int, led: int, best: int, best_seat: int,
               card: int) -> tuple[int, int, int]:
    """The led suit mask, the winning card and its seat once ``seat`` has played ``card``
    (a one-bit mask) to a trick holding ``nplayed`` cards."""
    if nplayed == 0:
        return suit_of(ctx, card), card, seat
    if beats(ctx, card, best, led):
        return led, card, seat
    return led, best, best_seat


def representatives(hands: Ints, ctx: Ints, seat: int, legal: int, table: int) -> int:
    """The legal cards worth searching: of cards of one suit in one hand with no card still
    in play between them (cards of earlier tricks are gaps; the cards of the trick in
    progress are not), only the weakest. Returns a mask."""
    hand = int(hands[seat])
    live = held_cards(hands, ctx) | table
    reps = 0
    m = legal
    while m != 0:
        card = m & -m
        m ^= card
        weaker = live & suit_of(ctx, card) & ~((card << 1) - 1)
        if (weaker & -weaker) & hand == 0:
            reps |= card
    return reps


# The fields of a frame (one row of ``frames`` per ply of the search).
F_LEADER = 0
F_SEAT = 1
F_NPLAYED = 2
F_LED = 3
F_BEST = 4
F_BEST_SEAT = 5
F_TABLE = 6
F_ALPHA = 7
F_BETA = 8
F_RESULT = 9
F_MOVES = 10
"""Fields F_MOVES .. F_MOVES + 2: the moves left to try, in three groups tried in turn."""
F_WEAKEST_FIRST = 13
"""Bit g set: group g is tried weakest card first (else strongest first)."""
F_CARD = 14
F_WON = 15
F_KEY = 16
F_SLOT = 17
F_LO = 18
F_HI = 19
F_ALPHA0 = 20
F_BETA0 = 21
FRAME_LEN = 22
MAX_DEPTH = 40
"""``frames`` is MAX_DEPTH rows of FRAME_LEN ints: a full hand is 5 plies a seat in play
deep (20 at the four-hand table, 35 at seven seats)."""


def search(hands: Ints, ctx: Ints, tt_keys: Ints, tt_lo: Ints, tt_hi: Ints, stats: Ints, frames: Ints,
           gen: int, leader: int, seat: int, nplayed: int, led: int, best: int, best_seat: int,
           table: int, alpha: int, beta: int) -> int:
    """The value (the maximising side's tricks from here) of a position, fail-soft in ``(alpha, beta)``.

    Alpha-beta with an explicit stack of frames rather than recursion (numba cannot cache
    recursive functions on disk). Each frame is one node: its position, window, best value
    so far and the moves left to try.

    Args:
        hands, ctx: see the module docstring.
        tt_keys, tt_lo, tt_hi: the transposition table; stats: counters.
        frames: the stack (MAX_DEPTH x FRAME_LEN ints).
        gen: the generation, already shifted (``generation << GEN_SHIFT``).
        leader: the seat that led (or leads) the trick in progress.
        seat: the seat to play.
        nplayed: cards already in the trick (0 at a trick's start).
        led: mask of the led effective suit (when ``nplayed > 0``).
        best, best_seat: the card winning the trick so far and its seat.
        table: mask of the cards in the trick so far.
        alpha, beta: the window.
    """
    players = int(ctx[C_PLAYERS])
    trump = int(ctx[C_TRUMP])
    other = int(ctx[C_OTHER])
    nslots = int(ctx[C_SLOTS])
    key_shift = int(ctx[C_KEY_SHIFT])
    depth = 0
    ret = 0
    entering = True
    while True:
        if entering:
            # A new node: its position is in leader .. beta.
            entering = False
            stats[S_NODES] += 1
            hand = int(hands[seat])
            done = False
            key = 0
            slot = 0
            lo = 0
            hi = 0
            if nplayed == 0:
                tricks = popcount(hand)
                if tricks == 0:
                    ret = 0
                    done = True
                elif tricks == 1:
                    ret = last_trick(hands, ctx, leader)
                    done = True
                else:
                    held = held_cards(hands, ctx)
                    key = gen | (held << key_shift) | leader
                    slot = tt_index(held << key_shift | leader)
                    hi = tricks
                    if tt_keys[slot] == key:
                        lo = int(tt_lo[slot])
                        hi = int(tt_hi[slot])
                    else:
                        # Sure tricks: the seat holding the highest trumps still in play
                        # wins a trick with each of them.
                        trumps = held & trump
                        if trumps != 0:
                            top = trumps & -trumps
                            owner = 0
                            for s in range(nslots):
                                if hands[s] & top != 0:
                                    owner = s
                            mine = int(hands[owner])
                            run = 0
                            while trumps != 0:
                                top = trumps & -trumps
                                if top & mine == 0:
                                    break
                                run += 1
                                trumps ^= top
                            if (other >> owner) & 1 == 0:
                                lo = run
                            else:
                                hi = tricks - run
                    if lo >= beta:
                        ret = lo
                        done = True
                    elif hi <= alpha or lo == hi:
                        ret = hi
                        done = True
                    else:
                        if lo > alpha:
                            alpha = lo
                        if hi < beta:
                            beta = hi
            if not done:
                legal = hand
                if nplayed != 0:
                    follow = hand & led
                    if follow != 0:
                        legal = follow
                reps = representatives(hands, ctx, seat, legal, table)
                # Move order (each group measured against the others on random deals).
                # Leading: the top card still in play of a plain suit, then trumps from
                # the top, then the other plain cards from the bottom. Following: the
                # weakest card that wins the trick, then the weakest that loses; when the
                # partner is winning already, the losers first.
                if nplayed == 0:
                    live = held_cards(hands, ctx)
                    tops = 0
                    for s in range(4):
                        plain = live & ctx[C_SUIT + s] & ~trump
                        tops |= plain & -plain
                    first = reps & tops
                    second = reps & trump
                    third = reps & ~(tops | trump)
                    weakest_first = 4
                else:
                    third = 0
                    weakest_first = 3
                    if best & trump != 0:
                        winners = reps & trump & (best - 1)
                    else:
                        winners = (reps & led & (best - 1)) | (reps & trump)
                    losers = reps ^ winners
                    if (other >> best_seat) & 1 == (other >> seat) & 1:
                        first = losers
                        second = winners
                    else:
                        first = winners
                        second = losers
                f = frames[depth]
                f[F_LEADER] = leader
                f[F_SEAT] = seat
                f[F_NPLAYED] = nplayed
                f[F_LED] = led
                f[F_BEST] = best
                f[F_BEST_SEAT] = best_seat
                f[F_TABLE] = table
                f[F_ALPHA] = alpha
                f[F_BETA] = beta
                f[F_RESULT] = -1 if (other >> seat) & 1 == 0 else 99
                f[F_MOVES] = first
                f[F_MOVES + 1] = second
                f[F_MOVES + 2] = third
                f[F_WEAKEST_FIRST] = weakest_first
                f[F_KEY] = key
                f[F_SLOT] = slot
                f[F_LO] = lo
                f[F_HI] = hi
                f[F_ALPHA0] = alpha
                f[F_BETA0] = beta
        else:
            # Back from a child with its value in ret.
            if depth == 0:
                return ret
            depth -= 1
            f = frames[depth]
            hands[f[F_SEAT]] ^= f[F_CARD]
            value = ret + f[F_WON]
            if (other >> f[F_SEAT]) & 1 == 0:
                if value > f[F_RESULT]:
                    f[F_RESULT] = value
                    if value > f[F_ALPHA]:
                        f[F_ALPHA] = value
            else:
                if value < f[F_RESULT]:
                    f[F_RESULT] = value
                    if value < f[F_BETA]:
                        f[F_BETA] = value
            if f[F_ALPHA] >= f[F_BETA]:
                f[F_MOVES] = 0
                f[F_MOVES + 1] = 0
                f[F_MOVES + 2] = 0
            done = False
        if done:
            continue
        # The next move of the node at depth, or its end.
        f = frames[depth]
        group = 0
        moves = int(f[F_MOVES])
        while moves == 0 and group < 2:
            group += 1
            moves = int(f[F_MOVES + group])
        if moves == 0:
            result = int(f[F_RESULT])
            if f[F_NPLAYED] == 0:
                lo = int(f[F_LO])
                hi = int(f[F_HI])
                if result <= f[F_ALPHA0]:
                    hi = result
                elif result >= f[F_BETA0]:
                    lo = result
                else:
                    lo = result
                    hi = result
                slot = int(f[F_SLOT])
                tt_keys[slot] = f[F_KEY]
                tt_lo[slot] = lo
                tt_hi[slot] = hi
            ret = result
            if depth == 0:
                return ret
            continue
        card = highest_bit(moves) if (f[F_WEAKEST_FIRST] >> group) & 1 != 0 else moves & -moves
        f[F_MOVES + group] = moves ^ card
        f[F_CARD] = card
        seat = int(f[F_SEAT])
        nplayed = int(f[F_NPLAYED])
        led, best, best_seat = after_card(ctx, seat, nplayed, int(f[F_LED]), int(f[F_BEST]),
                                          int(f[F_BEST_SEAT]), card)
        hands[seat] ^= card
        alpha = int(f[F_ALPHA])
        beta = int(f[F_BETA])
        if nplayed + 1 == players:
            won = 1 if (other >> best_seat) & 1 == 0 else 0
            leader = best_seat
            seat = best_seat
            nplayed = 0
            led = 0
            best = 0
            best_seat = 0
            table = 0
            alpha -= won
            beta -= won
        else:
            won = 0
            leader = int(f[F_LEADER])
            seat = int(ctx[C_NEXT + seat])
            nplayed += 1
            table = int(f[F_TABLE]) | card
        f[F_WON] = won
        depth += 1
        entering = True


def solve_root(hands: Ints, ctx: Ints, tt_keys: Ints, tt_lo: Ints, tt_hi: Ints, stats: Ints, frames: Ints,
               gen: int, leader: int, seat: int, nplayed: int, led: int, best: int, best_seat: int,
               table: int, tricks_left: int, out: Ints) -> int:
    """The exact value of every representative legal card of the seat to play.

    Args:
        hands ... table: the position, as for :func:`search`.
        tricks_left: tricks still to be won, counting the one in progress (1..5).
        out: int array of 33 slots, indexed by bit number; ``out[i]`` receives the value
            (the maximising side's tricks from here) of playing the card at bit ``i``, for each card
            searched; other slots are left alone.

    Returns:
        The mask of the cards searched (one per group of equivalent cards).
    """
    hand = int(hands[seat])
    legal = hand
    if nplayed != 0:
        follow = hand & led
        if follow != 0:
            legal = follow
    reps = representatives(hands, ctx, seat, legal, table)
    players = int(ctx[C_PLAYERS])
    m = reps
    while m != 0:
        card = m & -m
        m ^= card
        led2, best2, seat2 = after_card(ctx, seat, nplayed, led, best, best_seat, card)
        hands[seat] ^= card
        # One full-window search per card (measured: fewer nodes in all than bisecting
        # each value with null windows, the table being shared).
        if nplayed + 1 == players:
            won = 0 if other_side(ctx, seat2) else 1
            value = won + search(hands, ctx, tt_keys, tt_lo, tt_hi, stats, frames, gen,
                                 seat2, seat2, 0, 0, 0, 0, 0, -1 - won, tricks_left + 1 - won)
        else:
            value = search(hands, ctx, tt_keys, tt_lo, tt_hi, stats, frames, gen,
                           leader, int(ctx[C_NEXT + seat]), nplayed + 1, led2, best2, seat2,
                           table | card, -1, tricks_left + 1)
        hands[seat] ^= card
        index = 0
        while (1 << index) != card:
            index += 1
        out[index] = value
    return reps

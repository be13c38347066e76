"""The batch kernel: whole hands played one after another in a loop, written as plain
Python that numba compiles (the way :mod:`euchre.solver.kernel` is).

Nothing here knows about :class:`~euchre.core.hand.HandState` or :class:`~euchre.core.rules.Rules`:
:mod:`euchre.batch.tables` turns a rule set into the integer array ``ctx`` below, copying
the core's own tables (the cards' ``EFFECTIVE_SUIT``, ``SUIT_MASK`` and ``TRICK_POWER``,
the :class:`~euchre.core.seats.Table`'s seat rows and opening leaders, the points of
:func:`~euchre.core.scoring.score_hand`, the action codes of :mod:`euchre.core.actions`).
What is written out here is the order of the phase machine (``euchre.core.calls`` and
``euchre.core.tricks``: round one, round two, the blind call, the partner's takeover,
the dealer's discard, the alone decision, defending alone, the play), each step a
transcription of the core's method of the same name; ``tests/test_batch.py`` replays every
hand through ``HandState.apply`` and compares the legal sets, trick winners and points.

The same functions run in two ways (:mod:`euchre.batch.backend`): as they are, on Python
lists (the pure-Python fallback), and compiled by numba on numpy arrays. Every value is an
int below 2**49, so both give the same hands for the same seed.

Arrays (int64 for numba; lists for Python)
    ``ctx``: the rules, at the offsets ``C_*`` below (made by :mod:`euchre.batch.tables`).
    ``st``: one hand's state, at the offsets ``S_*`` (cards are card numbers of the core;
    hands are bit masks; seats 0..3; -1 for "nobody" or "not yet").
    ``ws``: scratch: the pack being shuffled, the legal calls of a decision.
    ``rs``: the random generator's four 32-bit words.
    ``policy``: the policy of each seat (``P_RANDOM`` or ``P_SIMPLE``).
    The outputs are flat: hand ``i``'s row of ``results`` is ``results[i * R_LEN + k]``.

The random generator
    xoshiro128** (Blackman and Vigna, https://prng.di.unimi.it/xoshiro128starstar.c), in
    32-bit words held in int64 so that no product overflows; its state for hand ``i`` is
    hashed from ``(seed, i)`` with MurmurHash3's 32-bit finaliser, so a hand depends only
    on the rules, the seed and its index (not on the batch it was played in). A number
    below ``n`` is ``(x * n) >> 32`` of a 32-bit output ``x`` (bias below ``n / 2**32``).
"""

from __future__ import annotations

from typing import Any

from euchre.core.actions import DISCARD_BASE, PLAY_BASE, Action
from euchre.core.cards import JOKER, NO_TRUMP, NUM_CARDS
from euchre.core.state import Phase

Ints = Any
"""An int sequence: a ``list[int]`` for the Python backend, a numpy array for numba."""

M32 = 0xFFFFFFFF

# ------------------------------------------------------------------ action codes
A_PASS = int(Action.PASS)
A_ORDER_UP = int(Action.ORDER_UP)
A_ORDER_UP_ALONE = int(Action.ORDER_UP_ALONE)
A_GO_ALONE = int(Action.GO_ALONE)
A_PLAY_WITH_PARTNER = int(Action.PLAY_WITH_PARTNER)
A_TAKE_OVER_ALONE = int(Action.TAKE_OVER_ALONE)
A_DEFEND_ALONE = int(Action.DEFEND_ALONE)
A_FORFEIT = int(Action.FORFEIT)

# ------------------------------------------------------------------ phases
PH_ROUND_1 = int(Phase.BID_ROUND_1)
PH_ROUND_2 = int(Phase.BID_ROUND_2)
PH_BLIND = int(Phase.BLIND_NAME)
PH_TAKEOVER = int(Phase.TAKEOVER)
PH_DISCARD = int(Phase.DISCARD)
PH_ALONE = int(Phase.ALONE_DECISION)
PH_DEFEND = int(Phase.DEFEND_ALONE)
PH_PLAY = int(Phase.PLAY)
PH_DONE = int(Phase.DONE)

# ------------------------------------------------------------------ policies
P_RANDOM = 0
"""Every legal action equally likely."""
P_SIMPLE = 1
"""The greedy policy of :func:`simple_call` and :func:`simple_card`."""

# ------------------------------------------------------------------ ctx offsets
ALL_PASS_DEAL_PASSES = 0
ALL_PASS_SAME_DEALER = 1
ALL_PASS_STICK = 2
ALL_PASS_FORFEIT_OR_CALL = 3
"""The values of ``ctx[C_ALL_PASS]``, in the order of ``Rules.all_pass_round2``'s choices."""

WHO_MAKER_ONLY = 0
WHO_DEALER_WHEN_ASSISTED = 1
WHO_MAKER_OR_PARTNER = 2
"""The values of ``ctx[C_ALONE_WHO]``, in the order of ``Rules.alone_who``'s choices."""

C_PACK_N = 0
"""Cards in the pack (24, 25, 28, 29, 32 or 33)."""
C_PACK = 1
"""``ctx[C_PACK + k]``: the pack's cards (``euchre.core.deal.pack_of``)."""
C_JOKER_ASIDE = C_PACK + NUM_CARDS
"""1: a joker turned up is set aside and the next card turned (S003 L12)."""
C_DP_ASSIST = C_JOKER_ASIDE + 1
C_CANADIAN = C_DP_ASSIST + 1
C_NATURAL = C_CANADIAN + 1
C_DISCARD_UPCARD = C_NATURAL + 1
C_R2_TURNED_DOWN = C_DISCARD_UPCARD + 1
C_NO_TRUMP = C_R2_TURNED_DOWN + 1
C_ALL_PASS = C_NO_TRUMP + 1
C_STUCK_TURNED_DOWN = C_ALL_PASS + 1
C_ALONE_OK = C_STUCK_TURNED_DOWN + 1
C_ALONE_WHO = C_ALONE_OK + 1
C_WITH_CALL = C_ALONE_WHO + 1
C_DEFEND = C_WITH_CALL + 1
C_DEFEND_ANY = C_DEFEND + 1
"""The options of :class:`~euchre.core.rules.Rules` of the same names, as ints."""
C_LEFT = C_DEFEND_ANY + 1
"""``ctx[C_LEFT + seat]``: ``table.left``."""
C_PARTNER = C_LEFT + 4
"""``ctx[C_PARTNER + seat]``: ``table.partner``."""
C_TEAM = C_PARTNER + 4
"""``ctx[C_TEAM + seat]``: ``table.team``."""
C_NEXT_ACTIVE = C_TEAM + 4
"""``ctx[C_NEXT_ACTIVE + active * 4 + seat]``: ``table.next_active[active][seat]``."""
C_ACTIVE_SEATS = C_NEXT_ACTIVE + 64
"""``ctx[C_ACTIVE_SEATS + (alone + 1) * 5 + defender_alone + 1]``: ``table.active_seats``."""
C_OPENING = C_ACTIVE_SEATS + 25
"""``ctx[C_OPENING + (dealer * 16 + active) * 5 + alone + 1]``: ``table.opening_leader``
under the rules' ``alone_lead``."""
C_EFFECTIVE = C_OPENING + 4 * 16 * 5
"""``ctx[C_EFFECTIVE + trump * 33 + card]``: ``EFFECTIVE_SUIT[trump][card]``."""
C_SUIT_MASK = C_EFFECTIVE + 5 * NUM_CARDS
"""``ctx[C_SUIT_MASK + trump * 4 + suit]``: ``SUIT_MASK[trump][suit]``."""
C_POWER = C_SUIT_MASK + 5 * 4
"""``ctx[C_POWER + (trump * 4 + led) * 33 + card]``: ``TRICK_POWER[trump][led][card]``."""
C_NATURAL_MASK = C_POWER + 5 * 4 * NUM_CARDS
"""``ctx[C_NATURAL_MASK + suit]``: the trumps of ``suit`` but its left bower (natural_trump)."""
C_NAME = C_NATURAL_MASK + 4
"""``ctx[C_NAME + alone * 5 + suit]``: ``NAME_CODES[alone][suit]``."""
C_NAMED_SUIT = C_NAME + 10
"""``ctx[C_NAMED_SUIT + code]``: ``NAMED_SUIT[code]`` for the call codes 0..19."""
C_GOES_ALONE = C_NAMED_SUIT + 20
"""The call codes of ``GOES_ALONE`` as a bit mask (bit ``code``)."""
C_SCORE = C_GOES_ALONE + 1
"""``ctx[C_SCORE + (maker_tricks * 4 + maker_alone * 2 + defender_alone) * 2 + k]``:
``score_hand``'s answer, k = 0: 1 when the makers score, k = 1: the points."""
C_BIT_INDEX = C_SCORE + 6 * 4 * 2
"""``ctx[C_BIT_INDEX + (1 << c) % 37]`` is ``c`` for c in 0..32 (2 is a primitive root mod 37)."""
CTX_LEN = C_BIT_INDEX + 37

# ------------------------------------------------------------------ st offsets
S_HANDS = 0
"""``st[S_HANDS + seat]``: the cards the seat holds (a mask)."""
S_DEALER = 4
S_UPCARD = 5
S_PHASE = 6
S_TURN = 7
S_PASSES = 8
S_TRUMP = 9
S_MAKER = 10
S_ALONE = 11
S_DEFENDER_ALONE = 12
S_ACTIVE = 13
S_UP_TO_DEALER = 14
S_DISCARDED = 15
S_ALONE_DECIDED = 16
S_TAKEOVER_DONE = 17
S_DEFEND_DONE = 18
"""The fields of :class:`~euchre.core.state.HandFields` of the same names."""
S_LEADER = 19
S_NPLAYED = 20
"""Cards in the trick being played."""
S_LED = 21
"""The effective suit led to it."""
S_BEST = 22
"""The ``TRICK_POWER`` of the card winning it so far."""
S_BEST_SEAT = 23
S_TRICKS = 24
"""Tricks finished."""
S_WON = 25
"""``st[S_WON + team]``: tricks won per team."""
S_POINTS = 27
"""``st[S_POINTS + team]``: the hand's points per team."""
S_PASSED_OUT = 29
S_FORFEIT = 30
S_DECISIONS = 31
S_WINNERS = 32
"""``st[S_WINNERS + k]``: the winner of trick ``k``."""
ST_LEN = 37

# ------------------------------------------------------------------ ws offsets
W_PACK = 0
"""The pack being shuffled (NUM_CARDS slots)."""
W_CALLS = NUM_CARDS
"""The legal calls of the decision in hand (up to 16)."""
W_NCALLS = W_CALLS + 16
WS_LEN = W_NCALLS + 1

# ------------------------------------------------------------------ outputs
R_DEALER = 0
R_UPCARD = 1
R_TRUMP = 2
R_MAKER = 3
R_ALONE = 4
R_DEFENDER_ALONE = 5
R_TRICKS = 6
"""``R_TRICKS + team``: tricks won (N-S, E-W)."""
R_POINTS = 8
"""``R_POINTS + team``: points scored (N-S, E-W)."""
R_PASSED_OUT = 10
R_FORFEIT = 11
R_DECISIONS = 12
R_LEN = 13

MAX_DECISIONS = 40
"""More than any hand takes (8 bids, at most 6 decisions after trump, 20 cards); a
record holds this many decisions a hand."""
DEAL_LEN = 6
"""A recorded deal: the four hands as dealt (masks), the first two cards of the stock."""


# ======================================================================= random numbers
def mul32(a: int, b: int) -> int:
    """``a * b`` modulo 2**32 for 0 <= a, b < 2**32, with no product above 2**49."""
    return (a * (b & 0xFFFF) + (((a * (b >> 16)) & 0xFFFF) << 16)) & M32


def fmix32(h: int) -> int:
    """MurmurHash3's 32-bit finaliser (a bijection of 0..2**32-1)."""
    h ^= h >> 16
    h = mul32(h, 0x85EBCA6B)
    h ^= h >> 13
    h = mul32(h, 0xC2B2AE35)
    h ^= h >> 16
    return h


def seed_hand(rs: Ints, seed: int, index: int) -> None:
    """Set the generator's state for hand ``index`` of seed ``seed`` (both 0..2**62)."""
    h = fmix32(((seed & M32) + 0x9E3779B9) & M32)
    h = fmix32(h ^ (seed >> 32))
    h = fmix32(h ^ (index & M32))
    h = fmix32(h ^ (index >> 32))
    rs[0] = fmix32(h ^ 0x243F6A88)
    rs[1] = fmix32(rs[0] ^ 0x85A308D3)
    rs[2] = fmix32(rs[1] ^ 0x13198A2E)
    rs[3] = fmix32(rs[2] ^ 0x03707344)
    if rs[0] == 0 and rs[1] == 0 and rs[2] == 0 and rs[3] == 0:
        rs[0] = 1


def next32(rs: Ints) -> int:
    """The next 32-bit output of xoshiro128**."""
    s0 = int(rs[0])
    s1 = int(rs[1])
    s2 = int(rs[2])
    s3 = int(rs[3])
    x = (s1 * 5) & M32
    x = ((x << 7) | (x >> 25)) & M32
    result = (x * 9) & M32
    t = (s1 << 9) & M32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = ((s3 << 11) | (s3 >> 21)) & M32
    rs[0] = s0
    rs[1] = s1
    rs[2] = s2
    rs[3] = s3
    return result


def below(rs: Ints, n: int) -> int:
    """A random int in 0..n-1 (n >= 1)."""
    return (next32(rs) * n) >> 32


# ======================================================================= bit masks
def popcount(x: int) -> int:
    """The number of set bits of a non-negative int."""
    n = 0
    while x != 0:
        x &= x - 1
        n += 1
    return n


def card_at(ctx: Ints, mask: int, k: int) -> int:
    """The card number of the ``k``-th lowest set bit of ``mask`` (0-based)."""
    for _ in range(k):
        mask &= mask - 1
    return int(ctx[C_BIT_INDEX + (mask & -mask) % 37])


def random_card(ctx: Ints, rs: Ints, mask: int) -> int:
    """A card of a non-empty mask, each equally likely."""
    return card_at(ctx, mask, below(rs, popcount(mask)))


# ======================================================================= the deal
def deal_hand(st: Ints, ctx: Ints, ws: Ints, rs: Ints, dealer: int) -> None:
    """Shuffle the pack (the first 22 places, Fisher-Yates) and give seat ``k`` cards
    ``5k..5k+4``; the 21st card is turned up (the 22nd when the joker is set aside).
    A uniform shuffle makes every deal as likely as the core's shuffle, cut and packets do
    (the packets change which card goes where, not the chance of a deal)."""
    n = int(ctx[C_PACK_N])
    for k in range(n):
        ws[W_PACK + k] = ctx[C_PACK + k]
    for k in range(22):
        j = k + below(rs, n - k)
        c = ws[W_PACK + j]
        ws[W_PACK + j] = ws[W_PACK + k]
        ws[W_PACK + k] = c
    for seat in range(4):
        m = 0
        for k in range(5):
            m |= 1 << int(ws[W_PACK + seat * 5 + k])
        st[S_HANDS + seat] = m
    upcard = int(ws[W_PACK + 20])
    if upcard == JOKER and ctx[C_JOKER_ASIDE] != 0:
        upcard = int(ws[W_PACK + 21])
    st[S_DEALER] = dealer
    st[S_UPCARD] = upcard
    st[S_TURN] = ctx[C_LEFT + dealer]
    st[S_PHASE] = PH_ROUND_1
    if upcard == JOKER:
        st[S_PHASE] = PH_BLIND
        st[S_TURN] = dealer
    st[S_PASSES] = 0
    st[S_TRUMP] = -1
    st[S_MAKER] = -1
    st[S_ALONE] = -1
    st[S_DEFENDER_ALONE] = -1
    st[S_ACTIVE] = 15
    st[S_UP_TO_DEALER] = 0
    st[S_DISCARDED] = -1
    st[S_ALONE_DECIDED] = 0
    st[S_TAKEOVER_DONE] = 0
    st[S_DEFEND_DONE] = 0
    st[S_LEADER] = -1
    st[S_NPLAYED] = 0
    st[S_LED] = 0
    st[S_BEST] = 0
    st[S_BEST_SEAT] = -1
    st[S_TRICKS] = 0
    st[S_WON] = 0
    st[S_WON + 1] = 0
    st[S_POINTS] = 0
    st[S_POINTS + 1] = 0
    st[S_PASSED_OUT] = 0
    st[S_FORFEIT] = 0
    st[S_DECISIONS] = 0
    for k in range(5):
        st[S_WINNERS + k] = -1


# ======================================================================= the calls
def holds_natural(st: Ints, ctx: Ints, seat: int, suit: int) -> bool:
    """``Calls._holds_natural_trump``: a trump other than the left bower (natural_trump)."""
    if suit == NO_TRUMP:
        return True
    return bool(st[S_HANDS + seat] & ctx[C_NATURAL_MASK + suit] != 0)


def add_call(ws: Ints, code: int) -> None:
    """Append a code to the legal calls."""
    n = int(ws[W_NCALLS])
    ws[W_CALLS + n] = code
    ws[W_NCALLS] = n + 1


def legal_round1(st: Ints, ctx: Ints, ws: Ints) -> None:
    """``Calls._legal_round1``."""
    seat = int(st[S_TURN])
    dealer = int(st[S_DEALER])
    ws[W_NCALLS] = 0
    partner_of_dealer = seat == ctx[C_PARTNER + dealer]
    add_call(ws, A_PASS)
    if partner_of_dealer and ctx[C_DP_ASSIST] == 0:
        return
    if ctx[C_NATURAL] != 0 and seat != dealer and not holds_natural(st, ctx, seat, int(st[S_UPCARD]) >> 3):
        return
    if partner_of_dealer and ctx[C_CANADIAN] != 0:
        add_call(ws, A_ORDER_UP_ALONE)
        return
    add_call(ws, A_ORDER_UP)
    if ctx[C_ALONE_OK] != 0 and ctx[C_WITH_CALL] != 0:
        add_call(ws, A_ORDER_UP_ALONE)


def round2_suits(st: Ints, ctx: Ints, seat: int) -> int:
    """``Calls._round2_suits`` as a mask of suits (bit 4: no trump)."""
    stuck = seat == st[S_DEALER] and ctx[C_ALL_PASS] == ALL_PASS_STICK
    may_turned_down = ctx[C_R2_TURNED_DOWN] != 0 or (stuck and ctx[C_STUCK_TURNED_DOWN] != 0)
    down = int(st[S_UPCARD]) >> 3
    suits = 0
    for s in range(4):
        if may_turned_down or s != down:
            suits |= 1 << s
    if ctx[C_NATURAL] != 0:
        held = 0
        for s in range(4):
            if suits >> s & 1 != 0 and holds_natural(st, ctx, seat, s):
                held |= 1 << s
        if held != 0 or not stuck:
            suits = held
    if ctx[C_NO_TRUMP] != 0:
        suits |= 1 << NO_TRUMP
    return suits


def legal_round2(st: Ints, ctx: Ints, ws: Ints) -> None:
    """``Calls._legal_round2``."""
    seat = int(st[S_TURN])
    ws[W_NCALLS] = 0
    all_pass = ctx[C_ALL_PASS]
    if seat != st[S_DEALER] or all_pass == ALL_PASS_DEAL_PASSES or all_pass == ALL_PASS_SAME_DEALER:
        add_call(ws, A_PASS)
    elif all_pass == ALL_PASS_FORFEIT_OR_CALL:
        add_call(ws, A_FORFEIT)
    suits = round2_suits(st, ctx, seat)
    for s in range(5):
        if suits >> s & 1 != 0:
            add_call(ws, int(ctx[C_NAME + s]))
    if ctx[C_ALONE_OK] != 0 and ctx[C_WITH_CALL] != 0:
        for s in range(5):
            if suits >> s & 1 != 0:
                add_call(ws, int(ctx[C_NAME + 5 + s]))


def legal_blind(st: Ints, ctx: Ints, ws: Ints) -> None:
    """``Calls._legal_blind``."""
    ws[W_NCALLS] = 0
    for s in range(4):
        add_call(ws, int(ctx[C_NAME + s]))
    if ctx[C_ALONE_OK] != 0 and ctx[C_WITH_CALL] != 0:
        for s in range(4):
            add_call(ws, int(ctx[C_NAME + 5 + s]))


def legal_calls(st: Ints, ctx: Ints, ws: Ints) -> None:
    """The legal calls of the decision in hand (not a discard or a card), into ``ws``."""
    phase = st[S_PHASE]
    if phase == PH_ROUND_1:
        legal_round1(st, ctx, ws)
    elif phase == PH_ROUND_2:
        legal_round2(st, ctx, ws)
    elif phase == PH_BLIND:
        legal_blind(st, ctx, ws)
    else:
        ws[W_NCALLS] = 0
        if phase == PH_TAKEOVER:
            add_call(ws, A_PASS)
            add_call(ws, A_TAKE_OVER_ALONE)
        elif phase == PH_ALONE:
            add_call(ws, A_GO_ALONE)
            add_call(ws, A_PLAY_WITH_PARTNER)
        elif phase == PH_DEFEND:
            add_call(ws, A_PASS)
            add_call(ws, A_DEFEND_ALONE)


def make_alone(st: Ints, ctx: Ints, seat: int) -> None:
    """``Calls._make_alone``."""
    st[S_ALONE] = seat
    st[S_ACTIVE] = ctx[C_ACTIVE_SEATS + (seat + 1) * 5 + st[S_DEFENDER_ALONE] + 1]
    st[S_ALONE_DECIDED] = 1


def finish_passed_out(st: Ints, ctx: Ints, forfeit: bool) -> None:
    """``Calls._finish_passed_out``: the eldest's team scores 1 for a forfeit."""
    st[S_PASSED_OUT] = 1
    if forfeit:
        st[S_FORFEIT] = 1
        st[S_POINTS + ctx[C_TEAM + ctx[C_LEFT + st[S_DEALER]]]] = 1
    st[S_PHASE] = PH_DONE
    st[S_TURN] = -1


def takeover_seat(st: Ints, ctx: Ints) -> int:
    """``Calls._takeover_seat``: who may still take the lone hand over, or -1."""
    if st[S_TAKEOVER_DONE] != 0 or ctx[C_ALONE_OK] == 0:
        return -1
    if st[S_UP_TO_DEALER] == 0 or st[S_UPCARD] == JOKER:
        return -1
    dealer = int(st[S_DEALER])
    maker = int(st[S_MAKER])
    eldest = int(ctx[C_LEFT + dealer])
    dealers_partner = int(ctx[C_PARTNER + dealer])
    who = ctx[C_ALONE_WHO]
    if who == WHO_MAKER_OR_PARTNER and (maker == eldest or maker == dealers_partner):
        return int(ctx[C_PARTNER + maker])
    if who == WHO_DEALER_WHEN_ASSISTED and maker == dealers_partner and st[S_ALONE] == -1:
        if ctx[C_WITH_CALL] != 0 or st[S_ALONE_DECIDED] != 0:
            return dealer
    return -1


def defender_to_ask(st: Ints, ctx: Ints, start: int) -> int:
    """``Calls._defender_to_ask``: the next defender from ``start`` who may defend alone."""
    if ctx[C_DEFEND] == 0 or st[S_DEFEND_DONE] != 0:
        return -1
    if st[S_ALONE] == -1 and ctx[C_DEFEND_ANY] == 0:
        return -1
    maker_team = ctx[C_TEAM + st[S_MAKER]]
    end = int(ctx[C_LEFT + st[S_DEALER]])
    seat = start
    while True:
        if ctx[C_TEAM + seat] != maker_team:
            return seat
        seat = int(ctx[C_LEFT + seat])
        if seat == end:
            return -1


def step_takeover(st: Ints, ctx: Ints) -> bool:
    """``Calls._step_takeover``."""
    seat = takeover_seat(st, ctx)
    if seat == -1:
        return False
    st[S_PHASE] = PH_TAKEOVER
    st[S_TURN] = seat
    return True


def step_discard(st: Ints, ctx: Ints) -> bool:
    """``Calls._step_discard`` (and ``_begin_discard``: the dealer takes the upcard)."""
    dealer = int(st[S_DEALER])
    if st[S_UP_TO_DEALER] == 0 or st[S_DISCARDED] != -1 or (st[S_ACTIVE] >> dealer) & 1 == 0:
        return False
    st[S_HANDS + dealer] |= 1 << int(st[S_UPCARD])
    st[S_PHASE] = PH_DISCARD
    st[S_TURN] = dealer
    return True


def step_alone_decision(st: Ints, ctx: Ints) -> bool:
    """``Calls._step_alone_decision``."""
    if st[S_ALONE_DECIDED] != 0 or ctx[C_ALONE_OK] == 0:
        return False
    st[S_PHASE] = PH_ALONE
    st[S_TURN] = st[S_MAKER]
    return True


def step_defend(st: Ints, ctx: Ints) -> bool:
    """``Calls._step_defend``."""
    seat = defender_to_ask(st, ctx, int(ctx[C_LEFT + st[S_DEALER]]))
    if seat == -1:
        return False
    st[S_PHASE] = PH_DEFEND
    st[S_TURN] = seat
    return True


def begin_play(st: Ints, ctx: Ints) -> None:
    """``TrickPlay._begin_play``: the opening leader of the core's table."""
    start = ctx[C_OPENING + (st[S_DEALER] * 16 + st[S_ACTIVE]) * 5 + st[S_ALONE] + 1]
    st[S_PHASE] = PH_PLAY
    st[S_TURN] = start
    st[S_LEADER] = start


def after_trump(st: Ints, ctx: Ints) -> None:
    """``Calls._continue``: the first pending step of the timing's sequence (RULES.md
    decision 9, ``_STEPS_WITH_CALL`` / ``_STEPS_AFTER_BIDDING``), else the play."""
    if ctx[C_WITH_CALL] != 0:
        if step_takeover(st, ctx) or step_discard(st, ctx) or step_defend(st, ctx):
            return
    elif (step_discard(st, ctx) or step_alone_decision(st, ctx) or step_takeover(st, ctx)
          or step_discard(st, ctx) or step_defend(st, ctx)):
        return
    begin_play(st, ctx)


def apply_call(st: Ints, ctx: Ints, code: int) -> None:
    """Apply a legal call (any code but a discard or a card): ``Calls._apply_*``."""
    phase = st[S_PHASE]
    seat = int(st[S_TURN])
    if phase == PH_ROUND_1:
        if code == A_PASS:
            st[S_PASSES] += 1
            if st[S_PASSES] == 4:
                st[S_PHASE] = PH_ROUND_2
                st[S_PASSES] = 0
            st[S_TURN] = ctx[C_LEFT + seat]
            return
        st[S_TRUMP] = int(st[S_UPCARD]) >> 3
        st[S_MAKER] = seat
        st[S_UP_TO_DEALER] = 1
        if code == A_ORDER_UP_ALONE:
            make_alone(st, ctx, seat)
        after_trump(st, ctx)
    elif phase == PH_ROUND_2:
        if code == A_PASS:
            st[S_PASSES] += 1
            if st[S_PASSES] == 4:
                finish_passed_out(st, ctx, False)
            else:
                st[S_TURN] = ctx[C_LEFT + seat]
            return
        if code == A_FORFEIT:
            finish_passed_out(st, ctx, True)
            return
        st[S_TRUMP] = ctx[C_NAMED_SUIT + code]
        st[S_MAKER] = seat
        if (ctx[C_GOES_ALONE] >> code) & 1 != 0:
            make_alone(st, ctx, seat)
        after_trump(st, ctx)
    elif phase == PH_BLIND:
        dealer = int(st[S_DEALER])
        st[S_TRUMP] = ctx[C_NAMED_SUIT + code]
        st[S_MAKER] = dealer
        st[S_UP_TO_DEALER] = 1
        st[S_TAKEOVER_DONE] = 1
        if (ctx[C_GOES_ALONE] >> code) & 1 != 0:
            make_alone(st, ctx, dealer)
        after_trump(st, ctx)
    elif phase == PH_TAKEOVER:
        st[S_TAKEOVER_DONE] = 1
        if code == A_TAKE_OVER_ALONE:
            make_alone(st, ctx, seat)
        after_trump(st, ctx)
    elif phase == PH_ALONE:
        st[S_ALONE_DECIDED] = 1
        if code == A_GO_ALONE:
            make_alone(st, ctx, int(st[S_MAKER]))
        after_trump(st, ctx)
    elif phase == PH_DEFEND:
        if code == A_DEFEND_ALONE:
            st[S_DEFENDER_ALONE] = seat
            st[S_ACTIVE] = ctx[C_ACTIVE_SEATS + (st[S_ALONE] + 1) * 5 + seat + 1]
            st[S_DEFEND_DONE] = 1
            begin_play(st, ctx)
            return
        nxt = int(ctx[C_LEFT + seat])
        if nxt == ctx[C_LEFT + st[S_DEALER]]:
            st[S_DEFEND_DONE] = 1
            begin_play(st, ctx)
            return
        seat = defender_to_ask(st, ctx, nxt)
        if seat == -1:
            st[S_DEFEND_DONE] = 1
            begin_play(st, ctx)
        else:
            st[S_TURN] = seat


# ======================================================================= discard and play
def legal_cards(st: Ints, ctx: Ints) -> int:
    """The mask of the cards the seat to act may discard (``Calls._legal_discard``) or
    play (``TrickPlay._legal_play``: follow the led effective suit when able)."""
    seat = int(st[S_TURN])
    hand = int(st[S_HANDS + seat])
    if st[S_PHASE] == PH_DISCARD:
        if ctx[C_DISCARD_UPCARD] == 0:
            hand &= ~(1 << int(st[S_UPCARD]))
        return hand
    if st[S_NPLAYED] != 0:
        follow = hand & ctx[C_SUIT_MASK + st[S_TRUMP] * 4 + st[S_LED]]
        if follow != 0:
            return int(follow)
    return hand


def apply_discard(st: Ints, ctx: Ints, card: int) -> None:
    """``Calls._apply_discard``."""
    st[S_HANDS + st[S_DEALER]] &= ~(1 << card)
    st[S_DISCARDED] = card
    after_trump(st, ctx)


def apply_card(st: Ints, ctx: Ints, card: int) -> None:
    """``TrickPlay._apply_play``: the highest TRICK_POWER under (trump, led) wins the
    trick; the winner leads the next; after five, ``_finish_scored``."""
    seat = int(st[S_TURN])
    trump = int(st[S_TRUMP])
    st[S_HANDS + seat] &= ~(1 << card)
    if st[S_NPLAYED] == 0:
        led = int(ctx[C_EFFECTIVE + trump * NUM_CARDS + card])
        st[S_LED] = led
        st[S_BEST] = ctx[C_POWER + (trump * 4 + led) * NUM_CARDS + card]
        st[S_BEST_SEAT] = seat
    else:
        power = ctx[C_POWER + (trump * 4 + st[S_LED]) * NUM_CARDS + card]
        if power > st[S_BEST]:
            st[S_BEST] = power
            st[S_BEST_SEAT] = seat
    st[S_NPLAYED] += 1
    nxt = ctx[C_NEXT_ACTIVE + st[S_ACTIVE] * 4 + seat]
    if nxt != st[S_LEADER]:
        st[S_TURN] = nxt
        return
    winner = int(st[S_BEST_SEAT])
    st[S_WINNERS + st[S_TRICKS]] = winner
    st[S_TRICKS] += 1
    st[S_WON + ctx[C_TEAM + winner]] += 1
    st[S_NPLAYED] = 0
    if st[S_TRICKS] == 5:
        finish_scored(st, ctx)
    else:
        st[S_TURN] = winner
        st[S_LEADER] = winner


def finish_scored(st: Ints, ctx: Ints) -> None:
    """``TrickPlay._finish_scored``: the points of ``score_hand`` to the side that scores."""
    maker_team = int(ctx[C_TEAM + st[S_MAKER]])
    maker_tricks = int(st[S_WON + maker_team])
    alone = 1 if st[S_ALONE] != -1 else 0
    defender = 1 if st[S_DEFENDER_ALONE] != -1 else 0
    row = C_SCORE + (maker_tricks * 4 + alone * 2 + defender) * 2
    team = maker_team if ctx[row] != 0 else 1 - maker_team
    st[S_POINTS + team] = ctx[row + 1]
    st[S_PHASE] = PH_DONE
    st[S_TURN] = -1


# ======================================================================= the simple policy
def simple_call(ctx: Ints, ws: Ints, phase: int, seat: int, dealer: int, hand: int, upcard: int) -> int:
    """The simple policy's call, from what the seat sees (its own cards, the dealer, the
    upcard, the legal calls in ``ws``); never alone, never defending alone or taking over.

    Round one: accept the upcard with three trumps or more (the dealer counting the
    upcard); the dealer's partner under the Canadian loner, who may accept only alone,
    with four or more. Round two and the blind call: name the suit with the most trumps
    (the left bower counted), if at least three or when passing is not allowed (the
    lowest suit on a tie); no trump only when nothing else may be called. After trump:
    play with the partner, never take over or defend alone. A dealer who may only forfeit
    or name forfeits when he has nothing to name.
    """
    n = int(ws[W_NCALLS])
    can_pass = False
    can_order = False
    can_order_alone = False
    can_partner = False
    for k in range(n):
        code = ws[W_CALLS + k]
        if code == A_PASS:
            can_pass = True
        elif code == A_ORDER_UP:
            can_order = True
        elif code == A_ORDER_UP_ALONE:
            can_order_alone = True
        elif code == A_PLAY_WITH_PARTNER:
            can_partner = True
    if phase == PH_ROUND_1:
        suit = upcard >> 3
        held = hand | (1 << upcard) if seat == dealer else hand
        trumps = popcount(held & ctx[C_SUIT_MASK + suit * 4 + suit])
        if can_order and trumps >= 3:
            return A_ORDER_UP
        if can_order_alone and not can_order and trumps >= 4:
            return A_ORDER_UP_ALONE
        return A_PASS
    if phase == PH_ROUND_2 or phase == PH_BLIND:
        best_code = -1
        best_count = -1
        for k in range(n):
            code = int(ws[W_CALLS + k])
            suit = int(ctx[C_NAMED_SUIT + code])
            if suit < 0 or suit == NO_TRUMP or (ctx[C_GOES_ALONE] >> code) & 1 != 0:
                continue
            count = popcount(hand & ctx[C_SUIT_MASK + suit * 4 + suit])
            if count > best_count:
                best_count = count
                best_code = code
        if best_code != -1 and (best_count >= 3 or not can_pass):
            return best_code
        if can_pass:
            return A_PASS
        if best_code != -1:
            return best_code
        return int(ws[W_CALLS])
    if can_partner:
        return A_PLAY_WITH_PARTNER
    if can_pass:
        return A_PASS
    return int(ws[W_CALLS])


def simple_card(ctx: Ints, legal: int, trump: int, nplayed: int, led: int, best: int, partner_winning: bool,
                discard: bool) -> int:
    """The simple policy's discard or card, from what the seat sees (its legal cards, the
    trump, the trick so far).

    A card's rank is its ``TRICK_POWER`` in a trick of its own effective suit (a trump
    above every plain card). Discard: the lowest ranked. Lead: the highest ranked.
    Follow: the lowest card that beats the trick's best when the partner is not winning
    it and one does; else the lowest ranked. Ties go to the lower card number.
    """
    choice = -1
    choice_key = 0
    beats_only = not discard and nplayed != 0 and not partner_winning
    m = legal
    if beats_only:
        m = 0
        rest = legal
        while rest != 0:
            bit = rest & -rest
            rest ^= bit
            card = int(ctx[C_BIT_INDEX + bit % 37])
            if ctx[C_POWER + (trump * 4 + led) * NUM_CARDS + card] > best:
                m |= bit
        if m == 0:
            m = legal
            beats_only = False
    highest = not discard and nplayed == 0
    while m != 0:
        bit = m & -m
        m ^= bit
        card = int(ctx[C_BIT_INDEX + bit % 37])
        if beats_only:
            key = int(ctx[C_POWER + (trump * 4 + led) * NUM_CARDS + card])
        else:
            own = int(ctx[C_EFFECTIVE + trump * NUM_CARDS + card])
            key = int(ctx[C_POWER + (trump * 4 + own) * NUM_CARDS + card])
        if choice == -1 or (key > choice_key if highest else key < choice_key):
            choice = card
            choice_key = key
    return choice


# ======================================================================= the batch
def play_hands(ctx: Ints, policy: Ints, seed: int, start: int, n: int, dealer: int, record: bool,
               results: Ints, actions: Ints, seats: Ints, legal: Ints, winners: Ints, deals: Ints,
               st: Ints, ws: Ints, rs: Ints) -> int:
    """Play hands ``start .. start + n - 1`` of ``seed`` to the end.

    Args:
        ctx: the rules (see the module docstring).
        policy: the policy of each seat (``P_RANDOM`` or ``P_SIMPLE``), 4 ints.
        seed: the seed (0..2**62).
        start, n: the index of the first hand, and how many.
        dealer: the dealer of every hand (0..3), or -1 for a random dealer per hand.
        record: write ``actions``, ``seats``, ``legal``, ``winners`` and ``deals``.
        results: ``n * R_LEN`` slots: each hand's row (offsets ``R_*``).
        actions, seats: ``n * MAX_DECISIONS`` slots (when recording): each decision's
            action code and seat, -1 after the last.
        legal: ``n * MAX_DECISIONS`` slots: each decision's legal set, a mask of action
            codes (bit ``code``) for a call, of card numbers for a discard or a card.
        winners: ``n * 5`` slots: the winner of each trick (-1 when not played).
        deals: ``n * DEAL_LEN`` slots: the hands as dealt, the first two cards of the stock.
        st, ws, rs: working arrays of ``ST_LEN``, ``WS_LEN`` and 4 slots.

    Returns:
        The number of decisions made in all.
    """
    total = 0
    for i in range(n):
        seed_hand(rs, seed, start + i)
        d = dealer if dealer >= 0 else below(rs, 4)
        deal_hand(st, ctx, ws, rs, d)
        if record:
            base = i * DEAL_LEN
            for s in range(4):
                deals[base + s] = st[S_HANDS + s]
            deals[base + 4] = ws[W_PACK + 20]
            deals[base + 5] = ws[W_PACK + 21]
        k = 0
        while st[S_PHASE] != PH_DONE:
            phase = int(st[S_PHASE])
            seat = int(st[S_TURN])
            simple = policy[seat] == P_SIMPLE
            if phase == PH_PLAY or phase == PH_DISCARD:
                mask = legal_cards(st, ctx)
                if simple:
                    trump = int(st[S_TRUMP])
                    best_seat = int(st[S_BEST_SEAT])
                    partner_winning = st[S_NPLAYED] != 0 and ctx[C_TEAM + best_seat] == ctx[C_TEAM + seat]
                    card = simple_card(ctx, mask, trump, int(st[S_NPLAYED]), int(st[S_LED]), int(st[S_BEST]),
                                       partner_winning, phase == PH_DISCARD)
                else:
                    card = random_card(ctx, rs, mask)
                if phase == PH_PLAY:
                    code = PLAY_BASE + card
                    apply_card(st, ctx, card)
                else:
                    code = DISCARD_BASE + card
                    apply_discard(st, ctx, card)
            else:
                legal_calls(st, ctx, ws)
                if record:
                    mask = 0
                    for j in range(int(ws[W_NCALLS])):
                        mask |= 1 << int(ws[W_CALLS + j])
                if simple:
                    code = simple_call(ctx, ws, phase, seat, int(st[S_DEALER]), int(st[S_HANDS + seat]),
                                       int(st[S_UPCARD]))
                else:
                    code = int(ws[W_CALLS + below(rs, int(ws[W_NCALLS]))])
                apply_call(st, ctx, code)
            if record and k < MAX_DECISIONS:
                at = i * MAX_DECISIONS + k
                actions[at] = code
                seats[at] = seat
                legal[at] = mask
            k += 1
        total += k
        row = i * R_LEN
        results[row + R_DEALER] = st[S_DEALER]
        results[row + R_UPCARD] = st[S_UPCARD]
        results[row + R_TRUMP] = st[S_TRUMP]
        results[row + R_MAKER] = st[S_MAKER]
        results[row + R_ALONE] = st[S_ALONE]
        results[row + R_DEFENDER_ALONE] = st[S_DEFENDER_ALONE]
        results[row + R_TRICKS] = st[S_WON]
        results[row + R_TRICKS + 1] = st[S_WON + 1]
        results[row + R_POINTS] = st[S_POINTS]
        results[row + R_POINTS + 1] = st[S_POINTS + 1]
        results[row + R_PASSED_OUT] = st[S_PASSED_OUT]
        results[row + R_FORFEIT] = st[S_FORFEIT]
        results[row + R_DECISIONS] = k
        if record:
            for t in range(5):
                winners[i * 5 + t] = st[S_WINNERS + t]
            for j in range(k, MAX_DECISIONS):
                at = i * MAX_DECISIONS + j
                actions[at] = -1
                seats[at] = -1
                legal[at] = 0
    return total

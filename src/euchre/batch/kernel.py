"""The batch kernel: whole hands played one after another in a loop, written as plain
Python that numba compiles (the way :mod:`euchre.solver.kernel` is).

Nothing in the kernel knows about :class:`~euchre.core.hand.HandState` or
:class:`~euchre.core.rules.Rules`: :mod:`euchre.batch.tables` turns a rule set into the
integer array ``ctx`` (:mod:`euchre.batch.layout`), copying the core's own tables (the
cards' ``EFFECTIVE_SUIT``, ``SUIT_MASK`` and ``TRICK_POWER``, the
:class:`~euchre.core.seats.Table`'s seat rows and opening leaders for any table of two to
six seats, the points of :func:`~euchre.core.scoring.score_hand`, the action codes of
:mod:`euchre.core.actions`). What is written out is the order of the phase machine, in
four modules by idea: the bidding (:mod:`euchre.batch.bidding`), the decisions after
trump is fixed (:mod:`euchre.batch.after_trump`: takeover, discard, alone, call-ace's
call, railroad's card for best, defending alone), the play and scoring
(:mod:`euchre.batch.tricks`), the simple policy (:mod:`euchre.batch.policy`); each step is
a transcription of the core's method of the same name. This module deals a hand and
drives the loop. ``tests/test_batch.py`` replays every hand of every playable preset
through ``HandState.apply`` and compares the legal sets, trick winners and points.

The same functions run in two ways (:mod:`euchre.batch.backend`): as they are, on Python
lists (the pure-Python fallback), and compiled by numba on numpy arrays. Every value is an
int below 2**49, so both give the same hands for the same seed.

Arrays (int64 for numba; lists for Python), laid out in :mod:`euchre.batch.layout`
    ``ctx``: the rules, at the offsets ``C_*``.
    ``st``: one hand's state, at the offsets ``S_*`` (cards are card numbers of the core;
    hands are bit masks; seats 0..seats-1; -1 for "nobody" or "not yet").
    ``ws``: scratch: the pack being shuffled, the legal calls of a decision.
    ``rs``: the random generator's four 32-bit words (:mod:`euchre.batch.bits`).
    ``policy``: the policy of each seat (``P_RANDOM`` or ``P_SIMPLE``).
    The outputs are flat: hand ``i``'s row of ``results`` is ``results[i * R_LEN + k]``.
"""

from __future__ import annotations

from euchre.batch.after_trump import apply_best_discard, apply_discard, apply_give, legal_kept
from euchre.batch.bidding import apply_call, legal_calls
from euchre.batch.bits import Ints, below, random_card, seed_hand
from euchre.batch.layout import (
    A_DISCARD,
    A_GIVE,
    A_PLAY,
    C_EVERYONE,
    C_JOKER_ASIDE,
    C_LEFT,
    C_PACK,
    C_PACK_N,
    C_SEATS,
    C_SIDES,
    C_TEAM,
    DEAL_LEN,
    MAX_DECISIONS,
    P_SIMPLE,
    PH_BEST_DISCARD,
    PH_BLIND,
    PH_DISCARD,
    PH_DONE,
    PH_GIVE,
    PH_PLAY,
    PH_ROUND_1,
    R_ALONE,
    R_DEALER,
    R_DECISIONS,
    R_DEFENDER_ALONE,
    R_FORFEIT,
    R_LEN,
    R_MAKER,
    R_PARTNER,
    R_PASSED_OUT,
    R_POINTS,
    R_TRICKS,
    R_TRUMP,
    R_UPCARD,
    S_ACTIVE,
    S_ALONE,
    S_ALONE_DECIDED,
    S_BEST,
    S_BEST_DONE,
    S_BEST_SEAT,
    S_CALLED,
    S_DEALER,
    S_DEFEND_DONE,
    S_DEFENDER_ALONE,
    S_DISCARDED,
    S_FORFEIT,
    S_HANDS,
    S_LEADER,
    S_LED,
    S_MAKER,
    S_NPLAYED,
    S_PARTNER,
    S_PASSED_OUT,
    S_PASSES,
    S_PHASE,
    S_POINTS,
    S_TAKEOVER_DONE,
    S_TRICKS,
    S_TRUMP,
    S_TURN,
    S_UP_TO_DEALER,
    S_UPCARD,
    S_WINNERS,
    S_WON,
    W_CALLS,
    W_NCALLS,
    W_PACK,
)
from euchre.batch.policy import simple_call, simple_card
from euchre.batch.tricks import apply_card, legal_play
from euchre.core.cards import JOKER


def deal_hand(st: Ints, ctx: Ints, ws: Ints, rs: Ints, dealer: int) -> None:
    """Shuffle the pack (its first ``5 * seats + 2`` places, Fisher-Yates) and give seat
    ``k`` cards ``5k..5k+4``; the next card is turned up (the one after it when the joker
    is set aside and the pack has one). A uniform shuffle makes every deal as likely as
    the core's shuffle, cut and packets do (the packets change which card goes where, not
    the chance of a deal)."""
    n = int(ctx[C_PACK_N])
    seats = int(ctx[C_SEATS])
    dealt = 5 * seats
    for k in range(n):
        ws[W_PACK + k] = ctx[C_PACK + k]
    for k in range(min(dealt + 2, n)):
        j = k + below(rs, n - k)
        c = ws[W_PACK + j]
        ws[W_PACK + j] = ws[W_PACK + k]
        ws[W_PACK + k] = c
    for seat in range(seats):
        m = 0
        for k in range(5):
            m |= 1 << int(ws[W_PACK + seat * 5 + k])
        st[S_HANDS + seat] = m
    upcard = int(ws[W_PACK + dealt])
    if upcard == JOKER and ctx[C_JOKER_ASIDE] != 0 and dealt + 1 < n:
        upcard = int(ws[W_PACK + dealt + 1])
    st[S_DEALER] = dealer
    st[S_UPCARD] = upcard
    st[S_TURN] = ctx[C_LEFT + dealer]
    st[S_PHASE] = PH_ROUND_1
    if upcard == JOKER:
        st[S_PHASE] = PH_BLIND
        st[S_TURN] = dealer
    for field in (S_TRUMP, S_MAKER, S_ALONE, S_DEFENDER_ALONE, S_DISCARDED, S_CALLED, S_PARTNER, S_LEADER,
                  S_BEST_SEAT):
        st[field] = -1
    for field in (S_PASSES, S_UP_TO_DEALER, S_ALONE_DECIDED, S_TAKEOVER_DONE, S_DEFEND_DONE, S_BEST_DONE, S_NPLAYED,
                  S_LED, S_BEST, S_TRICKS, S_PASSED_OUT, S_FORFEIT):
        st[field] = 0
    st[S_ACTIVE] = ctx[C_EVERYONE]
    for side in range(int(ctx[C_SIDES])):
        st[S_WON + side] = 0
        st[S_POINTS + side] = 0
    for k in range(5):
        st[S_WINNERS + k] = -1


def choose_card(st: Ints, ctx: Ints, rs: Ints, simple: bool, phase: int, mask: int) -> int:
    """The card the seat to act discards, gives for best or plays, from the legal
    ``mask``, by its policy (the simple policy's or one at random)."""
    if not simple:
        return random_card(ctx, rs, mask)
    seat = int(st[S_TURN])
    partner_winning = (phase == PH_PLAY and st[S_NPLAYED] != 0
                       and ctx[C_TEAM + st[S_BEST_SEAT]] == ctx[C_TEAM + seat])
    return simple_card(ctx, mask, int(st[S_TRUMP]), int(st[S_NPLAYED]), int(st[S_LED]), int(st[S_BEST]),
                       partner_winning, phase == PH_DISCARD or phase == PH_BEST_DISCARD, phase == PH_GIVE)


def choose_call(st: Ints, ctx: Ints, ws: Ints, rs: Ints, simple: bool, phase: int) -> int:
    """The call of the seat to act among the legal calls in ``ws``, by its policy."""
    if simple:
        seat = int(st[S_TURN])
        return simple_call(ctx, ws, phase, seat, int(st[S_DEALER]), int(st[S_HANDS + seat]), int(st[S_UPCARD]))
    return int(ws[W_CALLS + below(rs, int(ws[W_NCALLS]))])


def play_hands(ctx: Ints, policy: Ints, seed: int, start: int, n: int, dealer: int, record: bool,
               results: Ints, actions: Ints, seats: Ints, legal: Ints, winners: Ints, deals: Ints,
               st: Ints, ws: Ints, rs: Ints) -> int:
    """Play hands ``start .. start + n - 1`` of ``seed`` to the end.

    Args:
        ctx: the rules (:mod:`euchre.batch.layout`).
        policy: the policy of each seat (``P_RANDOM`` or ``P_SIMPLE``), one int a seat.
        seed: the seed (0..2**62).
        start, n: the index of the first hand, and how many.
        dealer: the dealer of every hand (a seat), or -1 for a random dealer per hand.
        record: write ``actions``, ``seats``, ``legal``, ``winners`` and ``deals``.
        results: ``n * R_LEN`` slots: each hand's row (offsets ``R_*``).
        actions, seats: ``n * MAX_DECISIONS`` slots (when recording): each decision's
            action code and seat, -1 after the last.
        legal: ``n * MAX_DECISIONS`` slots: each decision's legal set, a mask of action
            codes (bit ``code``) for a call, of card numbers for a discard, a card given
            or a card played.
        winners: ``n * 5`` slots: the winner of each trick (-1 when not played).
        deals: ``n * DEAL_LEN`` slots: the hands as dealt, the first two cards of the stock.
        st, ws, rs: working arrays of ``ST_LEN``, ``WS_LEN`` and 4 slots.

    Returns:
        The number of decisions made in all.
    """
    total = 0
    nseats = int(ctx[C_SEATS])
    sides = int(ctx[C_SIDES])
    for i in range(n):
        seed_hand(rs, seed, start + i)
        d = dealer if dealer >= 0 else below(rs, nseats)
        deal_hand(st, ctx, ws, rs, d)
        if record:
            base = i * DEAL_LEN
            for s in range(DEAL_LEN - 2):
                deals[base + s] = st[S_HANDS + s] if s < nseats else 0
            dealt = 5 * nseats
            deals[base + DEAL_LEN - 2] = ws[W_PACK + dealt]
            deals[base + DEAL_LEN - 1] = ws[W_PACK + dealt + 1] if dealt + 1 < ctx[C_PACK_N] else -1
        k = 0
        while st[S_PHASE] != PH_DONE:
            # The play's branch comes first and inline: a call per card costs a third of
            # the kernel's speed (measured: docs/performance.md).
            phase = int(st[S_PHASE])
            seat = int(st[S_TURN])
            simple = policy[seat] == P_SIMPLE
            if phase == PH_PLAY:
                mask = legal_play(st, ctx)
                card = choose_card(st, ctx, rs, simple, phase, mask) if simple else random_card(ctx, rs, mask)
                apply_card(st, ctx, card)
                code = A_PLAY + card
            elif phase == PH_DISCARD or phase == PH_GIVE or phase == PH_BEST_DISCARD:
                mask = legal_kept(st, ctx)
                card = choose_card(st, ctx, rs, simple, phase, mask)
                if phase == PH_GIVE:
                    apply_give(st, ctx, card)
                    code = A_GIVE + card
                else:
                    code = A_DISCARD + card
                    if phase == PH_DISCARD:
                        apply_discard(st, ctx, card)
                    else:
                        apply_best_discard(st, ctx, card)
            else:
                legal_calls(st, ctx, ws)
                mask = 0
                if record:
                    for j in range(int(ws[W_NCALLS])):
                        mask |= 1 << int(ws[W_CALLS + j])
                code = choose_call(st, ctx, ws, rs, simple, phase)
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
        results[row + R_PARTNER] = st[S_PARTNER]
        results[row + R_PASSED_OUT] = st[S_PASSED_OUT]
        results[row + R_FORFEIT] = st[S_FORFEIT]
        results[row + R_DECISIONS] = k
        for side in range(sides):
            results[row + R_TRICKS + side] = st[S_WON + side]
            results[row + R_POINTS + side] = st[S_POINTS + side]
        if record:
            for t in range(5):
                winners[i * 5 + t] = st[S_WINNERS + t]
            for j in range(k, MAX_DECISIONS):
                at = i * MAX_DECISIONS + j
                actions[at] = -1
                seats[at] = -1
                legal[at] = 0
    return total

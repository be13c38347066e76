"""The batch kernel's bidding: round one, round two and the blind call, each a
transcription of the method of the same name of :class:`euchre.core.calls.Calls` over
the arrays of :mod:`euchre.batch.layout`; what follows once trump is fixed is
:mod:`euchre.batch.after_trump`.

Plain Python that numba compiles (:mod:`euchre.batch.backend`); every seat question is
read from the table's rows in ``ctx`` (``C_LEFT``, ``C_PARTNER``, ``C_TEAM``, ...), so
the same functions play every table: two to six seats, sides of one or two players.
"""

from __future__ import annotations

from euchre.batch.after_trump import add_call, after_trump, apply_defend, call_partner, legal_call_ace, make_alone
from euchre.batch.bits import Ints
from euchre.batch.layout import (
    A_DEFEND_ALONE,
    A_FORFEIT,
    A_GO_ALONE,
    A_ORDER_UP,
    A_ORDER_UP_ALONE,
    A_PASS,
    A_PLAY_WITH_PARTNER,
    A_TAKE_OVER_ALONE,
    ALL_PASS_DEAL_PASSES,
    ALL_PASS_FORFEIT_OR_CALL,
    ALL_PASS_SAME_DEALER,
    ALL_PASS_STICK,
    C_ALL_PASS,
    C_ALONE_OK,
    C_CALL_ACE,
    C_CANADIAN,
    C_DP_ASSIST,
    C_GOES_ALONE,
    C_LEFT,
    C_NAME,
    C_NAMED_SUIT,
    C_NATURAL,
    C_NATURAL_MASK,
    C_NO_TRUMP,
    C_PARTNER,
    C_R2_TURNED_DOWN,
    C_SEATS,
    C_SIDES,
    C_STUCK_TURNED_DOWN,
    C_TEAM,
    C_WITH_CALL,
    PH_ALONE,
    PH_BLIND,
    PH_DEFEND,
    PH_DONE,
    PH_ROUND_1,
    PH_ROUND_2,
    PH_TAKEOVER,
    S_ALONE_DECIDED,
    S_DEALER,
    S_FORFEIT,
    S_HANDS,
    S_MAKER,
    S_PASSED_OUT,
    S_PASSES,
    S_PHASE,
    S_POINTS,
    S_TAKEOVER_DONE,
    S_TRUMP,
    S_TURN,
    S_UP_TO_DEALER,
    S_UPCARD,
    W_NCALLS,
)
from euchre.core.cards import NO_TRUMP


# ======================================================================= the bidding
def holds_natural(st: Ints, ctx: Ints, seat: int, suit: int) -> bool:
    """``Calls._holds_natural_trump``: a trump other than the left bower (natural_trump)."""
    if suit == NO_TRUMP:
        return True
    return bool(st[S_HANDS + seat] & ctx[C_NATURAL_MASK + suit] != 0)


def legal_round1(st: Ints, ctx: Ints, ws: Ints) -> None:
    """``Calls._legal_round1``."""
    seat = int(st[S_TURN])
    dealer = int(st[S_DEALER])
    ws[W_NCALLS] = 0
    partner_of_dealer = seat == ctx[C_PARTNER + dealer] and seat != dealer
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
    """The legal calls of the decision in hand (not a discard, a card given or a card
    played), into ``ws``."""
    phase = st[S_PHASE]
    if phase == PH_ROUND_1:
        legal_round1(st, ctx, ws)
    elif phase == PH_ROUND_2:
        legal_round2(st, ctx, ws)
    elif phase == PH_BLIND:
        legal_blind(st, ctx, ws)
    elif phase == PH_ALONE and ctx[C_CALL_ACE] != 0:
        legal_call_ace(st, ctx, ws)
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


def finish_passed_out(st: Ints, ctx: Ints, forfeit: bool) -> None:
    """``Calls._finish_passed_out``: a forfeit scores 1 to every side but the dealer's."""
    st[S_PASSED_OUT] = 1
    if forfeit:
        st[S_FORFEIT] = 1
        dealer_side = ctx[C_TEAM + st[S_DEALER]]
        for side in range(int(ctx[C_SIDES])):
            if side != dealer_side:
                st[S_POINTS + side] = 1
    st[S_PHASE] = PH_DONE
    st[S_TURN] = -1


def apply_call(st: Ints, ctx: Ints, code: int) -> None:
    """Apply a legal call (any code but a discard, a card given or a card played):
    ``Calls._apply_*``."""
    phase = st[S_PHASE]
    seat = int(st[S_TURN])
    if phase == PH_ROUND_1:
        if code == A_PASS:
            st[S_PASSES] += 1
            if st[S_PASSES] == ctx[C_SEATS]:
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
            if st[S_PASSES] == ctx[C_SEATS]:
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
        if ctx[C_CALL_ACE] != 0:
            call_partner(st, ctx, code)
            return
        st[S_ALONE_DECIDED] = 1
        if code == A_GO_ALONE:
            make_alone(st, ctx, int(st[S_MAKER]))
        after_trump(st, ctx)
    elif phase == PH_DEFEND:
        apply_defend(st, ctx, seat, code)

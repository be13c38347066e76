"""The batch kernel's decisions after trump is fixed: the partner's takeover, the
dealer's discard, the alone decision, the call-ace maker's call of a secret partner, the
card given for best and its discard (railroad), defending alone, in the order of RULES.md
decisions 9 and 21, each a transcription of the method of the same name of
:class:`euchre.core.after_trump.AfterTrump` over the arrays of :mod:`euchre.batch.layout`.

Plain Python that numba compiles (:mod:`euchre.batch.backend`); seats are read from the
table's rows in ``ctx``, so these functions serve every table.
"""

from __future__ import annotations

from euchre.batch.bits import Ints
from euchre.batch.layout import (
    A_CALL,
    A_DEFEND_ALONE,
    A_GO_ALONE,
    ACTIVE_MASKS,
    BEST_AND_LONE_DEFENDER,
    BEST_NONE,
    C_ACTIVE_SEATS,
    C_ALONE_OK,
    C_ALONE_WHO,
    C_BEST_CARD,
    C_CALL_ACE,
    C_CALL_FOR_BEST,
    C_DEFEND,
    C_DEFEND_ANY,
    C_DISCARD_UPCARD,
    C_LEFT,
    C_OPENING,
    C_PARTNER,
    C_SEATS,
    C_TEAM,
    C_WITH_CALL,
    PH_ALONE,
    PH_BEST_DISCARD,
    PH_DEFEND,
    PH_DISCARD,
    PH_GIVE,
    PH_PLAY,
    PH_TAKEOVER,
    S_ACTIVE,
    S_ALONE,
    S_ALONE_DECIDED,
    S_BEST_DONE,
    S_CALLED,
    S_DEALER,
    S_DEFEND_DONE,
    S_DEFENDER_ALONE,
    S_DISCARDED,
    S_HANDS,
    S_LEADER,
    S_MAKER,
    S_PARTNER,
    S_PHASE,
    S_TAKEOVER_DONE,
    S_TRUMP,
    S_TURN,
    S_UP_TO_DEALER,
    S_UPCARD,
    SEAT_SLOTS,
    W_CALLS,
    W_NCALLS,
    WHO_DEALER_WHEN_ASSISTED,
    WHO_MAKER_OR_PARTNER,
)
from euchre.core.cards import JOKER


def add_call(ws: Ints, code: int) -> None:
    """Append a code to the legal calls."""
    n = int(ws[W_NCALLS])
    ws[W_CALLS + n] = code
    ws[W_NCALLS] = n + 1


def legal_call_ace(st: Ints, ctx: Ints, ws: Ints) -> None:
    """``Calls._legal_call``: the suits whose best card the maker does not hold
    (``_callable_suits``), and going alone instead (after_bidding timing), or forced when
    no suit can be called."""
    hand = int(st[S_HANDS + st[S_MAKER]])
    trump = int(st[S_TRUMP])
    ws[W_NCALLS] = 0
    for s in range(4):
        if hand >> int(ctx[C_BEST_CARD + trump * 4 + s]) & 1 == 0:
            add_call(ws, A_CALL + s)
    if (ctx[C_ALONE_OK] != 0 and ctx[C_WITH_CALL] == 0) or ws[W_NCALLS] == 0:
        add_call(ws, A_GO_ALONE)


def make_alone(st: Ints, ctx: Ints, seat: int) -> None:
    """``Calls._make_alone``."""
    st[S_ALONE] = seat
    st[S_ACTIVE] = ctx[C_ACTIVE_SEATS + (seat + 1) * SEAT_SLOTS + st[S_DEFENDER_ALONE] + 1]
    st[S_ALONE_DECIDED] = 1


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
    if ctx[C_PARTNER + maker] == maker:
        return -1
    who = ctx[C_ALONE_WHO]
    if who == WHO_MAKER_OR_PARTNER and (maker == eldest or maker == dealers_partner):
        return int(ctx[C_PARTNER + maker])
    if who == WHO_DEALER_WHEN_ASSISTED and maker == dealers_partner and st[S_ALONE] == -1:
        if ctx[C_WITH_CALL] != 0 or st[S_ALONE_DECIDED] != 0:
            return dealer
    return -1


def dealer_must_discard(st: Ints) -> bool:
    """``Calls._dealer_must_discard``."""
    dealer = int(st[S_DEALER])
    return bool(st[S_UP_TO_DEALER] != 0 and st[S_DISCARDED] == -1 and (st[S_ACTIVE] >> dealer) & 1 != 0)


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
    if not dealer_must_discard(st):
        return False
    dealer = int(st[S_DEALER])
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


def step_call(st: Ints) -> bool:
    """``Calls._step_call``: the call-ace maker calls a partner (phase ALONE_DECISION)."""
    if st[S_CALLED] != -1 or st[S_ALONE] != -1:
        return False
    st[S_PHASE] = PH_ALONE
    st[S_TURN] = st[S_MAKER]
    return True


def step_best(st: Ints, ctx: Ints) -> bool:
    """``Calls._step_best``: the lone maker's partner gives him his best card, once the
    lone hand and the dealer's discard are settled."""
    if ctx[C_CALL_FOR_BEST] == BEST_NONE or st[S_ALONE] == -1 or st[S_BEST_DONE] & 1 != 0:
        return False
    if takeover_seat(st, ctx) != -1 or dealer_must_discard(st):
        return False
    st[S_PHASE] = PH_GIVE
    st[S_TURN] = ctx[C_PARTNER + st[S_ALONE]]
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
    start = ctx[C_OPENING + (st[S_DEALER] * ACTIVE_MASKS + st[S_ACTIVE]) * SEAT_SLOTS + st[S_ALONE] + 1]
    st[S_PHASE] = PH_PLAY
    st[S_TURN] = start
    st[S_LEADER] = start


def after_trump(st: Ints, ctx: Ints) -> None:
    """``Calls._continue``: the first pending step of the sequence (RULES.md decision 9,
    ``_STEPS_WITH_CALL`` / ``_STEPS_AFTER_BIDDING``; decision 21, ``_STEPS_CALL_ACE``),
    else the play."""
    if ctx[C_CALL_ACE] != 0:
        if step_discard(st, ctx) or step_call(st):
            return
    elif ctx[C_WITH_CALL] != 0:
        if step_takeover(st, ctx) or step_discard(st, ctx) or step_best(st, ctx) or step_defend(st, ctx):
            return
    elif (step_discard(st, ctx) or step_alone_decision(st, ctx) or step_takeover(st, ctx)
          or step_discard(st, ctx) or step_best(st, ctx) or step_defend(st, ctx)):
        return
    begin_play(st, ctx)


def call_partner(st: Ints, ctx: Ints, code: int) -> None:
    """``Calls._apply_call``: the call-ace maker goes alone, or calls the best card of a
    suit; its holder (if any seat holds it) is his secret partner."""
    maker = int(st[S_MAKER])
    if code == A_GO_ALONE:
        make_alone(st, ctx, maker)
    else:
        card = int(ctx[C_BEST_CARD + st[S_TRUMP] * 4 + code - A_CALL])
        st[S_CALLED] = card
        st[S_PARTNER] = -1
        for s in range(int(ctx[C_SEATS])):
            if (st[S_HANDS + s] >> card) & 1 != 0:
                st[S_PARTNER] = s
                break
    after_trump(st, ctx)


def apply_defend(st: Ints, ctx: Ints, seat: int, code: int) -> None:
    """``Calls._apply_defend``: a lone defender (who asks for his partner's best card
    under ``lone_maker_and_lone_defender``), or the next defender asked, or the play."""
    if code == A_DEFEND_ALONE:
        st[S_DEFENDER_ALONE] = seat
        st[S_ACTIVE] = ctx[C_ACTIVE_SEATS + (st[S_ALONE] + 1) * SEAT_SLOTS + seat + 1]
        st[S_DEFEND_DONE] = 1
        if ctx[C_CALL_FOR_BEST] == BEST_AND_LONE_DEFENDER:
            st[S_PHASE] = PH_GIVE
            st[S_TURN] = ctx[C_PARTNER + seat]
            return
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


# ======================================================================= cards before the play
def legal_kept(st: Ints, ctx: Ints) -> int:
    """The cards the seat to act may discard or give (``Calls._legal_discard``,
    ``_legal_give_best``, ``_legal_best_discard``): all it holds but the upcard while it
    must stay in view (``_upcard_kept``)."""
    hand = int(st[S_HANDS + st[S_TURN]])
    if ctx[C_DISCARD_UPCARD] == 0:
        hand &= ~(1 << int(st[S_UPCARD]))
    return hand


def apply_discard(st: Ints, ctx: Ints, card: int) -> None:
    """``Calls._apply_discard``."""
    st[S_HANDS + st[S_DEALER]] &= ~(1 << card)
    st[S_DISCARDED] = card
    after_trump(st, ctx)


def apply_give(st: Ints, ctx: Ints, card: int) -> None:
    """``Calls._apply_give_best``: the card passes to the lone partner, who discards."""
    seat = int(st[S_TURN])
    lone = int(ctx[C_PARTNER + seat])
    st[S_HANDS + seat] &= ~(1 << card)
    st[S_HANDS + lone] |= 1 << card
    st[S_PHASE] = PH_BEST_DISCARD
    st[S_TURN] = lone


def apply_best_discard(st: Ints, ctx: Ints, card: int) -> None:
    """``Calls._apply_best_discard``: the lone maker goes on to the next step; a lone
    defender to the play."""
    seat = int(st[S_TURN])
    st[S_HANDS + seat] &= ~(1 << card)
    if seat == st[S_ALONE]:
        st[S_BEST_DONE] |= 1
        after_trump(st, ctx)
    else:
        st[S_BEST_DONE] |= 2
        begin_play(st, ctx)

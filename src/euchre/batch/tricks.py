"""The batch kernel's play and scoring: following suit, the trick's winner, the next
leader and the points of the hand, transcriptions of
:class:`euchre.core.tricks.TrickPlay` over the arrays of :mod:`euchre.batch.layout`.

Plain Python that numba compiles (:mod:`euchre.batch.backend`). The points are
``score_hand``'s (copied into ``ctx`` by :mod:`euchre.batch.tables`); who receives them
follows the table: the makers' side, or every side that defended (each opponent of a
maker who plays for himself: X-56), and at call-ace the maker with his secret partner,
or each other player (RULES.md decision 21).
"""

from __future__ import annotations

from euchre.batch.bits import Ints
from euchre.batch.layout import (
    C_ALONE_OK,
    C_CALL_ACE,
    C_EFFECTIVE,
    C_NEXT_ACTIVE,
    C_POWER,
    C_SCORE,
    C_SEATS,
    C_SIDES,
    C_SUIT_MASK,
    C_TEAM,
    MAX_SEATS,
    PH_DONE,
    S_ACTIVE,
    S_ALONE,
    S_BEST,
    S_BEST_SEAT,
    S_DEFENDER_ALONE,
    S_HANDS,
    S_LEADER,
    S_LED,
    S_MAKER,
    S_NPLAYED,
    S_PARTNER,
    S_PHASE,
    S_POINTS,
    S_TRICKS,
    S_TRUMP,
    S_TURN,
    S_WINNERS,
    S_WON,
)
from euchre.core.cards import NUM_CARDS


def legal_play(st: Ints, ctx: Ints) -> int:
    """``TrickPlay._legal_play``: the cards (a mask) the seat to act may play: those of
    the led effective suit when it holds any, else all it holds."""
    hand = int(st[S_HANDS + st[S_TURN]])
    if st[S_NPLAYED] != 0:
        follow = hand & ctx[C_SUIT_MASK + st[S_TRUMP] * 4 + st[S_LED]]
        if follow != 0:
            return int(follow)
    return hand


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
    nxt = ctx[C_NEXT_ACTIVE + st[S_ACTIVE] * MAX_SEATS + seat]
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
    """``TrickPlay._finish_scored``: the points of ``score_hand`` to each side that scores.

    The makers are the maker's side; at call-ace (``maker_side``) the maker and the
    holder of the called card, or the maker alone (scored as a lone hand where lone hands
    are played) when nobody holds it or he went alone."""
    maker = int(st[S_MAKER])
    if ctx[C_CALL_ACE] != 0:
        partner = int(st[S_PARTNER])
        makers = 1 << maker
        alone = 0
        if partner == -1:
            alone = 1 if ctx[C_ALONE_OK] != 0 else 0
        else:
            makers |= 1 << partner
    else:
        maker_side = ctx[C_TEAM + maker]
        makers = 0
        for s in range(int(ctx[C_SEATS])):
            if ctx[C_TEAM + s] == maker_side:
                makers |= 1 << s
        alone = 1 if st[S_ALONE] != -1 else 0
    defender = 1 if st[S_DEFENDER_ALONE] != -1 else 0
    # tricks are counted per side; a side is in the makers when its seats are
    maker_sides = 0
    for s in range(int(ctx[C_SEATS])):
        if (makers >> s) & 1 != 0:
            maker_sides |= 1 << int(ctx[C_TEAM + s])
    maker_tricks = 0
    for side in range(int(ctx[C_SIDES])):
        if (maker_sides >> side) & 1 != 0:
            maker_tricks += int(st[S_WON + side])
    row = C_SCORE + (maker_tricks * 4 + alone * 2 + defender) * 2
    makers_score = ctx[row] != 0
    for side in range(int(ctx[C_SIDES])):
        if ((maker_sides >> side) & 1 != 0) == makers_score:
            st[S_POINTS + side] = ctx[row + 1]
    st[S_PHASE] = PH_DONE
    st[S_TURN] = -1



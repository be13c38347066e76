"""The kernel's ``simple`` policy: a greedy player that decides from what its seat sees
(its own cards, the dealer, the upcard, the trump, the trick so far), never from another
seat's cards. Plain Python that numba compiles (:mod:`euchre.batch.backend`).
"""

from __future__ import annotations

from euchre.batch.bits import Ints, popcount
from euchre.batch.layout import (
    A_ORDER_UP,
    A_ORDER_UP_ALONE,
    A_PASS,
    A_PLAY_WITH_PARTNER,
    C_BIT_INDEX,
    C_EFFECTIVE,
    C_GOES_ALONE,
    C_NAMED_SUIT,
    C_POWER,
    C_SUIT_MASK,
    PH_BLIND,
    PH_ROUND_1,
    PH_ROUND_2,
    W_CALLS,
    W_NCALLS,
)
from euchre.core.cards import NO_TRUMP, NUM_CARDS


def simple_call(ctx: Ints, ws: Ints, phase: int, seat: int, dealer: int, hand: int, upcard: int) -> int:
    """The simple policy's call, from what the seat sees (its own cards, the dealer, the
    upcard, the legal calls in ``ws``); never alone, never defending alone or taking over.

    Round one: accept the upcard with three trumps or more (the dealer counting the
    upcard); the dealer's partner under the Canadian loner, who may accept only alone,
    with four or more. Round two and the blind call: name the suit with the most trumps
    (the left bower counted), if at least three or when passing is not allowed (the
    lowest suit on a tie); no trump only when nothing else may be called. After trump:
    play with the partner, never take over or defend alone. A dealer who may only forfeit
    or name forfeits when he has nothing to name. The call-ace maker calls the best card
    of the first suit he may call (clubs, diamonds, hearts, spades), never alone unless
    no suit may be called.
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
                discard: bool, give: bool) -> int:
    """The simple policy's discard, card given for best or card played, from what the
    seat sees (its legal cards, the trump, the trick so far).

    A card's rank is its ``TRICK_POWER`` in a trick of its own effective suit (a trump
    above every plain card). Discard: the lowest ranked. Give for best: the highest
    ranked. Lead: the highest ranked.
    Follow: the lowest card that beats the trick's best when the partner is not winning
    it and one does; else the lowest ranked. Ties go to the lower card number.
    """
    choice = -1
    choice_key = 0
    beats_only = not discard and not give and nplayed != 0 and not partner_winning
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
    highest = give or (not discard and nplayed == 0)
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

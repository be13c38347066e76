"""The phases of a hand's history told from the history alone: the second phase machine
that ``text/words.py`` kept before the hand recorded each action's phase (issue 35).

It lives on as a test oracle only, independent of the engine's phase machine:
``tests/test_history_phases.py`` checks that the phases the hand records
(``HandState.history_phases``) are the ones this model tells, at every state of random
hands of every preset, table mode, call-for-best and the claims of the dealt hand.
"""

from __future__ import annotations

from collections.abc import Iterable

from euchre.core.actions import Action, is_call_ace_code, is_card_call_code, is_discard_code, is_give_code, is_play_code
from euchre.core.seats import FOUR_HANDED, Table
from euchre.core.state import Phase

HIDDEN_DISCARD = -1
"""A discard the viewer may not see (as in a PlayerView)."""
HIDDEN_GIVE = -2
"""A card given face down that the viewer did not see."""


def history_phases(history: Iterable[tuple[int, int]], table: Table = FOUR_HANDED, claims: int = 0) -> list[Phase]:
    """The phase in which each action of a hand's history was taken.

    The history alone tells them apart (REFERENCE 6.1, RULES.md decision 9): before
    trump is fixed, four passes end round one; a suit named before round two is the
    dealer's blind call; after trump is fixed a pass by the makers' side declines a
    takeover and one by the defenders declines to defend alone.

    Args:
        history: ``(seat, code)`` pairs in order, as in ``HandState.history`` (a hidden
            discard may be :data:`HIDDEN_DISCARD`, a hidden card given for best
            :data:`HIDDEN_GIVE`).
        claims: how many leading actions are the claim round's
            (:func:`claim_round_length`); they are taken in round one's phase.
    """
    out: list[Phase] = []
    history = list(history)
    out.extend([Phase.BID_ROUND_1] * min(claims, len(history)))
    history = history[claims:]
    fixed = False
    round_two = False
    passes = 0
    maker = -1
    given = False
    plays: dict[int, int] = {}
    for i, (seat, code) in enumerate(history):
        after_give, given = given, False
        if code in (Action.CORRECT_REVOKE, Action.LET_STAND):
            out.append(Phase.REVOKE_CORRECTION)
            if code == Action.CORRECT_REVOKE:
                # The corrected card and every card played after it are taken back.
                last = max(k for k in range(i) if history[k][0] == seat and is_play_code(history[k][1]))
                for s, c in history[last:i]:
                    if is_play_code(c):
                        plays[s] -= 1
            continue
        if code == Action.DECLINE_CALL or is_card_call_code(code):
            out.append(Phase.CALL_CARD)
            continue
        if plays and (code == Action.CLAIM_REVOKE or code == Action.PASS):
            # Table mode: a claim at a turn in the play, or (every player's five cards
            # played) a claim or a pass in the claims after the last trick (decision 27).
            out.append(Phase.REVOKE_CLAIMS if all(n == 5 for n in plays.values()) else Phase.PLAY)
            continue
        if is_play_code(code):
            plays[seat] = plays.get(seat, 0) + 1
        if is_give_code(code) or code == HIDDEN_GIVE:
            out.append(Phase.GIVE_BEST)
            given = True
            continue
        if is_play_code(code):
            out.append(Phase.PLAY)
        elif code == HIDDEN_DISCARD or is_discard_code(code):
            # The discard right after a card given for best is the lone player's.
            out.append(Phase.BEST_DISCARD if after_give else Phase.DISCARD)
        elif is_call_ace_code(code):  # a call-ace call: the maker's decision after trump is fixed
            out.append(Phase.ALONE_DECISION)
        elif not fixed:
            if code == Action.PASS:
                out.append(Phase.BID_ROUND_2 if round_two else Phase.BID_ROUND_1)
                passes += 1
                if passes == table.seats and not round_two:
                    round_two, passes = True, 0
            elif code in (Action.ORDER_UP, Action.ORDER_UP_ALONE):
                out.append(Phase.BID_ROUND_1)
                fixed, maker = True, seat
            elif code == Action.FORFEIT:
                out.append(Phase.BID_ROUND_2)
            else:
                out.append(Phase.BID_ROUND_2 if round_two else Phase.BLIND_NAME)
                fixed, maker = True, seat
        elif code in (Action.GO_ALONE, Action.PLAY_WITH_PARTNER):
            out.append(Phase.ALONE_DECISION)
        elif code == Action.TAKE_OVER_ALONE:
            out.append(Phase.TAKEOVER)
        elif code == Action.DEFEND_ALONE:
            out.append(Phase.DEFEND_ALONE)
        else:
            out.append(Phase.TAKEOVER if table.same_team(seat, maker) else Phase.DEFEND_ALONE)
    return out

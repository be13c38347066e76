"""The checks of a hand entered card by card (:meth:`~euchre.referee.keeper.ScoreKeeper.hand_cards`):
a decision left unasked, an action the hand does not allow now (said in the words of its
phase), and a revoke claimed after the last card."""

from __future__ import annotations

from euchre.core.actions import Action
from euchre.core.errors import EuchreValueError, IllegalActionError
from euchre.core.hand import HandState, Phase
from euchre.core.seats import Table
from euchre.text.side_words import has_partners


def _unasked(state: HandState, action: str | None) -> None:
    """Answer the engine's questions of table mode that the entries leave out before
    ``action`` (None: the end of the entries): a card that did not follow suit stands
    unless the entry is ``stand``, or ``correct`` and the card is a revoke; no exposed card is called unless the
    entry is a call (``call-XX``) or ``no-call`` (RULES.md decision 27); and once the
    entries end, nobody claims a revoke after the last trick (each seat the engine would
    ask says ``pass``): a claim is entered (``renege``, ``renege-SEAT``), never a
    seat's silence."""
    text = action.strip().lower() if isinstance(action, str) else ""
    while True:
        if state.phase == Phase.REVOKE_CORRECTION and (text not in ("correct", "stand") or (
                text == "correct" and Action.CORRECT_REVOKE not in state.legal_actions())):
            state.apply(Action.LET_STAND)
        elif state.phase == Phase.CALL_CARD and not (text.startswith("call-") or text == "no-call"):
            state.apply(Action.DECLINE_CALL)
        elif state.phase == Phase.REVOKE_CLAIMS and action is None:
            state.apply(Action.PASS)
        else:
            return


_PHASE_WORDS = {
    Phase.BID_ROUND_1: "the first round of bidding", Phase.BID_ROUND_2: "the second round of bidding",
    Phase.BLIND_NAME: "the dealer's naming of trump blind", Phase.TAKEOVER: "the partner's takeover of the lone hand",
    Phase.DISCARD: "the dealer's discard", Phase.ALONE_DECISION: "the maker's decision to go alone",
    Phase.DEFEND_ALONE: "the defenders' decision to defend alone", Phase.PLAY: "the play",
    Phase.GIVE_BEST: "the partner's gift of his best card", Phase.BEST_DISCARD: "the lone player's discard",
    Phase.REVOKE_CLAIMS: "the claims of revokes after the last trick",
    Phase.REVOKE_CORRECTION: "the correction of a card that did not follow suit",
    Phase.CALL_CARD: "the call of an exposed card",
}
"""Each phase of a hand as a person says it (the referee's messages)."""


def _not_now(state: HandState, exc: IllegalActionError) -> str:
    """Why an entry of ``cards`` is refused, in the entries' words: who acts, in which
    part of the hand, and the entries he may type there (a claim is ``renege-SEAT``,
    never the engine's bare ``renege``); the engine's own words where the hand is over."""
    if state.phase == Phase.DONE or not exc.legal:
        return str(exc)
    letter = state.table.letters[state.turn]
    entries = [f"renege-{letter}" if text == "renege" else text for text in exc.legal]
    return (f"{exc.action or 'that'} is not an entry for {state.table.titles[state.turn]} now, in "
            f"{_PHASE_WORDS.get(state.phase, 'this part of the hand')}; the entries there: {', '.join(entries)}")


def _claimant(table: Table, action: object) -> int | None:
    """The seat of a ``renege-SEAT`` entry (``renege-n``, ``renege-2``), or None for any
    other action.

    Raises:
        IllegalActionError: the seat is no seat of the table (the message lists them)."""
    if not isinstance(action, str):
        return None
    head, sep, seat = action.strip().partition("-")  # the seat as typed, for the message
    if head.lower() != "renege" or not sep:
        return None
    try:
        return table.seat_named(seat, "renege-SEAT:")
    except EuchreValueError as exc:
        raise IllegalActionError(str(exc)) from None


def _claim_by(state: HandState, seat: int) -> None:
    """``renege-SEAT``: ``seat`` claims a revoke. In the claims after the last trick the
    seats the engine asks before him let it by (``pass``); in the play (where a proved
    revoke ends the hand: ``renege_ends_hand``) it must be his turn.

    Raises:
        IllegalActionError: ``seat`` may not claim here (no adversary of his failed to
            follow suit since his side last claimed, or it is not his turn)."""
    while state.phase == Phase.REVOKE_CLAIMS and state.turn != seat:
        state.apply(Action.PASS)
    if state.phase in (Phase.REVOKE_CLAIMS, Phase.PLAY) and state.turn == seat \
            and Action.CLAIM_REVOKE in state.legal_actions():
        state.apply(Action.CLAIM_REVOKE)
        return
    since = "his side" if has_partners(state.table) else "he"
    raise IllegalActionError(f"{state.table.titles[seat]} may not claim a revoke here: a claim is heard after the "
                             "last trick, or in the play at the claimant's turn where a proved revoke ends the hand "
                             "(see renege_ends_hand in euchre rules), and only from a player one of whose adversaries "
                             f"has failed to follow suit since {since} last claimed")

"""One hand (one deal) of partnership Euchre as a phase machine.

A :class:`HandState` is created already dealt (:meth:`HandState.deal` from a random
generator, or :meth:`HandState.from_deal` from given cards). It then moves through the
phases of :class:`Phase`: round-one bidding, (blind naming when the joker is turned up),
the partner's takeover of a lone hand, the dealer's discard, the maker's alone decision,
defending alone, the play of five tricks, and the scored end.

Two tiers, as python-chess has them (DESIGN.md "Contracts of the public API"):

- ``legal_actions()`` / ``legal_codes()`` list what the player to act may do, as tuples
  (immutable: nothing a caller does to them changes the engine); ``apply(action)`` checks
  the action and raises :class:`IllegalActionError` naming the legal ones, leaving the
  state unchanged.
- ``push(code)`` / ``pop()`` apply an int code without the check and undo it, for
  search. The contract: ``code`` is one of ``legal_codes()``. A code outside it leaves the
  state meaningless, unless debug checks are on (:func:`set_debug_checks`, which the test
  suite turns on): then ``push`` refuses it with the error ``apply`` would give.

Cards are card numbers (:mod:`euchre.core.cards`), hands are bit masks, seats are ints
of the rules' table (:mod:`euchre.core.seats`: N, E, S, W = 0..3), action codes are those
of :class:`~euchre.core.actions.Action`; the history holds ``(seat, code)`` pairs of
plain ints.

Sources: REFERENCE 6.1 (the bidding machine, legal plays, trick winner, opening lead,
pass-outs, scoring) and RULES.md decisions 8-10 (order of the decisions after trump is
fixed, and the combinations the texts leave open).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from euchre.core.actions import PLAY_BASE, Action, action_text
from euchre.core.cards import EFFECTIVE_SUIT, JOKER, Card, card_code, cards_of
from euchre.core.dealing import Dealing, _seat_arg
from euchre.core.errors import (
    ActionTypeError,
    EuchreTypeError,
    EuchreValueError,
    IllegalActionError,
)
from euchre.core.legal import Legal, _safe_text
from euchre.core.rules import Rules
from euchre.core.state import HandResult, Phase, Trick, phases_of
from euchre.core.tricks import PAIRS
from euchre.core.undo import Record, copy_fields, save_call, save_card, save_play, save_state

__all__ = ["APPLY_BY_PHASE", "LEGAL_BY_PHASE", "HandResult", "HandState", "Phase", "Trick", "by_phase",
           "debug_checks", "set_debug_checks"]


class HandState(Dealing):
    """The state of one hand. Mutable; copy with :meth:`copy`.

    Public read-only attributes (do not assign them): ``rules``, ``table`` (the rules'
    :class:`~euchre.core.seats.Table`), ``dealer``, ``phase``, ``turn`` (seat to act, or
    -1), ``upcard`` (card number), ``trump`` (0..3, NO_TRUMP, or -1 before trump is
    fixed), ``maker`` (-1 until fixed), ``alone`` (lone maker seat or -1),
    ``defender_alone`` (-1 or seat), ``active`` (bit mask of seats taking part),
    ``history`` (list of ``(seat, code)``, both ints), ``tricks`` (finished
    :class:`Trick`), ``trick_cards``/``trick_seats`` (the trick being played),
    ``tricks_won`` (per team), ``packets`` (the packet pattern of the deal, or None for a
    hand made from given cards), ``is_over``, ``result``, ``stock`` (the undealt cards as
    dealt, the upcard first; a farmer's exchange leaves it as dealt), ``claims_left``
    (seats still to be asked in the claim round before the bidding) and ``shown``
    (``(seat, card mask)`` of the cards claims showed: RULES.md decision 23); in table
    mode (``renege_mode = penalize_on_claim``, RULES.md decision 27) ``revokes`` (every
    revoke made, hidden until established), ``established``, ``claim_log``,
    ``claim_marks``, ``penalty_points`` and ``review_left`` (:mod:`euchre.core.revokes`).
    """
    __slots__ = ()

    def copy(self) -> HandState:
        """An independent copy (the undo stack is not copied)."""
        other = HandState.__new__(HandState)
        copy_fields(self, other)
        other._stack = []
        return other

    def lawful(self) -> HandState:
        """This hand as one where every player follows suit from now on: itself unless
        revokes are possible (table mode), else a copy under the same rules with
        ``renege_mode = prevent``, so only cards that follow suit are legal and nothing
        more is claimed, corrected or called; revokes already made and established stay
        as they are. For the search of bots that never revoke (RULES.md decision 27). A
        copy in the claims after the last trick is scored at once; one whose trick waits
        for corrections is quitted, every card standing; one waiting for the call of an
        exposed card goes on with no call."""
        if not self.rules.revokes_possible:
            return self
        other = self.copy()
        other.rules = _lawful_rules(self.rules)
        other._table_mode = False
        other._legal = None
        if other.phase == _PH_REVOKE_CLAIMS:
            other._finish_scored()
        elif other.phase == _PH_REVOKE_CORRECTION:  # every card stands
            other.phase = _PH_PLAY
            other.quit_pos = 1
            other._quit_trick()
        elif other.phase == _PH_CALL_CARD:  # no card is called
            other.phase = _PH_PLAY
            other.turn = other.call_asked
        other._note_phase()
        return other

    # ------------------------------------------------------------------ queries

    @property
    def history_phases(self) -> tuple[Phase, ...]:
        """The phase each action of ``history`` was taken in, one per action (recorded
        by the machine as it applied them: ``phase_runs``). A claim of the dealt hand is
        taken in ``BID_ROUND_1``, a claim of a revoke in ``PLAY`` or ``REVOKE_CLAIMS``."""
        return phases_of(self.phase_runs, len(self.history))

    @property
    def eldest(self) -> int:
        """The eldest hand: the seat to the dealer's left."""
        return self.table.eldest(self.dealer)

    @property
    def turned_down(self) -> int | None:
        """The suit of the upcard once it has been turned down, else None."""
        if self.upcard != JOKER and (self.phase == _PH_BID_ROUND_2 or (self.trump != -1 and not self.upcard_to_dealer)):
            return self.upcard >> 3
        return None

    @property
    def led_suit(self) -> int | None:
        """The effective suit led to the current trick, or None before the lead."""
        if not self.trick_cards:
            return None
        return EFFECTIVE_SUIT[self.trump][self.trick_cards[0]]

    def hand_of(self, seat: int) -> list[int]:
        """The cards (card numbers, low first) a seat holds now.

        Raises:
            EuchreTypeError / EuchreValueError: not a seat of the table."""
        return list(cards_of(self.hands[_seat_arg(self.table, seat)]))

    def is_active(self, seat: int) -> bool:
        """False for a seat sitting out (the partner of a lone player).

        Raises:
            EuchreTypeError / EuchreValueError: not a seat of the table."""
        return bool(self.active >> _seat_arg(self.table, seat) & 1)

    def legal_codes(self) -> tuple[int, ...]:
        """The legal action codes for the player to act (empty when the hand is over),
        as an immutable tuple of ints."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _LEGAL[self.phase](self)  # kept until the state changes
        return legal[0]

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions for the player to act, as an immutable tuple of
        :class:`Action` values (empty when the hand is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _LEGAL[self.phase](self)  # kept until the state changes
        return legal[1]

    # ------------------------------------------------------------------ acting
    def apply(self, action: int | str) -> None:
        """Apply an action after checking it (the checked entry point).

        Args:
            action: an :class:`Action`, its code (an int), or its text form
                (``"play-JH"``).

        Raises:
            ActionTypeError: ``action`` is no action at all (a float, a bool, a Card);
                it is also a TypeError and an IllegalActionError.
            IllegalActionError: the action is not legal now; the message names the legal
                actions. The state is unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = _LEGAL[self.phase](self)  # kept until the state changes
        t = type(action)
        # An Action is looked for among the legal Actions (found by identity), an int
        # among the codes; the code is the Action's value.
        code: int
        if t is Action and action in legal[1]:
            code = action._value_  # type: ignore[attr-defined]
        elif t is int and action in legal[0]:
            code = action
        else:
            self._refuse(action, legal[0])
            return
        phase = self.phase
        _APPLY[phase](self, code)
        self._legal = None
        if self.phase is not phase:  # a run of phase_runs opens only where the phase changes
            self._note_phase()

    def _refuse(self, action: object, legal: tuple[int, ...]) -> None:
        """Apply a string action if it is legal, else raise IllegalActionError."""
        code = _action_code(action, legal)
        if code in legal:
            phase = self.phase
            _APPLY[phase](self, code)
            self._legal = None
            if self.phase is not phase:
                self._note_phase()
            return
        raise self._illegal(code, legal)

    def _illegal(self, code: int, legal: tuple[int, ...]) -> IllegalActionError:
        if self.phase == _PH_DONE:
            return IllegalActionError("the hand is over; no action is legal", _safe_text(code))
        who = self.table.letters[self.turn]
        return IllegalActionError(
            f"{_safe_text(code)} is not legal for {who} in {self.phase.name.lower()}",
            _safe_text(code), [action_text(c) for c in legal])

    def push(self, code: int) -> None:
        """Apply an action code WITHOUT checking it, saving the state for :meth:`pop`.

        For search only. The contract: ``code`` is an int of :meth:`legal_codes`. An
        illegal code leaves the state meaningless, unless debug checks are on
        (:func:`set_debug_checks`): then it raises what :meth:`apply` would raise, and
        the state is unchanged.

        The undo record holds the fields the action may change (:mod:`euchre.core.undo`):
        a card outside table mode those of ``CardFields`` (and ``PlayFields`` when it
        ends the trick), a call those and ``CallFields``', any action in table mode
        every field of the state."""
        if self._table_mode:
            saved = save_state(self)
        elif self.phase is _PH_PLAY:
            # The card is played here as TrickPlay._apply_play plays it outside table
            # mode (inlined: the hottest path of every search; there every legal code
            # of the play is a card, never a claim). A card that does not end the trick
            # changes CardFields alone; one that ends it PlayFields too.
            seat = self.turn
            nxt = self.table.next_active[self.active][seat]
            ends_trick = nxt == self.leader
            saved = save_play(self) if ends_trick else save_card(self)
            card = code - PLAY_BASE
            self.history.append(PAIRS[seat][code])
            self.hands[seat] &= ~(1 << card)
            self.trick_cards.append(card)
            self.trick_seats.append(seat)
            if ends_trick:
                self._quit_trick()
            else:
                self.turn = nxt
            self._stack.append(saved)  # only once the card is played: a code that raises leaves no record
            self._legal = None
            return
        else:
            saved = save_call(self)
        phase = self.phase
        _APPLY[phase](self, code)  # raises for the hand that is over: nothing saved then
        self._stack.append(saved)
        self._legal = None
        if self.phase is not phase:
            self._note_phase()

    def _push_checked(self, code: int) -> None:
        """:meth:`push` with the checks of :meth:`apply` (debug mode)."""
        legal = self.legal_codes()
        if type(code) is not int:
            raise ActionTypeError(f"push takes an int action code of legal_codes(), not {type(code).__name__} {code!r}",
                                  repr(code), [action_text(c) for c in legal])
        if code not in legal:
            raise self._illegal(code, legal)
        HandState._push_fast(self, code)

    _push_fast = push

    def force(self, code: int) -> None:
        """Apply an action code with no check at all, even in debug mode, and nothing
        saved for :meth:`pop`. Only for the EGN reader's stand-in run
        (:mod:`euchre.records.egn.rebuild`), which places each recorded card on a deal that
        does not yet hold it, to learn from the engine who led, followed and won; any
        other use leaves the state meaningless."""
        phase = self.phase
        _APPLY[phase](self, code)
        self._legal = None
        if self.phase is not phase:
            self._note_phase()

    def _note_phase(self) -> None:
        """Open a run of ``phase_runs`` when the action just applied brought the hand
        into another phase (the one place the history's phases are recorded). The
        dispatcher calls it only when the phase differs from the one the action was
        taken in (the last run's phase: an action within one phase opens no run, so most
        actions pay one comparison); the play of a card outside table mode never changes
        the phase but to end the hand, in which no action is taken, so :meth:`push` does
        not call this for it."""
        phase = self.phase
        runs = self.phase_runs
        if phase is not runs[-1][1] and phase is not _PH_DONE:
            runs.append((len(self.history), phase))

    def pop(self) -> None:
        """Undo the last :meth:`push`: the fields its record saved are restored.

        Raises:
            EuchreValueError: nothing to undo.
        """
        try:
            saved = self._stack.pop()
        except IndexError:
            raise EuchreValueError("pop() without a matching push()") from None
        saved[0](self, saved)

    def _snapshot(self) -> Record:
        """An undo record of every field of the state (for :meth:`Game.apply`, which
        takes back a hand's last action when the deal after it fails)."""
        return save_state(self)

    def _restore(self, saved: Record) -> None:
        """Restore a record of :meth:`_snapshot`."""
        saved[0](self, saved)

    # ------------------------------------------------------------------ text
    def __repr__(self) -> str:
        hands = " ".join(self.table.letters[s] + ":" + ",".join(card_code(c) for c in cards_of(self.hands[s]))
                         for s in range(self.table.seats))
        return (f"<HandState {self.phase.name} dealer={self.table.letters[self.dealer]} upcard={card_code(self.upcard)} "
                f"{hands}>")


@functools.cache
def _lawful_rules(rules: Rules) -> Rules:
    """``rules`` with ``renege_mode = prevent`` (cached: a bot asks for it per world)."""
    return rules.replace(renege_mode="prevent")


def set_debug_checks(enabled: bool) -> bool:
    """Turn the debug checks of :meth:`HandState.push` on or off for the whole process
    (the test suite turns them on; search code runs with them off, the default).

    With them on, ``push`` refuses a code that is not legal now, or that is not an int,
    with the error ``apply`` would give, leaving the state unchanged.

    Returns:
        Whether they were on before.

    Raises:
        EuchreTypeError: ``enabled`` is not a bool.
    """
    if not isinstance(enabled, bool):
        raise EuchreTypeError(f"set_debug_checks takes True or False, not {enabled!r}")
    before = debug_checks()
    HandState.push = HandState._push_checked if enabled else HandState._push_fast  # type: ignore[method-assign]
    return before


def debug_checks() -> bool:
    """True when the debug checks of :meth:`HandState.push` are on."""
    return HandState.push is HandState._push_checked


def _action_code(action: object, legal: tuple[int, ...]) -> int:
    """The int code of an action given as an Action, an int or a text form.

    Raises:
        ActionTypeError: no action at all (a bool, a float, a Card or other int enum).
        IllegalActionError: a text that is no action."""
    if isinstance(action, str):
        try:
            return int(Action.parse(action))
        except IllegalActionError as exc:
            raise IllegalActionError(str(exc), action, [action_text(c) for c in legal]) from None
    if type(action) is int or type(action) is Action:
        return int(action)
    # bools, floats, and other int-valued enums (a Card or a Suit is not an action)
    hint = " (give an Action, its int code or its text)"
    if isinstance(action, Card):
        hint = f" (to play or discard a card, give Action.play(card) or its text, 'play-{action}')"
    raise ActionTypeError(f"not an action: {type(action).__name__} {action!r}{hint}", repr(action),
                          [action_text(c) for c in legal])


_F = TypeVar("_F", bound=Callable[..., Any])


def by_phase(table: Mapping[Phase, _F], what: str) -> tuple[_F, ...]:
    """A per-phase table as a tuple indexed by the phase's number, checked to name
    every :class:`Phase` exactly once (so a new phase cannot be left out, nor a method
    paired with the wrong phase by position).

    Raises:
        EuchreValueError: a phase is missing or a key is not a Phase."""
    keys = set(table)
    if keys != set(Phase) or len(table) != len(Phase):
        missing = sorted(p.name for p in set(Phase) - keys)
        raise EuchreValueError(f"the {what} table must name every phase; missing: {', '.join(missing) or 'none'}")
    return tuple(table[p] for p in sorted(Phase))


LEGAL_BY_PHASE: dict[Phase, Callable[[HandState], Legal]] = {
    Phase.BID_ROUND_1: HandState._legal_round1,
    Phase.BID_ROUND_2: HandState._legal_round2,
    Phase.BLIND_NAME: HandState._legal_blind,
    Phase.TAKEOVER: HandState._legal_takeover,
    Phase.DISCARD: HandState._legal_discard,
    Phase.ALONE_DECISION: HandState._legal_alone_decision,
    Phase.DEFEND_ALONE: HandState._legal_defend,
    Phase.PLAY: HandState._legal_play,
    Phase.DONE: HandState._legal_done,
    Phase.GIVE_BEST: HandState._legal_give_best,
    Phase.BEST_DISCARD: HandState._legal_best_discard,
    Phase.REVOKE_CLAIMS: HandState._legal_review,
    Phase.REVOKE_CORRECTION: HandState._legal_correction,
    Phase.CALL_CARD: HandState._legal_card_call,
}
"""For each phase, the method that lists its legal actions."""

APPLY_BY_PHASE: dict[Phase, Callable[[HandState, int], None]] = {
    Phase.BID_ROUND_1: HandState._apply_round1,
    Phase.BID_ROUND_2: HandState._apply_round2,
    Phase.BLIND_NAME: HandState._apply_blind,
    Phase.TAKEOVER: HandState._apply_takeover,
    Phase.DISCARD: HandState._apply_discard,
    Phase.ALONE_DECISION: HandState._apply_alone_decision,
    Phase.DEFEND_ALONE: HandState._apply_defend,
    Phase.PLAY: HandState._apply_play,
    Phase.DONE: HandState._apply_done,
    Phase.GIVE_BEST: HandState._apply_give_best,
    Phase.BEST_DISCARD: HandState._apply_best_discard,
    Phase.REVOKE_CLAIMS: HandState._apply_review,
    Phase.REVOKE_CORRECTION: HandState._apply_correction,
    Phase.CALL_CARD: HandState._apply_card_call,
}
"""For each phase, the method that applies one of its actions."""

_LEGAL = by_phase(LEGAL_BY_PHASE, "legal actions")
_APPLY = by_phase(APPLY_BY_PHASE, "apply")

# The phases the methods above set or test, as module names: a member read through its
# class (Phase.PLAY) costs about 60 ns on CPython 3.11, a module global about 10.
_PH_BID_ROUND_2 = Phase.BID_ROUND_2
_PH_CALL_CARD = Phase.CALL_CARD
_PH_DONE = Phase.DONE
_PH_PLAY = Phase.PLAY
_PH_REVOKE_CLAIMS = Phase.REVOKE_CLAIMS
_PH_REVOKE_CORRECTION = Phase.REVOKE_CORRECTION

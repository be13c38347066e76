"""What one hand's state is made of: the phases, a finished trick, the result, and the
fields of :class:`~euchre.core.hand.HandState` (declared here once, for the phase
machine's parts in :mod:`euchre.core.calls` and :mod:`euchre.core.tricks`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, NamedTuple

from euchre.core.legal import Legal
from euchre.core.rules import Rules
from euchre.core.seats import Table


class Phase(enum.IntEnum):
    """The phases of a hand, in the order they can occur."""

    BID_ROUND_1 = 0
    """Each seat from the eldest passes or accepts the upcard (order up / assist / take up).
    Under the claim options (``farmers_hand``, ``nines_tens_redeal``,
    ``ace_no_face_redeal``) a round of claims comes first in this phase, each seat from
    the eldest passing or claiming (``HandState.claims_left``; RULES.md decision 23)."""
    BID_ROUND_2 = 1
    """Each seat from the eldest passes or names a suit."""
    BLIND_NAME = 2
    """The joker was turned up: the dealer names trump before seeing his hand."""
    TAKEOVER = 3
    """The maker's partner may take the lone hand over (S000 L183-187, S002 L47)."""
    DISCARD = 4
    """The dealer, holding six cards, discards one."""
    ALONE_DECISION = 5
    """With after_bidding timing: the maker goes alone or plays with his partner. At the
    call-ace table: the maker calls the best card of a suit for his partner, or goes
    alone (RULES.md decision 21)."""
    DEFEND_ALONE = 6
    """Each defender in turn from the dealer's left may defend alone."""
    PLAY = 7
    """The play of the tricks."""
    DONE = 8
    """The hand is over (scored, or thrown in)."""
    GIVE_BEST = 9
    """``call_for_best``: the lone player's partner gives him his best card face down
    (X-20, X-15c); it comes after the lone hand is settled, before the play (RULES.md
    decision 20). Numbered after DONE so that the earlier phases keep their numbers."""
    BEST_DISCARD = 10
    """``call_for_best``: the lone player, holding six cards, discards one face down."""
    REVOKE_CLAIMS = 11
    """``renege_mode = penalize_on_claim``: after the last trick, before the hand is
    scored, each seat from the eldest that has seen a player of another side fail to
    follow suit (and has not claimed since) claims a revoke or passes: the tricks may be
    searched at the end of the hand, and no claim is heard after the next cut (Leeds &
    Dwight 1888 s66, s68; New York 1877 s10; RULES.md decision 27)."""
    REVOKE_CORRECTION = 12
    """``renege_mode = penalize_on_claim``: a trick is complete but not yet quitted; each
    seat that failed to follow suit in it, in play order, lets its card stand or, holding
    the suit led (a revoke), corrects it: the card goes back to its hand as an exposed
    card and it plays one of the suit; the adversaries who played after it take their
    cards back and play again, its partner plays the same card again (New York 1877 s11,
    Leeds & Dwight 1888 s69; RULES.md decision 27)."""
    CALL_CARD = 13
    """``renege_mode = penalize_on_claim``: the seat to play holds a card exposed by a
    corrected revoke; the first adversary at his left that takes part calls one of his
    exposed cards, which he must then play if he can without revoking, or declines (New
    York 1877 s12, Leeds & Dwight 1888 s46)."""


class Trick(NamedTuple):
    """A finished trick: the leader's seat, the seats in play order, the cards (card
    numbers) in play order, and the winning seat."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int


class Revoke(NamedTuple):
    """A revoke (renege): a seat that held a card of the suit led played another
    (Leeds & Dwight 1888 s62).

    Attributes:
        seat: the seat that revoked.
        trick: the trick it happened in (0..4, in play order).
        card: the card played instead (card number).
        suit: the effective suit led, which the seat could have followed (0..3).
    """

    seat: int
    trick: int
    card: int
    suit: int


@dataclass(frozen=True)
class HandResult:
    """How a hand ended.

    Attributes:
        passed_out: the hand was thrown in without play and no score: all passed twice,
            or a claim threw it in (RULES.md decision 23).
        forfeit: the stuck dealer gave the opponents a point (dealer_forfeit_or_call).
        maker: the seat that fixed trump, or None.
        trump: 0..3, NO_TRUMP (4), or None.
        alone: the seat playing a lone hand for the makers, or None.
        defender_alone: the seat defending alone, or None.
        tricks: tricks won per side of the table (N-S, E-W at the four-hand table;
            each player where every player plays for himself).
        points: points scored by this hand per side: the makers' side, or every side
            that defended (at the four-hand table one side scores).
        label: what happened ("march", "euchre", "passed out", ...).
        partner: call-ace: the seat that held the called card and played with the
            maker, or None (no call, or the card in the stock). Shown once the hand is
            over, when every card has been played (RULES.md decision 21).
        dealer_deals_again: the deal was thrown in and the same dealer deals the next
            (a hand of nines and tens shown, two farmer's hands claimed: RULES.md
            decision 23); False for every played hand.
        thrown_in: the deal was thrown in by a claim of the dealt hand (decision 23),
            not passed out by the bidding: who deals next is ``dealer_deals_again``'s
            to say, whatever ``all_pass_round2`` says of a hand passed out.
        revokes: the revokes established by claims (``renege_mode =
            penalize_on_claim``), in the order they were made; empty otherwise.
        penalties: the part of ``points`` that the laws gave (revokes established,
            claims that failed), per side; empty when no law applied. The penalty of a
            revoke is scored before the hand's own points (Leeds & Dwight 1888 s4), so
            a side that reaches the target by a penalty wins (RULES.md decision 27).
    """

    passed_out: bool
    forfeit: bool
    maker: int | None
    trump: int | None
    alone: int | None
    defender_alone: int | None
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    label: str
    partner: int | None = None
    dealer_deals_again: bool = False
    thrown_in: bool = False
    revokes: tuple[Revoke, ...] = ()
    penalties: tuple[int, ...] = ()

    @property
    def played(self) -> bool:
        """True for a hand played out or forfeited by the stuck dealer; False for one
        passed out in the bidding or thrown in by a claim (such a hand is dealt again
        and does not count among a progressive round's hands: RULES.md decision 24)."""
        return not self.passed_out or self.forfeit

    @property
    def scoring_teams(self) -> tuple[int, ...]:
        """The sides that scored (none, one, or every defending side)."""
        return tuple(t for t, p in enumerate(self.points) if p)

    @property
    def scoring_team(self) -> int | None:
        """The side that scored (the first of them when several did), or None when
        nobody did."""
        teams = self.scoring_teams
        return teams[0] if teams else None


Log = list
"""The kind of a field that is a log: a list the phase machine only appends to, or
replaces by another list, never changes otherwise (``history``, ``tricks``, the trick
being played). Undo keeps such a list and its length, and cuts it back to that length
(:mod:`euchre.core.undo`); any other list field is copied whole, and every field that
is no list holds a value nothing changes in place."""


Masks = list
"""The kind of a field that is a list with one element per seat (``hands``), of which
the play of a card changes only the element of the seat to act (:data:`ACTING_SEAT`):
the records of a card's play keep that element alone (:mod:`euchre.core.undo`); every
other record copies the list."""

ACTING_SEAT = "turn"
"""The field holding the seat to act, whose element of a ``Masks`` field a card's play
changes."""


class DealFields:
    """The fields fixed when the hand is dealt (undo never saves them): the rules, the
    table, the deal, and the undo stack itself. A base class only: it holds no
    behaviour."""

    __slots__ = ("rules", "table", "dealer", "deal_hands", "upcard", "stock", "joker_aside", "packets",
                 "_stack", "_alone_ok", "_with_call", "_table_mode", "_calls_partner")

    rules: Rules
    table: Table
    dealer: int
    deal_hands: tuple[int, ...]
    upcard: int
    stock: tuple[int, ...]
    joker_aside: bool
    packets: str | None
    _stack: list[tuple[Any, ...]]
    """The undo records of :meth:`HandState.push`, the last on top (:mod:`euchre.core.undo`)."""
    _alone_ok: bool
    _with_call: bool
    _table_mode: bool
    """The rules' ``revokes_possible`` (table mode), kept here for the play's hot path."""
    _calls_partner: bool
    """The rules' ``calls_partner`` (call-ace), kept here for the machine's hot path (a
    property costs a call each time it is read)."""


class CardFields(DealFields):
    """The fields that the play of a card changes when it does not end the trick,
    outside table mode: such a card's :meth:`HandState.push` saves these alone. A field
    such a card's play changes must be declared here (``tests/test_undo.py`` plays
    every preset and finds one declared elsewhere). A base class only."""

    __slots__ = ("hands", "turn", "history", "trick_cards", "trick_seats", "_legal")

    hands: Masks[int]
    turn: int
    history: Log[tuple[int, int]]
    trick_cards: Log[int]
    trick_seats: Log[int]
    _legal: Legal | None


class PlayFields(CardFields):
    """The fields that the play of a card changes, outside table mode, when it ends the
    trick (and perhaps the hand), besides those of :class:`CardFields`. A base class
    only."""

    __slots__ = ("phase", "tricks", "tricks_won", "leader", "result", "is_over")

    phase: Phase
    tricks: Log[Trick]
    tricks_won: list[int]
    leader: int
    result: HandResult | None
    is_over: bool
    """True once the hand is scored or thrown in (phase DONE)."""


class CallFields(PlayFields):
    """The fields that the calls change (the bidding, the lone hands, the claims of the
    dealt hand, call-ace's call, call-for-best), besides those of :class:`PlayFields`:
    outside table mode a call's :meth:`HandState.push` saves these and those. A base
    class only."""

    __slots__ = ("passes", "trump", "maker", "alone", "defender_alone", "active", "upcard_to_dealer", "discarded",
                 "alone_decided", "takeover_done", "defend_done", "best_done", "called", "partner", "claims_left",
                 "shown", "phase_runs")

    passes: int
    trump: int
    maker: int
    alone: int
    defender_alone: int
    active: int
    upcard_to_dealer: bool
    discarded: int
    alone_decided: bool
    takeover_done: bool
    defend_done: bool
    best_done: int
    """``call_for_best``: 1 once the lone maker has his partner's card, 2 once the lone
    defender has his (a bit mask)."""
    called: int
    """Call-ace: the card the maker called (card number), or -1."""
    partner: int
    """Call-ace: the seat that held the called card when it was called (the maker's
    secret partner), or -1 (no call, or the card lay in the stock). Hidden information:
    no view holds it (RULES.md decision 21)."""
    claims_left: int
    """Seats still to be asked in the claim round before the bidding (RULES.md decision
    20), 0 when there is none or it is over."""
    shown: tuple[tuple[int, int], ...]
    """The cards shown by claims, as ``(seat, card mask)`` in the order shown."""
    phase_runs: Log[tuple[int, Phase]]
    """The phase each action of ``history`` was taken in, as runs ``(index in the history
    of the run's first action, phase)``: a run is opened when the machine enters a phase
    (:meth:`HandState._note_phase`, after each action the dispatcher applies), so the
    play of a card outside table mode, which never changes the phase of the next
    action, costs nothing. Read it as one phase per action with :func:`phases_of`
    (``HandState.history_phases``)."""


class HandFields(CallFields):
    """Every field of a hand's state (see :class:`~euchre.core.hand.HandState` for their
    meaning): those of :class:`CallFields` and the laws' of table mode (``renege_mode
    = penalize_on_claim``: revokes, claims, corrections, exposed cards), which only
    table mode changes; there every :meth:`HandState.push` saves every field but
    :class:`DealFields`'. A base class only: it holds no behaviour."""

    __slots__ = ("revokes", "established", "proofs", "claim_log", "claim_marks", "penalty_points", "review_left",
                 "exposed", "correcting", "called_card", "call_asked", "quit_pos", "kept")

    revokes: tuple[Revoke, ...]
    """Every revoke made so far (``renege_mode = penalize_on_claim``). Hidden
    information until a claim establishes it: a view holds only the established ones."""
    established: tuple[int, ...]
    """The indices in ``revokes`` of the revokes established by claims, in order."""
    proofs: tuple[tuple[int, int], ...]
    """The proof of each established revoke, in the order of ``established``, as
    :func:`euchre.core.revokes.revoke_proof` gave it when the claim was made: ``(trick,
    card)`` of the later trick showing the suit, or ``(-1, card)`` for a card of the suit
    still held, which the proof lays on the table (public)."""
    claim_log: tuple[tuple[int, int], ...]
    """Every revoke claim as ``(claimant seat, revokes it established)``, in order
    (public): 0 for a claim not upheld; the revokes are the last ones of
    ``established`` at that moment."""
    claim_marks: tuple[int, ...]
    """Per side: the number of cards played when it last claimed (a side may claim again
    only when a player of another side has failed to follow suit since)."""
    penalty_points: tuple[int, ...]
    """Per side: points the laws gave so far in this hand (claims that failed)."""
    review_left: int
    """Seats still to be asked in the claims after the last trick (``REVOKE_CLAIMS``)."""
    exposed: tuple[int, ...]
    """Per seat: the cards (a bit mask) exposed by its corrected revokes and not played
    yet (public: they lie face up on the table, New York 1877 s11-s12)."""
    correcting: int
    """The seat that corrected a revoke and must now play a card of the suit led, or -1."""
    called_card: int
    """The exposed card the adversaries called, which the seat to play must play, or -1."""
    call_asked: int
    """The seat whose exposed cards the adversaries were asked about at this turn, or -1
    (they are asked once a turn)."""
    quit_pos: int
    """In the trick being played: the positions below this one were asked whether they
    correct (``REVOKE_CORRECTION``); 1 at the start of a trick (the lead follows no suit)."""
    kept: tuple[int, ...]
    """Per seat: the card a partner of a corrector took back and must play again, or -1
    (only the adversaries may change theirs, s69)."""


def phases_of(runs: list[tuple[int, Phase]] | tuple[tuple[int, Phase], ...], length: int) -> tuple[Phase, ...]:
    """One phase per action for the first ``length`` actions of a history whose phases
    are the runs ``runs`` (see ``CallFields.phase_runs``): each action takes the phase
    of the last run that starts at or before it."""
    out: list[Phase] = []
    for k, (start, phase) in enumerate(runs):
        if start >= length:
            break
        end = runs[k + 1][0] if k + 1 < len(runs) else length
        out.extend([phase] * (min(end, length) - start))
    return tuple(out)


def slots_of(cls: type) -> tuple[str, ...]:
    """Every slot ``cls`` and its bases declare, the bases' first: the fields as the
    language enumerates them (no list of names kept by hand)."""
    return tuple(name for klass in reversed(cls.__mro__) for name in klass.__dict__.get("__slots__", ()))


FIELDS: tuple[str, ...] = slots_of(HandFields)
"""The names of every field of a hand's state (what :meth:`HandState.copy` copies)."""
CARD_FIELDS: tuple[str, ...] = CardFields.__slots__
"""The fields a card's play changes when it does not end the trick (outside table mode)."""
PLAY_FIELDS: tuple[str, ...] = CardFields.__slots__ + PlayFields.__slots__
"""The fields a card's play changes when it ends the trick (outside table mode)."""
CALL_FIELDS: tuple[str, ...] = PLAY_FIELDS + CallFields.__slots__
"""The fields a call changes (outside table mode)."""
STATE_FIELDS: tuple[str, ...] = tuple(name for name in FIELDS if name not in DealFields.__slots__)
"""The fields undo saves and restores in table mode: every field but those fixed at the deal."""

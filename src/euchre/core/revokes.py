"""Table mode: revokes made, claimed, proved and penalised (``renege_mode =
penalize_on_claim``; RULES.md decision 27).

A part of :class:`~euchre.core.hand.HandState` beside the play of the tricks
(:mod:`euchre.core.tricks`). In table mode a player may play any card he holds; a card
that does not follow suit when the hand held one of the suit led is a revoke, kept in
``revokes`` (hidden: only the engine knows it until a claim proves it). A player claims a
revoke with ``renege`` (:data:`~euchre.core.actions.Action.CLAIM_REVOKE`):

- when a player of another side has failed to follow suit since the claimant's side
  last claimed (what every seat sees; the offer tells nothing hidden);
- during the play, at his turn, where a proved revoke ends the hand
  (``renege_ends_hand``: the modern tournament law, X-29, X-30), and in the claims after
  the last trick (Phase ``REVOKE_CLAIMS``) under every law: "at the end of the hand the
  claimants of a revoke may search all the tricks" (Leeds & Dwight 1888 s66; New York
  1877 s10), and no claim is heard after the next cut (s68).

A claim is upheld when a player of another side revoked and no claim has established
that revoke yet; it then establishes every such revoke. The proof
(:func:`revoke_proof`) is the trick of the revoke and the later trick in which the
revoker played the suit he failed to follow, or, when the hand ends before that, the
card of the suit he still holds (New York 1877 s10). The penalty
(:func:`revoke_points`): ``renege_penalty`` points to each other side, or
``renege_penalty_lone`` in a lone hand; with ``renege_ends_hand`` once per revoking side
and instead of the hand's own score; without it once per revoke, added to the hand's
score, equal numbers on the two sides cancelling (Leeds & Dwight s63, s71). A claim not
upheld gives each other side ``false_claim_penalty``.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.core.actions import Action
from euchre.core.cards import EFFECTIVE_SUIT, cards_of, follow_mask
from euchre.core.legal import _legal_of
from euchre.core.rules import Rules
from euchre.core.seats import Table
from euchre.core.state import HandFields, Revoke, Trick

_PASS = int(Action.PASS)
_CLAIM = int(Action.CLAIM_REVOKE)
_LEGAL_REVIEW = _legal_of((_PASS, _CLAIM))


def show_outs(tricks: list[Trick] | tuple[Trick, ...], trick_seats: list[int] | tuple[int, ...],
              trick_cards: list[int] | tuple[int, ...], trump: int) -> list[tuple[int, int, int]]:
    """Every card played that did not follow the suit led, public to every seat: as
    ``(play index, seat, suit led)`` where the play index counts the cards played in
    the hand from 0. A revoke is one of these; most are a player out of the suit."""
    eff = EFFECTIVE_SUIT[trump]
    out: list[tuple[int, int, int]] = []
    index = 0
    rows = [(t.seats, t.cards) for t in tricks]
    if trick_cards:
        rows.append((tuple(trick_seats), tuple(trick_cards)))
    for seats, cards in rows:
        led = eff[cards[0]]
        for k, (s, c) in enumerate(zip(seats, cards, strict=True)):
            if k and eff[c] != led:
                out.append((index + k, s, led))
        index += len(cards)
    return out


def may_claim(table: Table, seat: int, marks: tuple[int, ...], outs: list[tuple[int, int, int]]) -> bool:
    """True when ``seat`` may claim a revoke: a player of another side failed to follow
    suit at or after the play index at which the seat's side last claimed (``marks``)."""
    team = table.team[seat]
    mark = marks[team]
    return any(i >= mark and table.team[s] != team for i, s, _ in outs)


def shown_later(tricks: Sequence[Trick], trick_seats: Sequence[int], trick_cards: Sequence[int], trump: int,
                revoke: Revoke) -> tuple[int, int] | None:
    """The first trick after ``revoke``'s (0-based; the trick being played counts) in
    which the revoker played a card of the suit he failed to follow, and that card, or
    None: the proof the tricks give (New York 1877 s10), from public cards only."""
    eff = EFFECTIVE_SUIT[trump]
    rows = [(t.seats, t.cards) for t in tricks]
    if trick_cards:
        rows.append((tuple(trick_seats), tuple(trick_cards)))
    for k in range(revoke.trick + 1, len(rows)):
        for s, c in zip(*rows[k], strict=True):
            if s == revoke.seat and eff[c] == revoke.suit:
                return k, c
    return None


def revoke_proof(hand: HandFields, revoke: Revoke) -> tuple[int, int]:
    """The proof of a revoke of ``hand``, as the laws give it (New York 1877 s10):
    ``(trick, card)``, the later trick (0-based; the trick being played counts) in which
    the revoker played a card of the suit he failed to follow, and that card; ``(-1,
    card)`` when he has not played one yet and still holds it (his hand is laid down for
    the proof). ``(-1, -1)`` cannot happen for a real revoke: he held a card of the suit."""
    shown = shown_later(hand.tricks, hand.trick_seats, hand.trick_cards, hand.trump, revoke)
    if shown is not None:
        return shown
    eff = EFFECTIVE_SUIT[hand.trump]
    for c in cards_of(hand.hands[revoke.seat]):
        if eff[c] == revoke.suit:
            return -1, c
    return -1, -1


def revoke_points(rules: Rules, table: Table, revokes: list[Revoke], lone: bool) -> tuple[int, ...]:
    """The penalty points per side for established ``revokes`` (RULES.md decision 27).

    Each revoke gives ``renege_penalty`` (``renege_penalty_lone`` when ``lone``: a lone
    hand was played, by a maker or a defender) to every side but the revoker's. With
    ``renege_ends_hand`` a side pays once however many revokes it made (the hand ended at
    the claim: X-29, X-30); without it each revoke is paid (Leeds & Dwight 1888 s63) and
    equal numbers on different sides cancel (s71): the smallest side's total is taken
    from every side's."""
    sides = len(table.teams)
    pen = rules.renege_penalty_lone if lone and rules.alone_allowed else rules.renege_penalty
    counts = [0] * sides
    for r in revokes:
        counts[table.team[r.seat]] += 1
    if rules.renege_ends_hand:
        counts = [min(n, 1) for n in counts]
    total = sum(counts)
    points = [pen * (total - counts[t]) for t in range(sides)]
    if not rules.renege_ends_hand:
        low = min(points)
        points = [p - low for p in points]
    return tuple(points)


def false_claim_points(rules: Rules, table: Table, claimant: int) -> tuple[int, ...]:
    """The points per side for a revoke claim by seat ``claimant`` that is not upheld:
    ``false_claim_penalty`` to every side but the claimant's (New York 1877 s10; X-29,
    X-30; RULES.md decision 27). The one place this law is worked out: the engine, the
    referee and the page's account of a claim all ask it."""
    fine = rules.false_claim_penalty
    team = table.team[claimant]
    return tuple(0 if t == team else fine for t in range(len(table.teams)))


class RevokeLaw(HandFields):
    """The revoke claims of table mode (methods only; the fields are
    :class:`~euchre.core.state.HandFields`)."""

    __slots__ = ()

    def _note_revoke(self, seat: int, card: int, hand_before: int) -> None:
        """Record the revoke if ``card`` fails to follow a suit ``hand_before`` held."""
        cards = self.trick_cards
        if cards and not follow_mask(hand_before, self.trump, cards[0]) >> card & 1:
            self.revokes = (*self.revokes, Revoke(seat, len(self.tricks), card, EFFECTIVE_SUIT[self.trump][cards[0]]))

    def _may_claim(self, seat: int) -> bool:
        outs = show_outs(self.tricks, self.trick_seats, self.trick_cards, self.trump)
        return may_claim(self.table, seat, self.claim_marks, outs)

    def _claim(self, seat: int) -> bool:
        """Apply ``seat``'s claim; True when it is upheld (a revoke established)."""
        self.history.append((seat, _CLAIM))
        team = self.table.team[seat]
        new = tuple(i for i, r in enumerate(self.revokes)
                    if i not in self.established and self.table.team[r.seat] != team)
        marks = list(self.claim_marks)
        marks[team] = sum(len(t.cards) for t in self.tricks) + len(self.trick_cards)
        self.claim_marks = tuple(marks)
        self.claim_log = (*self.claim_log, (seat, len(new)))
        if new:
            self.established = (*self.established, *new)
            self.proofs = (*self.proofs, *(revoke_proof(self, self.revokes[i]) for i in new))
            return True
        fine = false_claim_points(self.rules, self.table, seat)
        self.penalty_points = tuple(p + f for p, f in zip(self.penalty_points, fine, strict=True))
        return False

    def _begin_review(self) -> bool:
        """After the last trick in table mode: ask the seats that may claim, from the
        eldest; False when none may (the hand is scored at once)."""
        self.review_left = self.table.seats
        self.turn = self.table.left[self.dealer]
        return self._next_review(first=True)

    def _next_review(self, first: bool = False) -> bool:
        table = self.table
        if not first:
            self.review_left -= 1
            self.turn = table.left[self.turn]
        while self.review_left and not self._may_claim(self.turn):
            self.review_left -= 1
            self.turn = table.left[self.turn]
        return self.review_left > 0

"""Table mode: a revoke corrected before the trick is quitted, and the exposed card it
leaves (``renege_mode = penalize_on_claim``; RULES.md decision 27).

A part of :class:`~euchre.core.hand.HandState` beside the revoke claims
(:mod:`euchre.core.revokes`). The laws (New York 1877 s11-s12; Leeds & Dwight 1888 s46,
s69):

- A revoke may be corrected before the trick is turned and quitted. When a trick is
  complete (Phase ``REVOKE_CORRECTION``), each seat that failed to follow suit in it is
  asked, in play order, whether it lets its card stand (``stand``) or corrects it
  (``correct``, legal only when it holds the suit led, which is a revoke). Every seat
  that failed to follow suit is asked, void or not, so the question tells nothing hidden.
- The corrected card goes back to its owner's hand as an exposed card, face up on the
  table; he plays a card of the suit led instead. The adversaries who played after him
  take their cards back and play again (they may play the same card: s69 lets them
  change it); his partner's card, which s69 does not free, is played again unchanged.
- An exposed card may be called by an adversary when it is its owner's turn to play
  (Phase ``CALL_CARD``, the first adversary at his left that takes part): the owner must
  play it if he can without revoking; the call of a card he may not lawfully play has no
  effect. The adversary is asked whenever the owner holds an exposed card, so the
  question tells nothing hidden either.
"""

from __future__ import annotations

from euchre.core.actions import CALL_CARD_BASE, PLAY, Action, is_play_code
from euchre.core.cards import EFFECTIVE_SUIT, cards_of, follow_mask
from euchre.core.legal import Legal, _legal_of
from euchre.core.revokes import RevokeLaw
from euchre.core.state import Phase

_STAND = int(Action.LET_STAND)
_CORRECT = int(Action.CORRECT_REVOKE)
_DECLINE = int(Action.DECLINE_CALL)
_LEGAL_STAND = _legal_of((_STAND,))
_LEGAL_CORRECT = _legal_of((_STAND, _CORRECT))


def off_suit_position(trump: int, cards: list[int] | tuple[int, ...], start: int) -> int:
    """The first position at or after ``start`` of a trick's ``cards`` (in play order)
    whose card does not follow the suit led, or -1."""
    eff = EFFECTIVE_SUIT[trump]
    led = eff[cards[0]]
    for k in range(max(start, 1), len(cards)):
        if eff[cards[k]] != led:
            return k
    return -1


class CorrectionLaw(RevokeLaw):
    """Corrected revokes and exposed cards (methods only; the fields are
    :class:`~euchre.core.state.HandFields`)."""

    __slots__ = ()

    def _quit_trick(self) -> None:
        """Overridden by the play of the tricks: the complete trick is quitted."""
        raise NotImplementedError

    # ---------------------------------------------------------------- the correction
    def _complete_trick(self) -> None:
        """A trick has all its cards: ask whether a card that did not follow suit is
        corrected before the trick is quitted (table mode), else quit it."""
        if self.rules.revokes_possible:
            k = off_suit_position(self.trump, self.trick_cards, self.quit_pos)
            if k != -1:
                self.quit_pos = k
                self.phase = _PH_REVOKE_CORRECTION
                self.turn = self.trick_seats[k]
                return
        self.quit_pos = 1
        self._quit_trick()

    def _legal_correction(self) -> Legal:
        eff = EFFECTIVE_SUIT[self.trump]
        led = eff[self.trick_cards[0]]
        held = any(eff[c] == led for c in cards_of(self.hands[self.turn]))
        return _LEGAL_CORRECT if held else _LEGAL_STAND

    def _apply_correction(self, code: int) -> None:
        seat = self.turn
        self.history.append((seat, code))
        k = self.quit_pos
        if code == _STAND:
            self.quit_pos = k + 1
            self.phase = _PH_PLAY
            self._complete_trick()
            return
        team = self.table.team
        trick = len(self.tricks)
        later = self.trick_seats[k:]
        cards = self.trick_cards[k:]
        # The revokes of this trick by the seats whose cards are taken back are undone
        # (a card played again is judged again); no claim can have established them.
        self.revokes = tuple(r for r in self.revokes if not (r.trick == trick and r.seat in later))
        hands = self.hands
        kept = list(self.kept)
        exposed = list(self.exposed)
        before = self._exposed_before()
        for s, c in zip(later, cards, strict=True):
            hands[s] |= 1 << c
            if s != seat and team[s] == team[seat]:
                kept[s] = c
            if before[s] >> c & 1:  # an exposed card played, now taken back: exposed still
                exposed[s] |= 1 << c
        self.kept = tuple(kept)
        exposed[seat] |= 1 << cards[0]
        self.exposed = tuple(exposed)
        # New lists, not cut in place: the trick's lists are logs (state.Log), which undo
        # cuts back to their lengths.
        self.trick_cards = self.trick_cards[:k]
        self.trick_seats = self.trick_seats[:k]
        played = sum(len(t.cards) for t in self.tricks) + k
        self.claim_marks = tuple(min(m, played) for m in self.claim_marks)
        self.correcting = seat
        self.quit_pos = k + 1
        self.phase = _PH_PLAY
        self._to_turn(seat)

    def _exposed_before(self) -> list[int]:
        """Per seat: every card exposed by its corrections in this hand (a bit mask), played
        since or not: the card a seat played last before each of its ``correct``."""
        out = [0] * self.table.seats
        last = [-1] * self.table.seats
        for s, code in self.history:
            if code == _CORRECT:
                out[s] |= 1 << last[s]
            elif is_play_code(code):
                last[s] = PLAY.card(code)
        return out

    # ---------------------------------------------------------------- exposed cards
    def _to_turn(self, seat: int) -> None:
        """``seat`` is to play; first its adversaries may call an exposed card of it."""
        self.turn = seat
        if not self.rules.revokes_possible or not self._callable(seat) or self.call_asked == seat:
            return
        team = self.table.team
        row = self.table.next_active[self.active]
        s = row[seat]
        while s != seat and team[s] == team[seat]:
            s = row[s]
        if s == seat:
            return
        self.call_asked = seat
        self.phase = _PH_CALL_CARD
        self.turn = s

    def _callable(self, seat: int) -> int:
        """The exposed cards of ``seat`` (a bit mask) that the adversaries may call at
        its turn: every one, except that a corrector, known to hold the suit led, may be
        called only for a card of that suit (public knowledge only: the offer tells
        nothing hidden)."""
        if self.kept[seat] != -1:
            return 0  # a partner's card taken back is played again, whatever is called (s69)
        cards = self.exposed[seat]
        if cards and self.correcting == seat:
            eff = EFFECTIVE_SUIT[self.trump]
            led = eff[self.trick_cards[0]]
            cards = sum(1 << c for c in cards_of(cards) if eff[c] == led)
        return cards

    def _legal_card_call(self) -> Legal:
        owner = self.call_asked
        return _legal_of((_DECLINE, *(CALL_CARD_BASE + c for c in cards_of(self._callable(owner)))))

    def _apply_card_call(self, code: int) -> None:
        self.history.append((self.turn, code))
        owner = self.call_asked
        if code != _DECLINE:
            card = code - CALL_CARD_BASE
            led = self.trick_cards[0] if self.trick_cards else -1
            # Called, the card is played if it can be without a revoke; else the call
            # has no effect (s46: a card may be called only where it may lawfully be played).
            if follow_mask(self.hands[owner], self.trump, led) >> card & 1:
                self.called_card = card
        self.phase = _PH_PLAY
        self.turn = owner

    def _forced_play(self) -> int:
        """The card the seat to play must play (a called exposed card, or a partner's card
        taken back by a correction), or -1."""
        if self.called_card != -1:
            return self.called_card
        return self.kept[self.turn]

    def _played_card(self, seat: int, card: int) -> None:
        """Clear what bound ``seat`` at this turn once it played ``card``."""
        if self.exposed[seat] >> card & 1:
            exposed = list(self.exposed)
            exposed[seat] &= ~(1 << card)
            self.exposed = tuple(exposed)
        if self.kept[seat] != -1:
            kept = list(self.kept)
            kept[seat] = -1
            self.kept = tuple(kept)
        self.called_card = -1
        self.call_asked = -1
        self.correcting = -1

# The phases the methods above set or test, as module names: a member read through its
# class (Phase.PLAY) costs about 60 ns on CPython 3.11, a module global about 10.
_PH_CALL_CARD = Phase.CALL_CARD
_PH_PLAY = Phase.PLAY
_PH_REVOKE_CORRECTION = Phase.REVOKE_CORRECTION

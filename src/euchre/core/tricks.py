"""The play of the tricks: the opening lead, following suit, the trick's winner, and the
scoring of the hand from its final state (REFERENCE 6.1; S000 L173, S001 L17).

A part of :class:`~euchre.core.hand.HandState`: the calls (:mod:`euchre.core.calls`)
come before it, the checked and unchecked entry points are in :mod:`euchre.core.hand`.
"""

from __future__ import annotations

from euchre.core.actions import PLAY_BASE
from euchre.core.cards import EFFECTIVE_SUIT, SUIT_MASK, trick_winner_index
from euchre.core.errors import IllegalActionError
from euchre.core.legal import _NO_LEGAL, _PLAY_LEGAL, Legal, _cards_legal, _safe_text
from euchre.core.scoring import score_hand
from euchre.core.state import HandFields, HandResult, Phase, Trick


class TrickPlay(HandFields):
    """The play phase and the end of a hand (methods only; the fields are
    :class:`~euchre.core.state.HandFields`)."""

    __slots__ = ()

    def _begin_play(self) -> None:
        start = self.table.opening_leader(self.dealer, self.active, self.alone, self.rules.alone_lead)
        self.phase = Phase.PLAY
        self.turn = self.leader = start

    def _legal_play(self) -> Legal:
        hand = self.hands[self.turn]
        if self.trick_cards:
            t = self.trump
            follow = hand & SUIT_MASK[t][EFFECTIVE_SUIT[t][self.trick_cards[0]]]
            if follow:
                hand = follow
        return _PLAY_LEGAL.get(hand) or _cards_legal(hand, PLAY_BASE, _PLAY_LEGAL)

    def _apply_play(self, code: int) -> None:
        card = code - PLAY_BASE
        seat = self.turn
        self.history.append((seat, code))
        self.hands[seat] &= ~(1 << card)
        cards = self.trick_cards
        cards.append(card)
        seats = self.trick_seats
        seats.append(seat)
        nxt = self.table.next_active[self.active][seat]
        if nxt != self.leader:
            self.turn = nxt
            return
        # The trick is complete: the highest card under (trump, led suit) wins.
        winner = seats[trick_winner_index(cards, self.trump)]
        self.tricks.append(Trick(self.leader, tuple(seats), tuple(cards), winner))
        self.tricks_won[self.table.team[winner]] += 1
        self.trick_cards = []
        self.trick_seats = []
        if len(self.tricks) == 5:
            self._finish_scored()
        else:
            self.turn = self.leader = winner

    def _finish_scored(self) -> None:
        maker_team = self.table.team[self.maker]
        if self.rules.variant == "call_ace":
            # The maker and his secret partner (the holder of the called card) play
            # together; a maker with no partner (alone, or the card in the stock) is
            # scored as a lone hand where lone hands are played; each player
            # scores for himself (RULES.md decision 21).
            makers = {self.maker} if self.partner == -1 else {self.maker, self.partner}
            maker_tricks = sum(self.tricks_won[s] for s in makers)
            lone = self.partner == -1 and self.rules.alone_allowed
            makers_score, points, label = score_hand(self.rules, maker_tricks, lone, False)
            pts = tuple(points if (s in makers) == makers_score else 0 for s in range(len(self.tricks_won)))
        else:
            maker_tricks = self.tricks_won[maker_team]
            makers_score, points, label = score_hand(
                self.rules, maker_tricks, self.alone != -1, self.defender_alone != -1)
            # The makers score, or every side that defended does (the one other side at the
            # four-hand table; each opponent of the maker where all play for themselves).
            pts = tuple(points if (team == maker_team) == makers_score else 0 for team in range(len(self.tricks_won)))
        self.result = HandResult(
            False, False, self.maker, self.trump,
            None if self.alone == -1 else self.alone,
            None if self.defender_alone == -1 else self.defender_alone,
            tuple(self.tricks_won), pts, label, None if self.partner == -1 else self.partner)
        self.phase = Phase.DONE
        self.is_over = True
        self.turn = -1
        self.leader = -1

    def _legal_done(self) -> Legal:
        return _NO_LEGAL

    def _apply_done(self, code: int) -> None:
        raise IllegalActionError("the hand is over; no action is legal", _safe_text(code))

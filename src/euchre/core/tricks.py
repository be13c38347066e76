"""The play of the tricks: the opening lead, following suit, the trick's winner, and the
scoring of the hand from its final state (REFERENCE 6.1; S000 L173, S001 L17).

A part of :class:`~euchre.core.hand.HandState`: the calls (:mod:`euchre.core.calls`)
come before it, the checked and unchecked entry points are in :mod:`euchre.core.hand`.
"""

from __future__ import annotations

from euchre.core.actions import ACTIONS, PLAY_BASE
from euchre.core.cards import FOLLOW_MASK, follow_mask, trick_winner_index
from euchre.core.corrections import CorrectionLaw
from euchre.core.errors import IllegalActionError
from euchre.core.legal import _NO_LEGAL, _PLAY_LEGAL, Legal, _cards_legal, _legal_of, _safe_text
from euchre.core.revokes import _CLAIM, _LEGAL_REVIEW, revoke_points
from euchre.core.scoring import score_hand, side_points
from euchre.core.state import HandResult, Phase, Revoke, Trick

PAIRS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((seat, code) for code in range(max(ACTIONS) + 1)) for seat in range(8))
"""PAIRS[seat][code]: the history's ``(seat, code)`` pair, made once (a table has at
most seven seats), so that a card played allocates no pair."""

_RESULTS_KEY = "_hand_results"
"""The key of a Rules value's cache of hand results outside table mode (in its
``__dict__``)."""
_RESULTS_LIMIT = 100_000
"""The most results one Rules value keeps (a long call-ace run meets a few thousand)."""

_new_trick = tuple.__new__
"""Makes a :class:`Trick` from its four fields without the named tuple's keyword
handling (the same value as ``Trick(*fields)``)."""


class TrickPlay(CorrectionLaw):
    """The play phase and the end of a hand (methods only; the fields are
    :class:`~euchre.core.state.HandFields`). In table mode (``renege_mode =
    penalize_on_claim``) any card held may be played, revokes claimed
    (:mod:`euchre.core.revokes`) and corrected (:mod:`euchre.core.corrections`)."""

    __slots__ = ()

    def _begin_play(self) -> None:
        start = self.table.opening_leader(self.dealer, self.active, self.alone, self.rules.alone_lead)
        self.phase = _PH_PLAY
        self.turn = self.leader = start

    def following_mask(self) -> int:
        """The cards (a bit mask) the seat to play may play when following suit: the
        cards of the suit led if it holds any, else every card it holds. These are the
        legal plays unless revokes are possible (table mode), and the plays of a player
        who never revokes (REFERENCE 6.1 "Legal plays")."""
        return follow_mask(self.hands[self.turn], self.trump, self.trick_cards[0] if self.trick_cards else -1)

    def _legal_play(self) -> Legal:
        if self._table_mode:
            return self._legal_table_play()
        # following_mask() inlined (the hot path of every search and simulation)
        hand = self.hands[self.turn]
        cards = self.trick_cards
        if cards:
            follow = hand & FOLLOW_MASK[self.trump][cards[0]]
            if follow:
                hand = follow
        return _PLAY_LEGAL.get(hand) or _cards_legal(hand, PLAY_BASE, _PLAY_LEGAL)

    def _legal_table_play(self) -> Legal:
        """Table mode: any card held; a called exposed card, a partner's card taken back
        by a correction, or the corrector's card of the suit led where one binds the seat;
        and a claim where the laws hear one now (RULES.md decision 27)."""
        forced = self._forced_play()
        if forced != -1:
            hand = 1 << forced
        elif self.correcting == self.turn:
            hand = self.following_mask()
        else:
            hand = self.hands[self.turn]
        codes = [PLAY_BASE + c for c in range(33) if hand >> c & 1]
        if self.rules.renege_ends_hand and self._may_claim(self.turn):
            codes.append(_CLAIM)
        return _legal_of(tuple(codes))

    def _apply_play(self, code: int) -> None:
        """A card played (outside table mode it changes only the fields of
        :class:`~euchre.core.state.CardFields`, and of ``PlayFields`` when it ends the
        trick: what a card's push saves); in table mode, or a claim, see
        :meth:`_apply_table_play`."""
        if self._table_mode or code == _CLAIM:
            self._apply_table_play(code)
            return
        seat = self.turn
        card = code - PLAY_BASE
        self.history.append(PAIRS[seat][code])
        self.hands[seat] &= ~(1 << card)
        self.trick_cards.append(card)
        self.trick_seats.append(seat)
        nxt = self.table.next_active[self.active][seat]
        if nxt != self.leader:
            self.turn = nxt
        else:
            self._quit_trick()

    def _apply_table_play(self, code: int) -> None:
        """Table mode (and a claim): the card's revoke noted, the trick completed for
        the corrections (:mod:`euchre.core.corrections`)."""
        seat = self.turn
        if code == _CLAIM:
            if self._claim(seat):
                self._finish_scored()
            return
        card = code - PLAY_BASE
        table_mode = self._table_mode
        if table_mode:
            self._note_revoke(seat, card, self.hands[seat])
            self._played_card(seat, card)
        self.history.append((seat, code))
        self.hands[seat] &= ~(1 << card)
        self.trick_cards.append(card)
        self.trick_seats.append(seat)
        nxt = self.table.next_active[self.active][seat]
        if nxt != self.leader:
            if table_mode:
                self._to_turn(nxt)
            else:
                self.turn = nxt
        elif table_mode:
            self._complete_trick()
        else:
            self._quit_trick()

    def _quit_trick(self) -> None:
        """The trick is turned and quitted: the highest card under (trump, led suit) wins."""
        cards = self.trick_cards
        seats = self.trick_seats
        winner = seats[trick_winner_index(cards, self.trump)]
        tricks = self.tricks
        tricks.append(_new_trick(Trick, (self.leader, tuple(seats), tuple(cards), winner)))
        self.tricks_won[self.table.team[winner]] += 1
        self.trick_cards = []
        self.trick_seats = []
        if len(tricks) == 5:
            if self._table_mode and self._begin_review():
                self.phase = _PH_REVOKE_CLAIMS
                self.leader = -1
                return
            self._finish_scored()
        else:
            self.leader = winner
            if self._table_mode:
                self.phase = _PH_PLAY
                self._to_turn(winner)
            else:
                self.turn = winner

    def _legal_review(self) -> Legal:
        return _LEGAL_REVIEW

    def _apply_review(self, code: int) -> None:
        seat = self.turn
        if code == _CLAIM:
            if self._claim(seat) and self.rules.renege_ends_hand:
                self._finish_scored()
                return
        else:
            self.history.append((seat, code))
        if not self._next_review():
            self._finish_scored()

    def maker_side(self) -> tuple[tuple[int, ...], bool]:
        """The seats that play as the makers, and whether the hand is scored as a lone
        hand for them (once trump is fixed; before, no seats and False).

        At the partnership tables: the maker's team, lone when the maker goes alone. At
        call-ace: the maker and his secret partner, the holder of the called card; a
        maker with no partner (alone, or the card in the stock) is scored as a lone hand
        where lone hands are played (X-47; RULES.md decision 21). Hidden information at
        call-ace (the partner): for the engine, the solver and sampled worlds only.
        """
        if self.maker == -1:
            return (), False
        if self._calls_partner:
            if self.partner == -1:
                return (self.maker,), self.rules.alone_allowed
            return tuple(sorted((self.maker, self.partner))), False
        return self.table.teams[self.table.team[self.maker]], self.alone != -1

    def _finish_scored(self) -> None:
        if self.established and self.rules.renege_ends_hand:
            self._finish_renege()
            return
        result: HandResult | None
        if self._table_mode:
            result = self._scored_result()
        else:
            # Outside table mode the result is a function of the rules and these six
            # values alone; a HandResult is immutable, so one value per key is kept
            # beside the Rules value's fields (as Rules.table is) and shared by every
            # hand that ends so: a few hundred keys in a long run, at most _RESULTS_LIMIT.
            key = (self.maker, self.trump, self.alone, self.defender_alone, self.partner, tuple(self.tricks_won))
            cache: dict[tuple[object, ...], HandResult] | None = self.rules.__dict__.get(_RESULTS_KEY)
            if cache is None:
                cache = self.rules.__dict__[_RESULTS_KEY] = {}
            result = cache.get(key)
            if result is None:
                result = self._scored_result()
                if len(cache) < _RESULTS_LIMIT:
                    cache[key] = result
        self.result = result
        self.phase = _PH_DONE
        self.is_over = True
        self.turn = -1
        self.leader = -1

    def _scored_result(self) -> HandResult:
        """The result of the hand played out (REFERENCE 6.1 "Scoring"; RULES.md decision
        21 for call-ace, 27 for the laws' penalties in table mode)."""
        if self._calls_partner:
            # The maker and his secret partner play together; each player scores for
            # himself (RULES.md decision 21).
            makers, lone = self.maker_side()
            maker_tricks = sum(self.tricks_won[s] for s in makers)
            makers_score, points, label = score_hand(self.rules, maker_tricks, lone, False, len(makers))
            pts = tuple(points if (s in makers) == makers_score else 0 for s in range(len(self.tricks_won)))
        else:
            maker_team = self.table.team[self.maker]
            pts, label = side_points(self.rules, self.table, self.maker, self.tricks_won[maker_team],
                                     self.alone != -1, self.defender_alone != -1)
        revokes: tuple[Revoke, ...] = ()
        penalties: tuple[int, ...] = ()
        if self._table_mode:
            revokes = tuple(self.revokes[i] for i in self.established)
            law = revoke_points(self.rules, self.table, list(revokes), self._is_lone_hand())
            penalties = tuple(a + b for a, b in zip(law, self.penalty_points, strict=True))
            if any(penalties):
                pts = tuple(a + b for a, b in zip(pts, penalties, strict=True))
                if revokes:
                    label += ", revoke penalty"
            else:
                penalties = ()
        return HandResult(False, False, self.maker, self.trump, None if self.alone == -1 else self.alone,
                          None if self.defender_alone == -1 else self.defender_alone, tuple(self.tricks_won), pts,
                          label, None if self.partner == -1 else self.partner, revokes=revokes, penalties=penalties)

    def _is_lone_hand(self) -> bool:
        return self.alone != -1 or self.defender_alone != -1

    def _finish_renege(self) -> None:
        """A proved revoke ends the hand: the claimants score the penalty and the hand
        scores nothing else (X-29, X-30; RULES.md decision 27)."""
        revokes = tuple(self.revokes[i] for i in self.established)
        law = revoke_points(self.rules, self.table, list(revokes), self._is_lone_hand())
        pts = tuple(a + b for a, b in zip(law, self.penalty_points, strict=True))
        self.result = HandResult(
            False, False, self.maker, self.trump,
            None if self.alone == -1 else self.alone,
            None if self.defender_alone == -1 else self.defender_alone,
            tuple(self.tricks_won), pts, "renege", None if self.partner == -1 else self.partner,
            revokes=revokes, penalties=pts)
        self._end()

    def _end(self) -> None:
        self.phase = _PH_DONE
        self.is_over = True
        self.turn = -1
        self.leader = -1

    def _legal_done(self) -> Legal:
        return _NO_LEGAL

    def _apply_done(self, code: int) -> None:
        raise IllegalActionError("the hand is over; no action is legal", _safe_text(code))

# The phases the methods above set or test, as module names: a member read through its
# class (Phase.PLAY) costs about 60 ns on CPython 3.11, a module global about 10.
_PH_DONE = Phase.DONE
_PH_PLAY = Phase.PLAY
_PH_REVOKE_CLAIMS = Phase.REVOKE_CLAIMS

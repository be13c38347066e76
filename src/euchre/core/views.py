"""What one seat may see of a hand, and hidden worlds consistent with it.

A :class:`PlayerView` holds the seat's own cards and the public record of the hand:
the upcard and its fate, every call, the tricks, who is alone, the score. It never holds
another seat's unplayed cards, nor the dealer's discard (except for the dealer), nor the
kitty. Bots, the web client and analysis see only views (DESIGN.md).

:func:`euchre.core.sampling.sample_world` deals the hidden worlds consistent with a view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from euchre.core.actions import CALL_ACE, Action, is_call_ace_code, is_discard_code, is_give_code
from euchre.core.after_trump import best_card
from euchre.core.cards import EFFECTIVE_SUIT, cards_of, follow_mask, mask_of
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.hand import HandState, Phase, Trick
from euchre.core.revokes import shown_later
from euchre.core.rules import Rules
from euchre.core.seats import Table
from euchre.core.state import Revoke

HIDDEN = -1
"""Stands in a view's history for an action the seat may not see (another's discard)."""
HIDDEN_GIVE = -2
"""Stands in a view's history for a card given face down to a lone partner
(``call_for_best``) that the seat may not see: only the two partners see it."""



@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of a hand in progress.

    Attributes:
        seat: the seat seeing (0..3).
        rules: the rule set.
        dealer: the dealer's seat.
        phase: the hand's phase.
        turn: the seat to act, or -1.
        upcard: the card turned up (card number).
        joker_aside: the joker was turned up and set aside (turn_next_card).
        hand: the seat's own cards now (card numbers, ascending); empty for the dealer
            while he names trump blind.
        discard: the card this seat discarded as dealer, or -1 (others never see it).
        history: every action so far as ``(seat, code)``; another seat's discard shows
            as ``(seat, HIDDEN)``, a card given face down between two other partners
            (``call_for_best``) as ``(giver, HIDDEN_GIVE)``.
        trump: 0..3, NO_TRUMP (4), or -1.
        maker, alone, defender_alone: seats, or -1.
        active: bit mask of the seats taking part.
        upcard_to_dealer: the upcard was taken up. It is then the dealer's until
            played, never discarded nor given for best (RULES.md decision 10), unless
            ``dealer_may_discard_upcard``: then the other seats see only that he took
            it up and discarded (or gave) face down, and where it is they cannot tell
            (``sample_world`` draws it; the bots count it unknown).
        tricks: the finished tricks.
        trick_seats, trick_cards: the trick being played.
        tricks_won: tricks per side of the table (N-S, E-W at the four-hand table).
        hand_sizes: cards held now by each seat.
        score: the game score per side before this hand.
        legal: the actions this seat may take now (empty when it is not its turn).
        shown: the cards shown to the table by claims before the bidding, as
            ``(seat, cards)`` pairs (cards as card numbers, ascending) in the order
            shown: a farmer's three nines or tens, a hand thrown in (RULES.md decision
            20). Every seat sees them; nothing else of another's hand.
        revokes: table mode (``renege_mode = penalize_on_claim``): the revokes
            established by claims, public once proved (a revoke not claimed stays
            hidden: RULES.md decision 27).
        proofs: table mode: the proof of each revoke of ``revokes``, ``(trick, card)``:
            the later trick (0-based) in which the revoker played the suit and that card,
            or ``(-1, card)``: a card of the suit he still held, laid on the table as
            the proof (New York 1877 s10).
        claim_log: table mode: every revoke claim as ``(claimant seat, revokes it
            established)``, 0 for a claim not upheld.
        exposed: table mode: per seat, the cards exposed by its corrected revokes and
            not played yet (card numbers, ascending; public: they lie face up, New York
            1877 s11-s12); empty outside table mode.
        history_phases: the phase each action of ``history`` was taken in, one per
            action, as the hand recorded it (``HandState.history_phases``; public: every
            seat knows when each action was taken, a hidden one too).
    """

    seat: int
    rules: Rules
    dealer: int
    phase: Phase
    turn: int
    upcard: int
    joker_aside: bool
    hand: tuple[int, ...]
    discard: int
    history: tuple[tuple[int, int], ...]
    trump: int
    maker: int
    alone: int
    defender_alone: int
    active: int
    upcard_to_dealer: bool
    tricks: tuple[Trick, ...]
    trick_seats: tuple[int, ...]
    trick_cards: tuple[int, ...]
    tricks_won: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    score: tuple[int, ...]
    legal: tuple[Action, ...]
    shown: tuple[tuple[int, tuple[int, ...]], ...] = ()
    revokes: tuple[Revoke, ...] = ()
    proofs: tuple[tuple[int, int], ...] = ()
    claim_log: tuple[tuple[int, int], ...] = ()
    exposed: tuple[tuple[int, ...], ...] = ()
    history_phases: tuple[Phase, ...] = ()

    @property
    def table(self) -> Table:
        """The shape of the table (the rules' :class:`~euchre.core.seats.Table`): who sits
        left of whom, partners, teams, the opening leader."""
        return self.rules.table

    def sits_out(self, seat: int) -> bool:
        """True when ``seat`` sits out this hand (the partner of a lone player)."""
        return self.table.sits_out(seat, self.active)

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is to act."""
        return self.turn == self.seat

    def played_cards(self) -> list[int]:
        """Every card played to a trick so far, in order."""
        out = [c for t in self.tricks for c in t.cards]
        out.extend(self.trick_cards)
        return out

    @property
    def called(self) -> int:
        """Call-ace: the card the maker called (card number), read from the public
        history, or -1 before (or without) a call (RULES.md decision 21)."""
        for _seat, code in self.history:
            if is_call_ace_code(code):
                return best_card(CALL_ACE.place(code), self.trump, self.rules.joker)
        return -1

    def revealed_partner(self) -> int:
        """Call-ace: the seat that played the called card, or -1 while it is unplayed
        (or without a call). That seat is the maker's partner, and every seat learns it
        as the card falls (RULES.md decision 21). Public: read from the call and the
        cards played only, the same in every seat's view and a spectator's."""
        card = self.called
        if card == -1:
            return -1
        for t in self.tricks:
            if card in t.cards:
                return t.seats[t.cards.index(card)]
        if card in self.trick_cards:
            return self.trick_seats[self.trick_cards.index(card)]
        return -1

    def known_partner(self) -> int:
        """Call-ace: the maker's partner as far as this seat knows, or -1: this seat
        itself when it holds (or held) the called card, the seat that played it once it
        is played (the partner is revealed only then), the maker to his partner. Every
        other player sees -1 until the card falls: the view carries nothing that tells
        (RULES.md decision 21)."""
        played = self.revealed_partner()
        if played != -1:
            return played
        if self.called != -1 and self.called in self.hand:
            return self.seat
        return -1

    def following_actions(self) -> tuple[Action, ...]:
        """The legal actions of a player who never revokes: in the play, the cards that
        follow suit (all the legal plays unless revokes are possible: table mode, RULES.md
        decision 27), and no claim; in any other phase ``legal`` itself. Empty when it
        is not this seat's turn."""
        if self.phase != Phase.PLAY or not self.rules.revokes_possible or not self.legal:
            return self.legal
        hand = follow_mask(mask_of(self.hand), self.trump, self.trick_cards[0] if self.trick_cards else -1)
        return tuple(a for a in self.legal if a.is_play and hand >> a.card & 1)

    def proved_revokes(self) -> list[Revoke]:
        """The revokes this view proves that no claim has established yet: a player of
        another side than this seat's failed to follow the suit led and played a card of
        that suit in a later trick (the proof of New York 1877 s10; RULES.md decision 27).
        Only the public tricks are used, never a hidden card; empty outside table mode."""
        if not self.rules.revokes_possible or self.trump == -1:
            return []
        eff = EFFECTIVE_SUIT[self.trump]
        team = self.table.team
        rows = [(t.seats, t.cards) for t in self.tricks]
        if self.trick_cards:
            rows.append((self.trick_seats, self.trick_cards))
        done = {(r.seat, r.trick) for r in self.revokes}
        out: list[Revoke] = []
        for k, (seats, cards) in enumerate(rows):
            led = eff[cards[0]]
            for s, c in zip(seats[1:], cards[1:], strict=True):
                if eff[c] == led or team[s] == team[self.seat] or (s, k) in done:
                    continue
                candidate = Revoke(s, k, c, led)
                if shown_later(self.tricks, self.trick_seats, self.trick_cards, self.trump, candidate) is not None:
                    out.append(candidate)
        return out

    def voids(self) -> list[set[int]]:
        """For each seat, the effective suits it has shown it holds none of (by not
        following suit). In table mode a player may revoke: a suit he failed to follow
        and played later (a revoke proved by the tricks) is no void, and no show-out
        proves one for certain (:func:`sample_world` treats them as likely, not sure)."""
        result: list[set[int]] = [set() for _ in range(len(self.hand_sizes))]
        if self.trump == -1:
            return result
        eff = EFFECTIVE_SUIT[self.trump]
        tricks = [(t.seats, t.cards) for t in self.tricks]
        if self.trick_cards:
            tricks.append((self.trick_seats, self.trick_cards))
        later: list[set[int]] = [set() for _ in range(len(self.hand_sizes))]
        for seats, cards in reversed(tricks):
            led = eff[cards[0]]
            for s, c in zip(seats[1:], cards[1:], strict=True):
                if eff[c] != led and led not in later[s]:
                    result[s].add(led)
            if self.rules.revokes_possible:
                for s, c in zip(seats, cards, strict=True):
                    later[s].add(eff[c])
        return result


def view_of(state: HandState, seat: int, score: Sequence[int] | None = None) -> PlayerView:
    """The view of ``state`` from ``seat``.

    Args:
        state: the hand.
        seat: the seat seeing (0..3).
        score: the game score per team, for display and bidding advice.

    Raises:
        EuchreTypeError: ``state`` is not a HandState, ``seat`` not an int, ``score``
            not a list or tuple of ints.
        EuchreValueError: ``seat`` is not a seat of the table, or ``score`` does not
            hold one number per team.
    """
    if not isinstance(state, HandState):
        raise EuchreTypeError(f"state must be a HandState, not {type(state).__name__}")
    if type(seat) is not int or not 0 <= seat <= 3:
        seat = state.table.seat(seat)  # raises for no seat; an int subclass becomes the plain number
    sides = len(state.tricks_won)
    if score is None:
        score = (0,) * sides
    elif (type(score) is not tuple and type(score) is not list) or len(score) != sides \
            or any(type(x) is not int or x < 0 for x in score):
        if not isinstance(score, (list, tuple)) or any(type(x) is not int for x in score):
            raise EuchreTypeError(f"score must be {sides} whole numbers (one per side), not {score!r}")
        raise EuchreValueError(f"score must be {sides} whole numbers >= 0 (one per side), not {score!r}")
    dealer = state.dealer
    blind = seat == dealer and state.phase == Phase.BLIND_NAME
    return _make_view(
        seat=seat, rules=state.rules, dealer=dealer, phase=state.phase, turn=state.turn,
        upcard=state.upcard, joker_aside=state.joker_aside,
        hand=() if blind else tuple(cards_of(state.hands[seat])),
        discard=state.discarded if seat == dealer else -1, history=_seen_history(state, seat),
        trump=state.trump, maker=state.maker, alone=state.alone,
        defender_alone=state.defender_alone, active=state.active,
        upcard_to_dealer=state.upcard_to_dealer, tricks=tuple(state.tricks),
        trick_seats=tuple(state.trick_seats), trick_cards=tuple(state.trick_cards),
        tricks_won=tuple(state.tricks_won),
        hand_sizes=tuple([h.bit_count() for h in state.hands]),
        score=tuple(score), legal=state.legal_actions() if state.turn == seat else (),
        shown=tuple([(s, tuple(cards_of(m))) for s, m in state.shown]),
        revokes=tuple([state.revokes[i] for i in state.established]),
        proofs=state.proofs,
        claim_log=state.claim_log,
        exposed=tuple([tuple(cards_of(m)) for m in state.exposed]) if any(state.exposed) else (),
        history_phases=state.history_phases,
    )


def public_view_of(state: HandState, score: Sequence[int] | None = None) -> PlayerView:
    """What every seat of the table sees, for a spectator: the view of the eldest hand
    (never the dealer) with that seat's own cards, discard and choices taken out, and
    every discard and every card given face down hidden (``call_for_best``: the eldest
    may be the one who gives or, defending alone, discards).

    Raises:
        as :func:`view_of`.
    """
    view = view_of(state, state.table.eldest(state.dealer), score)
    return dataclasses.replace(view, hand=(), discard=-1, history=_seen_history(state, -1), legal=())


def _seen_history(state: HandState, seat: int) -> tuple[tuple[int, int], ...]:
    """``state.history`` as ``seat`` sees it: another seat's discard is ``HIDDEN``; a card
    given face down (``call_for_best``) is seen by the giver and his partner only (X-15c:
    "without letting the opponents see it"), else it is ``HIDDEN_GIVE``.

    Only the calls can hold a discard, and they all come before the first card played,
    so only they are looked at (in play, the cards played are most of the history)."""
    history = state.history
    calls = history[:len(history) - _played(state)]
    if not any(is_discard_code(code) or is_give_code(code) for _, code in calls):
        return tuple(history)
    partner = state.table.partner
    seen: list[tuple[int, int]] = []
    for s, code in calls:
        if is_discard_code(code) and s != seat:
            code = HIDDEN
        elif is_give_code(code) and seat != s and seat != partner[s]:
            code = HIDDEN_GIVE
        seen.append((s, code))
    return tuple(seen + history[len(calls):])


def _played(state: HandState) -> int:
    """Cards played to tricks so far (the last entries of the history)."""
    return len(state.trick_cards) + sum(len(t.cards) for t in state.tricks)


def _make_view(**fields: Any) -> PlayerView:
    """A :class:`PlayerView` from all its fields, without the frozen dataclass's
    ``__init__`` (one ``object.__setattr__`` per field was a third of :func:`view_of`'s
    time in the web server). The fields are those of :func:`view_of`, complete."""
    view: PlayerView = object.__new__(PlayerView)
    view.__dict__.update(fields)
    return view


_MOVED = ("sample_world", "farmer_exchanged")
"""Names that lived here before :mod:`euchre.core.sampling` had them."""


def __getattr__(name: str) -> object:
    """``from euchre.core.views import sample_world`` (or ``farmer_exchanged``) still
    works: those moved to :mod:`euchre.core.sampling`, which imports this module, so they
    are fetched from it when asked for, not imported at the top."""
    if name in _MOVED:
        from euchre.core import sampling

        return getattr(sampling, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""What one seat may see of a hand, and hidden worlds consistent with it.

A :class:`PlayerView` holds the seat's own cards and the public record of the hand:
the upcard and its fate, every call, the tricks, who is alone, the score. It never holds
another seat's unplayed cards, nor the dealer's discard (except for the dealer), nor the
kitty. Bots, the web client and analysis see only views (DESIGN.md).

:func:`sample_world` deals the unseen cards at random among the other hands and the
kitty, respecting what the view shows: cards seen, the upcard taken by the dealer, and
voids shown in play (a player who did not follow suit holds none of the led suit).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from euchre.core.actions import CALL_BASE, DISCARD_BASE, GIVE_BASE, PLAY_BASE, Action, is_discard_code, is_give_code
from euchre.core.calls import best_card
from euchre.core.cards import EFFECTIVE_SUIT, JOKER, cards_of, deck_cards, follow_mask, mask_of
from euchre.core.errors import EuchreError, EuchreTypeError, EuchreValueError, IllegalActionError
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

_KITTY = -1
_DISCARD = -2
"""Where unseen cards may lie besides the other seats: the kitty, the dealer's discard."""


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
        upcard_to_dealer: the upcard was taken up (it is the dealer's until played,
            unless he may discard it).
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
            if CALL_BASE <= code < CALL_BASE + 4:
                return best_card(code - CALL_BASE, self.trump, self.rules.joker)
        return -1

    def known_partner(self) -> int:
        """Call-ace: the maker's partner as far as this seat knows, or -1: this seat
        itself when it holds (or held) the called card, the seat that played it once it
        is played (the partner is revealed only then), the maker to his partner. Every
        other player sees -1 until the card falls: the view carries nothing that tells
        (RULES.md decision 21)."""
        card = self.called
        if card == -1:
            return -1
        for t in self.tricks:
            if card in t.cards:
                return t.seats[t.cards.index(card)]
        if card in self.trick_cards:
            return self.trick_seats[self.trick_cards.index(card)]
        if card in self.hand:
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


_BEST = -3
"""Holder ids _BEST - k: the unseen discard of the k-th lone player given a best card."""


@dataclass
class _Best:
    """One card given for best (``call_for_best``) as a view shows it: who gave it to
    whom, at which entries of the history the give and the lone player's discard are
    (-1: not yet), and the two cards where the viewer saw them (else -1)."""

    giver: int
    receiver: int
    give_at: int
    card: int
    discard_at: int
    discard: int


def _best_events(view: PlayerView) -> list[_Best]:
    """The cards given for best in ``view``'s history, in order; the lone player's
    discard is the entry right after the give (GIVE_BEST, then BEST_DISCARD)."""
    out: list[_Best] = []
    history = view.history
    partner = view.rules.table.partner
    for i, (s, code) in enumerate(history):
        if is_give_code(code) or code == HIDDEN_GIVE:
            card = code - GIVE_BASE if code >= 0 else -1
            at, d2 = -1, -1
            if i + 1 < len(history):
                at = i + 1
                nxt = history[at][1]
                d2 = nxt - DISCARD_BASE if nxt >= 0 else -1
            out.append(_Best(s, partner[s], i, card, at, d2))
    return out


def _assign(cards: list[int], holders: list[tuple[int, int]], allowed: dict[int, set[int]],
            rng: random.Random) -> dict[int, list[int]] | None:
    """Give each card to a holder with room that may hold it; random, with backtracking
    over the most constrained cards first. ``holders`` is [(holder id, count)]."""
    room = {h: n for h, n in holders}
    out: dict[int, list[int]] = {h: [] for h, _ in holders}
    order = sorted(cards, key=lambda c: (len(allowed[c]), rng.random()))

    def place(i: int) -> bool:
        if i == len(order):
            return True
        card = order[i]
        choices = [h for h in allowed[card] if room[h] > 0]
        rng.shuffle(choices)
        # Prefer holders with more room so that uniform-ish spreads come first.
        choices.sort(key=lambda h: -room[h] * rng.random())
        for h in choices:
            room[h] -= 1
            out[h].append(card)
            if place(i + 1):
                return True
            out[h].pop()
            room[h] += 1
        return False

    return out if place(0) else None


def sample_world(view: PlayerView, rng: random.Random) -> HandState:
    """A full hand state consistent with ``view`` (see :func:`_sample_world`).

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView, or ``rng`` not a random.Random.
        EuchreValueError: no deal fits the view, or the view is malformed (a view made by
            hand that no hand could show).
    """
    if not isinstance(view, PlayerView):
        raise EuchreTypeError(f"view must be a PlayerView, not {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise EuchreTypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    try:
        try:
            world = _sample_world(view, rng)
        except EuchreValueError:
            if not view.rules.revokes_possible:
                raise
            # Table mode: a player who failed to follow suit may have revoked and still
            # hold the suit; no deal fits with the show-outs taken as voids, so the
            # world is drawn without them (RULES.md decision 27).
            world = _sample_world(view, rng, trust_voids=False)
    except EuchreValueError:
        raise
    except (EuchreError, IndexError, KeyError, ValueError, TypeError, AttributeError) as exc:
        raise EuchreValueError(f"the view is malformed: {exc}") from None
    if tuple(world.hand_of(view.seat)) != view.hand and len(view.hand) == view.hand_sizes[view.seat]:
        raise EuchreValueError(f"the view is malformed: its hand {view.hand} is not a hand of its deck")
    return world


def _sample_world(view: PlayerView, rng: random.Random, trust_voids: bool = True) -> HandState:
    """A full hand state consistent with ``view``: the same history, the viewer's cards,
    and the unseen cards dealt at random among the other seats and the kitty.

    Constraints kept: cards played and the viewer's cards are fixed; the upcard taken up
    stays with the dealer until played (unless ``dealer_may_discard_upcard``, when it may
    be his discard); a turned-down upcard and a joker set aside are in the kitty; voids
    shown in play; at call-ace the called card is not the maker's (it may be any other
    player's or in the stock: the secret partner stays unknown). Bidding inferences are the bots' business, not this function's.

    Raises:
        EuchreError: no deal fits the view (an inconsistent view).
    """
    rules = view.rules
    me, dealer, upcard = view.seat, view.dealer, view.upcard
    played_by: list[list[int]] = [[] for _ in view.hand_sizes]
    for t in view.tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            played_by[s].append(c)
    for s, c in zip(view.trick_seats, view.trick_cards, strict=True):
        played_by[s].append(c)
    played = {c for p in played_by for c in p}
    best = _best_events(view)
    best_at = {i for e in best for i in (e.give_at, e.discard_at)}
    discarded = view.discard != -1 or any(code == HIDDEN for i, (_, code) in enumerate(view.history) if i not in best_at)
    taken = view.upcard_to_dealer and (view.phase == Phase.DISCARD or discarded)
    known = set(view.hand) | played | {upcard}
    for e in best:
        known.update(c for c in (e.card, e.discard) if c >= 0)
    if view.joker_aside:
        known.add(JOKER)
    if me == dealer and view.discard != -1:
        known.add(view.discard)
    # Holders: the other seats (their numbers), the kitty (_KITTY), the dealer's unknown discard (_DISCARD).
    blind = len(view.hand) != view.hand_sizes[me]  # the dealer naming trump blind
    seats = range(len(view.hand_sizes))
    room = {s: view.hand_sizes[s] for s in seats if s != me or blind}
    dealer_has_upcard = False
    upcard_unknown = False
    voids = view.voids() if trust_voids else [set() for _ in view.hand_sizes]
    for e in best:
        # A lone dealer who holds the upcard no more, nor played it, put it out after
        # his partner's best card (his void in its suit, or no card left, shows it).
        if (e.receiver == dealer != me and taken and e.discard_at != -1 and e.discard < 0 and upcard not in played
                and (view.hand_sizes[dealer] == 0 or EFFECTIVE_SUIT[view.trump][upcard] in voids[dealer])):
            e.discard = upcard
    if (taken and upcard not in played and me != dealer
            and all(e.card != upcard and e.discard != upcard for e in best)):
        if discarded and rules.dealer_may_discard_upcard:
            upcard_unknown = True
            known.discard(upcard)
        else:
            dealer_has_upcard = True
            room[dealer] -= 1
    if taken and discarded and me != dealer:
        room[_DISCARD] = 1
    kept: dict[int, list[int]] = {}  # cards known to lie in another seat's hand
    for k, e in enumerate(best):
        if e.receiver == me:
            continue  # he saw both cards
        done = e.discard_at != -1
        if e.card >= 0 and e.card not in played:
            # The giver knows the card he gave: the lone player holds it, or (his void
            # in its suit shows it, or he has no card left) it was his discard.
            if done and (EFFECTIVE_SUIT[view.trump][e.card] in voids[e.receiver] or room[e.receiver] <= 0):
                e.discard = e.card
            else:
                room[e.receiver] -= 1
                kept.setdefault(e.receiver, []).append(e.card)
        if done and e.discard < 0:
            room[_BEST - k] = 1
    unseen = [c for c in deck_cards(rules.deck, rules.joker) if c not in known]
    room[_KITTY] = len(unseen) - sum(room.values())
    if any(n < 0 for n in room.values()):
        raise EuchreValueError("the view's card counts are inconsistent")
    eff = EFFECTIVE_SUIT[view.trump] if view.trump != -1 else None
    allowed: dict[int, set[int]] = {}
    farmer = farmer_exchanged(view)
    for s, cards in view.shown:
        # Cards shown by a claim: in the claimant's hand, or under the upcard once a
        # farmer's hand has been exchanged (RULES.md decision 23).
        for c in cards:
            if c in allowed or c in known:
                continue
            allowed[c] = {_KITTY} if s == farmer else {s}
    for s, code in view.history:
        # Table mode: a card played and taken back (a corrected revoke, which leaves it
        # exposed, or a card played after it) is back in its player's hand, unless he
        # played it again (RULES.md decision 27).
        if PLAY_BASE <= code <= PLAY_BASE + 32 and s != me and code - PLAY_BASE not in played:
            allowed[code - PLAY_BASE] = {s}
    for c in unseen:
        if c in allowed:
            continue
        if upcard_unknown and c == upcard:
            allowed[c] = {_DISCARD} if (eff is not None and eff[c] in voids[dealer]) else {dealer, _DISCARD}
            continue
        ok = {_KITTY, _DISCARD} if _DISCARD in room else {_KITTY}
        ok.update(h for h in room if h <= _BEST)
        for s in seats:
            if s in room and (eff is None or eff[c] not in voids[s]):
                ok.add(s)
        allowed[c] = ok
    # Call-ace: the maker may not call a card he holds (RULES.md decision 21), so the
    # called card, unseen, lies with any other player or in the stock, never with him.
    called = view.called
    if called in allowed and view.maker != me:
        allowed[called].discard(view.maker)
    # Calls can constrain hidden cards too (natural_trump: a caller held a natural
    # trump of his suit). Those are checked by replaying the history; a world that
    # fails the replay is drawn again (rejection sampling).
    # So can table mode: a corrector held a card of the suit led, a claim not upheld
    # shows that no revoke of the other side was there to establish.
    tries = 200 if (rules.require_trump_to_call != "none" or view.shown
                    or any(code in (Action.CORRECT_REVOKE, Action.CLAIM_REVOKE) for _, code in view.history)) else 1
    for _ in range(tries):
        placed = _assign(unseen, list(room.items()), allowed, rng)
        if placed is None:
            raise EuchreValueError("no deal is consistent with this view")
        world = _world_from(view, placed, played_by, blind, dealer_has_upcard, taken, best, kept, farmer, rng)
        if world is not None:
            return world
    raise EuchreValueError("no deal consistent with this view's calls was found")


def farmer_exchanged(view: PlayerView) -> int:
    """The seat whose farmer's hand was exchanged for the kitty's three face-down cards
    (his three shown cards now lie in the kitty), or -1: the claim round is over (every
    seat has spoken once) with one farmer's hand (RULES.md decision 23)."""
    first = view.history[:len(view.hand_sizes)]
    claims = [s for s, code in first if code == Action.FARMERS_HAND]
    # Not after a throw-in (the deal ended before any exchange), whatever the phase now:
    # a hand played to its end keeps the exchange made at its start.
    if len(claims) == 1 and len(first) == len(view.hand_sizes) and all(code != Action.THROW_IN for _, code in first):
        return claims[0]
    return -1


def _world_from(view: PlayerView, placed: dict[int, list[int]], played_by: list[list[int]], blind: bool,
                dealer_has_upcard: bool, taken: bool, best: list[_Best], kept: dict[int, list[int]],
                farmer: int, rng: random.Random) -> HandState | None:
    """Rebuild the original deal from a placement of the unseen cards and replay the
    view's history on it; None when the history is not legal on that deal. With a
    farmer's hand exchanged (``farmer`` its seat) three of the farmer's cards, drawn with
    ``rng``, are taken for the kitty's that he received, and his three shown cards are
    given back to him."""
    me, dealer, upcard = view.seat, view.dealer, view.upcard
    now = [list(view.hand) if (s == me and not blind) else placed[s] for s in range(len(view.hand_sizes))]
    if dealer_has_upcard:
        now[dealer].append(upcard)
    for s, cards_kept in kept.items():
        now[s].extend(cards_kept)
    discard = view.discard if me == dealer else (placed[_DISCARD][0] if _DISCARD in placed else -1)
    held = [now[s] + played_by[s] for s in range(len(view.hand_sizes))]
    codes: dict[int, int] = {}  # history index -> the code standing for a hidden action
    # Undo the cards given for best (the last first): the lone player gives back the
    # card he got and gets his discard back.
    for k in range(len(best) - 1, -1, -1):
        e = best[k]
        d2 = e.discard if e.discard >= 0 else (placed[_BEST - k][0] if (_BEST - k) in placed else -1)
        if d2 >= 0:
            held[e.receiver].append(d2)
            codes[e.discard_at] = DISCARD_BASE + d2
        card = e.card
        if card < 0:
            if e.giver == dealer and taken and upcard in played_by[e.receiver]:
                card = upcard  # the dealer kept the upcard unless he gave it
            else:
                choices = [c for c in held[e.receiver] if not (e.receiver == dealer and taken and c == upcard)]
                card = rng.choice(sorted(choices))
        held[e.receiver].remove(card)
        held[e.giver].append(card)
        codes[e.give_at] = GIVE_BASE + card
    original: list[list[int]] = []
    for s in range(len(view.hand_sizes)):
        cards = held[s]
        if s == dealer and taken:
            # The dealer gives back the upcard he took and gets his discard back.
            if upcard in cards:
                cards.remove(upcard)
            if discard not in (-1, upcard):
                cards.append(discard)
        original.append(cards)
    kitty = placed[_KITTY]
    if farmer != -1:
        shown = next(cards for s, cards in view.shown if s == farmer)
        received = rng.sample(original[farmer], 3)
        original[farmer] = [c for c in original[farmer] if c not in received] + list(shown)
        kitty = received + [c for c in kitty if c not in shown]
    stock = ([JOKER] if view.joker_aside else []) + [upcard] + kitty
    world = HandState.from_deal(view.rules, dealer, original, stock)
    try:
        for i, (_seat, code) in enumerate(view.history):
            if code < 0:
                code = codes.get(i, DISCARD_BASE + discard)
            world.apply(code)
    except IllegalActionError:
        return None
    if world.phase != view.phase or world.turn != view.turn:
        if view.rules.revokes_possible:
            # Table mode: a claim's outcome depends on the revokes, hidden: a world in
            # which the claim went otherwise is drawn again.
            return None
        raise EuchreValueError("the sampled world did not reach the view's state")
    return world

"""Hidden worlds consistent with a seat's view.

:func:`sample_world` deals the unseen cards at random among the other hands and the
kitty, respecting what the view (:class:`~euchre.core.views.PlayerView`) shows: cards
seen, the upcard taken by the dealer, and voids shown in play (a player who did not
follow suit holds none of the led suit); then replays the view's history on the deal.
What a view allows (:class:`_Plan`) is worked out once per view and remembered, since
the bots draw many worlds of one view; the draws themselves use only the ``rng`` given.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from euchre.core.actions import DISCARD, DISCARD_BASE, GIVE, GIVE_BASE, PLAY, Action, is_give_code, is_play_code
from euchre.core.cards import EFFECTIVE_SUIT, JOKER, deck_cards
from euchre.core.errors import EuchreError, EuchreTypeError, EuchreValueError, IllegalActionError
from euchre.core.hand import HandState, Phase
from euchre.core.views import HIDDEN, HIDDEN_GIVE, PlayerView

_KITTY = -1
_DISCARD = -2
"""Where unseen cards may lie besides the other seats: the kitty, the dealer's discard."""

_BEST = -3
"""Holder ids _BEST - k: the unseen discard of the k-th lone player given a best card."""

_HAND = 5
"""Cards in a hand after every exchange (S000 L115, S001 L9): a dealer taking up, or a
lone player given his partner's best card, holds one more and discards one of them."""


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
    """The cards given for best in ``view``'s history, in order, each with the lone
    player's discard that follows it (the entry after the give, taken in BEST_DISCARD as
    the history's phases record), if made yet."""
    out: list[_Best] = []
    history = view.history
    phases = view.history_phases
    partner = view.rules.table.partner
    for i, (s, code) in enumerate(history):
        if is_give_code(code) or code == HIDDEN_GIVE:
            card = GIVE.card(code) if code >= 0 else -1
            at, d2 = -1, -1
            if i + 1 < len(history) and phases[i + 1] == Phase.BEST_DISCARD:
                at = i + 1
                nxt = history[at][1]
                d2 = DISCARD.card(nxt) if nxt >= 0 else -1
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


@dataclass(frozen=True)
class _Plan:
    """What :func:`_sample_world` works out from a view before it draws: the same for
    every world of the view, so worked out once (:func:`_plan_for`). Read only."""

    played_by: list[list[int]]
    blind: bool
    dealer_has_upcard: bool
    taken: bool
    best: list[_Best]
    kept: dict[int, list[int]]
    loose: list[tuple[int, tuple[tuple[int, float], ...]]]
    """Cards the view places in one of a few holders, drawn by weight before the rest
    (:func:`_loose_places`): ``(card, ((holder, weight), ...))``."""
    farmer: int
    unseen: list[int]
    """The unseen cards dealt by :func:`_assign` (``loose`` cards are not among them)."""
    room: dict[int, int]
    allowed: dict[int, set[int]]
    tries: int


PLAN_MEMO = 64
"""Views whose :class:`_Plan` is remembered: a bot draws many worlds of one view."""


def _plan_for(view: PlayerView, trust_voids: bool) -> _Plan:
    """The view's plan, remembered by view (a view that cannot be hashed, made by hand
    with lists, is planned afresh)."""
    try:
        hash(view)
    except TypeError:
        return _plan(view, trust_voids)
    return _remembered_plan(view, trust_voids)


def _plan(view: PlayerView, trust_voids: bool) -> _Plan:
    """Where each unseen card may lie and how many cards each holder has room for
    (:func:`_sample_world` says which constraints are kept).

    Raises:
        EuchreError: the view's card counts are inconsistent.
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
    if (taken and upcard not in played and me != dealer
            and all(e.card != upcard and e.discard != upcard for e in best)):
        if discarded and rules.dealer_may_discard_upcard:
            # He may have put it out at either discard or given it (RULES.md decision
            # 10): its place is drawn by weight (_loose_places).
            upcard_unknown = True
            known.discard(upcard)
        else:
            # It stays on the pack, his, until played: never discarded nor given.
            dealer_has_upcard = True
            room[dealer] -= 1
    if taken and discarded and me != dealer:
        room[_DISCARD] = 1
    kept: dict[int, list[int]] = {}  # cards known to lie in another seat's hand
    given: list[tuple[int, int]] = []  # (card, k): a card the viewer gave, kept or discarded since
    for k, e in enumerate(best):
        if e.receiver == me:
            continue  # he saw both cards
        done = e.discard_at != -1
        if e.card >= 0 and e.card not in played:
            # The giver knows the card he gave: the lone player holds it, or it was his
            # discard (his void in its suit, or no card left, shows which, else both may be).
            if not done:
                room[e.receiver] -= 1
                kept.setdefault(e.receiver, []).append(e.card)
            elif EFFECTIVE_SUIT[view.trump][e.card] in voids[e.receiver] or room[e.receiver] <= 0:
                e.discard = e.card
            else:
                given.append((e.card, k))
                known.discard(e.card)
        if done and e.discard < 0:
            room[_BEST - k] = 1
    unseen = [c for c in deck_cards(rules.deck, rules.joker) if c not in known]
    room[_KITTY] = len(unseen) - sum(room.values())
    if any(n < 0 for n in room.values()):
        raise EuchreValueError("the view's card counts are inconsistent")
    eff = EFFECTIVE_SUIT[view.trump] if view.trump != -1 else None
    loose = _loose_places(view, best, given, upcard if upcard_unknown else -1, room, voids)
    placed_by_weight = {c for c, _ in loose}
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
        if is_play_code(code) and s != me and PLAY.card(code) not in played:
            allowed[PLAY.card(code)] = {s}
    for c in unseen:
        if c in allowed or c in placed_by_weight:
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
    unseen = [c for c in unseen if c not in placed_by_weight]
    return _Plan(played_by, blind, dealer_has_upcard, taken, best, kept, loose, farmer, unseen, room, allowed, tries)


def _loose_places(view: PlayerView, best: list[_Best], given: list[tuple[int, int]], upcard: int,
                  room: dict[int, int], voids: list[set[int]]) -> list[tuple[int, tuple[tuple[int, float], ...]]]:
    """The cards that a face-down discard may have taken, each with the holders it may
    lie in and their weights: the upcard under ``dealer_may_discard_upcard`` (``upcard``,
    else -1: the dealer may have discarded it, at his own discard or at his second after
    his partner's best card, or, sitting out, given it to his lone partner, who may have
    discarded it in turn; RULES.md decision 10) and each card the viewer gave for best
    (``given``: ``(card, k)``, the k-th give, which the lone player may have discarded).

    The model: each hidden discard or give is a uniform choice among the cards its maker
    could part with (a discard one of six, a sitting-out dealer's give one of his five),
    so at the first discard the upcard goes with chance 1/6, at a second 1/6 of what is
    left; the weights are these chances, with every holder the view rules out (a seat void
    in the card's suit, or with no unseen card left) dropped. What the players' choices
    say of their hands (a dealer seldom discards a trump) is the bots' business, as for
    every other card here."""
    out: list[tuple[int, tuple[tuple[int, float], ...]]] = []
    dealer, trump = view.dealer, view.trump

    def may_hold(holder: int, card: int) -> bool:
        if holder < 0:
            return room.get(holder, 0) > 0
        return room.get(holder, 0) > 0 and EFFECTIVE_SUIT[trump][card] not in voids[holder]

    if upcard != -1:
        weights: dict[int, float] = {_DISCARD: 1 / (_HAND + 1)}
        left = 1 - weights[_DISCARD]  # the chance that he still held it after his own discard
        for k, e in enumerate(best):
            if e.receiver == dealer and e.discard_at != -1 and e.discard < 0:
                weights[_BEST - k] = left / (_HAND + 1)  # one of the six after his partner's card
                left -= weights[_BEST - k]
            elif e.giver == dealer and e.card < 0:
                gave = left / _HAND  # one of his five, face down to his lone partner
                left -= gave
                if e.discard_at != -1 and e.discard < 0:
                    weights[_BEST - k] = gave / (_HAND + 1)
                    gave -= weights[_BEST - k]
                weights[e.receiver] = gave
        weights[dealer] = left
        out.append((upcard, tuple((h, w) for h, w in weights.items() if may_hold(h, upcard))))
    for card, k in given:
        e = best[k]
        kept = ((e.receiver, _HAND / (_HAND + 1)), (_BEST - k, 1 / (_HAND + 1)))
        out.append((card, tuple((h, w) for h, w in kept if may_hold(h, card))))
    return out


_remembered_plan = functools.lru_cache(maxsize=PLAN_MEMO)(_plan)


def _sample_world(view: PlayerView, rng: random.Random, trust_voids: bool = True) -> HandState:
    """A full hand state consistent with ``view``: the same history, the viewer's cards,
    and the unseen cards dealt at random among the other seats and the kitty.

    Constraints kept: cards played and the viewer's cards are fixed; the upcard taken up
    stays with the dealer until played, never discarded nor given (RULES.md decision 10),
    unless ``dealer_may_discard_upcard``: then it may be his discard, his second discard
    after his partner's best card, or the card he gave for best, with the weights of
    :func:`_loose_places`, as may a card the viewer gave for best be the lone player's
    discard; a turned-down upcard and a joker set aside are in the kitty; voids
    shown in play; at call-ace the called card is not the maker's (it may be any other
    player's or in the stock: the secret partner stays unknown). Bidding inferences are the bots' business, not this function's.

    Raises:
        EuchreError: no deal fits the view (an inconsistent view).
    """
    plan = _plan_for(view, trust_voids)
    for _ in range(plan.tries):
        room, by_weight = _draw_loose(plan, rng)
        placed = _assign(plan.unseen, list(room.items()), plan.allowed, rng)
        if placed is None:
            raise EuchreValueError("no deal is consistent with this view")
        for holder, card in by_weight:
            placed[holder].append(card)
        world = _world_from(view, placed, plan, rng)
        if world is not None:
            return world
    raise EuchreValueError("no deal consistent with this view's calls was found")


def _draw_loose(plan: _Plan, rng: random.Random) -> tuple[dict[int, int], list[tuple[int, int]]]:
    """The holders of ``plan.loose``'s cards, drawn together by their weights (a holder
    with room for one takes one of them only), and the room left for the other cards.

    Returns:
        ``(room, [(holder, card), ...])``; ``plan.room`` itself and ``[]`` when there is
        no loose card (no draw is made then, so the worlds of other views are unchanged).

    Raises:
        EuchreValueError: no holders fit the loose cards together.
    """
    if not plan.loose:
        return plan.room, []
    combos: list[tuple[float, tuple[int, ...]]] = [(1.0, ())]
    for _card, places in plan.loose:
        combos = [(w * pw, (*hs, h)) for w, hs in combos for h, pw in places
                  if hs.count(h) < plan.room[h]]
    total = sum(w for w, _ in combos)
    if not combos or total <= 0:
        raise EuchreValueError("no deal is consistent with this view")
    x = rng.random() * total
    chosen = combos[-1][1]
    for w, hs in combos:
        x -= w
        if x < 0:
            chosen = hs
            break
    room = dict(plan.room)
    for h in chosen:
        room[h] -= 1
    return room, [(h, card) for h, (card, _) in zip(chosen, plan.loose, strict=True)]


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


def _world_from(view: PlayerView, placed: dict[int, list[int]], plan: _Plan, rng: random.Random) -> HandState | None:
    """Rebuild the original deal from a placement of the unseen cards and replay the
    view's history on it; None when the history is not legal on that deal. With a
    farmer's hand exchanged (``plan.farmer`` its seat) three of the farmer's cards, drawn with
    ``rng``, are taken for the kitty's that he received, and his three shown cards are
    given back to him."""
    played_by, blind, taken, best, kept, farmer = plan.played_by, plan.blind, plan.taken, plan.best, plan.kept, plan.farmer
    me, dealer, upcard = view.seat, view.dealer, view.upcard
    now = [list(view.hand) if (s == me and not blind) else placed[s] for s in range(len(view.hand_sizes))]
    if plan.dealer_has_upcard:
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
            if e.giver == dealer and taken and upcard in held[e.receiver]:
                card = upcard  # only the dealer's give can have put it there
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

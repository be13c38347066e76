"""Where the cards are, as far as one seat can tell from its view.

Every card of the deck is in exactly one of: the seat's own hand (``mine``); out of play
and known (``dead``: played to a trick, the turned-down upcard, a joker set aside, the
seat's own discard, an upcard whose dealer sits out, a farmer's three shown cards once
exchanged into the kitty); known to be in another seat's hand (``held[seat]``: the upcard
taken up by the dealer and not yet played, which he may neither discard nor give unless
``dealer_may_discard_upcard``, RULES.md decision 10; cards shown by a claim before the
exchange; a card given for best until the lone player has discarded); or of unknown
place (``unknown``: another hand, the kitty, or the two-handed game's stock). Cards are
bit masks of card numbers (:mod:`euchre.core.cards`); seats are ints
``0..rules.table.seats - 1`` (0..3 at the four-hand table, 0..1 two-handed).

Only the view is read, so nothing here can see a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.core.actions import DISCARD, GIVE, is_discard_code, is_give_code
from euchre.core.cards import JOKER, deck_cards, mask_of
from euchre.core.hand import Phase
from euchre.core.sampling import farmer_exchanged
from euchre.core.views import HIDDEN, HIDDEN_GIVE, PlayerView

UPCARD_UNKNOWN = -2
""":func:`upcard_holder`'s answer when the seat cannot tell where the upcard is: in the
dealer's hand, among his discards face down, or in the lone partner's hand or discard
(``dealer_may_discard_upcard``: RULES.md decision 10)."""


def popcount(mask: int) -> int:
    """The number of cards in a mask."""
    return mask.bit_count()


@dataclass(frozen=True)
class Knowledge:
    """One seat's card knowledge (all masks of card numbers).

    Attributes:
        seat: the seat that knows.
        deck: every card of the deck in use.
        mine: the seat's own cards now (with the upcard while the dealer holds six).
        dead: cards known to be out of play.
        held: per seat of the table, the cards known to be in that seat's hand (never
            the seat's own).
        unknown: cards whose place is unknown (another hand or the kitty).
        upcard_pending: the upcard when it is still on the table and would come to this
            seat (this seat is the dealer, bidding or before his discard), else 0.
        voids: per seat, the effective suits it has shown it holds none of.
    """

    seat: int
    deck: int
    mine: int
    dead: int
    held: tuple[int, ...]
    unknown: int
    upcard_pending: int
    voids: tuple[frozenset[int], ...]

    def opponent_slots(self, view: PlayerView) -> int:
        """Unknown cards the active opponents hold now (their cards not known)."""
        total = 0
        for s in view.table.opponents(self.seat):
            if not view.sits_out(s):
                total += view.hand_sizes[s] - popcount(self.held[s])
        return max(total, 0)

    def opponent_share(self, view: PlayerView) -> float:
        """The chance that one given unknown card is in an active opponent's hand."""
        n = popcount(self.unknown)
        return min(1.0, self.opponent_slots(view) / n) if n else 0.0


def upcard_holder(view: PlayerView) -> int:
    """Where the upcard is: a seat holding or about to hold it, -1 when it is out of
    play (turned down, played, or its dealer sits out), or :data:`UPCARD_UNKNOWN` when
    the dealer may have parted with it face down unseen by this seat (only with
    ``dealer_may_discard_upcard``: otherwise he keeps it until played, RULES.md decision
    10).

    During round one the upcard is counted as the dealer's: that is where it goes if
    anyone accepts it, which is what a bidding decision must weigh.
    """
    up = view.upcard
    if up in view.played_cards():
        return -1
    if view.phase == Phase.BLIND_NAME:
        return view.dealer
    if view.phase == Phase.BID_ROUND_1:
        return view.dealer
    if view.trump == -1 or not view.upcard_to_dealer:
        return -1
    if _upcard_may_be_elsewhere(view):
        return UPCARD_UNKNOWN
    if view.sits_out(view.dealer):
        return -1
    if view.seat == view.dealer and view.discard == up:
        return -1
    return view.dealer


def _upcard_may_be_elsewhere(view: PlayerView) -> bool:
    """True when, for a seat other than the dealer, the upcard he took up may be among
    his face-down discards or the card he gave face down (``dealer_may_discard_upcard``).
    A dealer who sits out and gave nothing unseen holds it out of play, or discarded it:
    out of play either way."""
    dealer = view.dealer
    if not view.rules.dealer_may_discard_upcard or view.seat == dealer:
        return False
    hidden = {code for s, code in view.history if s == dealer and code in (HIDDEN, HIDDEN_GIVE)}
    if view.sits_out(dealer):
        return HIDDEN_GIVE in hidden
    return bool(hidden)


def knowledge_of(view: PlayerView) -> Knowledge:
    """The card knowledge of ``view.seat`` (see the module docstring)."""
    rules = view.rules
    me = view.seat
    deck = mask_of(deck_cards(rules.deck, rules.joker))
    mine = mask_of(view.hand)
    dead = mask_of(view.played_cards())
    if view.joker_aside:
        dead |= 1 << JOKER
    if view.discard != -1:
        dead |= 1 << view.discard
    up = 1 << view.upcard
    holder = upcard_holder(view)
    held = [0] * view.table.seats
    pending = 0
    if holder == UPCARD_UNKNOWN:
        pass  # of unknown place
    elif holder == -1:
        if not (mine & up):
            dead |= up
    elif holder != me:
        held[holder] = up
    elif not (mine & up):
        pending = up
    history = view.history
    for i, (s, code) in enumerate(history):
        # call_for_best (X-20, X-15c): a card given face down is known to both partners
        # (the history shows it to them only), and a lone player knows his own discard.
        # The giver knows where his card is only until the lone player discards one of
        # six face down (the next entry): it may be that one.
        if is_give_code(code):
            card = 1 << GIVE.card(code)
            if card & up:
                pending &= ~up
                held[view.dealer] &= ~up
            receiver = view.table.partner[s]
            if receiver != me and i + 1 == len(history) and not (card & (mine | dead)):
                held[receiver] |= card
        elif is_discard_code(code) and s == me and DISCARD.card(code) != view.discard:
            # (The call-ace calls and the codes of table mode follow the discards among
            # the codes: they are no discard, and carry no card.)
            dead |= 1 << DISCARD.card(code)
            if (1 << DISCARD.card(code)) & up:
                pending = 0
    farmer = farmer_exchanged(view)
    for s, shown in view.shown:
        # A claim shows its cards to every seat (RULES.md decision 23): a farmer's three,
        # once exchanged, lie in the kitty out of play; before that they are his.
        cards = mask_of(shown)
        if s == farmer:
            dead |= cards & ~mine
        elif s != me:
            held[s] |= cards & ~dead
    known = mine | dead | pending
    for h in held:
        known |= h
    unknown = deck & ~known
    voids = tuple(frozenset(v) for v in view.voids())
    return Knowledge(me, deck, mine, dead, tuple(held), unknown, pending, voids)

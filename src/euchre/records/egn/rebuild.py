"""Rebuilding the dealt hands of a deal the file does not record in full (see the
:mod:`euchre.records.egn` docstring, "Dealt hands")."""

from __future__ import annotations

from dataclasses import dataclass

from euchre.core.actions import is_play_code
from euchre.core.cards import EFFECTIVE_SUIT, NO_TRUMP, deck_cards
from euchre.core.errors import EuchreError, RecordError
from euchre.core.hand import HandState
from euchre.core.rules import Rules
from euchre.records.egn.cards import _deck_card, card_to_egn
from euchre.records.egn.deals import _Deal, _drive
from euchre.records.egn.notation import _join, _list, _seat_text


@dataclass
class _Seen:
    """What the stand-in run learnt: who played what, the trump, the exchange."""

    trump: int
    plays: list[tuple[int, int, str]]
    exchanged: bool
    active: int


def _stand_in(rules: Rules, dealer: int, deal: _Deal, deck: list[int]) -> _Seen:
    """Run the deal on a stand-in deal: calls and the discard are checked, cards are
    placed without the check; the engine decides who leads, follows and wins."""
    order = [c for c in deck if c != deal.upcard]
    if deal.discard is not None and deal.discard != deal.upcard:
        order.remove(deal.discard)
        order.insert(0, deal.discard)
    hands: list[list[int]] = [[], [], [], []]
    seats = list(rules.table.clockwise_from(dealer))
    for k, seat in enumerate(seats):
        hands[seat] = order[5 * k:5 * k + 5]
    hand = HandState.from_deal(rules, dealer, hands, [deal.upcard, *order[20:]])
    plays: list[tuple[int, int, str]] = []

    def step(code: int, where: str) -> None:
        try:
            if is_play_code(code):
                hand.force(code)
            else:
                hand.apply(code)
        except EuchreError as exc:
            raise RecordError(where, str(exc)) from None

    _drive(hand, deal, step, deal.discard, lambda seat, card, w: plays.append((seat, card, w)))
    return _Seen(hand.trump, plays, hand.discarded != -1, hand.active)


def _match(forbidden: list[frozenset[int]], pool: list[int], trump: int) -> list[int] | None:
    """Cards for slots (each forbids some effective suits), lowest first by augmenting
    paths (Kuhn); None when no assignment exists."""
    eff = EFFECTIVE_SUIT[trump if trump != -1 else NO_TRUMP]
    owner: dict[int, int] = {}

    def place(slot: int, seen: set[int]) -> bool:
        for c in pool:
            if c in seen or eff[c] in forbidden[slot]:
                continue
            seen.add(c)
            if c not in owner or place(owner[c], seen):
                owner[c] = slot
                return True
        return False

    for slot in range(len(forbidden)):
        if not place(slot, set()):
            return None
    out = [0] * len(forbidden)
    for c, slot in owner.items():
        out[slot] = c
    return out


def _known_cards(deal: _Deal, deck: frozenset[int], trump: int | None) -> tuple[list[list[int] | None], list[int | None]]:
    """The dealt hands given by ``playerCards`` (None: unknown) and the kitty (None: unknown)."""
    known: list[list[int] | None] = [None, None, None, None]
    if deal.player_cards is not None:
        pc = _list(deal.player_cards, deal.player_cards_where)
        if pc and len(pc) != 4:
            raise RecordError(deal.player_cards_where, f"expected a hand for each of four seats, found {len(pc)}")
        for s, cards_raw in enumerate(pc):
            hw = _join(deal.player_cards_where, s)
            cards = _list(cards_raw, hw)
            if not cards:
                continue
            if len(cards) != 5:
                raise RecordError(hw, f"a dealt hand has 5 cards (or none when unknown), found {len(cards)}")
            hand = [_deck_card(c, _join(hw, j), deck, trump) for j, c in enumerate(cards)]
            if len(set(hand)) != 5:
                raise RecordError(hw, "a card appears twice in this hand")
            known[s] = hand
    stock_size = len(deck) - 21
    kitty: list[int | None] = [None] * stock_size
    if deal.kitty is not None:
        items = _list(deal.kitty, deal.kitty_where)
        if items and len(items) != stock_size:
            raise RecordError(deal.kitty_where, f"the kitty holds the {stock_size} undealt cards besides the upcard, found {len(items)}")
        for j, text in enumerate(items):
            if text != "":
                kitty[j] = _deck_card(text, _join(deal.kitty_where, j), deck, trump)
    return known, kitty


def _rebuild(dealer: int, deal: _Deal, seen: _Seen, deck: list[int]) -> tuple[list[list[int]], list[int], int | None, int]:
    """A deal consistent with the file: ``(hands by seat, stock with the upcard first,
    the dealer's discard or None, mask of the cards placed in a hand by guess)``. See the
    :mod:`euchre.records.egn` docstring."""
    deck_set = frozenset(deck)
    trump = seen.trump
    known, kitty = _known_cards(deal, deck_set, trump if trump != -1 else None)
    up = deal.upcard
    eff = EFFECTIVE_SUIT[trump if trump != -1 else NO_TRUMP]
    # The plays hold no card twice and the upcard only for the dealer who took it up
    # (the driver stops the stand-in run there). A seat with known dealt cards that plays
    # another card is left to the checked replay, which reports it in play order.
    played: list[list[int]] = [[], [], [], []]
    for seat, card, _ in seen.plays:
        played[seat].append(card)
    voids: list[set[int]] = [set(), set(), set(), set()]
    for k in range(0, len(seen.plays), max(1, bin(seen.active).count("1"))):
        trick = seen.plays[k:k + bin(seen.active).count("1")]
        led = eff[trick[0][1]]
        for seat, card, _ in trick[1:]:
            if eff[card] != led:
                voids[seat].add(led)

    placed: dict[int, str] = {}
    guessed = 0

    def place(card: int, label: str, where: str) -> None:
        if card in placed:
            raise RecordError(where, f"{card_to_egn(card)} would be in two places: {placed[card]} and {label}")
        placed[card] = label

    place(up, "the upcard", deal.where)
    for c in kitty:
        if c is not None:
            place(c, "the kitty", deal.kitty_where)
    discard = deal.discard
    hands: list[list[int]] = [[], [], [], []]
    slots: list[tuple[int, frozenset[int]]] = []  # (seat, or -1 discard, or -2 kitty; forbidden suits)
    for s in range(4):
        label = f"the hand of {_seat_text(s)}"
        hand_known = known[s]
        if hand_known is not None:
            for c in hand_known:
                place(c, label, deal.player_cards_where)
            hands[s] = list(hand_known)
            if s == dealer and seen.exchanged:
                six = [*hand_known, up]
                if discard is None:
                    rest = [c for c in six if c not in played[s]]
                    rest.sort(key=lambda c: (eff[c] not in voids[s], c == up, c))
                    discard = rest[0]
                    if len(rest) > 1:  # which of his unplayed cards went is a guess
                        guessed |= 1 << discard
                elif discard not in six:
                    raise RecordError(deal.discard_where, f"the dealer discards {card_to_egn(discard)}, which he was not dealt")
            continue
        base = list(played[s])
        free = 5 - len(base)
        if s == dealer and seen.exchanged:
            # hand at the first lead = played + unplayed; dealt = that + discard - upcard
            if up in base:  # (a discarded upcard is never played: the driver stops there)
                base.remove(up)
                if discard is None:
                    slots.append((-1, frozenset()))
            elif discard is None:
                if free >= 1 and eff[up] not in voids[s]:
                    free -= 1  # he still holds the upcard, unplayed
                    slots.append((-1, frozenset()))
                else:
                    discard = up
            elif discard != up:
                if free < 1 or eff[up] in voids[s]:
                    raise RecordError(deal.discard_where, f"the dealer took up {card_to_egn(up)} and discarded {card_to_egn(discard)}, "
                                      f"but never played {card_to_egn(up)} and cannot still hold it")
                free -= 1  # he still holds the upcard, unplayed
            if discard is not None and discard != up:
                base.append(discard)
        for c in base:
            place(c, label, deal.where)
        hands[s] = base
        slots.extend((s, frozenset(voids[s])) for _ in range(free))
    slots.extend((-2, frozenset()) for c in kitty if c is None)
    pool = [c for c in deck if c not in placed]
    fill = _match([f for _, f in slots], pool, trump) if len(pool) == len(slots) else None
    if fill is None:
        raise RecordError(deal.where, "no deal of the unseen cards fits the recorded play "
                          "(a seat would have to hold a card of a suit it showed out of: a revoke)")
    kitty_fill = iter(c for (owner, _), c in zip(slots, fill, strict=True) if owner == -2)
    for (owner, _), c in zip(slots, fill, strict=True):
        if owner >= 0:
            hands[owner].append(c)
            guessed |= 1 << c
        elif owner == -1:
            hands[dealer].append(c)
            discard = c
            guessed |= 1 << c
    stock = [up] + [c if c is not None else next(kitty_fill) for c in kitty]
    return hands, stock, (discard if seen.exchanged else None), guessed


def _deal_hand(rules: Rules, dealer: int, deal: _Deal) -> tuple[HandState, int | None, int]:
    """The hand for a deal of the file, the discard the replay makes (or None), and the
    mask of the cards the file does not place (put in a seat's hand, or chosen as the
    dealer's discard, by guess; the kitty is not counted)."""
    if deal.dealer != dealer:
        raise RecordError(deal.dealer_where, f"the deal passes to the left: {_seat_text(dealer)} deals now, the file says {deal.dealer}")
    deck = deck_cards(rules.deck, rules.joker)
    seen = _stand_in(rules, dealer, deal, deck)
    hands, stock, discard, guessed = _rebuild(dealer, deal, seen, deck)
    try:
        return HandState.from_deal(rules, dealer, hands, stock), discard, guessed
    except EuchreError as exc:
        raise RecordError(deal.where, str(exc)) from None

"""The dealer's discard after taking up the upcard.

Advice followed: "always discarding a single suit, except an ace, and retaining the suit
of which you have a commanding card" (S002 L43); the dealer discards "the card of lowest
value in his hand" (S000 L123). So, in order:

1. never a trump while a card of a plain suit may go (the upcard is a trump);
2. a singleton of a plain suit that is not its commanding card (voids the suit);
3. the lowest card of a plain suit holding no commanding card, shortest suit first;
4. the card least likely to win a trick (:func:`~euchre.bots.strength.card_chances`).

A "commanding card" is one no card out can beat in its suit (an ace, or a king whose ace
is out of play). Cards are card numbers, sets are bit masks, trump is 0..3 or NO_TRUMP.
"""

from __future__ import annotations

from euchre.bots.strength import Outlook, card_chances
from euchre.core.cards import EFFECTIVE_SUIT, NO_TRUMP, SUIT_MASK, TRUMP_POWER, cards_of


def is_commanding(card: int, trump: int, threats: int) -> bool:
    """True when no card of ``threats`` (a mask) beats ``card`` within its effective suit."""
    suit = EFFECTIVE_SUIT[trump][card]
    power = TRUMP_POWER[trump]
    return not any(power[c] > power[card] for c in cards_of(threats & SUIT_MASK[trump][suit]))


def choose_discard(hand: int, trump: int, allowed: int, outlook: Outlook) -> int:
    """The card (number) the dealer should discard.

    Args:
        hand: the dealer's six cards (mask), the upcard included.
        trump: the trump suit (0..3, or NO_TRUMP).
        allowed: the cards he may discard (mask; without the upcard unless the rules let
            him discard it).
        outlook: what is known of the other cards (for commanding cards and chances).

    Raises:
        ValueError: ``allowed`` holds no card of ``hand``.
    """
    allowed &= hand
    if not allowed:
        raise ValueError("no card may be discarded")
    eff = EFFECTIVE_SUIT[trump]
    power = TRUMP_POWER[trump]
    threats = outlook.unknown | outlook.against
    trump_mask = SUIT_MASK[trump][trump] if trump != NO_TRUMP else 0
    plain = [c for c in cards_of(allowed & ~trump_mask)]
    if not plain:
        return min(cards_of(allowed), key=lambda c: (power[c], c))
    # 2. a non-commanding singleton: voids a suit (S002 L43, "except an ace").
    singles = [c for c in plain
               if (hand & SUIT_MASK[trump][eff[c]]).bit_count() == 1 and not is_commanding(c, trump, threats)]
    if singles:
        return min(singles, key=lambda c: (power[c], c))
    # 3. the lowest card of a suit with no commanding card, shortest suit first.
    weak = [c for c in plain
            if not any(is_commanding(d, trump, threats) for d in cards_of(hand & SUIT_MASK[trump][eff[c]]))]
    if weak:
        return min(weak, key=lambda c: ((hand & SUIT_MASK[trump][eff[c]]).bit_count(), power[c], c))
    # 4. the card least likely to win (S000 L123: "the card of lowest value").
    chances = card_chances(hand, trump, outlook)
    return min(cards_of(allowed), key=lambda c: (chances.get(c, 0.0), power[c], c))


def choose_best_card(hand: int, trump: int) -> int:
    """The card (number) a partner gives a lone player who calls for his best
    (``call_for_best``, X-20: "what he judges to be the most advantageous card"): his
    highest trump, else his highest card (an ace before a king). ``hand`` is a non-empty
    mask, ``trump`` 0..3 or NO_TRUMP.

    Raises:
        ValueError: ``hand`` holds no card.
    """
    if not hand:
        raise ValueError("no card to give")
    power = TRUMP_POWER[trump]
    return max(cards_of(hand), key=lambda c: (power[c], -c))

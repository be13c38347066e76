"""Hand strength: the tricks a hand may expect to take with a given trump.

The seeds judge a call by the tricks it should win: the eldest orders up "if he is of
opinion that he can win three of the five tricks" and the dealer's partner assists if
"himself and partner can win three tricks" (S000 L119-123); Hoyle orders up with "the
commanding trumps, which are the two bowers and ace or king" (S002 L23). This module
turns a hand into that number: each card's chance of winning a trick, summed.

A card's chance (a probability 0..1):

* a trump: 1 when no higher trump can be against it; else the chance that none of the
  higher trumps of unknown place sits with an opponent, raised when the card is guarded
  by as many lower trumps as there are higher ones out (it can wait for them to fall); a
  third and fourth trump are worth at least 0.5 and 0.75 (they ruff and take the last
  tricks);
* a card of a plain suit: the chance that no higher card of its suit is with an opponent,
  times the chance that no opponent ruffs it in the round of the suit where it becomes
  the best card (from the number of cards of the suit out, binomially);
* with no trump (``NO_TRUMP``) nothing is ruffed.

Effective suits and ranks come only from the core tables (EFFECTIVE_SUIT, SUIT_MASK,
TRUMP_POWER), so the left bower and the joker count as trumps for every purpose.
Cards are card numbers and sets are bit masks; trump is 0..3 or NO_TRUMP (4).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from euchre.bots.knowledge import popcount
from euchre.core.cards import EFFECTIVE_SUIT, NO_TRUMP, SUIT_MASK, TRUMP_POWER, cards_of, trump_order

GUARDED_BONUS = 0.45
"""Share of the lost chance a trump regains when it is guarded by enough lower trumps."""

LONG_TRUMP_FLOOR = {3: 0.5, 4: 0.75, 5: 0.9}
"""The least a trump is worth when the hand holds 3, 4 or 5 trumps."""

VOID_RUFF_FLOOR = 0.45
"""The least a low trump is worth when the hand is void in a plain suit (it may ruff)."""


@dataclass(frozen=True)
class Outlook:
    """What a seat knows of the cards outside the hand being judged (bit masks).

    Attributes:
        unknown: cards of unknown place (an opponent's hand, the partner's, the kitty).
        against: cards known to be in an opponent's hand (the upcard he takes up).
        opponent_share: the chance that one unknown card is in an opponent's hand.
        slot_share: the chance that one unknown card is in one given opponent's hand.
        opponents: how many opponents play against the hand (two at the four-hand
            table; one in the two-handed game).
    """

    unknown: int
    against: int
    opponent_share: float
    slot_share: float
    opponents: int = 2


def outlook_for(deck: int, hand: int, known_out: int, against: int, opponent_slots: int,
                opponents: int = 2) -> Outlook:
    """An :class:`Outlook` from the deck, the hand, the cards known out of play or in the
    partner's hand (``known_out``), the cards known in an opponent's hand (``against``),
    how many unknown cards the opponents hold (``opponent_slots``, e.g. 10 while bidding,
    9 when an opponent dealer takes the upcard) and how many opponents hold them."""
    unknown = deck & ~(hand | known_out | against)
    n = popcount(unknown)
    share = min(1.0, opponent_slots / n) if n else 0.0
    return Outlook(unknown, against, share, share / max(opponents, 1), opponents)


def trumps_high_first(hand: int, trump: int) -> list[int]:
    """The trumps of a hand (card numbers), highest first; none with no trump."""
    if trump == NO_TRUMP:
        return []
    return sorted(cards_of(hand & SUIT_MASK[trump][trump]), key=lambda c: -TRUMP_POWER[trump][c])


@functools.cache
def _higher_in_suit(card: int, trump: int) -> int:
    """The mask of the cards of ``card``'s effective suit that beat it (remembered: the
    bidding judge of the inference asks it thousands of times a decision)."""
    suit = EFFECTIVE_SUIT[trump][card]
    power = TRUMP_POWER[trump]
    return sum(1 << c for c in cards_of(SUIT_MASK[trump][suit]) if power[c] > power[card])


def _binom_below(n: int, p: float, r: int) -> float:
    """P(X < r) for X ~ Binomial(n, p)."""
    total = 0.0
    coeff = 1.0
    for k in range(min(r, n + 1)):
        if k > 0:
            coeff = coeff * (n - k + 1) / k
        total += coeff * p**k * (1 - p) ** (n - k)
    return min(1.0, total)


def ruff_risk(suit_out: int, trumps_out: int, round_no: int, slot_share: float, opponents: int = 2) -> float:
    """The chance that an opponent ruffs the ``round_no``-th lead of a plain suit.

    Args:
        suit_out: cards of the suit held by others or unknown.
        trumps_out: trumps of unknown place or against us.
        round_no: 1 for the first lead of the suit, 2 for the second...
        slot_share: the chance that one unknown card is in one given opponent's hand.
        opponents: how many opponents may ruff.
    """
    if trumps_out <= 0:
        return 0.0
    short = _binom_below(suit_out, slot_share, round_no)
    has_trump = 1.0 - (1.0 - slot_share) ** trumps_out
    one = short * has_trump
    return 1.0 - (1.0 - one) ** opponents


def card_chances(hand: int, trump: int, outlook: Outlook) -> dict[int, float]:
    """Each card's chance (0..1) of winning a trick for its holder (see the module
    docstring). ``hand`` is a mask; the result maps card number to chance."""
    out: dict[int, float] = {}
    threats = outlook.unknown | outlook.against
    q = outlook.opponent_share
    trumps = trumps_high_first(hand, trump)
    n_trumps = len(trumps)
    trumps_out = popcount(threats & SUIT_MASK[trump][trump]) if trump != NO_TRUMP else 0
    voids = 0
    if trump != NO_TRUMP:
        voids = sum(1 for s in range(4) if s != trump and not hand & SUIT_MASK[trump][s])
    for i, card in enumerate(trumps):
        higher = _higher_in_suit(card, trump)
        if higher & outlook.against:
            clear = 0.0
        else:
            clear = (1.0 - q) ** popcount(higher & outlook.unknown)
        n_higher = popcount(higher & threats)
        if n_higher == 0:
            p = 1.0
        else:
            lower_own = n_trumps - 1 - i
            p = clear + (1.0 - clear) * (GUARDED_BONUS if lower_own >= n_higher else 0.1)
        p = max(p, LONG_TRUMP_FLOOR.get(n_trumps, 0.0))
        if voids and n_trumps >= 2:
            p = max(p, VOID_RUFF_FLOOR)
        out[card] = p
    for card in cards_of(hand):
        if card in out:
            continue
        suit = EFFECTIVE_SUIT[trump][card]
        suit_mask = SUIT_MASK[trump][suit]
        higher = _higher_in_suit(card, trump)
        if higher & outlook.against:
            clear = 0.0
        else:
            clear = (1.0 - q) ** popcount(higher & outlook.unknown)
        round_no = 1 + popcount(higher & hand)
        risk = ruff_risk(popcount(suit_mask & threats), trumps_out, round_no, outlook.slot_share, outlook.opponents)
        out[card] = clear * (1.0 - risk)
    return out


def expected_tricks(hand: int, trump: int, outlook: Outlook) -> float:
    """The tricks (0..5, a float) a hand may expect to win by itself with ``trump``."""
    return sum(card_chances(hand, trump, outlook).values())


def best_trump_is_sure(hand: int, trump: int, outlook: Outlook) -> bool:
    """True when the hand holds a trump no card out can beat (a sure trick)."""
    trumps = trumps_high_first(hand, trump)
    if not trumps:
        return False
    return not _higher_in_suit(trumps[0], trump) & (outlook.unknown | outlook.against)


def sure_trick_at_the_bridge(hand: int, trump: int, outlook: Outlook) -> bool:
    """Hoyle's exception to ordering up at the bridge: "the right or left bower
    guarded" (S002 L51), read as a trump with no higher trump out, or one with a single
    higher trump out and a lower trump to guard it. The D.C. glossary says "one
    certain trick" (X-05)."""
    trumps = trumps_high_first(hand, trump)
    if not trumps:
        return False
    threats = outlook.unknown | outlook.against
    n_higher = popcount(_higher_in_suit(trumps[0], trump) & threats)
    return n_higher == 0 or (n_higher == 1 and len(trumps) >= 2 and TRUMP_POWER[trump][trumps[0]] >= 118)


def is_seed_lone_hand(hand: int, trump: int, outlook: Outlook, deck_size: int, joker: bool) -> bool:
    """True for the lone hands S000 L191-193 names (trumps counted in the deck's trump
    order: joker, right bower, left bower, ace, king, queen...):

    * "four high trumps and an Ace of a lay suit": four of the top five trumps (top six
      with the joker) and a commanding fifth card;
    * "three high trumps, with an Ace and the seven even of the same suit": three of the
      top four (five) trumps, and an ace with one more card of its suit;
    * "a sequence of the Left-Bower, Ace, and King of trumps, and commanding lay cards":
      the three trumps below the highest, and every other card commanding.

    (The same page allows the eldest "the Right-Bower and a small trump" with commanding
    cards, but "it would not be recommended to the tyro": not used.)
    """
    if trump == NO_TRUMP or popcount(hand) != 5:
        return False
    order = trump_order(trump, deck_size, joker)
    rank = {c: i for i, c in enumerate(order)}
    top = 1 if joker else 0
    trumps = trumps_high_first(hand, trump)
    side = [c for c in cards_of(hand) if c not in rank]
    threats = outlook.unknown | outlook.against
    commanding = all(not _higher_in_suit(c, trump) & threats for c in side)
    high4 = [c for c in trumps if rank[c] < 5 + top]
    if len(high4) >= 4 and commanding:
        return True
    high3 = [c for c in trumps if rank[c] < 4 + top]
    if len(high3) == 3 == len(trumps) and len(side) == 2:
        a, b = side
        same_suit = EFFECTIVE_SUIT[trump][a] == EFFECTIVE_SUIT[trump][b]
        if same_suit and any(not _higher_in_suit(c, trump) & threats for c in side):
            return True
    sequence = [c for c in trumps if 1 + top <= rank[c] <= 3 + top]
    return len(sequence) == 3 and commanding

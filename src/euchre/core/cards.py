"""Cards, suits, decks, and the per-trump tables that decide effective suit and rank.

A card is a small int (0..32): ``suit * 8 + rank`` for the 32 plain cards and 32 for the
joker. A set of cards is an int bit mask (bit ``c`` set when card ``c`` is in the set).
Following suit and winning a trick are decided only by the tables at the bottom of this
module, indexed by the trump (0..3, or :data:`NO_TRUMP`); the left bower and the joker
are entries of those tables, never special cases elsewhere.

Sources: REFERENCE 6.1 (effective suit, trump order, plain order); S000 L87-89,
S001 L5-6, S003 L12 (bowers and joker).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

from euchre.core.errors import CardError, CardTypeError


class Suit(enum.IntEnum):
    """The four suits. Colour pairs: clubs/spades are black, diamonds/hearts red."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One capital letter: C, D, H or S."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def next_suit(self) -> Suit:
        """The other suit of the same colour ("next"): its jack is this suit's left bower."""
        return Suit(SAME_COLOUR[self])

    @property
    def title(self) -> str:
        """The plural English name, capitalised: "Hearts"."""
        return self.name.capitalize()

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        if isinstance(value, str):
            raise CardError(f"Suit({value!r}): a Suit is made from its number 0..3; read a letter or a name with Suit.parse({value!r})")
        if isinstance(value, int):
            raise CardError(f"not a suit number 0..3: {value!r}")
        raise CardTypeError(f"a suit is a number 0..3, not {type(value).__name__} {value!r}")

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from a letter, a symbol or an English name (any case).

        Raises:
            CardError: the text names no suit.
        """
        if not isinstance(text, str):
            raise CardTypeError(f"a suit is a text such as C, D, H or S, not {type(text).__name__} {text!r}")
        t = text.strip().lower()
        for s in cls:
            if t in (s.letter.lower(), s.symbol, s.name.lower(), s.name.lower().rstrip("s")):
                return s
        raise CardError(f"not a suit: {text!r} (use C, D, H or S)")


SAME_COLOUR = (3, 2, 1, 0)
"""SAME_COLOUR[suit] is the other suit of that colour (clubs<->spades, diamonds<->hearts)."""

NO_TRUMP = 4
"""Table index used when a no-trump call is in force (REFERENCE 6.1)."""

RANK_CHARS = "789TJQKA"
RANK_NAMES = ("Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")
JACK = 4
ACE = 7

JOKER = 32
"""The joker's card number (the "best bower")."""

NUM_CARDS = 33
"""Card numbers run 0..32; the joker is 32."""


class Card(enum.IntEnum):
    """A playing card. ``int(card)`` is its number (suit*8 + rank; the joker is 32).

    ``str(card)`` is its code: rank then suit, e.g. ``"JH"`` (jack of hearts), ``"TC"``
    (ten of clubs), ``"JK"`` (the joker). :meth:`parse` reads that code back, and also
    accepts ``10H``, lower case and suit symbols (``J♥``).
    """

    SEVEN_OF_CLUBS = 0
    EIGHT_OF_CLUBS = 1
    NINE_OF_CLUBS = 2
    TEN_OF_CLUBS = 3
    JACK_OF_CLUBS = 4
    QUEEN_OF_CLUBS = 5
    KING_OF_CLUBS = 6
    ACE_OF_CLUBS = 7
    SEVEN_OF_DIAMONDS = 8
    EIGHT_OF_DIAMONDS = 9
    NINE_OF_DIAMONDS = 10
    TEN_OF_DIAMONDS = 11
    JACK_OF_DIAMONDS = 12
    QUEEN_OF_DIAMONDS = 13
    KING_OF_DIAMONDS = 14
    ACE_OF_DIAMONDS = 15
    SEVEN_OF_HEARTS = 16
    EIGHT_OF_HEARTS = 17
    NINE_OF_HEARTS = 18
    TEN_OF_HEARTS = 19
    JACK_OF_HEARTS = 20
    QUEEN_OF_HEARTS = 21
    KING_OF_HEARTS = 22
    ACE_OF_HEARTS = 23
    SEVEN_OF_SPADES = 24
    EIGHT_OF_SPADES = 25
    NINE_OF_SPADES = 26
    TEN_OF_SPADES = 27
    JACK_OF_SPADES = 28
    QUEEN_OF_SPADES = 29
    KING_OF_SPADES = 30
    ACE_OF_SPADES = 31
    JOKER = 32

    @property
    def suit(self) -> Suit:
        """The printed suit. Raises CardError for the joker, which has none."""
        if self == 32:
            raise CardError("the joker has no printed suit")
        return Suit(self >> 3)

    @property
    def rank(self) -> int:
        """The rank index 0..7 for 7, 8, 9, 10, J, Q, K, A (-1 for the joker)."""
        return -1 if self == JOKER else self & 7

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self == JOKER

    def __str__(self) -> str:
        return card_code(self)

    @classmethod
    def _missing_(cls, value: object) -> Card:
        if isinstance(value, str):
            raise CardError(f"Card({value!r}): a Card is made from its number 0..32; read a code such as JH with Card.parse({value!r})")
        if isinstance(value, int):
            raise CardError(f"not a card number 0..32: {value!r}")
        raise CardTypeError(f"a card is a number 0..32, not {type(value).__name__} {value!r}")

    def pretty(self, joker_card: str = "joker") -> str:
        """The card for people: ``"J♥"``, ``"10♣"``, ``"Joker"``; the joker as the card
        that stands for it (``joker_card``: ``"2♠"`` for ``two_of_spades``, X-22)."""
        if self == JOKER:
            return JOKER_FACES[joker_card][1]
        r = RANK_CHARS[self & 7]
        return ("10" if r == "T" else r) + "♣♦♥♠"[self >> 3]

    def name_text(self, joker_card: str = "joker") -> str:
        """The card's English name: ``"Jack of Hearts"`` (for screen readers and logs);
        the joker as the card that stands for it (``joker_card``)."""
        if self == JOKER:
            return JOKER_FACES[joker_card][2]
        return f"{RANK_NAMES[self & 7]} of {Suit(self >> 3).title}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card code: ``JH``, ``10h``, ``th``, ``J♥``, ``JK``/``joker``.

        Raises:
            CardError: the text is not a card.
        """
        return Card(parse_card(text))


JOKER_FACES: dict[str, tuple[str, str, str]] = {
    "joker": ("JK", "Joker", "Joker"),
    "two_of_spades": ("2S", "2♠", "Two of Spades (the benny)"),
}
"""The card that stands for the joker (the rules' ``joker_card``) as it is shown: its code
as a person types it, its short form, its name. The British benny may be the two of
spades of the pack (X-22, X-23); it is the joker in every rule (the highest trump), and
records keep the joker's code ``JK``."""


def card_code(card: int) -> str:
    """The two-character code of a card number: ``"JH"``; ``"JK"`` for the joker."""
    if type(card) is not int and type(card) is not Card:
        raise CardTypeError(f"a card number is a whole number 0..32, not {type(card).__name__} {card!r}")
    if card == JOKER:
        return "JK"
    if not 0 <= card < 32:
        raise CardError(f"not a card number: {card}")
    return RANK_CHARS[card & 7] + "CDHS"[card >> 3]


def parse_card(text: str, joker_card: str = "joker") -> int:
    """The card number for a card code (see :meth:`Card.parse`). With ``joker_card =
    two_of_spades`` the two of spades (``2S``, ``2♠``) is the joker's card (X-22).

    Raises:
        CardError: the text is not a card.
    """
    if not isinstance(text, str):
        raise CardTypeError(f"a card code is a text such as JH or 10C, not {type(text).__name__} {text!r}")
    t = text.strip().upper()
    if t in ("JK", "JOKER", "JO", "BB", "BENNY"):
        return JOKER
    if joker_card == "two_of_spades" and t in ("2S", "2♠"):
        return JOKER
    if len(t) < 2:
        raise CardError(f"not a card: {text!r} (use a rank and a suit, e.g. JH or 10C)")
    rank_text, suit_text = t[:-1], t[-1]
    if rank_text == "10":
        rank_text = "T"
    symbols = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
    suit_text = symbols.get(suit_text, suit_text)
    if len(rank_text) != 1 or rank_text not in RANK_CHARS or suit_text not in "CDHS":
        raise CardError(f"not a card: {text!r} (use a rank 7-10,J,Q,K,A and a suit C,D,H,S)")
    return "CDHS".index(suit_text) * 8 + RANK_CHARS.index(rank_text)


def cards_of(mask: int) -> Iterator[int]:
    """The card numbers in a bit mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of some card numbers."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def deck_cards(size: int, joker: bool) -> list[int]:
    """The card numbers of a deck, in suit then rank order.

    Args:
        size: 24 (9 to A), 28 (8 to A) or 32 (7 to A). S001 L4.
        joker: add the joker (S001 L4, S003 L12).

    Raises:
        CardError: the size is not 24, 28 or 32.
    """
    if isinstance(size, bool) or not isinstance(size, int):
        raise CardTypeError(f"deck size must be a whole number (24, 28 or 32), not {size!r}")
    if size not in (24, 28, 32):
        raise CardError(f"deck size must be 24, 28 or 32, not {size}")
    low = {24: 2, 28: 1, 32: 0}[size]
    cards = [s * 8 + r for s in range(4) for r in range(low, 8)]
    if joker:
        cards.append(JOKER)
    return cards


_LOW_RANK_WORDS = {24: "nine", 28: "eight", 32: "seven"}
_RANK_PLURALS = {"2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes", "7": "sevens", "8": "eights"}


def pack_words(size: int, joker: bool, joker_card: str = "joker") -> str:
    """The pack of a game in words, for a message: ``"24 cards, nine to ace"``,
    ``"25 cards, nine to ace and the joker"`` (S001 L4: the 24-, 28- and 32-card packs;
    S001 L4, S003 L12, X-22: the joker, or the two of spades standing for it).

    Raises:
        CardError: the size is not 24, 28 or 32.
    """
    if size not in _LOW_RANK_WORDS or isinstance(size, bool):
        raise CardError(f"deck size must be 24, 28 or 32, not {size!r}")
    text = f"{size + int(joker)} cards, {_LOW_RANK_WORDS[size]} to ace"
    if joker:
        text += " and the two of spades (the benny)" if joker_card == "two_of_spades" else " and the joker"
    return text


def missing_from_pack(text: str, size: int, joker: bool, joker_card: str = "joker") -> str | None:
    """Why the card typed as ``text`` is not in this game's pack, as a sentence, or None
    when it is in the pack or names no card at all. A rank the pack lacks (``7S`` in the
    24-card pack, ``2H`` in any) and the joker where the game has none are named:
    ``"This game is played with 24 cards, nine to ace: it has no sevens."``

    Args:
        text: what was typed for a card (``7S``, ``8h``, ``JK``, ``2♠``).
        size: the deck size, 24, 28 or 32 (the rules' ``deck``).
        joker: whether the pack holds the joker (the rules' ``joker``).
        joker_card: the rules' ``joker_card``: with ``two_of_spades`` the two of spades
            is the joker's card (X-22), in the pack when ``joker`` is.

    Raises:
        CardError: the size is not 24, 28 or 32.
    """
    pack = pack_words(size, joker, joker_card)
    t = text.strip().upper() if isinstance(text, str) else ""
    try:
        card = parse_card(t, joker_card)
    except CardError:
        rank, suit = t[:-1], t[-1:]
        if rank in _RANK_PLURALS and suit in ("C", "D", "H", "S", "♣", "♦", "♥", "♠"):
            other = " other than the two of spades" if rank == "2" and joker and joker_card == "two_of_spades" else ""
            return f"This game is played with {pack}: it has no {_RANK_PLURALS[rank]}{other}."
        return None
    if card == JOKER:
        return None if joker else f"This game is played with {pack}: it has no joker."
    if card & 7 < {24: 2, 28: 1, 32: 0}[size]:
        return f"This game is played with {pack}: it has no {_RANK_PLURALS[RANK_CHARS[card & 7]]}."
    return None


# ---------------------------------------------------------------------------
# Per-trump tables (REFERENCE 6.1). Index 0..3 is the trump suit, 4 is no trump.

def _effective_suit(card: int, trump: int) -> int:
    if card == JOKER:
        return trump  # a joker with no trump is refused by the rules
    suit, rank = card >> 3, card & 7
    if trump != NO_TRUMP and rank == JACK and suit == SAME_COLOUR[trump]:
        return trump
    return suit


def _power(card: int, trump: int) -> int:
    """Strength of a card that is a trump (100+), or its plain rank (0..7)."""
    if card == JOKER:
        return 120
    suit, rank = card >> 3, card & 7
    if trump == NO_TRUMP:
        return rank
    if rank == JACK and suit == trump:
        return 119
    if rank == JACK and suit == SAME_COLOUR[trump]:
        return 118
    if suit == trump:
        return 100 + rank
    return rank


EFFECTIVE_SUIT: tuple[tuple[int, ...], ...] = tuple(
    tuple(_effective_suit(c, t) for c in range(NUM_CARDS)) for t in range(5)
)
"""EFFECTIVE_SUIT[trump][card]: the suit the card belongs to for leading, following,
winning and sorting (the left bower and the joker belong to trump)."""

SUIT_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(mask_of(c for c in range(NUM_CARDS) if EFFECTIVE_SUIT[t][c] == s) for s in range(4))
    for t in range(5)
)
"""SUIT_MASK[trump][suit]: bit mask of the cards whose effective suit is ``suit``."""

FOLLOW_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(SUIT_MASK[t][EFFECTIVE_SUIT[t][c]] if EFFECTIVE_SUIT[t][c] < 4 else 0 for c in range(NUM_CARDS))
    for t in range(5)
)
"""FOLLOW_MASK[trump][led card]: bit mask of the cards that follow suit to a trick led with
that card (``SUIT_MASK`` of its effective suit), one lookup for the play's hot path. (The
joker with no trump has no suit: the rules refuse that deck, and its entry is 0.)"""


def follow_mask(hand: int, trump: int, led: int) -> int:
    """The cards of ``hand`` (a bit mask) that follow suit to a trick led with card
    ``led`` (-1: no card led yet): those of the led card's effective suit if the hand
    holds any, else the whole hand (REFERENCE 6.1 "Legal plays"; the left bower and the
    joker follow trump through ``SUIT_MASK``). The one reading of following suit: the
    legal plays, a revoke (a card outside this mask), and a player who never revokes."""
    if led < 0:
        return hand
    follow = hand & FOLLOW_MASK[trump][led]
    return follow if follow else hand

TRUMP_POWER: tuple[tuple[int, ...], ...] = tuple(
    tuple(_power(c, t) for c in range(NUM_CARDS)) for t in range(5)
)
"""TRUMP_POWER[trump][card]: 100 and up for a trump (joker 120, right bower 119, left
bower 118, then A..7), else the plain rank 0..7. Only comparable within a trick."""

TRICK_POWER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            TRUMP_POWER[t][c] if (t != NO_TRUMP and EFFECTIVE_SUIT[t][c] == t)
            else (1 + TRUMP_POWER[t][c] if EFFECTIVE_SUIT[t][c] == led else 0)
            for c in range(NUM_CARDS)
        )
        for led in range(4)
    )
    for t in range(5)
)
"""TRICK_POWER[trump][led][card]: the card's strength in a trick whose led effective suit
is ``led``; a card of a third suit has 0 and can never win (S001 L17, REFERENCE 6.1)."""

LEAD_POWER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(TRICK_POWER[t][EFFECTIVE_SUIT[t][c]] if EFFECTIVE_SUIT[t][c] < 4 else (0,) * NUM_CARDS
          for c in range(NUM_CARDS))
    for t in range(5)
)
"""LEAD_POWER[trump][led card]: ``TRICK_POWER`` of the led card's effective suit (one
lookup for the trick's winner; all 0 for the joker with no trump, a deck the rules
refuse)."""


def effective_suit(card: int, trump: int) -> int:
    """The effective suit (0..3) of a card under a trump (0..3, or NO_TRUMP)."""
    return EFFECTIVE_SUIT[trump][card]


def trick_winner_index(cards: list[int], trump: int) -> int:
    """Index in ``cards`` (in play order) of the card that wins the trick.

    The led suit is the effective suit of the first card. Source: S001 L17, REFERENCE 6.1.
    """
    power = LEAD_POWER[trump][cards[0]]
    best = 0
    best_power = power[cards[0]]
    for i in range(1, len(cards)):
        p = power[cards[i]]
        if p > best_power:
            best, best_power = i, p
    return best


def trump_order(trump: int, size: int, joker: bool) -> list[int]:
    """All trumps of a deck, highest first (REFERENCE 6.1, test vectors T1-T3)."""
    cards = [c for c in deck_cards(size, joker) if EFFECTIVE_SUIT[trump][c] == trump]
    return sorted(cards, key=lambda c: -TRUMP_POWER[trump][c])


def plain_order(suit: int, trump: int, size: int) -> list[int]:
    """The cards of a plain suit under a trump, highest first (the next suit has no jack)."""
    cards = [c for c in deck_cards(size, False) if EFFECTIVE_SUIT[trump][c] == suit]
    return sorted(cards, key=lambda c: -TRUMP_POWER[trump][c])


def sort_hand(cards: Iterable[int], trump: int | None) -> list[int]:
    """Cards sorted for display: trump first (highest first), then the other suits by
    effective suit, each highest first. With no trump fixed, by printed suit."""
    t = NO_TRUMP if trump is None else trump

    def key(c: int) -> tuple[int, int, int]:
        if c == JOKER:
            return (0, 0, -200)  # the best bower leads the hand, trump fixed or not
        s = EFFECTIVE_SUIT[t][c]
        is_trump = t != NO_TRUMP and s == t
        # alternate colours: order suits as S, H, C, D after trump
        colour_order = (2, 3, 1, 0)[s]
        return (0 if is_trump else 1, colour_order, -TRUMP_POWER[t][c])

    return sorted(cards, key=key)

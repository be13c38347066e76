"""EGN card codes (``"Jc"``, ``"Th"``, ``"B"``, and the relative ``R``/``L``/``t``/``n``)."""

from __future__ import annotations

import enum
from typing import Any

from euchre.core.cards import JACK, JOKER, RANK_CHARS, SAME_COLOUR, Card
from euchre.core.errors import RecordError, RecordTypeError

_SUIT_LETTERS = "cdhs"


def card_to_egn(card: int) -> str:
    """The EGN code of a card number: rank then lower-case suit (``"Jc"``, ``"Th"``,
    ``"9d"``, ``"7s"``); ``"B"`` for the joker (EGN README, "Card Representation").

    Raises:
        RecordError: not a card number (0..32).
    """
    if isinstance(card, bool) or not isinstance(card, int) or (isinstance(card, enum.Enum) and not isinstance(card, Card)):
        raise RecordTypeError("", f"not a card number: {type(card).__name__} {card!r}")
    if card == JOKER:
        return "B"
    if not 0 <= card < 32:
        raise RecordError("", f"not a card number: {card!r}")
    return RANK_CHARS[card & 7] + _SUIT_LETTERS[card >> 3]


def card_from_egn(text: Any, where: str = "", trump: int | None = None) -> int:
    """The card number of an EGN card code.

    Read: a rank ``7 8 9 T J Q K A`` (``N`` is also a nine) and a suit ``c d h s`` (either
    case); ``B`` the joker; and, only where a trump suit is fixed (``trump`` 0..3), the
    bowers ``R``/``L`` and the relative suits ``t`` (trump) and ``n`` (next, the other
    suit of trump's colour). A lower-case ``h`` is hearts. Refused with a clear error:
    the unknown rank ``X`` and suit ``x`` (the card must be known where it is read) and
    the generic green suit ``g`` (it does not say which of two suits).

    Args:
        text: the code.
        where: the JSON path used in errors.
        trump: the trump suit in force, or None (or NO_TRUMP) when there is none.

    Raises:
        RecordError: the text is not a card this reader can place.
    """
    if not isinstance(text, str):
        raise RecordTypeError(where, f"expected a card code such as 'Jc', found {type(text).__name__}")
    has_trump = trump is not None and 0 <= trump <= 3
    if text == "B":
        return JOKER
    if text in ("R", "L"):
        if not has_trump or trump is None:
            raise RecordError(where, f"{text!r} (a bower) names a card only once a trump suit is fixed")
        suit = trump if text == "R" else SAME_COLOUR[trump]
        return suit * 8 + JACK
    if len(text) != 2:
        raise RecordError(where, f"not an EGN card: {text!r} (a rank 7, 8, 9, T, J, Q, K, A and a suit c, d, h, s; or R, L, B)")
    rank_char, suit_char = text[0], text[1]
    if rank_char == "X" or suit_char == "x":
        raise RecordError(where, f"{text!r} is a card not (fully) known; this card must be known to replay the game")
    if rank_char == "N":
        rank_char = "9"
    rank = RANK_CHARS.find(rank_char)
    if rank < 0:
        raise RecordError(where, f"not an EGN card: {text!r} (ranks are 7, 8, 9 or N, T, J, Q, K, A)")
    if suit_char in ("t", "n"):
        if not has_trump or trump is None:
            raise RecordError(where, f"{text!r} uses the relative suit {suit_char!r}, which needs a trump suit, and none is fixed here")
        suit = trump if suit_char == "t" else SAME_COLOUR[trump]
    elif suit_char == "g":
        raise RecordError(where, f"{text!r} uses the generic suit 'g', which does not say which suit; use c, d, h or s")
    else:
        suit = _SUIT_LETTERS.find(suit_char.lower())
        if suit < 0:
            raise RecordError(where, f"not an EGN card: {text!r} (suits are c, d, h, s)")
    return suit * 8 + rank


def _deck_card(text: Any, where: str, deck: frozenset[int], trump: int | None) -> int:
    card = card_from_egn(text, where, trump)
    if card not in deck:
        raise RecordError(where, f"{text!r} is not in the {len(deck)}-card deck of this ruleset")
    return card

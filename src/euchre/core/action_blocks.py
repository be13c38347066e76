"""The layout of the action codes: named, contiguous blocks, one per kind of action.

:mod:`euchre.core.actions` gives the codes their names and text forms; this module says
where each kind of action lies among the numbers (the table and the reasons for it are
in :mod:`euchre.core.actions`' docstring and docs/engine.md). Together the two are the
only places that write an action code as a number: everything else asks a block
(``PLAY.card(code)``, ``is_discard_code(code)``, ``block_of(code) is CALL_ACE``);
``tests/test_action_blocks.py`` looks for numbers compared with codes elsewhere.
"""

from __future__ import annotations

from typing import NamedTuple

from euchre.core.errors import ActionTypeError, EuchreValueError, IllegalActionError

CARD_CODES = 33
"""How many codes a block of cards holds: one per card number 0..32 (the joker 32)."""


class Block(NamedTuple):
    """A named, contiguous block of action codes.

    Attributes:
        name: the block's name (``"play"``, ``"discard"``, ...).
        first: its first code.
        size: how many codes it holds (:data:`CARD_CODES` for a block of cards).
        phases: the names of the :class:`~euchre.core.state.Phase` members its actions
            are taken in (``tests/test_action_blocks.py`` checks them against the
            phase each action of played hands was recorded in).
    """

    name: str
    first: int
    size: int
    phases: tuple[str, ...]

    @property
    def end(self) -> int:
        """The code after its last."""
        return self.first + self.size

    @property
    def last(self) -> int:
        """Its last code."""
        return self.first + self.size - 1

    def holds(self, code: int) -> bool:
        """True when ``code`` lies in this block."""
        return self.first <= code < self.first + self.size

    def place(self, code: int) -> int:
        """The place of ``code`` in the block: the card of a block of cards, the suit of
        the call-ace block.

        Raises:
            EuchreValueError: the code is not in this block."""
        if not self.first <= code < self.first + self.size:
            raise EuchreValueError(f"code {code!r} is not in the {self.name} block ({self.first}-{self.last})")
        return code - self.first

    def card(self, code: int) -> int:
        """The card number of a code of a block of cards (:meth:`place`).

        Raises:
            EuchreValueError: the code is not in this block."""
        if not self.first <= code < self.first + self.size:
            raise EuchreValueError(f"code {code!r} is not in the {self.name} block ({self.first}-{self.last})")
        return code - self.first

    def code(self, index: int) -> int:
        """The code at place ``index`` of the block (a card number for a block of cards).

        Raises:
            EuchreValueError: the block has no such place."""
        if not 0 <= index < self.size:
            raise EuchreValueError(f"the {self.name} block has no place {index!r} (0..{self.size - 1})")
        return self.first + index


PASS_BLOCK = Block("pass", 0, 1, ("BID_ROUND_1", "BID_ROUND_2", "TAKEOVER", "DEFEND_ALONE", "REVOKE_CLAIMS"))
ACCEPT = Block("accept", 1, 2, ("BID_ROUND_1",))
NAME = Block("name", 3, 10, ("BID_ROUND_2", "BLIND_NAME"))
ALONE = Block("alone", 13, 2, ("ALONE_DECISION",))
TAKEOVER = Block("takeover", 15, 1, ("TAKEOVER",))
DEFEND = Block("defend", 16, 1, ("DEFEND_ALONE",))
FORFEIT = Block("forfeit", 17, 1, ("BID_ROUND_2",))
CLAIM_HAND = Block("claim_hand", 18, 2, ("BID_ROUND_1",))
DISCARD = Block("discard", 20, CARD_CODES, ("DISCARD", "BEST_DISCARD"))
CALL_ACE = Block("call_ace", 53, 4, ("ALONE_DECISION",))
RENEGE = Block("renege", 57, 1, ("PLAY", "REVOKE_CLAIMS"))
CORRECTION = Block("correction", 58, 2, ("REVOKE_CORRECTION",))
PLAY = Block("play", 60, CARD_CODES, ("PLAY",))
GIVE = Block("give", 100, CARD_CODES, ("GIVE_BEST",))
NO_CALL = Block("no_call", 139, 1, ("CALL_CARD",))
CARD_CALL = Block("card_call", 140, CARD_CODES, ("CALL_CARD",))

BLOCKS: tuple[Block, ...] = (PASS_BLOCK, ACCEPT, NAME, ALONE, TAKEOVER, DEFEND, FORFEIT, CLAIM_HAND, DISCARD,
                             CALL_ACE, RENEGE, CORRECTION, PLAY, GIVE, NO_CALL, CARD_CALL)
"""Every block, in the order of their codes (checked at import: contiguous, disjoint)."""

CARD_BLOCKS: tuple[Block, ...] = (DISCARD, PLAY, GIVE, CARD_CALL)
"""The blocks whose codes carry a card (one code per card number)."""

FIXED_LAYOUT_SIZE = PLAY.end
"""The codes of the fixed layouts' action space (93): every code below the give block."""
FIXED_LAYOUT_WITH_GIVE = GIVE.end
"""The fixed layouts' action space when a card may be given for best (133)."""

DISCARD_BASE = DISCARD.first
PLAY_BASE = PLAY.first
GIVE_BASE = GIVE.first
CALL_BASE = CALL_ACE.first
"""The code of calling the best card of clubs; diamonds, hearts, spades follow (call-ace)."""
CALL_CARD_BASE = CARD_CALL.first
"""The code of calling exposed card 0 (table mode: an adversary calls a card exposed by a
corrected revoke, which its owner must then play: New York 1877 s12, Leeds & Dwight 1888
s46); card 1..32 follow."""


def _block_table() -> tuple[Block | None, ...]:
    """BLOCK_AT[code], checking that the blocks are disjoint and in order."""
    top = BLOCKS[-1].end
    at: list[Block | None] = [None] * top
    last_end = 0
    for b in BLOCKS:
        if b.first < last_end or b.size < 1:  # pragma: no cover - a wrong table above
            raise RuntimeError(f"action block {b.name} overlaps the one before it")
        for c in range(b.first, b.end):
            at[c] = b
        last_end = b.end
    return tuple(at)


BLOCK_AT: tuple[Block | None, ...] = _block_table()
"""BLOCK_AT[code]: the block of a code, or None for a number in no block."""


def block_of(code: int) -> Block:
    """The block of an action code.

    Raises:
        ActionTypeError: not a whole number.
        IllegalActionError: the number is in no block (no action's code)."""
    if isinstance(code, bool) or not isinstance(code, int):
        raise ActionTypeError(f"an action code is a whole number, not {type(code).__name__} {code!r}")
    b = BLOCK_AT[code] if 0 <= code < len(BLOCK_AT) else None
    if b is None:
        raise IllegalActionError(f"not an action code: {code!r}")
    return b


def is_play_code(code: int) -> bool:
    """True for the code of a card played to a trick (the play block)."""
    return PLAY.first <= code < PLAY.end


def is_card_call_code(code: int) -> bool:
    """True for the code of an adversary's call of an exposed card (table mode)."""
    return CARD_CALL.first <= code < CARD_CALL.end


def is_call_ace_code(code: int) -> bool:
    """True for the code of the call-ace maker's call of the best card of a suit."""
    return CALL_ACE.first <= code < CALL_ACE.end


def carries_card(code: int) -> bool:
    """True for a code of a block of cards (discard, play, give, card call)."""
    b = BLOCK_AT[code] if 0 <= code < len(BLOCK_AT) else None
    return b is not None and b.size == CARD_CODES


def card_of_code(code: int) -> int:
    """The card number a discard, play, give or card call carries.

    Raises:
        EuchreValueError: the code carries no card."""
    b = BLOCK_AT[code] if 0 <= code < len(BLOCK_AT) else None
    if b is None or b.size != CARD_CODES:
        raise EuchreValueError(f"action code {code!r} carries no card")
    return code - b.first


def is_spoken_code(code: int) -> bool:
    """True for a call a player says aloud (any code of the bidding and the decisions
    after it, the call-ace call, a claim, a correction, a card call); False for a card
    discarded, played or given, and for the stand-ins of hidden actions (negative)."""
    b = BLOCK_AT[code] if 0 <= code < len(BLOCK_AT) else None
    return b is not None and b not in (DISCARD, PLAY, GIVE)


def is_give_code(code: int) -> bool:
    """True for the code of a card given face down to a lone partner (the give block)."""
    return GIVE.first <= code < GIVE.end


def is_discard_code(code: int) -> bool:
    """True for the code of a discard (the discard block; the call-ace calls after it
    are not)."""
    return DISCARD.first <= code < DISCARD.end

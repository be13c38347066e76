"""The actions of a hand and their stable integer codes.

Every decision a player makes is one :class:`Action`. The codes never change (records
and bots rely on them). They lie in named, contiguous blocks (:data:`BLOCKS`, one
:class:`Block` each: its name, first code, size and the phases its actions are taken
in); code outside this module asks a block (``block_of(code)``, ``PLAY.card(code)``,
``is_discard_code(code)``, ``code in PLAY``) and never compares a code with a number:

====  =====  ============  ==========================================================
from  to     block         the action (phase)
====  =====  ============  ==========================================================
0     0      pass          pass (any phase that may be passed)
1     2      accept        accept the upcard, alone or not (BID_ROUND_1)
3     12     name          name a suit or no trump, alone or not (BID_ROUND_2, BLIND_NAME)
13    14     alone         the maker's alone decision after bidding (ALONE_DECISION)
15    15     takeover      the partner takes the lone hand over (TAKEOVER)
16    16     defend        defend alone (DEFEND_ALONE)
17    17     forfeit       the stuck dealer's forfeit (BID_ROUND_2)
18    19     claim_hand    farmer's hand, throw-in: RULES.md decision 23 (BID_ROUND_1)
20    52     discard       discard card 0-32 (DISCARD, BEST_DISCARD)
53    56     call_ace      call the best card of C, D, H, S: decision 21 (ALONE_DECISION)
57    57     renege        claim a revoke: decision 27 (PLAY, REVOKE_CLAIMS)
58    59     correction    correct a revoke, let a card stand (REVOKE_CORRECTION)
60    92     play          play card 0-32 (PLAY)
100   132    give          give card 0-32 face down to a lone partner (GIVE_BEST)
139   139    no_call       call no exposed card (CALL_CARD)
140   172    card_call     call exposed card 0-32 (CALL_CARD; New York 1877 s11-s12)
====  =====  ============  ==========================================================

Why the blocks lie where they do: the first numbering had 0-17, the discards 20-52 and
the plays 60-92, so every decision of the fixed layouts (the batch kernel, PettingZoo,
OpenSpiel, self-play features) fits in an action space of 93. The later blocks that a
fixed layout offers (the call-ace calls, codes the batch kernel plays) went into the gap
below the plays, 53-59, so that the space stayed 93 and every earlier code, record and
trained model stayed valid; the table-mode codes went there too (57-59) for the same
reason. The give codes (``call_for_best``) need a card each, more than any gap held:
they start at 100, and a layout that offers them has 133 codes. The card calls of table
mode, which no fixed layout offers, start at 140. Records store the text forms, not the
numbers (``tests/test_action_blocks.py`` loads a record of the first version).

The text form (``str(action)``) is what records store: ``pass``, ``order``,
``order-alone``, ``name-H``, ``name-H-alone``, ``name-NT``, ``alone``, ``partner``,
``take-over``, ``defend-alone``, ``forfeit``, ``farmers-hand``, ``throw-in``, ``renege``,
``correct``, ``stand``, ``no-call``, ``discard-JH``, ``call-H``, ``play-JH``, ``give-JH``, ``call-JH``.
The words a table uses for each call ("I order it up", "I assist", ...) depend on the
seat and the preset; they are in :mod:`euchre.text.words`.
"""

from __future__ import annotations

import enum

from euchre.core.action_blocks import (
    BLOCK_AT,
    BLOCKS,
    CALL_ACE,
    CALL_BASE,
    CALL_CARD_BASE,
    CARD_BLOCKS,
    CARD_CALL,
    CARD_CODES,
    DISCARD,
    DISCARD_BASE,
    GIVE,
    GIVE_BASE,
    NAME,
    PLAY,
    PLAY_BASE,
    Block,
    block_of,
    card_of_code,
    carries_card,
    is_call_ace_code,
    is_card_call_code,
    is_discard_code,
    is_give_code,
    is_play_code,
    is_spoken_code,
)
from euchre.core.cards import NO_TRUMP, Card, Suit, card_code, parse_card
from euchre.core.errors import ActionTypeError, CardError, CardTypeError, EuchreValueError, IllegalActionError

__all__ = ["ACTIONS", "ACTION_AT", "BLOCKS", "BLOCK_AT", "CALL_ACE", "CALL_BASE", "CALL_CARD_BASE", "CARD_BLOCKS",
           "CARD_CALL", "CARD_CODES", "DISCARD", "DISCARD_BASE", "GIVE", "GIVE_BASE", "GOES_ALONE", "NAME",
           "NAMED_SUIT", "NAME_CODES", "PLAY", "PLAY_BASE", "Action", "Block", "action_text", "block_of",
           "card_of_code", "carries_card", "is_call_ace_code", "is_card_call_code", "is_discard_code",
           "is_give_code", "is_play_code", "is_spoken_code", "parse_action"]

class Action(enum.IntEnum):
    """One decision of a player; ``int(action)`` is its stable code."""

    PASS = 0
    ORDER_UP = 1
    ORDER_UP_ALONE = 2
    NAME_C = 3
    NAME_D = 4
    NAME_H = 5
    NAME_S = 6
    NAME_NO_TRUMP = 7
    NAME_C_ALONE = 8
    NAME_D_ALONE = 9
    NAME_H_ALONE = 10
    NAME_S_ALONE = 11
    NAME_NO_TRUMP_ALONE = 12
    GO_ALONE = 13
    PLAY_WITH_PARTNER = 14
    TAKE_OVER_ALONE = 15
    DEFEND_ALONE = 16
    FORFEIT = 17
    FARMERS_HAND = 18
    THROW_IN = 19
    DISCARD_7C = 20
    DISCARD_8C = 21
    DISCARD_9C = 22
    DISCARD_TC = 23
    DISCARD_JC = 24
    DISCARD_QC = 25
    DISCARD_KC = 26
    DISCARD_AC = 27
    DISCARD_7D = 28
    DISCARD_8D = 29
    DISCARD_9D = 30
    DISCARD_TD = 31
    DISCARD_JD = 32
    DISCARD_QD = 33
    DISCARD_KD = 34
    DISCARD_AD = 35
    DISCARD_7H = 36
    DISCARD_8H = 37
    DISCARD_9H = 38
    DISCARD_TH = 39
    DISCARD_JH = 40
    DISCARD_QH = 41
    DISCARD_KH = 42
    DISCARD_AH = 43
    DISCARD_7S = 44
    DISCARD_8S = 45
    DISCARD_9S = 46
    DISCARD_TS = 47
    DISCARD_JS = 48
    DISCARD_QS = 49
    DISCARD_KS = 50
    DISCARD_AS = 51
    DISCARD_JK = 52
    CALL_C = 53
    CALL_D = 54
    CALL_H = 55
    CALL_S = 56
    CLAIM_REVOKE = 57
    CORRECT_REVOKE = 58
    LET_STAND = 59
    PLAY_7C = 60
    PLAY_8C = 61
    PLAY_9C = 62
    PLAY_TC = 63
    PLAY_JC = 64
    PLAY_QC = 65
    PLAY_KC = 66
    PLAY_AC = 67
    PLAY_7D = 68
    PLAY_8D = 69
    PLAY_9D = 70
    PLAY_TD = 71
    PLAY_JD = 72
    PLAY_QD = 73
    PLAY_KD = 74
    PLAY_AD = 75
    PLAY_7H = 76
    PLAY_8H = 77
    PLAY_9H = 78
    PLAY_TH = 79
    PLAY_JH = 80
    PLAY_QH = 81
    PLAY_KH = 82
    PLAY_AH = 83
    PLAY_7S = 84
    PLAY_8S = 85
    PLAY_9S = 86
    PLAY_TS = 87
    PLAY_JS = 88
    PLAY_QS = 89
    PLAY_KS = 90
    PLAY_AS = 91
    PLAY_JK = 92
    GIVE_7C = 100
    GIVE_8C = 101
    GIVE_9C = 102
    GIVE_TC = 103
    GIVE_JC = 104
    GIVE_QC = 105
    GIVE_KC = 106
    GIVE_AC = 107
    GIVE_7D = 108
    GIVE_8D = 109
    GIVE_9D = 110
    GIVE_TD = 111
    GIVE_JD = 112
    GIVE_QD = 113
    GIVE_KD = 114
    GIVE_AD = 115
    GIVE_7H = 116
    GIVE_8H = 117
    GIVE_9H = 118
    GIVE_TH = 119
    GIVE_JH = 120
    GIVE_QH = 121
    GIVE_KH = 122
    GIVE_AH = 123
    GIVE_7S = 124
    GIVE_8S = 125
    GIVE_9S = 126
    GIVE_TS = 127
    GIVE_JS = 128
    GIVE_QS = 129
    GIVE_KS = 130
    GIVE_AS = 131
    GIVE_JK = 132
    DECLINE_CALL = 139
    CALL_CARD_7C = 140
    CALL_CARD_8C = 141
    CALL_CARD_9C = 142
    CALL_CARD_TC = 143
    CALL_CARD_JC = 144
    CALL_CARD_QC = 145
    CALL_CARD_KC = 146
    CALL_CARD_AC = 147
    CALL_CARD_7D = 148
    CALL_CARD_8D = 149
    CALL_CARD_9D = 150
    CALL_CARD_TD = 151
    CALL_CARD_JD = 152
    CALL_CARD_QD = 153
    CALL_CARD_KD = 154
    CALL_CARD_AD = 155
    CALL_CARD_7H = 156
    CALL_CARD_8H = 157
    CALL_CARD_9H = 158
    CALL_CARD_TH = 159
    CALL_CARD_JH = 160
    CALL_CARD_QH = 161
    CALL_CARD_KH = 162
    CALL_CARD_AH = 163
    CALL_CARD_7S = 164
    CALL_CARD_8S = 165
    CALL_CARD_9S = 166
    CALL_CARD_TS = 167
    CALL_CARD_JS = 168
    CALL_CARD_QS = 169
    CALL_CARD_KS = 170
    CALL_CARD_AS = 171
    CALL_CARD_JK = 172

    @property
    def is_play(self) -> bool:
        """True for playing a card to a trick."""
        return PLAY.first <= self < PLAY.end

    @property
    def is_discard(self) -> bool:
        """True for a discard (the dealer's, or a lone player's after his partner's best card)."""
        return DISCARD.first <= self < DISCARD.end

    @property
    def is_call(self) -> bool:
        """True for the call-ace maker's call of the best card of a suit."""
        return CALL_ACE.first <= self < CALL_ACE.end

    @property
    def called_suit(self) -> int:
        """The suit (0..3) whose best card a call names. Raises EuchreValueError otherwise."""
        if not CALL_ACE.first <= self < CALL_ACE.end:
            raise EuchreValueError(f"{self} calls no card")
        return int(self) - CALL_ACE.first

    @property
    def is_give(self) -> bool:
        """True for giving a card face down to a lone partner (``call_for_best``, X-20, X-15c)."""
        return GIVE.first <= self < GIVE.end

    @property
    def is_card_call(self) -> bool:
        """True for an adversary's call of an exposed card (table mode, ``call-JH``)."""
        return CARD_CALL.first <= self < CARD_CALL.end

    @property
    def card(self) -> int:
        """The card number played, discarded, given or called. Raises EuchreValueError for
        other actions."""
        b = BLOCK_AT[self]
        if b is None or b.size != CARD_CODES:
            raise EuchreValueError(f"{self} carries no card")
        return int(self) - b.first

    @property
    def is_naming(self) -> bool:
        """True for naming a suit or no trump (round two, or the blind call)."""
        return NAME.first <= self < NAME.end

    @property
    def named_suit(self) -> int:
        """The suit named (0..3, or NO_TRUMP) by a naming action. Raises EuchreValueError otherwise."""
        if not NAME.first <= self < NAME.end:
            raise EuchreValueError(f"{self} names no suit")
        return (int(self) - NAME.first) % (NO_TRUMP + 1)

    @property
    def is_alone(self) -> bool:
        """True for a call that goes alone with it (with_call timing), or GO_ALONE."""
        return self in (Action.ORDER_UP_ALONE, Action.GO_ALONE) or Action.NAME_C_ALONE <= self <= Action.NAME_NO_TRUMP_ALONE

    def __str__(self) -> str:
        return action_text(self)

    @classmethod
    def _missing_(cls, value: object) -> Action:
        if isinstance(value, str):
            raise IllegalActionError(f"Action({value!r}): an Action is made from its code; read a text form such as "
                                     f"'play-JH' with Action.parse({value!r})")
        if isinstance(value, int):
            raise IllegalActionError(f"not an action code: {value!r}")
        raise ActionTypeError(f"an action code is a whole number, not {type(value).__name__} {value!r}")

    @classmethod
    def play(cls, card: int) -> Action:
        """The action that plays ``card`` (a card number 0..32).

        Raises:
            CardError: not a card number."""
        return ACTIONS[PLAY_BASE + _card_number(card)]

    @classmethod
    def discard(cls, card: int) -> Action:
        """The action that discards ``card`` (a card number 0..32).

        Raises:
            CardError: not a card number."""
        return ACTIONS[DISCARD_BASE + _card_number(card)]

    @classmethod
    def give(cls, card: int) -> Action:
        """The action that gives ``card`` (a card number 0..32) face down to the lone
        partner (``call_for_best``).

        Raises:
            CardError: not a card number."""
        return ACTIONS[GIVE_BASE + _card_number(card)]

    @classmethod
    def name_trump(cls, suit: int, alone: bool = False) -> Action:
        """The action that names ``suit`` (0..3 or NO_TRUMP) as trump, alone or not.

        Raises:
            ActionTypeError: not a whole number (or ``alone`` not a bool).
            IllegalActionError: not a suit number 0..4."""
        if (isinstance(suit, bool) or not isinstance(suit, int) or not isinstance(alone, bool)
                or (isinstance(suit, enum.Enum) and not isinstance(suit, Suit))):
            raise ActionTypeError(f"name_trump takes a suit number 0..4 and alone true or false, not {suit!r}, {alone!r}")
        if not 0 <= suit <= NO_TRUMP:
            raise IllegalActionError(f"not a suit number 0..4: {suit!r}")
        return ACTIONS[NAME.first + suit + (NO_TRUMP + 1 if alone else 0)]

    @classmethod
    def call(cls, suit: int) -> Action:
        """The call-ace action that calls the best card of ``suit`` (0..3).

        Raises:
            ActionTypeError: not a whole number.
            IllegalActionError: not a suit number 0..3."""
        if isinstance(suit, bool) or not isinstance(suit, int) or (isinstance(suit, enum.Enum) and not isinstance(suit, Suit)):
            raise ActionTypeError(f"call takes a suit number 0..3, not {suit!r}")
        if not 0 <= suit <= 3:
            raise IllegalActionError(f"not a suit number 0..3: {suit!r}")
        return ACTIONS[CALL_BASE + suit]

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its text form (see the module docstring).

        Raises:
            ActionTypeError: not a text.
            IllegalActionError: the text is no action.
        """
        return ACTIONS[parse_action(text)]


ACTIONS: dict[int, Action] = {int(a): a for a in Action}
"""ACTIONS[code] is the Action with that code (a fast lookup)."""

ACTION_AT: tuple[Action | None, ...] = tuple(ACTIONS.get(i) for i in range(max(ACTIONS) + 1))
"""ACTION_AT[code]: the Action with that code, or None for a number that is no action."""

NAME_CODES: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(int(Action.name_trump(s)) for s in range(NO_TRUMP + 1)),
    tuple(int(Action.name_trump(s, alone=True)) for s in range(NO_TRUMP + 1)),
)
"""NAME_CODES[alone][suit]: the code of naming ``suit`` (0..3, or NO_TRUMP) as trump,
alone (1) or not (0); the same as ``Action.name_trump(suit, alone)``, as a table for the
phase machine."""

NAMED_SUIT: tuple[int, ...] = tuple(
    a.named_suit if a is not None and a.is_naming else -1 for a in ACTION_AT)
"""NAMED_SUIT[code]: the suit a naming action names (``Action.named_suit``), else -1."""

GOES_ALONE: frozenset[int] = frozenset(int(a) for a in Action if a.is_alone)
"""The codes of the calls that go alone with them (``Action.is_alone``)."""


def _card_number(card: object) -> int:
    if isinstance(card, bool) or not isinstance(card, int) or (isinstance(card, enum.Enum) and not isinstance(card, Card)):
        raise CardTypeError(f"not a card number 0..32: {type(card).__name__} {card!r}")
    if not 0 <= card <= 32:
        raise CardError(f"not a card number 0..32: {card!r}")
    return int(card)

_SIMPLE = {int(a): text for a, text in (
    (Action.PASS, "pass"), (Action.ORDER_UP, "order"), (Action.ORDER_UP_ALONE, "order-alone"),
    (Action.GO_ALONE, "alone"), (Action.PLAY_WITH_PARTNER, "partner"), (Action.TAKE_OVER_ALONE, "take-over"),
    (Action.DEFEND_ALONE, "defend-alone"), (Action.FORFEIT, "forfeit"), (Action.FARMERS_HAND, "farmers-hand"),
    (Action.THROW_IN, "throw-in"), (Action.CLAIM_REVOKE, "renege"), (Action.CORRECT_REVOKE, "correct"),
    (Action.LET_STAND, "stand"), (Action.DECLINE_CALL, "no-call"))}
_SIMPLE_BACK = {v: k for k, v in _SIMPLE.items()}
_CARD_WORD = {"discard": "discard", "play": "play", "give": "give", "card_call": "call"}
"""The word of each block of cards in the text forms (``discard-JH``, ``call-JH``)."""


def action_text(code: int) -> str:
    """The text form of an action code (``play-JH``, ``name-S-alone``, ...).

    Raises:
        ActionTypeError: the code is not a whole number.
        IllegalActionError: the number is no action's code.
    """
    if isinstance(code, bool) or not isinstance(code, int):
        raise ActionTypeError(f"an action code is a whole number, not {type(code).__name__} {code!r}")
    if code in _SIMPLE:
        return _SIMPLE[code]
    b = BLOCK_AT[code] if 0 <= code < len(BLOCK_AT) else None
    if b is NAME:
        place = code - NAME.first
        suit = place % (NO_TRUMP + 1)
        name = "NT" if suit == NO_TRUMP else "CDHS"[suit]
        return f"name-{name}" + ("-alone" if place > NO_TRUMP else "")
    if b is CALL_ACE:
        return "call-" + "CDHS"[code - CALL_ACE.first]
    if b is not None and b.size == CARD_CODES:
        return _CARD_WORD[b.name] + "-" + card_code(code - b.first)
    raise IllegalActionError(f"not an action code: {code}")


def parse_action(text: str) -> int:
    """The code of an action's text form.

    Raises:
        ActionTypeError: not a text.
        IllegalActionError: the text is no action.
    """
    if not isinstance(text, str):
        raise ActionTypeError(f"an action's text form is a str, not {type(text).__name__} {text!r}")
    t = text.strip().lower()
    if t in _SIMPLE_BACK:
        return _SIMPLE_BACK[t]
    try:
        if t.startswith("name-"):
            rest = t[5:]
            alone = rest.endswith("-alone")
            if alone:
                rest = rest[: -len("-alone")]
            suit = NO_TRUMP if rest == "nt" else "cdhs".index(rest) if len(rest) == 1 and rest in "cdhs" else -1
            if suit >= 0:
                return NAME.first + suit + (NO_TRUMP + 1 if alone else 0)
        elif t.startswith("call-") and len(t) == 6 and t[5] in "cdhs":
            return CALL_BASE + "cdhs".index(t[5])
        elif t.startswith("call-"):
            return CALL_CARD_BASE + parse_card(t[5:])
        elif t.startswith("discard-"):
            return DISCARD_BASE + parse_card(t[8:])
        elif t.startswith("play-"):
            return PLAY_BASE + parse_card(t[5:])
        elif t.startswith("give-"):
            return GIVE_BASE + parse_card(t[5:])
    except CardError:
        pass
    raise IllegalActionError(f"not an action: {text!r}")

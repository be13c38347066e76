"""Reading a person's choice: a card by its code or its number on screen, a call by its
number in the menu or by words ("pass", "pick it up", "hearts alone", "assist").

Legality is never decided here: the legal actions come from the engine, and this module
only matches what was typed against them. A wrong entry raises :class:`ChoiceError`
with a message saying what would have been right.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from euchre.core.actions import Action
from euchre.core.cards import EFFECTIVE_SUIT, NO_TRUMP, Card, parse_card
from euchre.core.errors import CardError, EuchreError
from euchre.core.words import suit_symbol, suit_word

COMMANDS: dict[str, str] = {
    "help": "help", "?": "help", "quit": "quit", "exit": "quit", "q": "quit",
    "hint": "hint", "show": "show", "score": "show",
}
"""Words that are commands rather than choices, and the command each stands for."""

_PASS = {"pass", "p", "no", "turn", "down", "decline", "skip"}
_ACCEPT = {"order", "pick", "up", "assist", "take", "accept", "yes", "o", "ordered"}
_ALONE = {"alone", "loner", "lone", "a"}
_PARTNER = {"partner", "with", "together", "team"}
_TAKEOVER = {"take", "over", "takeover"}
_DEFEND = {"defend", "defence", "defense"}
_NO_TRUMP = {"nt", "notrump", "notrumps"}


class ChoiceError(Exception):
    """What was typed is not a legal choice; the message says why and what is legal."""


def command_of(text: str) -> str | None:
    """The command ("help", "quit", "hint", "show") that ``text`` names, or None."""
    return COMMANDS.get(text.strip().lower())


def _cards_list(cards: Sequence[int], shown: Sequence[int]) -> str:
    ordered = sorted(cards, key=lambda c: shown.index(c) if c in shown else len(shown))
    items = [f"{shown.index(c) + 1} {Card(c).pretty()}" if c in shown else Card(c).pretty() for c in ordered]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def choose_card(text: str, shown: Sequence[int], legal: Sequence[Action], *, trump: int,
                led: int | None, discard: bool, upcard: int | None = None) -> Action:
    """The play (or discard) that ``text`` names.

    Args:
        text: what was typed: a number as shown (1 = the first card), or a card code
            (``JH``, ``10h``, ``j♥``), optionally after "play" or "discard".
        shown: the cards in the order shown on screen.
        legal: the legal actions (plays, or discards).
        trump: the trump suit (0..3, NO_TRUMP) or -1.
        led: the effective suit led to the trick, or None.
        discard: True when choosing the dealer's discard.
        upcard: the upcard (to explain why it may not be discarded).

    Raises:
        ChoiceError: not a card, not held, or not legal now (the message names the
            legal cards).
    """
    t = text.strip()
    t = re.sub(r"^(play|discard)\s+", "", t, flags=re.IGNORECASE)
    n = len(shown)
    if t.isdigit():
        k = int(t)
        if not 1 <= k <= n:
            raise ChoiceError(f"There is no card {k}: type a number from 1 to {n}, or a card such as JH.")
        card = shown[k - 1]
    else:
        try:
            card = parse_card(t)
        except CardError:
            raise ChoiceError(f"{text.strip()!r} is not a card: type a number from 1 to {n}, "
                              "or a card such as JH, 10h or j♥ ('?' for help).") from None
    if card not in shown:
        raise ChoiceError(f"You do not hold {Card(card).pretty()}.")
    action = Action.discard(card) if discard else Action.play(card)
    if action in legal:
        return action
    legal_cards = [a.card for a in legal]
    if discard:
        if card == upcard:
            raise ChoiceError(f"You may not discard the upcard {Card(card).pretty()} under these rules.")
        raise ChoiceError(f"You may discard {_cards_list(legal_cards, shown)}.")
    if led is not None and trump != -1:
        note = ""
        eff = EFFECTIVE_SUIT[trump][card]
        if eff != card >> 3 or card == 32:
            note = f" ({Card(card).pretty()} counts as a trump here)"
        what = "trump" if led == trump and trump != NO_TRUMP else f"{suit_symbol(led)} {suit_word(led)}"
        raise ChoiceError(f"You must follow suit: {what} was led{note}. Play {_cards_list(legal_cards, shown)}.")
    raise ChoiceError(f"You may play {_cards_list(legal_cards, shown)}.")  # pragma: no cover


def _suit_in(tokens: list[str]) -> int | None:
    for i, tok in enumerate(tokens):
        if tok in _NO_TRUMP or (tok == "no" and i + 1 < len(tokens) and tokens[i + 1].startswith("trump")):
            return NO_TRUMP
        for s in range(4):
            name = suit_word(s)
            if tok in (name, name.rstrip("s"), name[0], suit_symbol(s)):
                return s
    return None


def _tokens(text: str) -> list[str]:
    t = text.strip().lower()
    for sym in "♣♦♥♠":
        t = t.replace(sym, f" {sym} ")
    return [w for w in re.split(r"[^a-z0-9♣♦♥♠]+", t) if w]


def _matches(action: Action, tokens: list[str], suit: int | None) -> bool:
    words = set(tokens)
    alone = bool(words & _ALONE)
    if action == Action.PASS:
        return bool(words & _PASS) and not alone and suit is None
    if action in (Action.ORDER_UP, Action.ORDER_UP_ALONE):
        accept = bool(words & _ACCEPT)
        if action == Action.ORDER_UP:
            return accept and not alone
        return alone and (accept or suit is None)
    if action.is_naming:
        return suit == action.named_suit and alone == action.is_alone
    if action == Action.GO_ALONE:
        return alone
    if action == Action.PLAY_WITH_PARTNER:
        return bool(words & _PARTNER) and not alone
    if action == Action.TAKE_OVER_ALONE:
        return bool(words & (_TAKEOVER | _ALONE))
    if action == Action.DEFEND_ALONE:
        return bool(words & (_DEFEND | _ALONE))
    if action == Action.FORFEIT:
        return "forfeit" in words
    return False


def choose_call(text: str, menu: Sequence[Action], words: Sequence[str]) -> Action:
    """The call that ``text`` names.

    Args:
        text: a number from the menu (1 = the first item); the words shown in the menu;
            the action's text form (``order``, ``name-H-alone``); or key words:
            "pass", "order"/"pick up"/"assist"/"take", a suit ("hearts", "h", "♥",
            "nt"), "alone", "partner", "take over", "defend", "forfeit".
        menu: the legal actions in menu order.
        words: the words shown for each menu item.

    Raises:
        ChoiceError: the text names no legal call, or several.
    """
    t = text.strip()
    n = len(menu)
    if not t:
        raise ChoiceError(f"Type a number from 1 to {n}, or the words of a call ('?' for help).")
    if t.isdigit():
        k = int(t)
        if 1 <= k <= n:
            return menu[k - 1]
        raise ChoiceError(f"There is no choice {k}: type a number from 1 to {n}.")
    low = t.lower()
    for action, w in zip(menu, words, strict=True):
        if low == w.lower().rstrip(".") or low == w.lower():
            return action
    try:
        code = Action.parse(low)
    except EuchreError:
        code = None
    if code is not None and code in menu:
        return code
    tokens = _tokens(t)
    suit = _suit_in(tokens)
    found = [a for a in menu if _matches(a, tokens, suit)]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        options = "; ".join(f"{menu.index(a) + 1} {words[menu.index(a)]}" for a in found)
        raise ChoiceError(f"{t!r} could mean several calls: {options}. Type the number.")
    if suit is not None and not any(a.is_naming and a.named_suit == suit for a in menu):
        raise ChoiceError(f"You may not name {suit_word(suit)} now. Choose from the menu (1 to {n}).")
    raise ChoiceError(f"{t!r} is not a call you can make now. Choose from the menu (1 to {n}), "
                      "or type words such as 'pass' ('?' for help).")

"""Reading a person's choice: a card by its code or its number on screen, a call by its
number in the menu or by words ("pass", "pick it up", "hearts alone", "assist").

Legality is never decided here: the legal actions come from the engine, and this module
only matches what was typed against them. A wrong entry raises :class:`ChoiceError`
with a message saying what would have been right.

What is accepted (also told by ``help`` in the game):

* numbers in the ASCII digits 0-9 only (not ``²`` or ``①``), a few digits at most;
* no control or escape characters: an arrow key read without line editing arrives as
  ``ESC [ A``, and the line is refused rather than read as the word ``a``;
* single letters only as exact shortcuts, typed alone on the line: ``p`` (pass) and
  ``c``, ``d``, ``h``, ``s`` (name that suit, not alone; at call-ace, once trump is
  fixed, call the best card of that suit). Every other call needs a whole
  word or the menu number, and going alone always needs the word "alone" (or the menu
  number): a stray letter never makes a consequential call, and a line holding one of
  the shortcut letters among other words is refused rather than guessed at;
* a call read from part of its words (a suit's letter, a bare "alone" that means
  ordering up alone, "up", "yes") is returned as not named in full
  (:func:`read_call`), and ``euchre play`` makes it only once the person confirms it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from euchre.cli.text import has_other_numerals, has_unsafe_chars, is_ascii_number, quoted, shorten
from euchre.core.actions import Action
from euchre.core.cards import EFFECTIVE_SUIT, NO_TRUMP, Card, missing_from_pack, parse_card
from euchre.core.errors import CardError, EuchreError
from euchre.text.words import suit_symbol, suit_word

COMMANDS: dict[str, str] = {
    "help": "help", "?": "help", "quit": "quit", "exit": "quit", "q": "quit",
    "hint": "hint", "show": "show", "score": "show", "undo": "undo", "last": "last", "rules": "rules",
}
"""Words that are commands rather than choices, and the command each stands for."""

MAX_LINE = 200
"""The longest line read as an answer; a longer one is refused unread."""

MAX_NUMBER_DIGITS = 3
"""The most digits a choice number may have (every menu and hand is far shorter)."""

SUIT_LETTERS = "cdhs"
"""The exact one-letter shortcuts naming a suit (typed alone on the line)."""

_PASS = {"pass", "no", "turn", "down", "decline", "skip"}
_PASS_LETTER = "p"
_ACCEPT = {"order", "pick", "up", "assist", "take", "accept", "yes", "ordered"}
_ACCEPT_VERBS = {"order", "ordered", "pick", "assist", "take", "accept"}
"""The words of :data:`_ACCEPT` that say the call itself ("up" and "yes" say only a part)."""
_ALONE = {"alone", "loner", "lone"}
_PARTNER = {"partner", "with", "together", "team"}
_TAKEOVER = {"take", "over", "takeover"}
_DEFEND = {"defend", "defence", "defense"}
_NO_TRUMP = {"nt", "notrump", "notrumps"}
_FARMER = {"farmer", "farmers", "farmers-hand"}
_THROW_IN = {"throw", "redeal", "misdeal"}


_BIDDING_CALLS = (Action.PASS, Action.ORDER_UP, Action.ORDER_UP_ALONE,
                  *(Action.name_trump(s, alone) for s in range(NO_TRUMP + 1) for alone in (False, True)),
                  Action.GO_ALONE, Action.PLAY_WITH_PARTNER, Action.TAKE_OVER_ALONE, Action.DEFEND_ALONE,
                  Action.FORFEIT, Action.FARMERS_HAND, Action.THROW_IN)
"""Every call of the bidding and the lone hands (for :func:`names_a_call`)."""


class ChoiceError(Exception):
    """What was typed is not a legal choice; the message says why and what is legal."""


def command_of(text: str) -> str | None:
    """The command ("help", "quit", "hint", "show", "undo", "last", "rules") that ``text``
    names, or None (``save FILE`` is read by the player, with its file name)."""
    return COMMANDS.get(text.strip().lower())


def check_line(text: str) -> str:
    """``text`` stripped, if it may be read as an answer at all.

    Raises:
        ChoiceError: the line is too long, or holds a control or escape character
            (an arrow or function key read without line editing, a pasted escape
            sequence); the message does not echo it.
    """
    t = text.strip()
    if len(t) > MAX_LINE:
        raise ChoiceError(f"That line is too long ({len(t)} characters): type a number, "
                          "or a short answer ('?' for help).")
    if has_unsafe_chars(t):
        raise ChoiceError("That line holds control or escape characters (arrow keys and the like "
                          "are not read here): type a number, or a word ('?' for help).")
    return t


def _number(t: str, what: str, n: int, other: str = "") -> int | None:
    """The choice number ``t`` (1..n), or None when ``t`` is not a number.

    Args:
        other: the other way to answer, for the messages (", or a card such as JH").

    Raises:
        ChoiceError: a number out of range, or numerals other than 0-9.
    """
    if is_ascii_number(t):
        if len(t) > MAX_NUMBER_DIGITS or not 1 <= int(t) <= n:
            numbers = "1" if n == 1 else f"a number from 1 to {n}"
            raise ChoiceError(f"There is no {what} {shorten(t, 12)}: type {numbers}{other}.")
        return int(t)
    if has_other_numerals(t):
        raise ChoiceError(f"{quoted(t)} is not a number here: type numbers with the digits 0-9 "
                          f"(1 to {n}){other}.")
    return None


def _cards_list(cards: Sequence[int], shown: Sequence[int], joker_card: str = "joker") -> str:
    ordered = sorted(cards, key=lambda c: shown.index(c) if c in shown else len(shown))
    items = [f"{shown.index(c) + 1} {Card(c).pretty(joker_card)}" if c in shown else Card(c).pretty(joker_card)
             for c in ordered]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def choose_card(text: str, shown: Sequence[int], legal: Sequence[Action], *, trump: int,
                led: int | None, discard: bool, upcard: int | None = None, give: bool = False,
                joker_card: str = "joker", deck: int | None = None, has_joker: bool = False) -> Action:
    """The play (or discard, or card given to a lone partner) that ``text`` names.

    Args:
        text: what was typed: a number as shown (1 = the first card), or a card code
            (``JH``, ``10h``, ``j♥``), optionally after "play" or "discard".
        shown: the cards in the order shown on screen.
        legal: the legal actions (plays, or discards).
        trump: the trump suit (0..3, NO_TRUMP) or -1.
        led: the effective suit led to the trick, or None.
        discard: True when choosing the dealer's discard.
        upcard: the upcard (to explain why it may not be discarded).
        give: True when choosing the card to give a lone partner (``call_for_best``).
        joker_card: the rules' ``joker_card``: with ``two_of_spades`` the joker is
            typed and shown as the two of spades (``2S``, ``2♠``).
        deck, has_joker: the game's pack (the rules' ``deck`` and ``joker``): a card
            it does not hold is answered with the pack (``"This game is played with
            24 cards, nine to ace: it has no sevens."``), not "You do not hold".
            None: the pack is not known, and no card is refused for it.

    Raises:
        ChoiceError: not a card, not in this game's pack, not held, or not legal now
            (the message names the legal cards); or no answer at all (control
            characters, a numeral other than 0-9, too long).
    """
    raw = check_line(text)
    verb = re.match(r"^(play|discard|give)(?:\s+|-)", raw, flags=re.IGNORECASE)
    t = raw[verb.end():] if verb else raw
    n = len(shown)
    if verb:
        _check_verb(verb.group(1).lower(), discard=discard, give=give, n=n)
    k = _number(t, "card", n, ", or a card such as JH")
    if k is not None:
        card = shown[k - 1]
    else:
        absent = None if deck is None else missing_from_pack(t, deck, has_joker, joker_card)
        if absent is not None:
            raise ChoiceError(absent)
        try:
            card = parse_card(t, joker_card)
        except CardError:
            raise ChoiceError(f"{quoted(raw)} is not a card: type a number from 1 to {n}, "
                              "or a card such as JH, 10h or j♥ ('?' for help).") from None
    if card not in shown:
        raise ChoiceError(f"You do not hold {Card(card).pretty(joker_card)}.")
    action = Action.give(card) if give else Action.discard(card) if discard else Action.play(card)
    if action in legal:
        return action
    legal_cards = [a.card for a in legal]
    if discard or give:
        # The upcard the dealer took up stays his until played, at every discard and
        # give (RULES.md decision 10), unless the rules let him discard it.
        doing = "give" if give else "discard"
        if card == upcard:
            raise ChoiceError(f"You may not {doing} the upcard {Card(card).pretty(joker_card)} under these rules: "
                              f"you keep the card you took up. You may {doing} {_cards_list(legal_cards, shown, joker_card)}.")
        raise ChoiceError(f"You may {doing} {_cards_list(legal_cards, shown, joker_card)}.")
    if led is not None and trump != -1:
        note = ""
        eff = EFFECTIVE_SUIT[trump][card]
        if eff != card >> 3 or card == 32:
            note = f" ({Card(card).pretty(joker_card)} counts as a trump here)"
        what = "trump" if led == trump and trump != NO_TRUMP else f"{suit_symbol(led)} {suit_word(led)}"
        raise ChoiceError(f"You must follow suit: {what} was led{note}. Play {_cards_list(legal_cards, shown, joker_card)}.")
    raise ChoiceError(f"You may play {_cards_list(legal_cards, shown, joker_card)}.")  # pragma: no cover


def _check_verb(verb: str, *, discard: bool, give: bool, n: int) -> None:
    """Refuse a card typed with the verb of another moment ("discard JH" when a card is
    to be played): the card would be taken for what it does not say."""
    wanted = "give" if give else "discard" if discard else "play"
    if verb == wanted:
        return
    doing = {"play": "play a card", "discard": "discard a card face down",
             "give": "give your lone partner a card face down"}[wanted]
    numbers = "1" if n == 1 else f"1 to {n}"
    raise ChoiceError(f"This is no moment to {verb} a card: now you {doing}. Type its number ({numbers}) or its code, "
                      f"such as JH{'' if wanted == 'play' else f', or {wanted} JH'}.")


def _suit_in(tokens: list[str]) -> int | None:
    for i, tok in enumerate(tokens):
        if tok in _NO_TRUMP or (tok == "no" and i + 1 < len(tokens) and tokens[i + 1].startswith("trump")):
            return NO_TRUMP
        for s in range(4):
            name = suit_word(s)
            if tok in (name, name.rstrip("s"), suit_symbol(s)):
                return s
    return None


def _tokens(text: str) -> list[str]:
    """The words of ``text`` (lower case, suit symbols apart). One-letter words are
    dropped: a letter is a shortcut only when it is the whole answer (see
    :func:`choose_call`), never a stray character among others."""
    t = text.strip().lower()
    for sym in "♣♦♥♠":
        t = t.replace(sym, f" {sym} ")
    return [w for w in re.split(r"[^a-z0-9♣♦♥♠]+", t) if w and (len(w) > 1 or w in "♣♦♥♠")]


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
    if action == Action.FARMERS_HAND:  # the claims of the dealt hand (RULES.md decision 23)
        return bool(words & _FARMER)
    if action.is_call:
        # Call-ace (RULES.md decision 21): the suit whose best card calls the partner,
        # however it is said ("hearts", "heart", "best heart", "call hearts", "♥", the
        # menu's "call the best ♥ hearts card for your partner").
        return suit == action.called_suit and not alone
    if action == Action.THROW_IN:
        return bool(words & _THROW_IN) and not words & _FARMER
    return False


def _in_full(action: Action, tokens: list[str]) -> bool:
    """Whether the words ``tokens`` (which :func:`_matches` ``action``) say the whole
    decision, not a part that the call is guessed from (see :func:`read_call`)."""
    words = set(tokens)
    if action in (Action.ORDER_UP, Action.ORDER_UP_ALONE):
        return bool(words & _ACCEPT_VERBS)  # "alone", "up", "yes" alone say less than the call
    if action == Action.TAKE_OVER_ALONE:
        return bool(words & _ALONE) or "takeover" in words or {"take", "over"} <= words
    if action == Action.THROW_IN:
        return bool(words & {"redeal", "misdeal"}) or {"throw", "in"} <= words
    return True


def names_a_call(text: str) -> bool:
    """Whether ``text`` holds the words of a call of the bidding or the lone hands
    ("pass", "order up", "hearts", "alone", "partner", "defend", "forfeit", ...), to say
    so when it is typed where a card is asked."""
    tokens = _tokens(text)
    suit = _suit_in(tokens)
    return any(_matches(a, tokens, suit) for a in _BIDDING_CALLS)


_EXAMPLE_WORDS: dict[Action, str] = {
    Action.PASS: "pass",
    Action.ORDER_UP: "order",
    Action.ORDER_UP_ALONE: "order alone",
    Action.GO_ALONE: "alone",
    Action.PLAY_WITH_PARTNER: "partner",
    Action.TAKE_OVER_ALONE: "take over",
    Action.DEFEND_ALONE: "defend",
    Action.FORFEIT: "forfeit",
    Action.FARMERS_HAND: "farmer's hand",
    Action.THROW_IN: "throw in",
}
"""The words :func:`example_words` shows for the calls that name no suit (each is read
back as its call by :func:`choose_call`)."""


def example_words(menu: Sequence[Action], limit: int = 2) -> str:
    """Words that name calls of ``menu`` (so legal now), quoted, for a message:
    ``"'pass' or 'clubs'"``; never a call the menu does not hold."""
    out: list[str] = []
    for action in menu:
        if action in _EXAMPLE_WORDS:
            word = _EXAMPLE_WORDS[action]
        elif action.is_naming:
            word = suit_word(action.named_suit) + (" alone" if action.is_alone else "")
        elif action.is_call:
            word = f"call {suit_word(action.called_suit)}"
        else:
            continue
        if f"'{word}'" not in out:
            out.append(f"'{word}'")
    picked = out[:limit]
    if Action.FORFEIT in menu and "'forfeit'" not in picked:  # a forced choice: show both ways out
        picked[-1:] = ["'forfeit'"]
    return " or ".join(picked)


def _no_pass(no_pass: str | None, menu: Sequence[Action], n: int) -> ChoiceError:
    reason = f" {no_pass.rstrip('.')}." if no_pass else ""
    return ChoiceError(f"You may not pass now.{reason} Choose from the menu (1 to {n}), "
                       f"or type {example_words(menu)}.")


def choose_call(text: str, menu: Sequence[Action], words: Sequence[str], *, no_pass: str | None = None) -> Action:
    """The call that ``text`` names (:func:`read_call` without saying whether it was
    named in full)."""
    return read_call(text, menu, words, no_pass=no_pass)[0]


def read_call(text: str, menu: Sequence[Action], words: Sequence[str], *,
              no_pass: str | None = None) -> tuple[Action, bool]:
    """The call that ``text`` names, and whether it names it in full.

    A call is named in full by its menu number, the words shown in the menu, its text
    form, or whole words that say the whole decision: a suit for naming trump, "order"
    / "pick up" / "assist" / "take" / "accept" for ordering up, and the word "alone"
    with either when going alone. A shortened answer that a call is read from (a bare
    "alone" in round one: ordering up alone; "up" or "yes": ordering up; the letter
    ``h``: naming hearts; "take" or "over" alone: taking over the lone hand; "throw"
    without "in") is not in full, and the caller asks the person to confirm the call
    before making it (``euchre play``). Passing and playing with one's partner are
    always taken at once.

    Args:
        text: a number from the menu (1 = the first item, digits 0-9); the words shown
            in the menu; the action's text form (``order``, ``name-H-alone``); whole key
            words: "pass", "order"/"pick up"/"assist"/"take", a suit ("hearts", "♥",
            "nt"), "alone", "partner", "take over", "defend", "forfeit"; or, typed
            alone on the line, the one-letter shortcuts ``p`` (pass) and ``c d h s``
            (name that suit, not alone).
        menu: the legal actions in menu order.
        words: the words shown for each menu item.
        no_pass: why passing is not allowed, a sentence for the message when a pass is
            asked for and the menu holds none (e.g. "You are stuck (stick the dealer):
            you must name a suit").

    Returns:
        ``(call, named in full)``.

    Raises:
        ChoiceError: the text names no legal call, or several, or is no answer at
            all (control characters, a numeral other than 0-9, too long). The messages
            suggest only words of calls in ``menu``.
    """
    t = check_line(text)
    n = len(menu)
    if not t:
        raise ChoiceError(f"Type a number from 1 to {n}, or the words of a call ('?' for help).")
    k = _number(t, "choice", n)
    if k is not None:
        return menu[k - 1], True
    low = re.sub(r"['’]s\b", "s", t.lower())  # "farmer's hand": the possessive is no stray letter
    if len(low) == 1 and low.isascii() and low.isalpha():
        called = _letter(low, menu, n, no_pass)
        return called, called == Action.PASS  # a suit's letter names trump: asked to confirm
    for action, w in zip(menu, words, strict=True):
        if t.lower() in (w.lower().rstrip("."), w.lower()):
            return action, True
    try:
        code = Action.parse(low)
    except EuchreError:
        code = None
    if code is not None and code in menu:
        return code, True
    try:
        parse_card(t)
        tokens = _tokens(t)
        a_card = not any(_matches(a, tokens, _suit_in(tokens)) for a in menu)  # "AC" may name a call-ace call
    except CardError:
        a_card = False
    if a_card:  # a card typed where a call is asked (10c during the bidding)
        raise ChoiceError(f"{quoted(t)} is a card, but now is the time for a call: type the number (1 to {n}) "
                          f"or words such as {example_words(menu)}.")
    stray = sorted(set(re.findall(r"(?<![a-z])[acdhops](?![a-z])", low)))
    if stray:
        raise ChoiceError(f"A single letter ({', '.join(stray)}) is a shortcut only when typed alone: type whole "
                          f"words such as {example_words(menu)}, or the number (1 to {n}).")
    tokens = _tokens(t)
    suit = _suit_in(tokens)
    found = [a for a in menu if _matches(a, tokens, suit)]
    _check_alone_with_suit(found, menu, suit)
    if len(found) == 1:
        return found[0], _in_full(found[0], tokens)
    if len(found) > 1:
        options = "; ".join(f"{menu.index(a) + 1} {words[menu.index(a)].rstrip('.')}" for a in found)
        raise ChoiceError(f"{quoted(t)} could mean several calls: {options}. Type the number.")
    if Action.PASS not in menu and _matches(Action.PASS, tokens, suit):
        raise _no_pass(no_pass, menu, n)
    if suit is not None and suit != NO_TRUMP and any(a.is_call for a in menu):
        raise ChoiceError(f"You may not call the best {suit_word(suit).rstrip('s')} now (you hold it, or it is "
                          f"not yours to call). Choose from the menu (1 to {n}), or type {example_words(menu)}.")
    if suit is not None and not any(a.is_naming and a.named_suit == suit for a in menu):
        raise ChoiceError(f"You may not name {suit_word(suit)} now. Choose from the menu (1 to {n}).")
    if not set(tokens) & _ALONE and (set(tokens) & _ACCEPT or suit is not None):
        alone_only = [a for a in menu if _matches(a, [*tokens, "alone"], suit)]
        if len(alone_only) == 1:  # e.g. the Canadian loner: the dealer's partner assists only alone
            k = menu.index(alone_only[0]) + 1
            raise ChoiceError(f"That call may be made only alone here: {k} {words[k - 1]} "
                              f"Type {k}, or add the word 'alone'.")
    raise ChoiceError(f"{quoted(t)} is not a call you can make now. Choose from the menu (1 to {n}), "
                      f"or type whole words such as {example_words(menu)} ('?' for help).")


def _check_alone_with_suit(found: Sequence[Action], menu: Sequence[Action], suit: int | None) -> None:
    """Refuse "hearts alone" where the call-ace maker chooses between a card that calls
    a partner and playing alone: going alone calls no card, so the words ask for both.

    Raises:
        ChoiceError: the words name a suit and going alone, and the menu calls cards.
    """
    if suit is not None and list(found) == [Action.GO_ALONE] and any(a.is_call for a in menu):
        calls = [a for a in menu if a.is_call and a.called_suit == suit]
        call = f"'call {suit_word(suit)}' to call the best {suit_word(suit).rstrip('s')}" if calls else "a suit to call"
        raise ChoiceError(f"Going alone calls no card: type 'alone' to play alone, or {call}.")


def _letter(letter: str, menu: Sequence[Action], n: int, no_pass: str | None = None) -> Action:
    """The call an exact one-letter shortcut names: ``p`` pass, ``c d h s`` that suit
    (never alone; at call-ace, once trump is fixed, the call of that suit's best card).
    Any other letter is refused.

    Raises:
        ChoiceError: not a shortcut, or the call it names is not legal now.
    """
    if letter == _PASS_LETTER:
        if Action.PASS in menu:
            return Action.PASS
        raise _no_pass(no_pass, menu, n)
    if letter in SUIT_LETTERS:
        suit = SUIT_LETTERS.index(letter)
        for action in menu:
            if action.is_naming and action.named_suit == suit and not action.is_alone:
                return action
        for action in menu:
            if action.is_call and action.called_suit == suit:
                return action
        if any(a.is_call for a in menu):
            raise ChoiceError(f"You may not call the best {suit_word(suit).rstrip('s')} now. Choose from the menu "
                              f"(1 to {n}).")
        raise ChoiceError(f"You may not name {suit_word(suit)} now. Choose from the menu (1 to {n}).")
    raise ChoiceError(f"{letter!r} is not a shortcut: type the number of a call (1 to {n}), or whole "
                      f"words such as {example_words(menu)} ('?' for help).")

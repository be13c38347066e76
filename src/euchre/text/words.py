"""The words a table uses for each call, in the style of the preset's ``call_words``.

The engine's actions have one text form for records (``order``, ``name-H``, ...; see
:mod:`euchre.core.actions`). People at a table say other things, and what they say
depends on who speaks: the eldest hand and the third hand *order it up*, the dealer's
partner *assists*, the dealer *takes it up* (or *turns it down*). This module gives those
words, for display and logs only; nothing here changes a rule.

Styles (REFERENCE 4.7, option ``call_words``):

``dc_1862``
    The Washington D.C. Euchre Club, 1862 (S000 L119-187): "I pass", "I order it up"
    (L119), "I will assist" (L121), "I take it up" (L123), "I turn it down" (the dealer
    declining the turn-up, REFERENCE 4.7), "I make it hearts" and "I pass the making"
    (L129), "I Play Alone" (L169-171).
``uspcc``
    The U.S. Playing Card Co. rules (S001 L11-15): an opponent of the dealer says
    "Pick it up", the dealer's partner "I assist", the dealer is "taking it up" or
    "turning it down"; naming the other suit of the turned-down colour is "making it
    next", a suit of the other colour "crossing it"; a lone hand is declared "alone".
``tournament``
    Club and tournament tables (X-28): "Pass", "Pick it up", "Alone", a suit name.
``modern``
    Today's home tables (the presets built on ``modern-standard``): an opponent of the
    dealer "Order it up", his partner "Pick it up", the dealer "I'll pick it up", a suit
    by its name ("Clubs"), "I'll go alone", and "Pass" for every pass (X-28's words at a
    table that talks).

Words for decisions the sources do not word (declining a takeover, the after-bidding
alone decision, the stuck dealer's forfeit) are ours and plain.

The glosses of the phrases and the words of the game's terms are in
:mod:`euchre.text.glosses`; the words of table mode's revoke claims in
:mod:`euchre.text.revoke_words`.

Seats are ints 0..seats-1 of ``rules.table`` (N, E, S, W at the four-hand table);
cards are card numbers; actions are action codes (:class:`~euchre.core.actions.Action`
or int).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from euchre.core.actions import (
    CARD_CALL,
    DISCARD,
    GIVE,
    PLAY,
    Action,
    is_card_call_code,
    is_discard_code,
    is_give_code,
    is_play_code,
    is_spoken_code,
)
from euchre.core.cards import JOKER, NO_TRUMP, SAME_COLOUR, Card
from euchre.core.hand import Phase
from euchre.core.rules import Rules
from euchre.core.seats import FOUR_HANDED, Table
from euchre.text.side_words import a_point_to_the_opponents, another_side, has_partners

STYLES: tuple[str, ...] = ("dc_1862", "uspcc", "tournament", "modern")
"""The ``call_words`` styles this module knows."""

ROLES: tuple[str, str, str, str] = ("dealer", "eldest hand", "dealer's partner", "third hand")
"""ROLES[(seat - dealer) % 4]: a seat's role in the bidding (S000 L117-121)."""

HIDDEN_DISCARD = -1
"""An action code standing for a discard the viewer may not see (as in a PlayerView)."""
HIDDEN_GIVE = -2
"""A card given face down to a lone partner that the viewer did not see (the view's
``HIDDEN_GIVE``; ``call_for_best``)."""

_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades", "no trump")
_SUIT_SYMBOLS = ("♣", "♦", "♥", "♠", "NT")


class HandLike(Protocol):
    """What :func:`describe_pending` and :func:`describe_history` read from a hand:
    a :class:`~euchre.core.hand.HandState` or a :class:`~euchre.core.views.PlayerView`."""

    @property
    def rules(self) -> Rules:
        """The rule set (its ``call_words`` is the style)."""

    @property
    def dealer(self) -> int:
        """The dealer's seat."""

    @property
    def upcard(self) -> int:
        """The card turned up."""

    @property
    def phase(self) -> Phase:
        """The phase now."""

    @property
    def turn(self) -> int:
        """The seat to act, or -1."""

    @property
    def history(self) -> Sequence[tuple[int, int]]:
        """Every action so far, ``(seat, code)``."""

    @property
    def history_phases(self) -> Sequence[Phase]:
        """The phase each action of ``history`` was taken in."""


_ORDINALS = ("", "eldest", "second", "third", "fourth", "fifth")


def role_of(seat: int, dealer: int, table: Table = FOUR_HANDED) -> str:
    """The seat's role for this deal: at the four-hand table "eldest hand", "dealer's
    partner", "third hand" or "dealer" (S000 L117-121; RULES.md Terms); at a table
    where each plays for himself "dealer", "eldest hand" (the first to bid, the
    non-dealer of the two-handed game, X-15b), then "second hand", "third hand", ...
    in the order of bidding."""
    k = table.seats_from(dealer, seat)
    if table is FOUR_HANDED or (table.seats == 4 and table.teams == FOUR_HANDED.teams):
        return ROLES[k]
    if k == 0:
        return "dealer"
    if table.mates[seat] and dealer in table.mates[seat]:
        return "dealer's partner"
    return f"{_ORDINALS[k]} hand"


def suit_word(suit: int) -> str:
    """The suit's name in lower case ("hearts"), or "no trump" for NO_TRUMP."""
    return _SUIT_WORDS[suit]


def suit_symbol(suit: int) -> str:
    """The suit's symbol (♣ ♦ ♥ ♠), or "NT" for NO_TRUMP."""
    return _SUIT_SYMBOLS[suit]


def card_words(card: int, joker_card: str = "joker") -> str:
    """The card as people write it: ``"J♥"``, ``"10♣"``, ``"Joker"`` (``"2♠"`` where the
    two of spades stands for the joker: ``joker_card``)."""
    return Card(card).pretty(joker_card)


def _style(style: str) -> str:
    return style if style in STYLES else "uspcc"


def _alone_suffix(style: str) -> str:
    return {"dc_1862": " I Play Alone.", "modern": " I'll go alone."}.get(style, " Alone.")


def _accept_words(style: str, role: str) -> str:
    if style == "dc_1862":
        if role == "dealer":
            return "I take it up."
        if role == "dealer's partner":
            return "I will assist."
        return "I order it up."
    if style == "uspcc":
        if role == "dealer":
            return "Taking it up."
        if role == "dealer's partner":
            return "I assist."
        return "Pick it up."
    if style == "modern":
        if role == "dealer":
            return "I'll pick it up."
        if role == "dealer's partner":
            return "Pick it up."
        return "Order it up."
    return "Pick it up."


def _naming_words(style: str, suit: int, turned_down: int | None) -> str:
    if style == "dc_1862":
        return f"I make it {suit_word(suit)}."
    name = suit_word(suit).capitalize() if suit != NO_TRUMP else "No trump"
    if style == "uspcc" and turned_down is not None and suit != NO_TRUMP and suit != turned_down:
        # S001 L13: the other suit of the same colour is "next", else "crossing it".
        return f"{name}, making it next." if suit == SAME_COLOUR[turned_down] else f"{name}, crossing it."
    return f"{name}."


def describe(action: int, seat: int, *, dealer: int, phase: Phase, style: str = "uspcc",
             upcard: int | None = None, viewer: int | None = None, table: Table = FOUR_HANDED,
             claim: bool = False, joker_card: str = "joker") -> str:
    """The words for one action, as the seat would say it at the table.

    Args:
        action: the action code (:class:`~euchre.core.actions.Action` or int);
            :data:`HIDDEN_DISCARD` for a discard the viewer did not see.
        seat: the seat acting (0..3).
        dealer: the dealer's seat (0..3); it decides the seat's role.
        phase: the phase in which the action was (or is to be) taken; it tells a pass in
            round one ("I turn it down" for the dealer) from one in round two ("I pass
            the making") or from declining a takeover or a lone defence.
        style: the rules' ``call_words`` (``dc_1862``, ``uspcc``, ``tournament``); an
            unknown style reads as ``uspcc``.
        upcard: the card turned up, for "making it next" / "crossing it" (uspcc).
        viewer: the seat the words are shown to, or None for a spectator who sees all.
            A discard is shown only to the dealer (and to a spectator).
        table: the table's shape (``rules.table``), for the seat's role.
        claim: the action is a decision of the claim round before the bidding (a pass
            there claims nothing: RULES.md decision 23).
        joker_card: the rules' ``joker_card``, the card the joker is shown as.

    Returns:
        The words, e.g. ``"I will assist."``, ``"Pick it up. Alone."``,
        ``"I make it hearts."``, ``"discards 9♣"``, ``"J♥"`` (for a card played).
        Calls are sentences to be quoted; a discard or a play is narration
        (see :func:`is_spoken`).
    """
    st = _style(style)
    role = role_of(seat, dealer, table)
    if action == HIDDEN_DISCARD:
        return "discards a card face down"
    if action == HIDDEN_GIVE:
        return "gives his partner a card face down"
    code = int(action)
    if is_give_code(code):
        # the partner passes his best card "face down" to the lone player.
        if viewer is None or viewer == seat or viewer == table.partner[seat]:
            return f"gives his partner {card_words(GIVE.card(code), joker_card)} face down"
        return "gives his partner a card face down"
    if is_card_call_code(code):
        # New York 1877 s12: an exposed card "can be called by either adversary".
        return f"I call your exposed {card_words(CARD_CALL.card(code), joker_card)}."
    if is_play_code(code):
        return card_words(PLAY.card(code), joker_card)
    act = Action(code)
    if act == Action.CLAIM_REVOKE:
        return "Renege!"  # the call of a revoke at the table (REFERENCE 3.3; RULES.md decision 27)
    if act == Action.CORRECT_REVOKE:
        return "I correct my revoke."  # before the trick is quitted (New York 1877 s11)
    if act == Action.LET_STAND:
        return "Let it stand."
    if act == Action.DECLINE_CALL:
        return "No call."
    if act.is_call:
        # The call-ace maker names the suit whose best card calls his partner.
        return f"I call the best {('club', 'diamond', 'heart', 'spade')[act.called_suit]}."
    if is_discard_code(code):
        if viewer is None or viewer == seat:
            return f"discards {card_words(DISCARD.card(code), joker_card)}"
        return "discards a card face down"
    if act == Action.FARMERS_HAND:
        return "A farmer's hand."  # the player "may call out 'Farmer's Hand'"
    if act == Action.THROW_IN:
        return "I show my hand for a new deal."
    if act == Action.PASS and (claim or phase == Phase.REVOKE_CLAIMS):
        return "No claim."
    if act == Action.PASS:
        if phase == Phase.BID_ROUND_1:
            if role == "dealer" and st not in ("tournament", "modern"):
                return "I turn it down." if st == "dc_1862" else "Turning it down."
            return "I pass." if st == "dc_1862" else "Pass."
        if phase == Phase.BID_ROUND_2:
            return "I pass the making." if st == "dc_1862" else "Pass."
        # Declining to play alone (a takeover) or to defend alone: a plain pass.
        return "I pass." if st == "dc_1862" else "Pass."
    if act in (Action.ORDER_UP, Action.ORDER_UP_ALONE):
        words = _accept_words(st, role)
        return words + _alone_suffix(st) if act == Action.ORDER_UP_ALONE else words
    if act.is_naming:
        turned_down = None
        if phase != Phase.BLIND_NAME and upcard is not None and upcard != JOKER:
            turned_down = upcard >> 3
        words = _naming_words(st, act.named_suit, turned_down)
        return words + _alone_suffix(st) if act.is_alone else words
    if act == Action.GO_ALONE:
        return {"dc_1862": "I Play Alone.", "modern": "I'll go alone."}.get(st, "Alone.")
    if act == Action.PLAY_WITH_PARTNER:
        return {"dc_1862": "I play with my partner.", "uspcc": "With my partner.",
                "modern": "With my partner."}.get(st, "With partner.")
    if act == Action.TAKE_OVER_ALONE:
        # S000 L185: the partner "has the right to take the privilege of Playing Alone".
        return {"dc_1862": "I Play Alone.", "modern": "I'll go alone instead."}.get(st, "Alone.")
    if act == Action.DEFEND_ALONE:
        # S000 L179: an antagonist "may also Play Alone against him".
        return {"dc_1862": "I Play Alone against him.", "uspcc": "Defending alone.",
                "modern": "I'll defend alone."}.get(st, "Alone.")
    if act == Action.FORFEIT:
        return {"dc_1862": "I forfeit a point.", "uspcc": "I give up a point."}.get(st, "Forfeit.")
    return str(act)  # pragma: no cover - every code is handled above


def is_spoken(action: int) -> bool:
    """True for a call (quoted as spoken words; the call-ace maker's call of a card too),
    False for a discard or a card played."""
    code = int(action)
    return is_spoken_code(code)


def plain(action: int, *, upcard: int | None = None, joker_card: str = "joker", table: Table = FOUR_HANDED) -> str:
    """A plain-English gloss of an action, the same in every style, for menus:
    ``"accept ♥ as trump"``, ``"name ♠ trump, alone"``, ``"pass"``, ``"play J♥"``.

    Args:
        action: the action code.
        upcard: the upcard, to name the suit accepted in round one.
        joker_card: the rules' ``joker_card``, the card the joker is shown as.
        table: the table's shape (``rules.table``): where every player plays for
            himself going alone leaves no partner sitting out (call-ace: the maker
            calls no partner), a revoke is another player's, a forfeit goes to each
            other player (issue 34).
    """
    code = int(action)
    if code == HIDDEN_DISCARD:
        return "discard a card"
    if code == HIDDEN_GIVE:
        return "give a card face down"
    if is_give_code(code):
        return f"give {card_words(GIVE.card(code), joker_card)} to your lone partner, face down"
    if is_card_call_code(code):
        return (f"call the exposed {card_words(CARD_CALL.card(code), joker_card)}: it must be played now, "
                "unless that would be a revoke")
    if is_play_code(code):
        return f"play {card_words(PLAY.card(code), joker_card)}"
    act = Action(code)
    if act == Action.CLAIM_REVOKE:
        return f"claim a revoke: {another_side(table)} failed to follow suit"
    if act == Action.CORRECT_REVOKE:
        return "correct your revoke: take the card back (it stays face up, exposed) and follow suit"
    if act == Action.LET_STAND:
        return "let your card stand"
    if act == Action.DECLINE_CALL:
        return "call no exposed card"
    if act.is_call:
        s = act.called_suit
        return f"call the best {suit_symbol(s)} {suit_word(s)} card for your partner"
    if is_discard_code(code):
        return f"discard {card_words(DISCARD.card(code), joker_card)}"
    if act in (Action.ORDER_UP, Action.ORDER_UP_ALONE):
        what = f"accept {suit_symbol(upcard >> 3)} {suit_word(upcard >> 3)} as trump" if upcard is not None and upcard != JOKER \
            else "accept the upcard's suit as trump"
        return what + (", alone" if act == Action.ORDER_UP_ALONE else "")
    if act.is_naming:
        s = act.named_suit
        what = "name no trump" if s == NO_TRUMP else f"name {suit_symbol(s)} {suit_word(s)} trump"
        return what + (", alone" if act.is_alone else "")
    if act == Action.GO_ALONE and not has_partners(table):
        return "play alone, calling no partner"
    return {
        Action.PASS: "pass",
        Action.GO_ALONE: "go alone, partner sitting out",
        Action.PLAY_WITH_PARTNER: "play with partner",
        Action.TAKE_OVER_ALONE: "play alone yourself, partner sitting out",
        Action.DEFEND_ALONE: "defend alone, partner sitting out",
        Action.FORFEIT: f"forfeit {a_point_to_the_opponents(table)}",
        Action.FARMERS_HAND: "show your three nines or tens and take the kitty's three face-down cards for them",
        Action.THROW_IN: "show your hand and throw the deal in",
    }.get(act, str(act))


def claim_round_length(history: Sequence[tuple[int, int]], rules: Rules, upcard: int) -> int:
    """How many leading actions of a hand's ``history`` are decisions of the claim round
    before the bidding (RULES.md decision 23): none without the claim options or with
    the joker named blind; else one a seat, or fewer when a throw-in ended the deal."""
    if upcard == JOKER and rules.joker_turned_up == "dealer_names_trump_blind" and rules.joker:
        return 0
    if not rules.claims:
        return 0
    n = 0
    for _, code in history[:rules.table.seats]:
        n += 1
        if code == Action.THROW_IN:
            break
    return n


def describe_pending(hand: HandLike, action: int, viewer: int | None = None, style: str | None = None) -> str:
    """The words of ``action`` if the seat to act took it now (for a menu of choices).

    Args:
        hand: a HandState or PlayerView with a seat to act.
        action: one of its legal actions.
        viewer: the seat the words are shown to (None: a spectator who sees all).
        style: a ``call_words`` style instead of the hand's rules' own.
    """
    rules = hand.rules
    return describe(action, hand.turn, dealer=hand.dealer, phase=hand.phase, style=style or rules.call_words,
                    upcard=hand.upcard, viewer=viewer, table=rules.table, claim=in_claim_round(hand),
                    joker_card=rules.joker_card)


def in_claim_round(hand: HandLike) -> bool:
    """True when the seat to act of ``hand`` (a HandState or PlayerView) decides in the
    claim round before the bidding (RULES.md decision 23), which shares round one's
    phase in the core: its pass is "No claim.", not round one's pass."""
    if not hand.rules.claims or hand.phase != Phase.BID_ROUND_1:  # the common case, on the server's hot path
        return False
    return len(hand.history) < claim_round_length([*hand.history, (hand.turn, int(Action.PASS))], hand.rules,
                                                  hand.upcard)


def describe_history(hand: HandLike, viewer: int | None = None, style: str | None = None) -> list[tuple[int, int, str]]:
    """The words of every action so far: ``(seat, code, words)`` in order.

    Args:
        hand: a HandState or PlayerView.
        viewer: the seat the words are shown to (None: a spectator who sees all). A
            PlayerView already hides other seats' discards.
        style: a ``call_words`` style instead of the hand's rules' own.
    """
    style = style or hand.rules.call_words
    table = hand.rules.table
    claims = claim_round_length(hand.history, hand.rules, hand.upcard)
    phases = hand.history_phases  # as the hand recorded them
    return [
        (seat, code, describe(code, seat, dealer=hand.dealer, phase=phase, style=style,
                              upcard=hand.upcard, viewer=viewer, table=table, claim=i < claims,
                              joker_card=hand.rules.joker_card))
        for i, ((seat, code), phase) in enumerate(zip(hand.history, phases, strict=True))
    ]

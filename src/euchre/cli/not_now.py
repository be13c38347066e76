"""Why a word of the game typed at the prompt of ``euchre play`` does not apply now.

A person may type the name of an action at a moment when it is not one of his choices:
``correct`` when he has no revoke to correct, ``renege`` during the bidding, ``call-9C``
when no exposed card may be called, ``order`` or ``pass`` while he plays a card,
``discard-9C`` when he is to play. Each gets a sentence saying why it does not apply now
(and, where it can, when it does), never "'correct' is not a card".

The words recognised are the actions' text forms (:func:`euchre.core.actions.parse_action`:
``renege``, ``correct``, ``stand``, ``no-call``, ``call-9C``, ``call-H``, ``order``,
``name-H``, ``play-JH``, ...) and the table words of the laws' moments (``revoke``,
``claim``, ``let it stand``, ``no call``). Legality is the core's: a word whose action is
legal now is left to the usual reading (:mod:`euchre.cli.choices`).
"""

from __future__ import annotations

import re

from euchre.cli.choices import example_words, names_a_call
from euchre.cli.render import suit_text
from euchre.core.actions import Action, carries_card, is_call_ace_code, is_card_call_code, is_give_code, is_play_code, parse_action
from euchre.core.cards import missing_from_pack, parse_card
from euchre.core.errors import EuchreError
from euchre.core.state import Phase
from euchre.core.views import PlayerView
from euchre.text.side_words import another_side, has_partners

CARD_PHASES = (Phase.PLAY, Phase.DISCARD, Phase.GIVE_BEST, Phase.BEST_DISCARD)
"""The phases in which the person chooses a card (by number or code), not a call."""

TABLE_WORDS: dict[str, Action] = {
    "renege!": Action.CLAIM_REVOKE, "revoke": Action.CLAIM_REVOKE, "claim": Action.CLAIM_REVOKE,
    "claim a revoke": Action.CLAIM_REVOKE, "claim revoke": Action.CLAIM_REVOKE,
    "correct it": Action.CORRECT_REVOKE, "correct revoke": Action.CORRECT_REVOKE,
    "correct my revoke": Action.CORRECT_REVOKE, "correct the revoke": Action.CORRECT_REVOKE,
    "let stand": Action.LET_STAND, "let it stand": Action.LET_STAND,
    "no call": Action.DECLINE_CALL,
}
"""The table words of the laws' moments, beside the text forms, and the action each
names."""

_REVOKE_WORDS = ("renege", "renege!", "revoke", "claim", "claim a revoke", "claim revoke")
"""What a claim of a revoke is typed as (the text form ``renege`` and the table words)."""


def action_word(text: str) -> int | None:
    """The action code that ``text`` names as an action word (a text form such as
    ``correct``, ``call-9C``, ``play-JH``, or a table word such as ``let it stand``), or
    None when it names none."""
    t = re.sub(r"\s+", " ", text.strip().lower())
    if t in TABLE_WORDS:
        return int(TABLE_WORDS[t])
    try:
        return parse_action(t)
    except EuchreError:
        return None


def is_revoke_claim(text: str) -> bool:
    """Whether ``text`` asks to claim a revoke (``renege``, ``revoke``, ``claim``...)."""
    return re.sub(r"\s+", " ", text.strip().lower()) in _REVOKE_WORDS


def _doing_now(view: PlayerView) -> str:
    """What the person is to do now, for the end of a message."""
    n = len(view.hand)
    span = "1" if n == 1 else f"1 to {n}"
    if view.phase == Phase.PLAY:
        return f"now you play a card: type its number ({span}) or its code, such as JH"
    if view.phase in (Phase.DISCARD, Phase.BEST_DISCARD):
        return f"now you discard a card face down: type its number ({span}) or its code, such as 9C"
    if view.phase == Phase.GIVE_BEST:
        return f"now you give your lone partner a card face down: type its number ({span}) or its code, such as JH"
    n = len(view.legal)
    span = "1" if n == 1 else f"1 to {n}"
    return f"now is the time for a call: choose from the menu ({span}), or type {example_words(view.legal)}"


def _revoke_claim(view: PlayerView) -> str:
    rules = view.rules
    if not rules.revokes_possible:
        return ("These rules prevent revokes: only cards that follow suit can be played, so there is never a revoke "
                "to claim.")
    if view.phase == Phase.PLAY and not rules.renege_ends_hand:
        return "Under these rules a revoke is claimed after the last trick, when the tricks are searched."
    if view.phase == Phase.PLAY and not has_partners(view.table):  # each for himself (issue 34)
        return ("No revoke can be claimed now: no other player has failed to follow suit (since your last claim, if "
                "you made one).")
    if view.phase == Phase.PLAY:
        return ("No revoke can be claimed now: no player of another side has failed to follow suit (since your "
                "side's last claim, if it made one).")
    when = "during the play" if rules.renege_ends_hand else "after the last trick"
    return (f"No revoke can be claimed now: a revoke is claimed {when}, once {another_side(view.table)} has failed "
            f"to follow suit; {_doing_now(view)}.")


def _correction(view: PlayerView, code: int) -> str:
    what = "nothing to correct" if code == Action.CORRECT_REVOKE else "no card to let stand"
    if not view.rules.revokes_possible:
        return (f"There is {what}: these rules prevent revokes (only cards that follow suit can be played), so a "
                "card never needs correcting.")
    return (f"There is {what} now: when a card you played did not follow suit although you held the suit (a "
            "revoke), you are asked, once the trick is complete and before it is quitted, to correct it or let it "
            f"stand; {_doing_now(view)}.")


def _exposed_call(view: PlayerView, code: int) -> str:
    if not view.rules.revokes_possible:
        return ("There is no exposed card to call: a card is exposed only by a corrected revoke, and these rules "
                "prevent revokes.")
    if view.phase == Phase.CALL_CARD:
        exposed = [a for a in view.legal if a.is_card_call]
        names = " or ".join(str(a) for a in exposed)
        return f"You may call only an exposed card of the player to play ({names}), or make no call (no-call)."
    return ("No exposed card can be called now: you are asked to call one, or make no call, when an opponent who holds "
            f"a card exposed by a corrected revoke is to play; {_doing_now(view)}.")


def _call_ace(view: PlayerView) -> str:
    if not view.rules.calls_partner:
        return "These rules have no call for a partner's best card (that is call-ace Euchre)."
    return ("The maker calls the best card of a suit for a partner after the bidding, when asked; "
            f"{_doing_now(view)}.")


def _card_action(view: PlayerView, code: int) -> str | None:
    """A play, discard or gift typed at a call; None at a card's moment, where
    :func:`euchre.cli.choices.choose_card` reads it (and refuses a verb of another
    moment, "discard-9C" when a card is to be played)."""
    if view.phase in CARD_PHASES:
        return None
    what = "a card to play" if is_play_code(code) else "a card to give" if is_give_code(code) else "a discard"
    return f"That is {what}, but {_doing_now(view)}."


def why_not_now(view: PlayerView, text: str) -> str | None:
    """Why the action word ``text`` does not apply at ``view``'s moment, as a message
    (a sentence or two: why, and when it does apply or what to do now), or None when
    ``text`` is no action word, a card or a number, or names an action legal now (it is
    then read as usual). A card the game's pack lacks (``7S`` of the 24-card pack, typed
    bare or as ``play 7S``) is answered with the pack first, at every prompt
    (:func:`euchre.core.cards.missing_from_pack`).

    In the phases of a call (the bidding, the laws' moments) a word of another call is
    left to :func:`euchre.cli.choices.choose_call` (which knows "alone" in round one
    means ordering up alone, and names the calls of the menu).

    Args:
        view: the person's view (the phase, the legal actions, the rules).
        text: the line typed, stripped.
    """
    t = text.strip()
    if not t or t.isdigit():
        return None
    rules = view.rules
    card_text = re.sub(r"^(play|discard|give)(?:\s+|-)", "", t, flags=re.IGNORECASE)
    absent = missing_from_pack(card_text, rules.deck, rules.joker, rules.joker_card)
    if absent is not None:  # the pack first, at every prompt (7S in the 24-card pack)
        if view.phase in CARD_PHASES:
            return absent
        doing = _doing_now(view)
        return f"{absent} {doing[0].upper()}{doing[1:]}."
    try:
        parse_card(t, view.rules.joker_card)
        return None  # a card: read as a card (or, at a call, as the call-ace call it may name)
    except EuchreError:
        pass
    code = action_word(t)
    card_phase = view.phase in CARD_PHASES
    if code is None:
        if card_phase and names_a_call(t):
            trump = f" (trump is {suit_text(view.trump)})" if view.trump != -1 else ""
            return f"The bidding is over{trump}; {_doing_now(view)}."
        return None
    if any(int(a) == code for a in view.legal):
        return None
    if code == Action.CLAIM_REVOKE:
        return _revoke_claim(view)
    if code in (Action.CORRECT_REVOKE, Action.LET_STAND):
        return _correction(view, code)
    if code == Action.DECLINE_CALL or is_card_call_code(code):
        return _exposed_call(view, code)
    if is_call_ace_code(code):
        return _call_ace(view)
    if carries_card(code):
        return _card_action(view, code)
    if card_phase:  # a word of the bidding (pass, order, name-H, alone, ...) while a card is chosen
        trump = f" (trump is {suit_text(view.trump)})" if view.trump != -1 else ""
        return f"The bidding is over{trump}; {_doing_now(view)}."
    return None

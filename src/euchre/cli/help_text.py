"""The help ``euchre play`` prints for ``help``: how to answer, worded for the table's rules."""

from __future__ import annotations

from euchre.core.rules import Rules
from euchre.text.side_words import (
    has_partners,
)

HELP = """\
How to answer:
  a card    its number as shown (1 is the first card of your hand) or its code:
            JH or j♥ (jack of hearts), 10c or TC, AS, JK (the joker).
  a call    its number in the menu (the surest way), or whole words: pass,
            order / pick it up / assist / take it up, a suit (hearts, ♥, nt),
            alone (e.g. "hearts alone", "order alone"), partner, take over,
            defend, forfeit; renege (claim a revoke, in table mode).
  shortcuts one letter typed alone on the line: p (pass); c, d, h, s (name that
            suit, not alone; you are asked to confirm it with y).
            Going alone needs the word "alone" or the number.
A call read from part of its words (a bare "alone" when that means ordering
up alone, "up" or "yes" for ordering up, a suit's letter) is shown in full
and made only when you confirm it with y; the number, the menu's words, or
whole words ("order alone", "hearts") make it at once.
Numbers are typed with the digits 0-9. Lines with control characters (an arrow
key where line editing is not available) are refused, never read as a call.
Commands:   show (the table again), last (the last trick), rules (the rules
            of this game in plain words), undo (take back your last decision),
            save FILE (the record of the game so far), help or ?, quit, and
            hint: each choice you have now (a call, the discard or a card)
            with the expert's estimate of its value (the average points of
            the hand for your side).
Cards you may not play now are shown in brackets, e.g. (3 K♠). During the
bidding your hand is shown without numbers: numbers then choose from the menu."""


_PARTNERSHIP_CALLS = """\
            alone (e.g. "hearts alone", "order alone"), partner, take over,
            defend, forfeit; renege (claim a revoke, in table mode)."""

_OWN_CALLS = """\
            alone (e.g. "hearts alone", "order alone"), forfeit; renege (claim
            a revoke, in table mode)."""

_OWN_CALLS_NONE_ALONE = """\
            forfeit; renege (claim a revoke, in table mode)."""

_CALL_ACE_CALLS = """\
            alone, forfeit; the card that calls your partner, by its suit:
            hearts, heart, best heart, call hearts or ♥ (the best heart)."""


def help_text(rules: Rules) -> str:
    """:data:`HELP` worded for the table of ``rules`` (issue 34): at a table where every
    player plays for himself there is no partner to play with, no lone hand to take
    over or defend against, no dealer's partner to assist, and the hint's value is the
    player's own; at call-ace the calls of a partner's card are named."""
    if has_partners(rules.table):
        return HELP
    own = _OWN_CALLS if rules.alone_allowed else _OWN_CALLS_NONE_ALONE
    text = HELP.replace(_PARTNERSHIP_CALLS, _CALL_ACE_CALLS if rules.calls_partner else own)
    text = text.replace("order / pick it up / assist / take it up", "order / pick it up / take it up")
    if not rules.alone_allowed:  # no lone hand at this table: no word of one
        text = text.replace("""(name that
            suit, not alone; you are asked to confirm it with y).
            Going alone needs the word "alone" or the number.""", """(name that
            suit; you are asked to confirm it with y).""")
    mean = "the other player's" if rules.table.seats == 2 else "the other players' mean"
    return text.replace("""(the average points of
            the hand for your side).""", f"""(your average points in
            the hand, less {mean}).""")


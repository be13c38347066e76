"""The words of table mode's revoke claims (``renege_mode = penalize_on_claim``, RULES.md
decision 27): a proved revoke with its proof, and what a claim came to. Display only.
(Split from :mod:`euchre.text.words`, which words the calls.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from euchre.core.rules import Rules
from euchre.core.state import Revoke
from euchre.text.side_words import has_partners
from euchre.text.words import card_words, suit_word


def revoke_words(who: str, revoke: Revoke, proof: tuple[int, int], joker_card: str = "joker") -> str:
    """A proved revoke and its proof in one sentence, tricks counted from 1 (New York
    1877 s10: the trick of the revoke and the later trick that shows the suit; RULES.md
    decision 27).

    Args:
        who: the revoker's name as the table shows it.
        revoke: the revoke.
        proof: ``(trick, card)`` from :func:`euchre.core.revokes.revoke_proof`: the later
            trick (0-based) and the card of the suit played in it, or ``(-1, card)`` for
            a card of the suit still held.

    Returns:
        e.g. ``"E revoked in trick 1: 9♣ to a lead of spades, holding spades (played 10♠
        in trick 4)."``
    """
    suit = suit_word(revoke.suit)
    trick, card = proof
    if card < 0:
        shown = "."
    elif trick >= 0:
        shown = f" (played {card_words(card, joker_card)} in trick {trick + 1})."
    else:
        shown = f" (still holding {card_words(card, joker_card)})."
    return (f"{who} revoked in trick {revoke.trick + 1}: {card_words(revoke.card, joker_card)} to a lead of {suit}, "
            f"holding {suit}{shown}")


def claim_outcome(rules: Rules, claim_log: Sequence[tuple[int, int]], revokes: Sequence[Revoke],
                  proofs: Sequence[tuple[int, int]], k: int, name: Callable[[int], str],
                  side: Callable[[int], str] | None = None) -> list[str]:
    """What the ``k``-th revoke claim of a hand came to, in words (table mode, RULES.md
    decision 27): each revoke it established with its proof, or that it failed and what
    that costs.

    Args:
        rules: the hand's rules.
        claim_log: the hand's claims, ``(claimant, revokes established)`` (as in a
            PlayerView or HandState).
        revokes, proofs: the established revokes in order and their proofs (a view's
            ``revokes`` and ``proofs``).
        k: which claim (0-based).
        name: a seat's name as the table shows it.
        side: a side's name (by its index in ``rules.table.teams``) as the text
            writes sides; by default the table's ``team_names`` (``"E-W"``; the web
            page writes ``"E–W"``).

    Returns:
        One sentence per revoke established (``"Upheld. E revoked in trick 1: ..."``),
        or one saying the claim failed.
    """
    seat, made = claim_log[k]
    before = sum(n for _, n in claim_log[:k])
    if made:
        return ["Upheld. " + revoke_words(name(r.seat), r, p, rules.joker_card)
                for r, p in zip(revokes[before:before + made], proofs[before:before + made], strict=True)]
    fine = rules.false_claim_penalty
    table = rules.table
    nobody = "no player of another side" if has_partners(table) else "no other player"
    if not fine:
        return [f"Not upheld: {nobody} revoked."]
    if len(table.teams) > 2:
        to = " and ".join(name(s) for s in range(table.seats) if table.team[s] != table.team[seat])
    else:
        other = 1 - table.team[seat]
        to = side(other) if side is not None else table.team_names[other]
    return [f"Not upheld: {nobody} revoked. {fine} point{'s' if fine != 1 else ''} to {to}, scored with the hand."]

"""Glosses and the words of the game's terms, for display only.

Glosses (:data:`GLOSSES`, :func:`glosses_in`): a one-line explanation of each historic or
jargon phrase ("making it next", "crossing it", "at the bridge", "I will assist", ...),
which a display shows the first time the phrase appears in a game, worded for the
table's shape (:func:`gloss_for`). :func:`goal_words` and :func:`joker_word` name what
ends the game and what the table calls the joker. (Split from :mod:`euchre.text.words`,
which words the calls.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from euchre.core.rules import Rules
from euchre.text.side_words import has_partners, the_makers


@dataclass(frozen=True)
class Gloss:
    """A short explanation of a historic or jargon phrase, shown once per game the first
    time the phrase appears (display only).

    Attributes:
        key: what the gloss explains, quoted in the line shown ("making it next").
        pattern: a case-insensitive regular expression finding the phrase in a line.
        text: the explanation, a phrase of a few words, plain (no source tag: players
            read it).
        source: where the phrase comes from (REFERENCE's tags), for the documentation.
    """

    key: str
    pattern: str
    text: str
    source: str = ""

    def line(self) -> str:
        """The gloss as one line: ``"making it next": naming the other suit ...``."""
        return f'"{self.key}": {self.text}'


GLOSSES: tuple[Gloss, ...] = (
    Gloss("making it next", r"\bmaking it next\b", "naming the other suit of the turned-down card's colour", "S001 L13"),
    Gloss("crossing it", r"\bcrossing it\b", "naming a suit of the other colour than the turned-down card", "S001 L13"),
    Gloss("at the bridge", r"\bat the bridge\b", "one side needs 1 point, the other far behind", "S001 L24, X-05"),
    Gloss("order it up", r"\border it up\b", "the dealer's opponent accepts the upcard's suit", "S000 L119"),
    Gloss("assist", r"\bassist\b", "the dealer's partner accepts the upcard's suit", "S000 L121"),
    Gloss("take it up", r"\b(?:take|taking) it up\b", "the dealer accepts the upcard and its suit", "S000 L123"),
    Gloss("pick it up", r"\bpick it up\b", "accepts the upcard's suit: the dealer picks the card up", "X-28"),
    Gloss("turn it down", r"\b(?:turn|turning) it down\b", "the dealer refuses the upcard's suit", "S001 L12"),
    Gloss("pass the making", r"\bpass the making\b", "decline to name trump in round two", "S000 L129"),
    Gloss("march", r"\bmarch\b", "the makers took all five tricks"),
    Gloss("euchre", r"\beuchred?\b", "the makers took fewer than three tricks"),
)
"""The phrases glossed on first sight (S000 the 1862 club, S001 USPCC, X-05 the club's
glossary of *Bridge*; REFERENCE 4.7 and 1I I6)."""

_GLOSS_RES = tuple(re.compile(g.pattern, re.IGNORECASE) for g in GLOSSES)

_ON_HIS_OWN = {"at the bridge": "one player needs 1 point, the other far behind"}
"""The glosses worded otherwise where every player plays for himself (no sides)."""


def gloss_for(gloss: Gloss, rules: Rules | None) -> Gloss:
    """``gloss`` worded for the table of ``rules`` (:mod:`euchre.text.side_words`): "the
    makers" of :data:`GLOSSES` is "the maker" where every player plays for himself, "the
    maker and any partner he called" at call-ace; "one side" is "one player". ``None``:
    as :data:`GLOSSES` words it (the four-hand table)."""
    if rules is None or has_partners(rules.table):
        return gloss
    if gloss.key in _ON_HIS_OWN:
        return replace(gloss, text=_ON_HIS_OWN[gloss.key])
    if gloss.text.startswith("the makers "):
        return replace(gloss, text=the_makers(rules) + gloss.text.removeprefix("the makers"))
    return gloss


def glosses_in(text: str, seen: set[str] | None = None, rules: Rules | None = None) -> list[Gloss]:
    """The glosses of the phrases in ``text``, in :data:`GLOSSES` order, leaving out
    those whose key is in ``seen``; the keys returned are added to ``seen``. With
    ``rules``, each is worded for its table (:func:`gloss_for`)."""
    out = []
    for gloss, rx in zip(GLOSSES, _GLOSS_RES, strict=True):
        if (seen is None or gloss.key not in seen) and rx.search(text):
            out.append(gloss_for(gloss, rules))
            if seen is not None:
                seen.add(gloss.key)
    return out


def goal_words(rules: Rules) -> str:
    """What ends the game, in words: ``"game to 10"``, or in progressive play (RULES.md
    decision 24) ``"a round of 8 hands"``."""
    if rules.plays_to_target:
        return f"game to {rules.game_target}"
    return f"a round of {rules.progressive_hands} hand{'s' if rules.progressive_hands != 1 else ''}"


def joker_word(rules: Rules) -> str:
    """What the table calls the joker: ``"joker"``, or ``"benny (2♠)"`` where the two of
    spades stands for it (``joker_card = two_of_spades``, X-22)."""
    return "benny (2♠)" if rules.joker_card == "two_of_spades" else "joker"

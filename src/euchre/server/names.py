"""Names people give themselves (at a table, or for an account), read the way another
player reads them: whether a name could pass its holder off as a bot, and whether two
names are the same name.

A name is read in NFKC form (full-width and other compatibility letters as their plain
letters), case folded, as its runs of letters and of digits: ``"Bot1"`` is ``bot`` and
``1``; ``"A.I."``, ``"b o t"`` and ``"expertbot"`` are read with their letters run
together too.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import confusables

from euchre.bots import PLAYER_LEVELS

BOT_WORDS = frozenset({"bot", "bots", "robot", "robots", "computer", "cpu", "ai", *PLAYER_LEVELS})
"""Words a person's name may not hold: they would pass him off as a bot."""

_WORD = re.compile(r"[^\W\d_]+|\d+")


def name_words(name: str) -> list[str]:
    """The runs of letters and of digits of ``name`` (NFKC, case folded):
    ``"Bot_1"`` -> ``["bot", "1"]``."""
    return _WORD.findall(unicodedata.normalize("NFKC", name).casefold())


_DIGIT_LETTERS = str.maketrans("0123456789", "oizeasbtbg")
"""Digits read as the letters they are written for (``b0t``, ``8ot``, ``r0b0t``)."""


def passes_for(name: str, words: Iterable[str] = BOT_WORDS) -> bool:
    """Whether ``name`` could be read as one of ``words`` (by default a bot): one of its
    words is one, or its letters run together are one or two of them (``"A.I."``,
    ``"r o b o t"``, ``"ExpertBot"``), with digits read as the letters they look like
    (``"b0t"``)."""
    wanted = frozenset(words)
    for text in (name, unicodedata.normalize("NFKC", name).translate(_DIGIT_LETTERS)):
        parts = name_words(text)
        if any(w in wanted for w in parts):
            return True
        letters = "".join(w for w in parts if not w.isdigit())
        if letters in wanted or any(letters[:k] in wanted and letters[k:] in wanted for k in range(1, len(letters))):
            return True
    return False


def mixes_scripts(name: str) -> bool:
    """Whether ``name`` mixes letters of scripts that look alike (a Cyrillic ``А`` among
    Latin letters: ``"Аlice"`` reads as ``"Alice"``), by the Unicode confusables data of
    the ``confusable-homoglyphs`` library. A name wholly in one script is not."""
    return bool(confusables.is_dangerous(unicodedata.normalize("NFKC", name)))


BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
"""Characters that show nothing though Unicode classes them as letters or symbols (the
Hangul fillers, the blank braille pattern, Khmer's inherent vowels): a name of them
would be an invisible name."""


@functools.lru_cache(maxsize=4096)
def _latin_look_alike(ch: str) -> str:
    """The Latin letter ``ch`` looks like (Cyrillic ``а`` -> ``a``), or ``ch`` itself."""
    if ch.isascii():
        return ch
    found = confusables.is_confusable(ch, preferred_aliases=["latin"], greedy=True)
    if found:
        for glyph in found[0]["homoglyphs"]:
            if str(glyph["n"]).startswith("LATIN") or str(glyph["c"]).isascii():
                return str(glyph["c"])
    return ch


def skeleton(name: str) -> str:
    """``name`` (NFKC) with every letter that looks like a Latin one written as that
    letter, by the Unicode confusables data: ``"Асе"`` in Cyrillic reads ``"Ace"``."""
    return "".join(_latin_look_alike(ch) for ch in unicodedata.normalize("NFKC", name))


def same_name(a: str, b: str) -> bool:
    """Whether two names read the same (``"Ann"``, ``"ANN"``, ``"ａｎｎ"``, ``" ann. "``,
    and ``"Асе"`` in Cyrillic letters against ``"Ace"`` in Latin ones)."""
    return name_words(skeleton(a)) == name_words(skeleton(b))

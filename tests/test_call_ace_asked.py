"""Call-ace's special cases are a property the code asks, not a name it compares
(issue 35, Layers): the maker calling his partner by a card is
:attr:`euchre.core.rules.Rules.calls_partner`; outside ``core/rules.py`` (where the
option and the property are defined) no code compares a value with ``"call_ace"``
(``variant == "call_ace"``, ``!=``, ``in (..., "call_ace")``).

The search parses the code (``ast``), so docstrings and comments that name the variant
are not counted, and the comparison is found whichever side the name is on.
"""

from __future__ import annotations

import ast
from pathlib import Path

from euchre.core.presets import PLAYABLE_PRESETS, preset

SRC = Path(__file__).resolve().parents[1] / "src" / "euchre"

HOME = Path("core/rules.py")
"""Where the variant's values and the property are defined."""


def _names_call_ace(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return node.value == "call_ace"
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_call_ace(e) for e in node.elts)
    return False


def compared_with_call_ace(text: str) -> list[int]:
    """Line numbers of every comparison of a value with ``"call_ace"`` in ``text``."""
    lines = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Compare) and any(_names_call_ace(n) for n in (node.left, *node.comparators)):
            lines.append(node.lineno)
    return lines


def test_no_code_compares_the_variant_with_call_ace() -> None:
    found = [f"{path.relative_to(SRC)}:{line}" for path in sorted(SRC.rglob("*.py"))
             if path.relative_to(SRC) != HOME
             for line in compared_with_call_ace(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_search_finds_each_form_of_the_comparison() -> None:
    """Positive control: each way of writing the comparison is caught, a docstring
    naming the variant is not."""
    planted = '''
def f(rules, variant):
    """At call_ace, "call_ace" is named here only."""
    a = rules.variant == "call_ace"
    b = "call_ace" != variant
    c = variant in ("cutthroat", "call_ace")
    d = variant == "cutthroat"
    return a, b, c, d
'''
    assert compared_with_call_ace(planted) == [4, 5, 6]


def test_calls_partner_holds_at_the_call_ace_presets_only() -> None:
    """The property is true exactly where the maker calls a partner: the call-ace
    presets (four, five and six players: X-47, X-57; RULES.md decision 21), false at the
    four-hand partnership, two-handed and cutthroat tables."""
    calling = {name for name in PLAYABLE_PRESETS if preset(name).calls_partner}
    assert calling == {name for name in PLAYABLE_PRESETS if name.startswith("call-ace")}
    assert calling, "no call-ace preset found: the property would be checked against nothing"
    assert not preset("modern-standard").calls_partner
    assert not preset("two-handed").calls_partner

"""Seats, partners and sides come from the table (issue 35, Layers): outside
``core/seats.py`` no code works them out by hand, as ``% 4`` (the next seat, a seat from
a count), ``^ 2`` or ``(s + 2)`` (the partner), ``& 3`` (a seat from a count), or
``1 - team`` / ``1 - side`` (the other side). Each of these assumes the four-hand table;
:class:`euchre.core.seats.Table` answers them for every table (``left_of``, ``eldest``,
``partner``, ``mates``, ``team``, ``teams``, ``opponents``, ``other_team``).

The search reads code only: strings and comments (docstrings that explain a formula) are
left out, by the tokenizer.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from euchre.core.errors import EuchreValueError
from euchre.core.seats import FOUR_HANDED, table_of

SRC = Path(__file__).resolve().parents[1] / "src" / "euchre"

SEAT_ARITHMETIC = re.compile(
    r"%\s*4\b"                              # (seat + 1) % 4, index % 4
    r"|\^\s*2\b"                            # seat ^ 2: the partner
    r"|&\s*3\b"                             # n & 3: a seat from a count
    r"|\b1\s*-\s*(?:t|\w*(?:team|side)\w*)\b"  # 1 - team, 1 - side, 1 - maker_team, 1 - t
    r"|\(\s*\w+\s*\+\s*2\s*\)")             # (s + 2): the partner
"""The seat arithmetic of the four-hand table written by hand."""

HOME = Path("core/seats.py")
"""The one module where seat arithmetic lives (DESIGN.md: seats.py)."""

def code_lines(text: str) -> dict[int, str]:
    """Each line's code, without its strings and comments: line number -> text."""
    out: dict[int, list[str]] = {}
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in (tokenize.STRING, tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                        tokenize.DEDENT, tokenize.ENDMARKER):
            continue
        if tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            continue
        out.setdefault(tok.start[0], []).append(tok.string)
    return {line: " ".join(parts) for line, parts in out.items()}


def hand_arithmetic(path: Path) -> list[str]:
    """``file:line: code`` of every line of ``path`` with seat arithmetic by hand."""
    text = path.read_text(encoding="utf-8")
    return [f"{path.name}:{line}: {code}" for line, code in sorted(code_lines(text).items())
            if SEAT_ARITHMETIC.search(code)]


def test_seats_partners_and_sides_come_from_the_table() -> None:
    found = [hit for path in sorted(SRC.rglob("*.py"))
             if path.relative_to(SRC) != HOME
             for hit in hand_arithmetic(path)]
    assert found == [], "ask the Table (core/seats.py) instead:\n" + "\n".join(found)


@pytest.mark.parametrize(("code", "caught"), [
    ("partner = (seat + 2) % 4\n", True),
    ("partner = (s + 2)\n", True),
    ("partner = seat ^ 2\n", True),
    ("dealer = n & 3\n", True),
    ("theirs = score[1 - team]\n", True),
    ("theirs = score[1 - side]\n", True),
    ("b = 1 - a_team\n", True),
    ("against = [p[1 - t] for t, *p in rows]\n", True),
    ("rows = players % 4\n", True),
    ("partner = table.partner[seat]\n", False),
    ("theirs = score[table.other_team(side)]\n", False),
    ('"""The partner is (s + 2) % 4 at the four-hand table."""\n', False),
    ("x = 1  # seat ^ 2 and 1 - team\n", False),
    ("w = 1 - weight\nk = n % 40\nrest = 1 - total\n", False),
])
def test_the_search_finds_hand_arithmetic_in_code_only(tmp_path: Path, code: str, caught: bool) -> None:
    """Positive control: each pattern is caught in code, and none in a docstring or a
    comment."""
    planted = tmp_path / "planted.py"
    planted.write_text(code, encoding="utf-8")
    assert bool(hand_arithmetic(planted)) == caught


def test_the_home_of_seat_arithmetic_is_searched_by_the_same_rule() -> None:
    """Control on the real tree: core/seats.py itself holds such arithmetic (it is where
    it lives), so the search would find it there."""
    assert hand_arithmetic(SRC / HOME)


def test_other_team_is_the_side_played_against() -> None:
    assert (FOUR_HANDED.other_team(0), FOUR_HANDED.other_team(1)) == (1, 0)  # N-S against E-W
    two = table_of(2, "two_handed")
    assert (two.other_team(0), two.other_team(1)) == (1, 0)
    with pytest.raises(EuchreValueError, match="a table of 3 sides has no one other side"):
        table_of(3, "cutthroat").other_team(0)
    with pytest.raises(EuchreValueError, match="0 or 1, not 2"):
        FOUR_HANDED.other_team(2)


def test_regression_play_match_at_cutthroat_scored_two_of_three_players() -> None:
    """play_match took side B as 1 - side A: at cutthroat (three sides of one) the third
    player counted for neither and B's points were one player's. It asks the table for
    the other side now, which a table of three sides has not: a clear error."""
    from euchre.bots import make_bot, play_match
    from euchre.core.presets import preset

    with pytest.raises(EuchreValueError, match="no one other side"):
        play_match(preset("cutthroat-3"), lambda s: make_bot("random", s), lambda s: make_bot("random", s), 2)
    result = play_match(preset("two-handed"), lambda s: make_bot("random", s), lambda s: make_bot("random", s), 2)
    assert sum(result.wins) == 2  # a table of two sides still plays

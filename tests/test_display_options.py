"""The display options, in the terminal (the page's are in test_browser.py):
``score_display`` (the D.C. club's counters, S000 L147-149; the modern six and four or
two fives, X-54) and ``turn_down_display`` (S000 L123 face down on the stock, S001 L12
face up under it)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from euchre.bots import make_bot
from euchre.cli.narrator import Narrator
from euchre.cli.render import counters_line, score_line
from euchre.cli.table import run_table
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.game import Game
from euchre.core.presets import preset
from euchre.text.counters import COUNTER_RANKS, Counter, counters, counters_text


def test_the_tray_and_deuce_lie_as_the_dc_club_lays_them() -> None:
    """S000 L149: one pip of the deuce showing from under the tray face down (1); the deuce
    face up on the tray, back to back (2); both turned over, the tray face up (3); the
    deuce lengthwise beside the tray, half covered, face up: one pip (4)."""
    deuce, tray = 2, 3
    assert counters("counters_2_3", 0) == (Counter(deuce, False, 0), Counter(tray, False, 0))
    assert counters("counters_2_3", 1) == (Counter(deuce, True, 1), Counter(tray, False, 0))
    assert counters("counters_2_3", 2) == (Counter(deuce, True, 2), Counter(tray, False, 0))
    assert counters("counters_2_3", 3) == (Counter(deuce, False, 0), Counter(tray, True, 3))
    assert counters("counters_2_3", 4) == (Counter(deuce, True, 1), Counter(tray, True, 3))
    assert counters("counters_2_3", 5) is None  # five is game: the counters show no more
    assert counters_text("counters_2_3", 4) == "deuce up (1 pip showing) / tray up"


@pytest.mark.parametrize("style", list(COUNTER_RANKS))
def test_the_pips_showing_are_the_points(style: str) -> None:
    first, second = COUNTER_RANKS[style]
    for points in range(first + second):
        shown = counters(style, points)
        assert shown is not None
        assert sum(c.showing for c in shown) == points
        assert all(0 <= c.showing <= c.pips and (c.showing > 0) == c.face_up for c in shown)
    assert counters(style, first + second) is None and counters(style, -1) is None
    assert counters("numeric", 3) is None


def test_counters_refuse_bad_arguments() -> None:
    with pytest.raises(EuchreValueError, match="not a counter style"):
        counters("counters_9_9", 1)
    with pytest.raises(EuchreTypeError):
        counters("counters_2_3", 1.0)  # type: ignore[arg-type]


def _watch(name: str, seed: int, **changes: object) -> str:
    rules = preset(name).replace(**changes) if changes else preset(name)
    game = Game(rules, seed)
    out = io.StringIO()
    narrator = Narrator(Console(file=out, width=100, color_system=None), viewer=None, show_deal=True)
    run_table(game, [make_bot("beginner", seed * 4 + s) for s in range(4)], narrator)
    return out.getvalue()


def test_the_dc_club_terminal_counts_with_counters_and_the_modern_one_with_numbers() -> None:
    text = _watch("dc-club-1862", 3)
    scores = re.findall(r"Score: N-S (\d+), E-W (\d+)", text)
    lines = re.findall(r"Counters: N-S (.+); E-W (.+)", text)
    assert scores and len(lines) == len(scores)
    for (ns, ew), (c_ns, c_ew) in zip(scores, lines, strict=True):
        for points, said in ((int(ns), c_ns), (int(ew), c_ew)):
            assert said == (counters_text("counters_2_3", points) or "beyond the counters")
    assert "Counters:" not in _watch("modern-standard", 3)
    rules = preset("modern-standard").replace(score_display="counters_4_6")
    assert counters_line(rules, [7, 0]) == "Counters: N-S four up (1 pip showing) / six up; E-W four down / six down"
    assert "Counters" not in score_line(rules, [7, 0])


def test_the_turned_down_card_lies_face_down_in_the_dc_club_and_face_up_in_the_uspcc_game() -> None:
    """S000 L123 ("turns it face downward on the pack") against S001 L12; the same game,
    only the display option differs."""
    down = _watch("dc-club-1862", 5)
    up = _watch("dc-club-1862", 5, turn_down_display="face_up_under_stock")
    assert "is turned down, face down on the stock" in down and "face up under the stock" not in down
    assert "is turned down, face up under the stock" in up and "face down on the stock" not in up
    assert down.replace("face down on the stock", "X") == up.replace("face up under the stock", "X")

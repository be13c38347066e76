"""Printed cards (euchre.events.printing): a PDF document that names every player, for a
progressive evening (tally and table cards) and a tournament (match cards, the teams)."""

from __future__ import annotations

import base64
import re
import zlib

import pytest

from euchre.core.presets import preset
from euchre.events.errors import EventError
from euchre.events.event import Event, EventSpec
from euchre.events.printing import cards_pdf

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def pdf_text(pdf: bytes) -> str:
    """The text shown by a PDF's content streams (reportlab's ASCII85 and Flate filters
    undone)."""
    shown = []
    for m in re.finditer(rb"stream\r?\n(.*?)endstream", pdf, flags=re.DOTALL):
        data = m.group(1).strip()
        if data.endswith(b"~>"):
            data = base64.a85decode(data, adobe=True) if data.startswith(b"<~") else base64.a85decode(data[:-2])
        try:
            data = zlib.decompress(data)
        except zlib.error:
            pass
        shown.extend(t.decode("latin-1") for t in re.findall(rb"\((.*?)(?<!\\)\)\s*Tj", data))
    return "\n".join(shown)


def test_progressive_cards_start_with_pdf_and_name_every_player() -> None:
    spec = EventSpec("friday", "progressive", tuple(NAMES), rounds=2, rules=preset("progressive-party").to_dict(),
                     seed=1, title="Friday euchre")
    event = Event(spec)
    entry = event.next_round_entry()
    assert entry is not None
    event.apply(entry)
    event.apply(event.result_entry("1", hands="N 3; E 5; S 5 alone; W 2; N 3; N 3; N 3; N 3"))
    pdf = cards_pdf(event)
    assert pdf.startswith(b"%PDF")
    text = pdf_text(pdf)
    for name in NAMES:
        assert name in text
    assert "Table 2 - Friday euchre, round 1" in text
    assert "X" in text.split("\n")  # a hand in which a player scored nothing


def test_tournament_cards_name_every_player_and_team() -> None:
    spec = EventSpec("cup", "single_elimination", tuple(NAMES), rules=preset("modern-tournament").to_dict())
    pdf = cards_pdf(Event(spec))
    assert pdf.startswith(b"%PDF")
    text = pdf_text(pdf)
    for name in NAMES:
        assert name in text
    assert "Team 1: Ann & Bob" in text and "Match W1.1 - cup" in text


def test_a_tournament_prints_its_roster_and_an_empty_print_is_refused() -> None:
    """A round robin before its first round still prints its roster; table cards only
    of a progressive evening without tally cards and no round is refused."""
    spec = EventSpec("league", "round_robin", tuple(NAMES), rounds=3, rules=preset("modern-tournament").to_dict())
    assert cards_pdf(Event(spec)).startswith(b"%PDF")
    prog = EventSpec("friday", "progressive", tuple(NAMES), rounds=2, rules=preset("progressive-party").to_dict())
    with pytest.raises(EventError, match="nothing to print"):
        cards_pdf(Event(prog), tally=False)

"""Printed cards (euchre.events.printing): a PDF document that names every player, for a
progressive evening (tally and table cards) and a tournament (match cards, the teams)."""

from __future__ import annotations

import base64
import re
import zlib

import pytest

from euchre.core.presets import preset
from euchre.events.errors import EventError
from euchre.events.event import Event
from euchre.events.hand_tally import X50, HouseScoring, hand_from_result, parse_hand, parse_hands
from euchre.events.printing import cards_pdf, tally_marks
from euchre.events.spec import EventSpec
from euchre.events.tally import table_result

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


def _evening(hands: str, house: HouseScoring | None = None) -> Event:
    """Eight players seated as listed, table 1 (N Ann, E Bob, S Cy, W Di) entered with
    ``hands``, table 2 left open."""
    spec = EventSpec("friday", "progressive", tuple(NAMES), rounds=1, rules=preset("progressive-party").to_dict(),
                     seed=1, seating="as_listed", option_args=("progressive_hands=8",),
                     house=house if house is not None else HouseScoring())
    event = Event(spec)
    entry = event.next_round_entry()
    assert entry is not None
    event.apply(entry)
    event.apply(event.result_entry("1", hands=hands))
    return event


def test_regression_a_lone_hand_typed_4_star_was_not_marked_on_the_tally_card() -> None:
    """``4*,0,4,0`` (Ann's lone march) was taken, counted as her lone hand, and printed on
    her card as a plain 4: the card marks the loner's points ``4*`` (X-50: "loner must
    be marked"), as it does a lone hand typed ``S 5 alone`` (Cy's). Her partner Cy
    records 4 unmarked for the first, Ann 4 unmarked for the second; Bob and Di record X."""
    event = _evening("4*,0,4,0; S 5 alone; N 3; N 3; N 3; N 3; N 3; N 3")
    result = event.tables[(1, 1)]
    assert tally_marks(result, 0)[:3] == ["4*", "4", "1"]  # Ann, N
    assert tally_marks(result, 2)[:3] == ["4", "4*", "1"]  # Cy, S
    assert tally_marks(result, 1)[:3] == ["X", "X", "X"]  # Bob, E
    shown = pdf_text(cards_pdf(event)).split("\n")
    assert shown.count("4*") == 2 and "X: no points; *: a lone hand made" in shown
    with pytest.raises(EventError, match="did not sit at table 1"):
        tally_marks(result, 5)


@pytest.mark.parametrize("typed", [
    "N 3", "e 5", "S 5 alone", "W 2", "E 4 alone", "N 0 alone", "W 1 alone", "1,0,1,0", "X 2 X 2", "x,1,x,1",
    "4*,0,4,0", "0,4*,0,4", "1*,0,1,0", "5*,0,4,0", "X,3,X,3"])
def test_every_notation_the_entry_takes_round_trips_through_the_card(typed: str) -> None:
    """Each form a hand may be typed in (the maker's seat and tricks, alone or not; the
    four players' points with X and a loner's *), under X-50's scoring: the four players'
    marks on their cards, typed back N, E, S, W, give the same points and the same
    loner. Positive control: the marks without the * lose the loner of a lone hand made."""
    house = X50
    rules = preset("progressive-party")
    first = parse_hand(typed, rules, house)
    others = ["N 3"] * 7
    event = _evening("; ".join([typed, *others]), house)
    result = event.tables[(1, 1)]
    marks = [tally_marks(result, result.seats[s])[0] for s in range(4)]
    again = parse_hand(",".join(marks), rules, house)
    assert (again.points, again.loner) == (first.points, first.loner)
    if first.loner is not None:
        try:  # without its star the hand is another one, or none (5 and 4 unmarked)
            assert parse_hand(",".join(m.rstrip("*") for m in marks), rules, house).loner is None
        except EventError as exc:
            assert "partners record the same points" in str(exc)


def test_a_bots_lone_hand_is_marked_on_the_card_too() -> None:
    """A lone march played by the engine (S alone, five tricks) is tallied with S as
    the loner, and his card shows 4*."""
    from euchre.core.state import HandResult

    rules = preset("progressive-party")
    march = HandResult(False, False, 2, 0, 2, None, (5, 0), (4, 0), "lone march")
    tally = hand_from_result(march, rules, HouseScoring())
    assert tally is not None
    result = table_result(1, 1, (0, 1, 2, 3), tally.points, [tally])
    assert [tally_marks(result, p) for p in range(4)] == [["4"], ["X"], ["4*"], ["X"]]
    assert parse_hands("4,X,4*,X", rules, HouseScoring())[0].loner == 2

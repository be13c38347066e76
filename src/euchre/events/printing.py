"""Printable cards of an event, as PDF (reportlab).

* Tally cards (progressive): one per player, four to a page, as X-32's "Progressive Score
  Sheets, 1 for each player": for every round the table and the partner (once the round
  is seated) and a box per hand for 1, 2, 4 or X, with the round's total; rounds already
  entered are filled in, a lone hand the player made marked ``*`` after its points (X-50:
  "loner must be marked" on the card), whether it was typed ``S 5 alone``, ``4*,0,4,0``
  or played by bots.
* Table cards: one per table of the round (progressive) or per match to play
  (tournament): the table's number, the round, who sits in each seat N, E, S, W, the first
  dealer, and a box per hand for each side. A tournament's cards end with a roster page:
  every team and its players.

Standard PDF fonts (Helvetica) print Latin-1 text; other characters of a name may not
show.
"""

from __future__ import annotations

import io

from euchre.core.errors import MissingExtraError
from euchre.events.errors import EventError
from euchre.events.event import Event
from euchre.events.movements import SEATS, TableSeating
from euchre.events.spec import PROGRESSIVE
from euchre.events.tally import TableResult

try:
    from reportlab.lib.pagesizes import letter  # type: ignore[import-untyped, unused-ignore]
    from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]
except ImportError as exc:  # the pdf extra; the rest of the events need none of it
    raise MissingExtraError("the event's printed cards", "pdf", "reportlab") from exc

WIDTH, HEIGHT = letter
MARGIN = 36.0
SEAT_NAMES = ("North", "East", "South", "West")
CARDS_A_PAGE = 4
"""Tally cards printed on a page, two by two."""


def _mark(points: int, loner: bool = False) -> str:
    """A tally mark: the points, or X for nothing (X-32), with a ``*`` after the points
    of a player who made a lone hand (X-50: the loner's card is marked), as the points
    are typed (``4*``): ``X``, ``1``, ``2``, ``4*``, ``5*``."""
    return "X" if points == 0 else f"{points}{'*' if loner else ''}"


def tally_marks(result: TableResult, player: int) -> list[str]:
    """The marks ``player`` writes on his tally card for a table's round, one per hand in
    order (:func:`_mark`: ``X``, ``1``, ``2``, ``4*``, ...); empty when only the totals
    were entered. The four players' marks of a hand, typed back N, E, S, W as points
    (``4*,X,4,X``), give the hand's tally again (:func:`euchre.events.tally.parse_hand`).

    Raises:
        EventError: ``player`` did not sit at the table.
    """
    if player not in result.seats:
        raise EventError(f"player {player} did not sit at table {result.table} in round {result.round}")
    seat = result.seats.index(player)
    return [_mark(h.points[seat], h.loner == seat) for h in result.hands]


def _hands_per_round(event: Event) -> int:
    rules = event.rules
    return rules.progressive_hands if not rules.plays_to_target else 8


def _tally_card(c: Canvas, event: Event, player: int, x: float, y: float, w: float, h: float) -> None:
    spec = event.spec
    table = event.rules.table  # the four-hand table of the event's rules: partners asked of it
    c.rect(x, y, w, h)
    top = y + h - 16
    c.setFont("Helvetica-Bold", 12)
    c.drawString(x + 8, top, spec.players[player])
    c.setFont("Helvetica", 8)
    c.drawRightString(x + w - 8, top, f"{spec.title or spec.name} - player {player + 1}")
    hands = _hands_per_round(event)
    box = min(16.0, (w - 150) / (hands + 1))
    rows = max(spec.rounds, 1)
    row_h = min(16.0, (h - 40) / (rows + 1))
    ty = top - 16
    c.drawString(x + 8, ty, "Rnd")
    c.drawString(x + 28, ty, "Tbl")
    c.drawString(x + 48, ty, "Partner")
    for k in range(hands):
        c.drawCentredString(x + 120 + k * box + box / 2, ty, str(k + 1))
    c.drawString(x + 124 + hands * box, ty, "Total")
    total = 0
    for r in range(1, spec.rounds + 1):
        ry = ty - r * row_h
        c.drawString(x + 8, ry, str(r))
        seating = event.seatings[r - 1] if r <= len(event.seatings) else None
        if seating is not None:
            t = seating.table_of(player)
            seat = t.seat_of(player)
            c.drawString(x + 28, ry, str(t.table))
            c.drawString(x + 48, ry, spec.players[t.seats[table.partner[seat]]][:14])
        result = event.tables.get((r, seating.table_of(player).table)) if seating is not None else None
        marks = tally_marks(result, player) if result is not None else []
        for k in range(hands):
            c.rect(x + 120 + k * box, ry - 3, box, row_h - 2)
            if k < len(marks):
                c.drawCentredString(x + 120 + k * box + box / 2, ry, marks[k])
        c.rect(x + 122 + hands * box, ry - 3, 28, row_h - 2)
        if result is not None:
            points = result.totals[result.seats.index(player)]
            total += points
            c.drawCentredString(x + 136 + hands * box, ry, str(points))
    c.setFont("Helvetica", 7)
    c.drawRightString(x + w - 8, y + 8, "X: no points; *: a lone hand made")
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x + 8, y + 8, f"Total {total}" if event.tables else "Total")


def _table_card(c: Canvas, event: Event, title: str, seats: tuple[str, str, str, str], dealer: int | None,
                y: float, h: float) -> None:
    x, w = MARGIN, WIDTH - 2 * MARGIN
    c.rect(x, y, w, h)
    c.setFont("Helvetica-Bold", 16)
    c.drawString(x + 10, y + h - 24, title)
    c.setFont("Helvetica", 11)
    for s in range(4):
        mark = "  (deals first)" if dealer == s else ""
        c.drawString(x + 10, y + h - 46 - 15 * s, f"{SEAT_NAMES[s]}: {seats[s]}{mark}")
    hands = _hands_per_round(event)
    box = min(28.0, (w - 120) / (hands + 1))
    gy = y + 20
    c.setFont("Helvetica", 9)
    for k in range(hands):
        c.drawCentredString(x + 110 + k * box + box / 2, gy + 36, str(k + 1))
    c.drawString(x + 114 + hands * box, gy + 36, "Total")
    for i, side in enumerate(("N-S " + " & ".join((seats[0], seats[2])), "E-W " + " & ".join((seats[1], seats[3])))):
        ry = gy + 16 - 18 * i
        c.drawString(x + 10, ry + 4, side[:20])
        for k in range(hands + 1):
            c.rect(x + 110 + k * box, ry, box, 16)


def _seats_of(event: Event, t: TableSeating) -> tuple[str, str, str, str]:
    p = event.spec.players
    return p[t.seats[0]], p[t.seats[1]], p[t.seats[2]], p[t.seats[3]]


def cards_pdf(event: Event, tally: bool = True, tables: bool = True) -> bytes:
    """The event's printable cards as a PDF document.

    Args:
        event: the event.
        tally: print a tally card for every player (progressive evenings).
        tables: print a card for every table (match) of the current round.

    Raises:
        EventError: nothing to print (a tournament before its first round, with no tally
            cards to give).
    """
    spec = event.spec
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=letter)
    c.setTitle(f"{spec.title or spec.name}: cards")
    pages = 0
    if tally and spec.format == PROGRESSIVE:
        w, h = (WIDTH - 2 * MARGIN - 12) / 2, (HEIGHT - 2 * MARGIN - 12) / 2
        for i, player in enumerate(range(len(spec.players))):
            slot = i % CARDS_A_PAGE
            x = MARGIN + (slot % 2) * (w + 12)
            y = MARGIN + (1 - slot // 2) * (h + 12)
            _tally_card(c, event, player, x, y, w, h)
            if slot == CARDS_A_PAGE - 1 or player == len(spec.players) - 1:
                c.showPage()
                pages += 1
    cards: list[tuple[str, tuple[str, str, str, str], int | None]] = []
    if tables:
        n = event.rounds_seated
        label = f"{spec.title or spec.name}, round {n}"
        if spec.format == PROGRESSIVE and n:
            cards = [(f"Table {t.table} - {label}", _seats_of(event, t), t.dealer) for t in event.seatings[-1].tables]
        elif spec.format != PROGRESSIVE:
            for key in event.open_tables():
                a, b = event.match_teams(key)
                (a0, a1), (b0, b1) = spec.team_players(a), spec.team_players(b)
                p = spec.players
                cards.append((f"Match {key} - {spec.title or spec.name}", (p[a0], p[b0], p[a1], p[b1]), 0))
    height = (HEIGHT - 2 * MARGIN - 24) / 3
    for i, (title, seats, dealer) in enumerate(cards):
        _table_card(c, event, title, seats, dealer, HEIGHT - MARGIN - (i % 3 + 1) * (height + 12) + 12, height)
        if i % 3 == 2 or i == len(cards) - 1:
            c.showPage()
            pages += 1
    if spec.format != PROGRESSIVE:
        c.setFont("Helvetica-Bold", 14)
        c.drawString(MARGIN, HEIGHT - MARGIN - 14, f"{spec.title or spec.name}: teams")
        c.setFont("Helvetica", 11)
        for i, name in enumerate(spec.team_names):
            c.drawString(MARGIN, HEIGHT - MARGIN - 40 - 16 * i, f"Team {i + 1}: {name}")
        c.showPage()
        pages += 1
    if not pages:
        raise EventError("nothing to print yet: seat the first round ('euchre event next') for table cards")
    c.save()
    return buf.getvalue()


__all__ = ["SEATS", "cards_pdf", "tally_marks"]

"""Keeping the score with counters: two low cards from outside the pack whose pips
showing give a side's points (the rules' ``score_display``).

The D.C. club counts its five-point game with "the tray and deuce of the refuse cards,
termed counters" (S000 L147), laid in set positions for 1 to 4 (S000 L149): one pip of
the deuce showing from under the tray face down for 1; the deuce face up on the tray for
2; the tray face up for 3; the tray face up with the deuce lengthwise beside it, one pip
showing, for 4. Hoyle scores "by the deuce and tray, or by counters" (S002 L9). The
ten-point game is counted with a six and a four, or two fives (X-54); their positions
are not fixed by a source we have, so here, as in the D.C. count, the pips showing are
the points: the smaller card is used first, covered by the other face down, then the
larger face up, then both (our reading, stated in ``docs/rules/RULES.md``).

This module only says what the counters show; the terminal (:mod:`euchre.cli.render`)
and the web page draw it.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.core.errors import EuchreTypeError, EuchreValueError

COUNTER_RANKS: dict[str, tuple[int, int]] = {
    "counters_2_3": (2, 3),
    "counters_4_6": (4, 6),
    "counters_5_5": (5, 5),
}
"""For each counter style, the two cards' pip counts: (the one used first, the other)."""

_NAMES = {2: "deuce", 3: "tray", 4: "four", 5: "five", 6: "six"}


@dataclass(frozen=True)
class Counter:
    """One counter card as it lies.

    Attributes:
        pips: the card's rank (2 for the deuce, 3 for the tray, ...).
        face_up: whether its face is up.
        showing: how many of its pips are seen (0 when face down or covered).
    """

    pips: int
    face_up: bool
    showing: int

    @property
    def name(self) -> str:
        """The card's name: "deuce", "tray", "four", "five" or "six"."""
        return _NAMES[self.pips]


def counters(style: str, points: int) -> tuple[Counter, Counter] | None:
    """The two counters showing ``points`` under the counter ``style``, or None when
    the style is ``numeric`` or the counters cannot show that many points (more than
    both cards' pips together, less than 0).

    Raises:
        EuchreTypeError: ``points`` is not an int or ``style`` not a str.
        EuchreValueError: ``style`` is no score_display style.
    """
    if not isinstance(style, str) or isinstance(points, bool) or not isinstance(points, int):
        raise EuchreTypeError(f"counters takes a style name and a whole number of points, not {style!r}, {points!r}")
    if style == "numeric":
        return None
    if style not in COUNTER_RANKS:
        raise EuchreValueError(f"not a counter style: {style!r}; styles: numeric, {', '.join(COUNTER_RANKS)}")
    first, second = COUNTER_RANKS[style]
    if points < 0 or points > first + second - 1:
        return None
    if style == "counters_2_3":
        return _dc_count(points)
    if points == 0:
        return Counter(first, False, 0), Counter(second, False, 0)
    if points <= first:
        return Counter(first, True, points), Counter(second, False, 0)  # the other face down over it
    if points <= second:
        return Counter(first, False, 0), Counter(second, True, points)
    return Counter(first, True, points - second), Counter(second, True, second)


def _dc_count(points: int) -> tuple[Counter, Counter]:
    """S000 L149: the deuce (first) and the tray (second) for 0 to 4."""
    deuce_showing, tray_showing = {0: (0, 0), 1: (1, 0), 2: (2, 0), 3: (0, 3), 4: (1, 3)}[points]
    return Counter(2, deuce_showing > 0, deuce_showing), Counter(3, tray_showing > 0, tray_showing)


def counters_text(style: str, points: int) -> str | None:
    """The counters in words, e.g. ``"deuce up (1 pip showing) / tray up"`` for 4 points
    of the D.C. count, or None (see :func:`counters`)."""
    shown = counters(style, points)
    if shown is None:
        return None
    parts = []
    for c in shown:
        if not c.face_up:
            parts.append(f"{c.name} down")
        elif c.showing == c.pips:
            parts.append(f"{c.name} up")
        else:
            parts.append(f"{c.name} up ({c.showing} pip{'s' if c.showing != 1 else ''} showing)")
    return " / ".join(parts)

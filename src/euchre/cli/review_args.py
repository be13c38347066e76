"""The arguments of ``euchre review`` (:mod:`euchre.cli.review`), apart from the command so
that ``euchre``'s parser is built with the standard library alone (:mod:`euchre.cli.extras`:
the command needs the ``cli`` extra, its help does not)."""

from __future__ import annotations

import argparse
import math
import re
from typing import TypeVar

from euchre.analysis.review import DEFAULT_THRESHOLD
from euchre.cli.text import int_arg, quoted

_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
"""A plain decimal number (no exponent, no underscores, ASCII digits only)."""
MAX_THRESHOLD = 24.0
"""The largest threshold accepted (a hand is worth at most a few points)."""


def threshold_arg(text: str) -> float:
    """An argparse ``type`` for the loss threshold: a number of points from 0 to
    :data:`MAX_THRESHOLD`."""
    t = text.strip()
    value = float(t) if _DECIMAL.fullmatch(t) else math.nan
    if not math.isfinite(value) or not 0 <= value <= MAX_THRESHOLD:
        raise argparse.ArgumentTypeError(f"{quoted(text, 20)} is not a number of points from 0 to {MAX_THRESHOLD:g}")
    return value + 0.0  # -0 is 0


ALL_SEATS = ("all",)
"""``--seat all``: every seat of the game's table."""


def seats_arg(text: str) -> tuple[str, ...]:
    """An argparse ``type`` for ``--seat``: ``all``, or seats separated by commas, each
    named as the table shows it (``S``, ``N,S``, ``west``; at a table of another size
    ``1``, ``2`` or ``Player 2``: :meth:`~euchre.core.seats.Table.seat_named`). Which
    seats they are is known once the game's table is (:func:`seats_at`)."""
    t = text.strip()
    if t.lower() == "all":
        return ALL_SEATS
    parts = tuple(part.strip() for part in t.split(","))
    if not all(parts):
        raise argparse.ArgumentTypeError(f"{quoted(text, 20)}: a seat is missing between the commas (or give all)")
    return parts


P = TypeVar("P", bound=argparse.ArgumentParser)


def add_review_parser(sub: argparse._SubParsersAction[P]) -> None:
    """Add the ``review`` sub-command to ``euchre``'s parser."""
    p = sub.add_parser("review", help="the decisions of a saved game that fell short of the best",
                       description="Value every decision of a saved game with the expert and list those whose "
                                   "expected value fell short of the best by more than a threshold.")
    p.add_argument("file", metavar="FILE", help="our game record (JSON), an EGN file or an EMN match file")
    p.add_argument("--seat", type=seats_arg, default=ALL_SEATS, metavar="S[,S...]|all",
                   help="the seats to review, comma-separated, as the table names them: N, E, S, W (or North, "
                        "...) at the four-hand table, 1, 2, ... (or Player 1, ...) at another; or all (default all)")
    p.add_argument("--threshold", type=threshold_arg, default=DEFAULT_THRESHOLD, metavar="POINTS",
                   help=f"list decisions losing more than this many points of expected value (default {DEFAULT_THRESHOLD:g})")
    p.add_argument("--game", type=_positive, default=None, metavar="N", help="review only game N of a match (from 1)")
    p.add_argument("--seed", type=int_arg, default=0, help="seed of the sampled worlds (default 0)")
    p.add_argument("--plot", default=None, metavar="FILE.png", help="draw the points lost per hand to a PNG file")


def _positive(text: str) -> int:
    value = int_arg(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{quoted(text, 20)} is not a number from 1")
    return value

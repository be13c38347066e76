"""Seats at the table and the only seat arithmetic in the engine.

Seats run clockwise N, E, S, W (0..3); play and the deal pass to the left, which is the
next seat clockwise (S000 L115, S001 L9). Partners sit opposite (S000 L115, S001 L7):
N-S are team 0 and E-W team 1.
"""

from __future__ import annotations

import enum

from euchre.core.errors import EuchreError


class Seat(enum.IntEnum):
    """A seat: N=0, E=1, S=2, W=3, clockwise."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def left(self) -> Seat:
        """The next seat clockwise: the player to this seat's left, who plays after it."""
        return Seat((self + 1) & 3)

    @property
    def right(self) -> Seat:
        """The previous seat: the player to this seat's right."""
        return Seat((self + 3) & 3)

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return Seat(self ^ 2)

    @property
    def team(self) -> int:
        """0 for N-S, 1 for E-W."""
        return self & 1

    @property
    def title(self) -> str:
        """The English name: North, East, South, West."""
        return ("North", "East", "South", "West")[self]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str | int) -> Seat:
        """Read a seat from N/E/S/W, a name, or 0..3.

        Raises:
            EuchreError: the text names no seat.
        """
        if isinstance(text, int) and not isinstance(text, bool):
            if 0 <= text <= 3:
                return Seat(text)
        elif isinstance(text, str):
            t = text.strip().upper()
            for s in cls:
                if t in (s.name, s.title.upper(), str(int(s))):
                    return s
        raise EuchreError(f"not a seat: {text!r} (use N, E, S or W)")


def seat_left(seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places to the left (clockwise) of ``seat``, as an int."""
    return (seat + steps) & 3


def partner_of(seat: int) -> int:
    """The partner's seat, as an int."""
    return seat ^ 2


def team_of(seat: int) -> int:
    """The team (0 = N-S, 1 = E-W) of a seat, as an int."""
    return seat & 1


TEAM_NAMES = ("N-S", "E-W")

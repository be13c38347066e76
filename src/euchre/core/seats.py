"""Seats at the table, and the only seat arithmetic in the engine.

Seats run clockwise N, E, S, W (0..3); play and the deal pass to the left, which is the
next seat clockwise (S000 L115, S001 L9). Partners sit opposite (S000 L115, S001 L7):
N-S are team 0 and E-W team 1.

Every question of "who is next", "who is my partner", "which team", "who leads the first
trick" and "who sits out" is answered here, by a :class:`Table` (the shape of the table:
its seats and its partnerships). The engine, the bots, the solver's Python side, the
server and the terminal ask the table; none computes ``(seat + 1) & 3`` itself. A
table's answers are precomputed tuples (``table.left[seat]``), as fast as the arithmetic.

Two other places receive the table as arrays, each for a reason: the solver's compiled
kernel (:mod:`euchre.solver.kernel`) and the batch kernel (:mod:`euchre.batch`), because
numba code cannot call Python objects (they get the table's ``next_active`` rows, and the
solver the mask of the seats of the side it minimises); and the OpenSpiel adapter
(:mod:`euchre.interop.openspiel`) writes down OpenSpiel's own numbering of its deal
(``(dealer + k) % 4``), not ours.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from euchre.core.errors import EuchreTypeError, EuchreValueError


class Seat(enum.IntEnum):
    """A seat: N=0, E=1, S=2, W=3, clockwise."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def left(self) -> Seat:
        """The next seat clockwise: the player to this seat's left, who plays after it."""
        return Seat(FOUR_HANDED.left[self])

    @property
    def right(self) -> Seat:
        """The previous seat: the player to this seat's right."""
        return Seat(FOUR_HANDED.right[self])

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return Seat(FOUR_HANDED.partner[self])

    @property
    def team(self) -> int:
        """0 for N-S, 1 for E-W."""
        return FOUR_HANDED.team[self]

    @property
    def title(self) -> str:
        """The English name: North, East, South, West."""
        return SEAT_TITLES[self]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def _missing_(cls, value: object) -> Seat:
        if isinstance(value, str):
            raise EuchreValueError(f"Seat({value!r}): a Seat is made from its number 0..3; read N, E, S or W with Seat.parse({value!r})")
        if isinstance(value, int):
            raise EuchreValueError(f"not a seat number 0..3: {value!r}")
        raise EuchreTypeError(f"a seat is a number 0..3, not {type(value).__name__} {value!r}")

    @classmethod
    def parse(cls, text: str | int) -> Seat:
        """Read a seat of the four-hand table from N/E/S/W, a name (``south``), or its
        number 0..3 (an int or its digit), as programs and records give it. A seat a
        person types is read by :meth:`Table.seat_named`, which refuses a bare number
        (0..3 or 1..4 would be a guess) and names the seats of any table.

        Raises:
            EuchreTypeError: neither a text nor a whole number.
            EuchreValueError: the text or number names no seat.
        """
        if isinstance(text, int) and not isinstance(text, bool):
            if isinstance(text, enum.Enum) and not isinstance(text, Seat):
                raise EuchreTypeError(f"a seat is N, E, S, W or 0..3, not {type(text).__name__} {text!r}")
            if 0 <= text <= 3:
                return Seat(text)
        elif isinstance(text, str):
            t = text.strip().upper()
            for s in cls:
                if t in (s.name, s.title.upper(), str(int(s))):
                    return s
        else:
            raise EuchreTypeError(f"a seat is N, E, S, W or 0..3, not {type(text).__name__} {text!r}")
        raise EuchreValueError(f"not a seat of the four-hand table: {text!r} (use N, E, S, W, North, East, South, "
                               "West or 0..3)")


SEAT_LETTERS = "NESW"
"""SEAT_LETTERS[seat]: the one-letter name of a seat, as records and messages write it."""

SEAT_TITLES = ("North", "East", "South", "West")
"""SEAT_TITLES[seat]: the English name of a seat."""

TEAM_NAMES = ("N-S", "E-W")
"""TEAM_NAMES[team]: the name of a partnership."""


def _next_active_rows(seats: int) -> tuple[tuple[int, ...], ...]:
    rows = []
    for active in range(1 << seats):
        row = []
        for seat in range(seats):
            nxt = seat
            for k in range(1, seats + 1):
                s = (seat + k) % seats
                if active >> s & 1:
                    nxt = s
                    break
            row.append(nxt)
        rows.append(tuple(row))
    return tuple(rows)


@dataclass(frozen=True)
class Table:
    """The shape of a table: ``seats`` players clockwise from 0, and the fixed sides
    ``teams`` that score (each a tuple of seats; every seat in exactly one): two
    partnerships at the four-hand table, one player each at a table where every player
    plays for himself (two-handed, cutthroat).

    ``letters`` names each seat in one character (records, messages), ``titles`` in
    words, ``team_names`` each side; by default seats are ``1``, ``2``, ... ("Player 1"),
    and a side is named by its players.

    The precomputed answers (all tuples, indexed by seat):

    - ``left[seat]``: the next seat clockwise, who bids and plays after ``seat``;
    - ``right[seat]``: the seat before;
    - ``team[seat]``: the index of the seat's side in ``teams``;
    - ``mates[seat]``: the other seats of its side (none for a player on his own);
    - ``partner[seat]``: the seat's partner (the other seat of a two-seat team), or the
      seat itself when it plays for itself;
    - ``next_active[active][seat]``: the next seat clockwise after ``seat`` whose bit is
      set in the mask ``active`` (``seat`` itself when none is).

    Raises:
        EuchreTypeError / EuchreValueError: the shape is malformed.
    """

    seats: int
    teams: tuple[tuple[int, ...], ...]
    letters: str = ""
    titles: tuple[str, ...] = ()
    team_names: tuple[str, ...] = ()
    left: tuple[int, ...] = field(init=False, repr=False, compare=False)
    right: tuple[int, ...] = field(init=False, repr=False, compare=False)
    team: tuple[int, ...] = field(init=False, repr=False, compare=False)
    partner: tuple[int, ...] = field(init=False, repr=False, compare=False)
    mates: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    next_active: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    everyone: int = field(init=False, repr=False, compare=False)
    """The mask of all seats (every seat takes part)."""

    def __post_init__(self) -> None:
        if isinstance(self.seats, bool) or not isinstance(self.seats, int):
            raise EuchreTypeError(f"a table's seats must be a whole number, not {self.seats!r}")
        if not 2 <= self.seats <= 7:
            raise EuchreValueError(f"a table has 2 to 7 seats (S001), not {self.seats}")
        if not isinstance(self.teams, tuple) or not all(
                isinstance(t, tuple) and all(type(s) is int for s in t) for t in self.teams):
            raise EuchreTypeError(f"a table's teams are a tuple of tuples of seat numbers, not {self.teams!r}")
        members = sorted(s for t in self.teams for s in t)
        if members != list(range(self.seats)) or not all(self.teams):
            raise EuchreValueError(f"the teams {self.teams!r} must hold each seat 0..{self.seats - 1} once, "
                                   "and no team may be empty")
        n = self.seats
        team = [0] * n
        partner = list(range(n))
        for i, t in enumerate(self.teams):
            for s in t:
                team[s] = i
                if len(t) == 2:
                    partner[s] = t[0] if s == t[1] else t[1]
        letters = self.letters or "".join(str(s + 1) for s in range(n))
        titles = self.titles or tuple(f"Player {s + 1}" for s in range(n))
        names = self.team_names or tuple(titles[t[0]] if len(t) == 1 else "-".join(letters[s] for s in t) for t in self.teams)
        if not isinstance(letters, str) or len(letters) != n or len(set(letters)) != n:
            raise EuchreValueError(f"a table's letters name each of its {n} seats once, not {letters!r}")
        if len(titles) != n or len(names) != len(self.teams):
            raise EuchreValueError("a table's titles name each seat, its team names each side")
        set_ = object.__setattr__
        set_(self, "letters", letters)
        set_(self, "titles", tuple(titles))
        set_(self, "team_names", tuple(names))
        set_(self, "mates", tuple(tuple(m for m in self.teams[team[s]] if m != s) for s in range(n)))
        set_(self, "left", tuple((s + 1) % n for s in range(n)))
        set_(self, "right", tuple((s - 1) % n for s in range(n)))
        set_(self, "team", tuple(team))
        set_(self, "partner", tuple(partner))
        set_(self, "next_active", _next_active_rows(n))
        set_(self, "everyone", (1 << n) - 1)

    # ------------------------------------------------------------ names
    @property
    def seat_list(self) -> str:
        """Every seat's name and title, clockwise, for messages: ``N (North), E (East),
        S (South), W (West)``; ``1 (Player 1), 2 (Player 2)`` at the two-handed table."""
        return ", ".join(f"{self.letters[s]} ({self.titles[s]})" for s in range(self.seats))

    def seat_named(self, text: object, what: str = "seat") -> int:
        """The seat of this table that a person named in ``text``: the one convention of
        every command and page that takes a seat (``euchre play --seat``, ``review
        --seat``, ``referee --dealer`` and its entries, the server's ``host`` and the
        referee's ``dealer``).

        A seat is named as the table shows it: by its letter or its title, in any case
        and spacing. At the four-hand table that is ``N``, ``E``, ``S``, ``W`` or
        ``North``, ``East``, ``South``, ``West``; at a table of another size the number
        shown, counting from 1 (``2``), or its title (``Player 2``, ``player2``). A bare
        number at the four-hand table is refused: whether ``2`` counts from 0 or from 1
        is exactly what a person cannot know. (:meth:`Seat.parse`, the library's reader
        of the four-hand seats, still takes 0..3 from programs and records.)

        Args:
            text: the name typed.
            what: how it was given, for the messages (``--seat``, ``dealer``).

        Returns:
            The seat, 0..seats-1.

        Raises:
            EuchreTypeError: ``text`` is not a text.
            EuchreValueError: it names no seat of this table; the message lists this
                table's seats (:attr:`seat_list`).
        """
        if not isinstance(text, str):
            raise EuchreTypeError(f"{what} must be a seat named as a text ({self.seat_list}), "
                                  f"not {type(text).__name__} {str(text)[:20]!r}")
        key = "".join(text.split()).lower()
        for s in range(self.seats):
            if key in (self.letters[s].lower(), "".join(self.titles[s].split()).lower()):
                return s
        shown = text.strip()[:20]
        if key.isdigit() and key.isascii() and not self.letters.isdigit():
            raise EuchreValueError(f"{what} {shown!r}: the seats of this table are named by letter, not by number "
                                   f"(would {shown} count from 0 or from 1?); its seats are {self.seat_list}")
        raise EuchreValueError(f"{what} {shown!r}: not a seat at this table of {self.seats}; "
                               f"its seats are {self.seat_list}")

    # ------------------------------------------------------------ questions
    # The tuples above answer the engine's hot paths unchecked (an index outside the
    # table is an IndexError); these methods check what they are given.
    def seat(self, seat: object, what: str = "seat") -> int:
        """``seat`` checked as a seat of this table.

        Raises:
            EuchreTypeError: not an int. EuchreValueError: not 0..seats-1."""
        if type(seat) is int and 0 <= seat < self.seats:
            return seat
        if (isinstance(seat, bool) or not isinstance(seat, int)
                or (isinstance(seat, enum.Enum) and not isinstance(seat, Seat))):  # a Card or a Suit is no seat
            raise EuchreTypeError(f"{what} must be a seat number 0..{self.seats - 1} (int), not {type(seat).__name__} {seat!r}")
        if not 0 <= seat < self.seats:
            raise EuchreValueError(f"{what} must be a seat 0..{self.seats - 1}, not {seat}")
        return int(seat)

    def left_of(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places clockwise of ``seat`` (``steps`` may be negative).

        Raises:
            EuchreTypeError / EuchreValueError: not a seat, or ``steps`` not an int."""
        if isinstance(steps, bool) or not isinstance(steps, int):
            raise EuchreTypeError(f"steps must be a whole number, not {steps!r}")
        return (self.seat(seat) + steps) % self.seats

    def eldest(self, dealer: int) -> int:
        """The eldest hand: the seat to the dealer's left, who bids and leads first
        (S000 L117, S001 L11)."""
        return self.left[self.seat(dealer, "dealer")]

    def seats_from(self, start: int, seat: int) -> int:
        """How many places clockwise ``seat`` sits from ``start`` (0 for ``start``
        itself; for the dealer, 1 is the eldest hand)."""
        return (self.seat(seat) - self.seat(start, "start")) % self.seats

    @property
    def individual(self) -> bool:
        """True when every player plays for himself (each side is one seat)."""
        return all(len(t) == 1 for t in self.teams)

    def same_team(self, a: int, b: int) -> bool:
        """True when seats ``a`` and ``b`` play on the same side."""
        return self.team[self.seat(a)] == self.team[self.seat(b)]

    def other_team(self, team: int) -> int:
        """The side that ``team`` plays against at a table of two sides (the four-hand
        partnerships: N-S's is E-W, 1, and E-W's N-S, 0; two-handed: the other player).

        Raises:
            EuchreTypeError / EuchreValueError: ``team`` is not a side of this table, or
                the table has more than two sides (cutthroat, call-ace: each plays
                against every other player).
        """
        if isinstance(team, bool) or not isinstance(team, int):
            raise EuchreTypeError(f"a team is a whole number, not {team!r}")
        if len(self.teams) != 2:
            raise EuchreValueError(f"a table of {len(self.teams)} sides has no one other side; each plays against "
                                   "every other")
        if team not in (0, 1):
            raise EuchreValueError(f"a team of this table is 0 or 1, not {team}")
        return 1 - team

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The seats of the other teams, clockwise from ``seat``'s left."""
        t = self.team[self.seat(seat)]
        return tuple(s for s in self.clockwise_from(self.left[seat]) if self.team[s] != t)

    def clockwise_from(self, start: int) -> tuple[int, ...]:
        """Every seat once, clockwise, starting with ``start``."""
        start = self.seat(start, "start")
        return tuple((start + k) % self.seats for k in range(self.seats))

    def active_seats(self, alone: int = -1, defender_alone: int = -1) -> int:
        """The mask of the seats that take part in the play: everyone but the partner of
        a lone maker and the partner of a lone defender, who sit out (S000 L169-171,
        S001 L15; X-19). ``-1`` for nobody alone."""
        active = self.everyone
        for lone in (alone, defender_alone):
            if lone != -1:
                for mate in self.mates[self.seat(lone, "a lone player")]:
                    active &= ~(1 << mate)
        return active

    def sits_out(self, seat: int, active: int) -> bool:
        """True when ``seat`` sits out (its bit is clear in ``active``)."""
        return not active >> self.seat(seat) & 1

    def opening_leader(self, dealer: int, active: int, alone: int, alone_lead: str) -> int:
        """The seat that leads the first trick (REFERENCE 6.1 "opening lead").

        Args:
            dealer: the dealer's seat.
            active: the mask of the seats taking part (:meth:`active_seats`).
            alone: the lone maker's seat, or -1.
            alone_lead: the rules' ``alone_lead``: ``first_active_left_of_dealer``
                (S000 L173, S001 L17: the eldest hand, or the next seat that plays when
                he sits out), ``left_of_lone_player`` (X-11, "lead switch") or
                ``lone_player`` (S000 L181, the "improper custom").
        """
        dealer = self.seat(dealer, "dealer")
        if alone != -1:
            alone = self.seat(alone, "the lone player")
        if alone != -1 and alone_lead == "lone_player":
            start = alone
        elif alone != -1 and alone_lead == "left_of_lone_player":
            start = self.left[alone]
        else:
            start = self.left[dealer]
        if not active >> start & 1:
            start = self.next_active[active][start]
        return start


FOUR_HANDED = Table(4, ((0, 2), (1, 3)), "NESW", SEAT_TITLES, TEAM_NAMES)
"""The four-hand partnership table: N-S (team 0) against E-W (team 1)."""

_TABLES: dict[tuple[str, int], Table] = {("partnership", 4): FOUR_HANDED}
for _n in range(2, 7):
    _TABLES[("individual", _n)] = Table(_n, tuple((s,) for s in range(_n)))


def table_of(num_players: int, variant: str = "partnership") -> Table:
    """The table of a rule set's ``variant`` and ``num_players``: the four-hand
    partnerships, or (``two_handed``, ``cutthroat``, ``call_ace``) every player for
    himself, seats numbered 1..n.

    Raises:
        EuchreValueError: no table of that shape is known.
    """
    key = ("partnership" if variant == "partnership" else "individual", num_players)
    table = _TABLES.get(key)
    if table is None:
        raise EuchreValueError(f"no {variant} table of {num_players} players is played")
    return table


def seat_left(seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places to the left (clockwise) of ``seat`` at the four-hand
    table, as an int."""
    return FOUR_HANDED.left_of(seat, steps)


def partner_of(seat: int) -> int:
    """The partner's seat at the four-hand table, as an int."""
    return FOUR_HANDED.partner[seat]


def team_of(seat: int) -> int:
    """The team (0 = N-S, 1 = E-W) of a seat at the four-hand table, as an int."""
    return FOUR_HANDED.team[seat]

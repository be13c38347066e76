"""The open-hand (double-dummy) solver's entry points.

Given a hand in the play phase with every card known, the solver finds, for each legal
card of the seat to play, what it is worth with perfect play by every seat from then on.

The objective
    The search is an exact minimax over the number of tricks: each side maximises its own
    final trick count (alpha-beta with a transposition table, see
    :mod:`euchre.solver.kernel`). Points follow from tricks: under every rule set a side's
    points for the hand (what it scores, minus what the other side scores) never go down
    when it takes more tricks (euchre < nothing < make <= march for the makers; the
    defenders' mirror), so the best points a card can guarantee are the points of the best
    trick count it can guarantee, and :func:`solve_points` is exact for the points
    objective too (max and min commute with a non-decreasing map; :func:`points_table`
    checks the premise for the hand's rules). Points change only at a few trick counts
    (the makers' 3rd and 5th trick, and their 1st under super euchre), so several cards
    can share the best points while their trick counts differ;
    :attr:`Solution.best_cards` breaks such ties by tricks.

Equivalent cards
    Cards of one effective suit in the hand to play with no card still in play between
    them (a card of an earlier trick is a gap; a card of the trick in progress is not)
    are worth the same: one is searched, all are reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from euchre.core.errors import EuchreError, RulesTypeError
from euchre.core.hand import HandState
from euchre.core.rules import Rules
from euchre.core.scoring import score_hand
from euchre.solver.backend import get_backend
from euchre.solver.kernel import MAX_SLOTS, S_NODES
from euchre.solver.position import Position, position_of, representative


@dataclass(frozen=True)
class Solution:
    """What each legal card is worth to the side to play.

    Attributes:
        seat: the seat to play (0..3, N E S W at the four-hand table; 0 .. seats-1
            elsewhere).
        team: its team (0 N-S, 1 E-W; at the tables of players each for himself the
            seat itself). "The side to move" is its side in the play: its partnership,
            or where every player is for himself the maker's side (at call-ace the maker
            and the holder of the called card) or the defenders together.
        tricks: ``tricks[card]`` for each legal card (card numbers): the tricks the side
            to move has won at the end of the hand (0..5, counting tricks already won) if
            it plays that card and all play perfectly after.
        points: ``points[card]``: the points of the hand for the side to move, positive
            when it scores, negative when the other side does (e.g. -2 for being euchred).
        groups: the legal cards in groups of equivalent cards (each sorted; the groups in
            the order of their first card).
        nodes: positions the search visited (a measure of work).
        backend: ``"numba"`` or ``"python"``.
    """

    seat: int
    team: int
    tricks: dict[int, int]
    points: dict[int, int]
    groups: tuple[tuple[int, ...], ...]
    nodes: int
    backend: str

    @property
    def best_points(self) -> int:
        """The points of the best card for the side to move."""
        return max(self.points.values())

    @property
    def best_cards(self) -> list[int]:
        """The legal cards that give the most points, and among those the most tricks
        (card numbers, ascending)."""
        top = max((self.points[c], self.tricks[c]) for c in self.tricks)
        return sorted(c for c in self.tricks if (self.points[c], self.tricks[c]) == top)


@cache
def points_table(rules: Rules, maker_team: int, team: int, maker_alone: bool, defender_alone: bool) -> tuple[int, ...]:
    """The points of a hand for ``team`` by its final trick count.

    Returns:
        ``table[t]`` for ``t`` = 0..5 tricks won by ``team``: the points it scores, or
        minus the points the other side scores (from :func:`euchre.core.scoring.score_hand`).

    Raises:
        EuchreError: the points would go down for more tricks (no rule set does that; the
            trick search would then not give the best points).
    """
    table = []
    for t in range(6):
        maker_tricks = t if team == maker_team else 5 - t
        makers_score, points, _ = score_hand(rules, maker_tricks, maker_alone, defender_alone)
        scores = makers_score == (team == maker_team)
        table.append(points if scores else -points)
    if any(table[t] > table[t + 1] for t in range(5)):
        raise EuchreError(f"points by tricks {table} go down somewhere: the solver needs them non-decreasing")
    return tuple(table)


def _kernel_values(pos: Position, backend: str | None) -> tuple[dict[int, int], int, str]:
    """Run the kernel on a position. Returns (the counted side's future tricks by representative bit,
    nodes, backend name)."""
    be = get_backend(backend)
    ws = be.workspace()
    gen = ws.next_generation(be.clear)
    make = be.make_ints
    hands = make(list(pos.hands))
    ctx = make(list(pos.ctx))
    ws.stats[S_NODES] = 0
    reps = be.solve_root(hands, ctx, ws.tt_keys, ws.tt_lo, ws.tt_hi, ws.stats, ws.frames, gen,
                         pos.leader, pos.seat, pos.nplayed, pos.led, pos.best, pos.best_seat, pos.table,
                         pos.tricks_left, ws.out)
    values = {}
    out = ws.out
    m = int(reps)
    while m:
        low = m & -m
        values[low] = int(out[low.bit_length() - 1])
        m ^= low
    return values, int(ws.stats[S_NODES]), be.name


def solvable(rules: Rules) -> bool:
    """True when :func:`analyse` can value hands under ``rules``: every table (the
    four-hand partnerships, two-handed, cutthroat and call-ace at four to six seats:
    the maker's side against the defenders, whose tricks count together; at call-ace
    the maker's side is the maker and the holder of the called card in the world
    solved, RULES.md decision 21).

    Raises:
        RulesTypeError: ``rules`` is not a Rules."""
    if not isinstance(rules, Rules):
        raise RulesTypeError(f"solvable takes a Rules, not {type(rules).__name__}")
    return rules.table.seats <= MAX_SLOTS


def analyse(state: HandState, *, backend: str | None = None) -> Solution:
    """Solve a hand in the play phase with all cards known (open hands).

    Args:
        state: the hand; not changed. At call-ace the world decides the secret partner
            (``state.partner``, the holder of the called card).
        backend: ``"numba"``, ``"python"`` or ``"auto"``; None reads the environment
            variable ``EUCHRE_SOLVER_BACKEND`` (default auto: numba when installed).

    Returns:
        a :class:`Solution`: tricks and points per legal card for the side to move.

    Raises:
        EuchreError: the hand is not in the play phase; an unknown backend, or numba asked
            for but not installed.
    """
    pos = position_of(state)
    seats = state.table
    values, nodes, name = _kernel_values(pos, backend)
    seat = state.turn
    team = seats.team[seat]
    # The play is between the makers and the defenders. Where more than two sides sit
    # (cutthroat, call-ace) the defenders' tricks count together, as the scoring counts
    # them (a euchre when the makers take fewer than three).
    makers, lone = state.maker_side()
    maker_teams = {seats.team[s] for s in makers}
    on_makers = team in maker_teams
    already = sum(w for t, w in enumerate(state.tricks_won) if (t in maker_teams) == on_makers)
    if state.rules.calls_partner:
        table = points_table(state.rules, 0, 0 if on_makers else 1, lone, False)
    else:
        table = points_table(state.rules, seats.team[state.maker], team, lone, state.defender_alone != -1)
    tricks: dict[int, int] = {}
    points: dict[int, int] = {}
    by_rep: dict[int, list[int]] = {}
    for card in pos.legal:
        rep = representative(pos, card)
        if rep not in values:
            raise RuntimeError(f"solver bug: no value for card {card} (representative bit {rep.bit_length() - 1})")
        future = values[rep] if pos.counted else pos.tricks_left - values[rep]
        tricks[card] = already + future
        points[card] = table[already + future]
        by_rep.setdefault(rep, []).append(card)
    groups = tuple(sorted(tuple(sorted(g)) for g in by_rep.values()))
    return Solution(seat, team, tricks, points, groups, nodes, name)


def solve(state: HandState, *, backend: str | None = None) -> dict[int, int]:
    """The tricks each legal card yields for the side to move, with perfect play after.

    Args:
        state: a hand in the play phase (all hands known); not changed.
        backend: see :func:`analyse`.

    Returns:
        ``{card number: tricks}``: for each legal card of the seat to play, the number of
        tricks (0..5) its side will have won at the end of the hand, counting the tricks
        it has already won.

    Raises:
        EuchreError: as :func:`analyse`.
    """
    return analyse(state, backend=backend).tricks


def solve_points(state: HandState, *, backend: str | None = None) -> dict[int, int]:
    """The points each legal card yields for the side to move, with perfect play after.

    Args:
        state: a hand in the play phase (all hands known); not changed.
        backend: see :func:`analyse`.

    Returns:
        ``{card number: points}``: the hand's points for the side of the seat to play,
        positive when it scores, negative when the other side scores (core scoring of the
        hand's rules: euchres, marches, lone hands, lone defenders).

    Raises:
        EuchreError: as :func:`analyse`.
    """
    return analyse(state, backend=backend).points

"""Game equity: a side's chance of winning a game to a target from a score, for bots that
value a hand's points by what they do for the game rather than by their number.

At 9 to 9 in a game to 10 a march is worth no more than a single, and a euchre of the
makers ends the game; at 0 to 9 the side behind needs every point it can get. A side's
chance of winning from scores ``(a, b)`` with a given side to deal next is found by a
Markov chain over the hands still to come, each hand's outcome drawn from a fixed model
(:data:`HAND_OUTCOMES`, measured), its points from the rules (``points_make``,
``points_march``, ``points_lone_make``, ``points_lone_march``, ``points_euchre``,
``points_lone_euchred``: RULES.md, REFERENCE section 4), the deal passing to the other
side after every hand (the deal passes to the left, S001 L11; at two hands the players
deal in turn).

It holds where a game is two sides playing to ``game_target`` points without laps
(:func:`applies`); the slam's double game (``slams``) and the penalties of the laws are
outside the model (a slam is counted as one game won).
"""

from __future__ import annotations

import functools

from euchre.core.errors import EuchreError
from euchre.core.rules import Rules

HAND_OUTCOMES: tuple[tuple[str, str, float], ...] = (
    ("dealer", "make", 0.4280),
    ("dealer", "march", 0.1345),
    ("dealer", "lone_make", 0.0133),
    ("dealer", "lone_march", 0.0257),
    ("dealer", "euchred", 0.0921),
    ("dealer", "lone_euchred", 0.0006),
    ("other", "make", 0.1823),
    ("other", "march", 0.0419),
    ("other", "lone_make", 0.0063),
    ("other", "lone_march", 0.0074),
    ("other", "euchred", 0.0641),
    ("other", "lone_euchred", 0.0004),
)
"""The model of a hand: ``(makers, outcome, rate per hand)``, where ``makers`` is
``dealer`` when the dealer's side made trump and ``other`` when the other side did; the
rest of the hands (0.0034) score nothing (passed out). Measured over 40,000 hands of
``modern-standard`` played by four ``intermediate`` players
(``.venv/bin/python bench/bench_hand_outcomes.py --hands 40000 --seed 1``)."""

MAX_TARGET = 100
"""The largest ``game_target`` the chances are computed for (the table has ``2 T²``
entries); :func:`applies` is False above it."""

_KIND_POINTS = {"make": "points_make", "march": "points_march", "lone_make": "points_lone_make",
                "lone_march": "points_lone_march", "euchred": "points_euchre", "lone_euchred": "points_lone_euchred"}


def applies(rules: Rules) -> bool:
    """True when the model holds: two sides (the four-hand partnerships, two-handed), a
    game to ``game_target`` (at most :data:`MAX_TARGET`) and no laps (points beyond the
    target would carry into the next game).

    Raises:
        EuchreError: ``rules`` is not a Rules."""
    if not isinstance(rules, Rules):
        raise EuchreError(f"applies takes a Rules, not {type(rules).__name__}")
    return (len(rules.table.teams) == 2 and rules.plays_to_target and not rules.laps
            and rules.game_target <= MAX_TARGET)


def hand_points(rules: Rules) -> tuple[tuple[int, int, float], ...]:
    """The model's hands as ``(points to the dealer's side, points to the other side,
    rate)``, the points from ``rules``; the rates sum to less than 1 (the rest: no
    points)."""
    out = []
    for makers, kind, rate in HAND_OUTCOMES:
        points = getattr(rules, _KIND_POINTS[kind])
        to_makers = not kind.endswith("euchred")
        dealer_scores = (makers == "dealer") == to_makers
        out.append((points, 0, rate) if dealer_scores else (0, points, rate))
    return tuple(out)


@functools.lru_cache(maxsize=16)
def _chances(target: int, hands: tuple[tuple[int, int, float], ...]) -> tuple[tuple[tuple[float, float], ...], ...]:
    """``table[a][b] = (win if A deals next, win if B deals next)`` for side A at ``a``
    and B at ``b`` (both below ``target``)."""
    idle = 1.0 - sum(rate for _, _, rate in hands)
    table = [[(0.0, 0.0)] * target for _ in range(target)]

    def after(a: int, b: int, a_deals_next: bool) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return table[a][b][0 if a_deals_next else 1]

    # Every scoring hand raises a + b: fill from the highest total down.
    for total in range(2 * target - 2, -1, -1):
        for a in range(max(0, total - target + 1), min(total, target - 1) + 1):
            b = total - a
            # A deals: the dealer's side is A; then B deals (and the other way round).
            r_a = sum(rate * after(a + d, b + o, False) for d, o, rate in hands)
            r_b = sum(rate * after(a + o, b + d, True) for d, o, rate in hands)
            # A hand with no points passes the deal: W_A = idle W_B + r_a, W_B = idle W_A + r_b.
            w_a = (r_a + idle * r_b) / (1 - idle * idle)
            w_b = (r_b + idle * r_a) / (1 - idle * idle)
            table[a][b] = (w_a, w_b)
    return tuple(tuple(row) for row in table)


def win_chance(rules: Rules, score: tuple[int, int], side: int, dealer_side: int) -> float:
    """The chance that ``side`` (0 or 1) wins the game from ``score`` (points per side)
    with ``dealer_side`` dealing the next hand, under the model (:data:`HAND_OUTCOMES`).

    A side at or above ``game_target`` has won (1.0 or 0.0); both there (a penalty of the
    laws with the hand's points) is counted 0.5.

    Raises:
        EuchreError: the model does not apply to ``rules`` (:func:`applies`), or a side,
            the dealer's side or a score out of range (a negative score).
    """
    if not applies(rules):
        raise EuchreError("game equity needs two sides playing to a target of at most "
                          f"{MAX_TARGET} without laps")
    if side not in (0, 1) or dealer_side not in (0, 1):
        raise EuchreError(f"side and dealer_side are 0 or 1, not {side!r} and {dealer_side!r}")
    if len(score) != 2 or any(type(s) is not int or s < 0 for s in score):
        raise EuchreError(f"score must be two whole numbers >= 0, not {score!r}")
    target = rules.game_target
    mine, theirs = score[side], score[rules.table.other_team(side)]
    if mine >= target or theirs >= target:
        return 0.5 if mine >= target and theirs >= target else float(mine >= target)
    return _chances(target, hand_points(rules))[mine][theirs][0 if dealer_side == side else 1]

"""The score of a game after each hand: who is at the bridge, who deals next, who won.

A part of :mod:`euchre.core.game` (which names these again for its callers); the
referee of real cards (:mod:`euchre.referee`) settles its hands with the same
:func:`settle_hand`.

Sources: REFERENCE 6.1 (pass-outs, game end); D.C. ch. IV, X-15a, X-20 (laps and
slams); REFERENCE 1I I6 (the bridge).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from euchre.core.rules import Rules
from euchre.core.state import HandResult

if TYPE_CHECKING:
    from euchre.core.game import Game


def bridge_team(rules: Rules, score: Sequence[int]) -> int | None:
    """The team "at the bridge", or None (display and advice only; REFERENCE 1I I6).

    Stated for a 5-point game and kept relative to the target here: a side one point
    from game whose opponents are at most ``target - 3`` (``uspcc``, S001 L24), also at
    least 1 (``dc_1862``, X-05), or exactly 1 (``hoyle_1857``, S002 L49-51). #interp for
    targets other than 5.
    """
    d = rules.bridge_definition
    t = rules.game_target
    if d == "none" or t < 3 or not rules.plays_to_target:
        return None
    for team, own in enumerate(score):
        if own != t - 1:
            continue
        # Where every player plays for himself each opponent must stand so (#interp).
        others = [s for other, s in enumerate(score) if other != team]
        if d == "uspcc" and all(opp <= t - 3 for opp in others):
            return team
        if d == "dc_1862" and all(1 <= opp <= t - 3 for opp in others):
            return team
        if d == "hoyle_1857" and all(opp == 1 for opp in others):
            return team
    return None


TIE = -1
"""The side number that tools outside the game (duplicate matches, ``euchre sim``,
self-play) give a finished game that nobody won: a progressive round whose highest
scores are equal (``GameResult.winner`` None; RULES.md decision 24). None there means a
game that did not end."""


def outcome_of(game: Game) -> int | None:
    """The winning side of a finished game, :data:`TIE` when it ended with nobody the
    winner, or None when it has not ended (the hand limit stopped it)."""
    if game.result is None:
        return None
    return TIE if game.result.winner is None else game.result.winner


@dataclass(frozen=True)
class GameResult:
    """The end of a game.

    Attributes:
        winner: the winning side (0 N-S, 1 E-W at the four-hand table); in progressive
            play the side with the most points after the round's hands, or None when
            the highest are equal (the event breaks the tie: RULES.md decision 24).
        score: the final score per side.
        games: games counted for the win: 2 for a slam (every other side on 0) when
            ``slams`` is on, else 1 (X-15a, X-20).
        carry: with ``laps``, the points per side carried into the next game (the
            winner's points beyond the target), else all 0.
        player_points: per seat, the points that player scored: his side's (as each
            player of a progressive evening records them on his tally, X-32).
    """

    winner: int | None
    score: tuple[int, ...]
    games: int
    carry: tuple[int, ...]
    player_points: tuple[int, ...] = ()


@dataclass(frozen=True)
class Settlement:
    """The game after one hand is settled (:func:`settle_hand`).

    Attributes:
        score: the score per side after the hand.
        dealer: who deals the next hand (the same dealer or the next: all seeds).
        result: the end of the game when the hand decided it, else None.
    """

    score: tuple[int, ...]
    dealer: int
    result: GameResult | None


def settle_hand(rules: Rules, score: Sequence[int], dealer: int, hands_counted: int, result: HandResult) -> Settlement:
    """Add one hand's points to a game's score and say who deals next and whether the
    game is over: the one reading of these rules for :class:`Game` and the referee of
    real cards (:mod:`euchre.referee`).

    A side at or past the target wins; where several sides score with one hand (every
    opponent of a euchred maker, where all play for themselves) the highest wins, and
    equal highest play on (RULES.md decision 18); a revoke's penalty is scored first
    (Leeds & Dwight 1888 s4; decision 27). A progressive round ends after its hands
    (decision 24). The deal passes left (all seeds), except after a hand thrown in for
    the same dealer (decision 23) or passed out under ``same_dealer_redeals`` (S003 L19).

    Args:
        rules: the game's rules.
        score: the score per side before the hand.
        dealer: the hand's dealer.
        hands_counted: hands that counted before this one (progressive play).
        result: the hand's result.
    """
    table = rules.table
    new = [s + p for s, p in zip(score, result.points, strict=True)]
    target = rules.game_target
    top = max(new)
    round_over = not rules.plays_to_target and hands_counted + result.played >= rules.progressive_hands
    leaders: list[int] = []
    if rules.plays_to_target:
        leaders = [t for t, s in enumerate(new) if s == top] if top >= target else []
        if result.penalties:
            # The penalty of a revoke is scored first (Leeds & Dwight 1888 s4): a side
            # that reaches the target by it wins, whatever the hand gave the others
            # (RULES.md decision 27).
            # Equal on the penalties alone, the score after the whole hand decides.
            first = [s + p for s, p in zip(score, result.penalties, strict=True)]
            first_top = max(first)
            first_leaders = [t for t, s in enumerate(first) if s == first_top]
            if first_top >= target and len(first_leaders) == 1:
                leaders = first_leaders
        if len(leaders) > 1:
            leaders = []
    next_dealer = dealer
    if not leaders and not round_over and not (result.dealer_deals_again or (
            result.passed_out and not result.forfeit and not result.thrown_in
            and rules.all_pass_round2 == "same_dealer_redeals")):
        next_dealer = table.left[dealer]  # the deal passes left (all seeds)
    points = tuple(new[table.team[s]] for s in range(table.seats))
    game_result: GameResult | None = None
    if leaders:
        winner = leaders[0]
        others = [s for t, s in enumerate(new) if t != winner]
        games = 2 if (rules.slams and not any(others)) else 1
        carry = tuple((new[winner] - target) if (t == winner and rules.laps) else 0 for t in range(len(new)))
        game_result = GameResult(winner, tuple(new), games, carry, points)
    elif round_over:
        # A progressive round: the hands are played; the most points win the table,
        # equal highest are a tie (X-32, X-49; RULES.md decision 24).
        best = [t for t, s in enumerate(new) if s == top]
        game_result = GameResult(best[0] if len(best) == 1 else None, tuple(new), 1, (0,) * len(new), points)
    return Settlement(tuple(new), next_dealer, game_result)

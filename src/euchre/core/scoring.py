"""Scoring one hand from its final trick count (REFERENCE 6.1 "Scoring").

Exactly one side scores on each played hand; a defenders' march scores as a euchre
(S000 L141); super euchre applies only to makers playing together (RULES.md
decision 10).
"""

from __future__ import annotations

from euchre.core.rules import Rules
from euchre.core.seats import Table

MAKERS_MAKE = "makers take the point"
"""The label of three or four tricks taken by makers playing together (two or more)."""
MAKER_MAKES = "the maker takes the point"
"""The label of three or four tricks taken by a maker who plays for himself, not alone:
the maker of a table where every player plays for himself (two-handed, cutthroat), who
has no partner to speak of (issue 34: the words follow the table's shape)."""


def score_hand(rules: Rules, maker_tricks: int, maker_alone: bool, defender_alone: bool,
               makers: int = 2) -> tuple[bool, int, str]:
    """Who scores and how much for a played hand.

    Args:
        rules: the rule set.
        maker_tricks: tricks (0..5) won by the makers' side.
        maker_alone: a maker played alone.
        defender_alone: a defender played alone.
        makers: how many players made up the makers' side in the play (two at the
            four-hand table, one where the maker plays for himself); it words the label
            of three or four tricks (:data:`MAKERS_MAKE`, :data:`MAKER_MAKES`) and
            changes no points.

    Returns:
        ``(makers_score, points, label)``: True when the makers score, else the
        defenders; the points (always > 0); a label such as ``"march"`` or ``"euchre"``.

    Raises:
        ValueError: ``maker_tricks`` is outside 0..5.
    """
    if not 0 <= maker_tricks <= 5:
        raise ValueError(f"maker_tricks must be 0..5, not {maker_tricks}")
    if maker_alone and defender_alone and rules.defend_alone_scoring == "odd_trick_scores_4":
        # S000 L179 (coterie custom): whoever wins the odd trick scores 4.
        if maker_tricks >= 3:
            return True, 4, "lone hand wins the odd trick"
        return False, 4, "lone defender wins the odd trick"
    if maker_tricks <= 2:
        if defender_alone:
            return False, rules.points_defend_alone_euchre, "euchred by a lone defender"
        if maker_alone:
            return False, rules.points_lone_euchred, "lone hand euchred"
        if maker_tricks == 0 and rules.super_euchre:
            return False, 4, "super euchre"
        return False, rules.points_euchre, "euchre"
    if maker_tricks == 5:
        if maker_alone:
            return True, rules.points_lone_march, "lone march"
        return True, rules.points_march, "march"
    if maker_alone:
        return True, rules.points_lone_make, "lone hand makes its point"
    return True, rules.points_make, MAKERS_MAKE if makers > 1 else MAKER_MAKES


def side_points(rules: Rules, table: Table, maker: int, maker_tricks: int, maker_alone: bool,
                defender_alone: bool) -> tuple[tuple[int, ...], str]:
    """The points of a played hand per side of ``table`` and its label (see
    :func:`score_hand`): the makers' side scores, or every side that defended does (the
    one other side at the four-hand table; each opponent of the maker where all play for
    themselves: X-56).

    Args:
        maker: the maker's seat.
        maker_tricks: tricks (0..5) of the makers' side.

    Raises:
        ValueError: ``maker_tricks`` is outside 0..5.
    """
    maker_team = table.team[maker]
    makers_score, points, label = score_hand(rules, maker_tricks, maker_alone, defender_alone,
                                             len(table.teams[maker_team]))
    return tuple(points if (team == maker_team) == makers_score else 0 for team in range(len(table.teams))), label

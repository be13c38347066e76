"""Regression tests for faults found in the game layer."""

import pytest

from euchre.core import EuchreError, Game, Rules


def test_initial_score_at_target_is_refused() -> None:
    """A game may not start with a side already at the target: the old code let the
    game run one hand and then declared team 0 the winner even when team 1 led."""
    with pytest.raises(EuchreError, match="already reaches the target"):
        Game(Rules(), 1, initial_score=(10, 15))
    with pytest.raises(EuchreError, match="already reaches the target"):
        Game(Rules(game_target=5), 1, initial_score=(0, 5))
    Game(Rules(game_target=5), 1, initial_score=(4, 4))  # one point short: allowed

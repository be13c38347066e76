"""The open-hand (double-dummy) solver: what each card is worth when every hand is known.

    from euchre.solver import analyse, solve, solve_points
    solve(state)          # {card: tricks of the side to move at the end of the hand}
    solve_points(state)   # {card: points of the hand for the side to move}
    analyse(state)        # both, the groups of equivalent cards, the best cards, nodes

The kernel (:mod:`euchre.solver.kernel`) is alpha-beta with a transposition table over bit
masks, compiled by numba when it is installed and run as plain Python otherwise
(:mod:`euchre.solver.backend`; choose with ``backend=`` or ``EUCHRE_SOLVER_BACKEND``).
"""

from euchre.solver.backend import ENV_VAR, available_backends, backend_name, numba_available
from euchre.solver.solve import Solution, analyse, points_table, solvable, solve, solve_points

__all__ = [
    "ENV_VAR", "Solution", "analyse", "available_backends", "backend_name", "numba_available",
    "points_table", "solvable", "solve", "solve_points",
]

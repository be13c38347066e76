"""The batch kernel: many whole hands played in compiled code, for simulation and data.

    from euchre.batch import play_hands
    batch = play_hands("openspiel", 1_000_000, seed=7)   # random legal play
    batch.points.mean(axis=0)                            # mean points per hand, N-S and E-W

The kernel (:mod:`euchre.batch.kernel`) is the phase machine of
:class:`~euchre.core.hand.HandState` over bit masks, on the core's own tables
(:mod:`euchre.batch.tables`), compiled by numba when it is installed and run as plain
Python otherwise (:mod:`euchre.batch.backend`; choose with ``backend=`` or
``EUCHRE_BATCH_BACKEND``). It plays every rule set of the four-hand table (every playable
preset) with a random or a simple policy per seat; ``tests/test_batch.py`` replays its
hands through ``HandState.apply``.
"""

from euchre.batch.backend import ENV_VAR, BatchBackendError, backend_name, numba_available
from euchre.batch.play import MAX_DECISIONS, POLICIES, HandBatch, play_hands
from euchre.batch.tables import BatchRulesError

__all__ = [
    "ENV_VAR", "MAX_DECISIONS", "POLICIES", "BatchBackendError", "BatchRulesError", "HandBatch", "backend_name",
    "numba_available", "play_hands",
]

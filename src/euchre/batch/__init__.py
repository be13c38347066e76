"""The batch kernel: many whole hands played in compiled code, for simulation and data.

    from euchre.batch import play_hands
    batch = play_hands("openspiel", 1_000_000, seed=7)   # random legal play
    batch.points.mean(axis=0)                            # mean points per hand per side

The kernel (:mod:`euchre.batch.kernel`) is the phase machine of
:class:`~euchre.core.hand.HandState` over bit masks, on the core's own tables
(:mod:`euchre.batch.tables`), compiled by numba when it is installed and run as plain
Python otherwise (:mod:`euchre.batch.backend`; choose with ``backend=`` or
``EUCHRE_BATCH_BACKEND``). It plays every playable preset, whatever its table (two to six
seats, sides of one or two players, call-ace's secret partner, railroad's card for best),
with a random or a simple policy per seat; ``tests/test_batch.py`` replays the hands of
every preset through ``HandState.apply``.
"""

from euchre.batch.backend import ENV_VAR, BatchBackendError, backend_name, numba_available
from euchre.batch.play import MAX_DECISIONS, POLICIES, HandBatch, play_hands
from euchre.batch.tables import BatchRulesError

__all__ = [
    "ENV_VAR", "MAX_DECISIONS", "POLICIES", "BatchBackendError", "BatchRulesError", "HandBatch", "backend_name",
    "numba_available", "play_hands",
]

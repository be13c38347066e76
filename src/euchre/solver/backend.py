"""The two ways to run the kernel: compiled by numba, or as plain Python.

:func:`get_backend` gives a :class:`Backend`: the kernel's entry point and the factory of
its working arrays. The numba backend is the kernel's functions compiled with
``numba.njit(cache=True)`` (the compiled code is cached on disk beside the source, so only
the first run on a machine pays the compile time); the Python backend runs the very same
functions on lists. Both give identical results.

Which one: the ``backend`` argument of the solver functions, else the environment variable
``EUCHRE_SOLVER_BACKEND`` (``numba``, ``python`` or ``auto``), else ``auto``: numba when it
can be imported, Python otherwise.
"""

from __future__ import annotations

import importlib
import threading
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from euchre.compiled import BACKENDS as BACKENDS
from euchre.compiled import BackendCache, choose_backend
from euchre.compiled import numba_available as numba_available
from euchre.core.errors import EuchreError, EuchreValueError
from euchre.solver import kernel

ENV_VAR = "EUCHRE_SOLVER_BACKEND"
"""The environment variable that picks the backend: ``numba``, ``python`` or ``auto``."""


_KERNEL_FUNCTIONS = (
    "popcount", "held_cards", "other_side", "suit_of", "beats", "last_trick", "tt_index", "highest_bit", "after_card",
    "representatives", "search", "solve_root",
)
"""The kernel functions, in the order they are compiled (callees before callers)."""


@dataclass
class Workspace:
    """The working arrays of one thread: the transposition table, counters, the search's
    stack of frames, the output slots, and the generation number that ages the table's
    entries."""

    tt_keys: Any
    tt_lo: Any
    tt_hi: Any
    stats: Any
    frames: Any
    out: Any
    generation: int = 0

    def next_generation(self, clear: Callable[[Workspace], None]) -> int:
        """Start a new solve; returns the generation, shifted into key position."""
        self.generation += 1
        if self.generation > kernel.MAX_GENERATION:
            clear(self)
            self.generation = 1
        return self.generation << kernel.GEN_SHIFT


@dataclass(frozen=True)
class Backend:
    """A way to run the kernel.

    Attributes:
        name: ``"numba"`` or ``"python"``.
        solve_root: :func:`euchre.solver.kernel.solve_root`, compiled or not.
        make_ints: turns a list of ints into the array type the kernel takes.
        new_workspace: makes a fresh :class:`Workspace`.
        clear: empties a workspace's table.
    """

    name: str
    solve_root: Callable[..., int]
    make_ints: Callable[[list[int]], Any]
    new_workspace: Callable[[], Workspace]
    clear: Callable[[Workspace], None]

    def workspace(self) -> Workspace:
        """This thread's workspace for this backend (made on first use)."""
        local: dict[str, Workspace] = _LOCAL.__dict__
        ws = local.get(self.name)
        if ws is None:
            ws = local[self.name] = self.new_workspace()
        return ws


_LOCAL = threading.local()


def _python_backend() -> Backend:
    def new_workspace() -> Workspace:
        size = kernel.TT_SIZE
        frames = [[0] * kernel.FRAME_LEN for _ in range(kernel.MAX_DEPTH)]
        return Workspace([0] * size, [0] * size, [0] * size, [0] * kernel.STATS_LEN, frames, [0] * 33)

    def clear(ws: Workspace) -> None:
        ws.tt_keys[:] = [0] * kernel.TT_SIZE

    return Backend("python", kernel.solve_root, list, new_workspace, clear)


def _numba_backend() -> Backend:
    try:
        numba = importlib.import_module("numba")
        np = importlib.import_module("numpy")
    except ImportError as exc:
        raise EuchreError(
            f"the numba solver backend needs numba ({exc}); install it with pip install 'euchre[fast]' "
            f"(the fast extra) or use backend='python' ({ENV_VAR}=python)") from None
    # Copies of the kernel functions whose globals name the compiled versions, so that the
    # compiled functions call each other inside numba while the module's own functions
    # stay plain Python for the other backend.
    namespace: dict[str, Any] = dict(vars(kernel))
    for name in _KERNEL_FUNCTIONS:
        func = getattr(kernel, name)
        copy = types.FunctionType(func.__code__, namespace, name, func.__defaults__, func.__closure__)
        copy.__qualname__ = func.__qualname__
        copy.__module__ = func.__module__
        namespace[name] = numba.njit(cache=True)(copy)
    int64 = np.int64

    def make_ints(values: list[int]) -> Any:
        return np.array(values, dtype=int64)

    def new_workspace() -> Workspace:
        size = kernel.TT_SIZE
        return Workspace(np.zeros(size, int64), np.zeros(size, int64), np.zeros(size, int64),
                         np.zeros(kernel.STATS_LEN, int64), np.zeros((kernel.MAX_DEPTH, kernel.FRAME_LEN), int64),
                         np.zeros(33, int64))

    def clear(ws: Workspace) -> None:
        ws.tt_keys[:] = 0

    return Backend("numba", namespace["solve_root"], make_ints, new_workspace, clear)


_CACHE: BackendCache[Backend] = BackendCache(_numba_backend, _python_backend)


def available_backends() -> tuple[str, ...]:
    """The backends that can run here: ``("numba", "python")`` or ``("python",)``."""
    return BACKENDS if numba_available() else ("python",)


def backend_name(backend: str | None = None) -> str:
    """The backend that ``backend`` selects: the argument if given, else the environment
    variable :data:`ENV_VAR`, else ``auto``; ``auto`` is numba when available, else Python
    (:func:`euchre.compiled.choose_backend`).

    Raises:
        EuchreTypeError: ``backend`` is neither a str nor None.
        EuchreValueError: the name is not ``numba``, ``python`` or ``auto``.
    """
    return choose_backend(backend, ENV_VAR, "solver", EuchreValueError)


def get_backend(backend: str | None = None) -> Backend:
    """The :class:`Backend` selected by ``backend`` (see :func:`backend_name`).

    The numba kernel is compiled (or loaded from numba's on-disk cache) on first use.

    Raises:
        EuchreError: an unknown name, or numba asked for but not installed.
    """
    return _CACHE.get(backend_name(backend))

"""The two ways to run the batch kernel: compiled by numba, or as plain Python.

As the solver's backends (:mod:`euchre.solver.backend`): the numba backend is the kernel's
functions compiled with ``numba.njit(cache=True, nogil=True)`` (the compiled code is
cached on disk beside the source, so only the first run on a machine pays the compile
time, about ten seconds; a call does not hold the GIL); the Python backend runs the very same functions on lists, some hundred times
slower. Both give the same hands for the same seed.

Which one: the ``backend`` argument of :func:`euchre.batch.play_hands`, else the
environment variable ``EUCHRE_BATCH_BACKEND`` (``numba``, ``python`` or ``auto``), else
``auto``: numba when it can be imported, Python otherwise.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from euchre.batch import after_trump, bidding, bits, kernel, layout, policy, tricks
from euchre.compiled import BACKENDS as BACKENDS
from euchre.compiled import BackendCache, choose_backend
from euchre.compiled import numba_available as numba_available
from euchre.core.errors import EuchreValueError

ENV_VAR = "EUCHRE_BATCH_BACKEND"
"""The environment variable that picks the backend: ``numba``, ``python`` or ``auto``."""


_KERNEL_MODULES: tuple[types.ModuleType, ...] = (bits, after_trump, bidding, tricks, policy, kernel)
"""The modules of the kernel's functions (:mod:`euchre.batch.kernel` names the idea of each)."""


def kernel_functions() -> dict[str, types.FunctionType]:
    """Every function of the kernel by name: those defined in :data:`_KERNEL_MODULES`
    (each name defined once: the compiled copies share one namespace)."""
    found: dict[str, types.FunctionType] = {}
    for module in _KERNEL_MODULES:
        for name, value in vars(module).items():
            if isinstance(value, types.FunctionType) and value.__module__ == module.__name__:
                if name in found:
                    raise BatchBackendError(f"the kernel function {name} is defined twice")
                found[name] = value
    return found


def kernel_fingerprint() -> str:
    """A digest of the source of every kernel module and of :mod:`euchre.batch.layout`.

    numba's on-disk cache checks only the source file of the function it caches: a
    compiled function keeps the constants of the layout and the code of the functions it
    calls in other modules as they were when it was compiled. Each compiled copy's name
    carries this digest, so a change to any kernel file compiles every function afresh
    instead of loading a stale one (which would read the arrays at old offsets)."""
    digest = hashlib.sha256()
    for module in (layout, *_KERNEL_MODULES):
        try:
            digest.update(inspect.getsource(module).encode())
        except (OSError, TypeError):  # no source (numba cannot cache without it either)
            digest.update(module.__name__.encode())
    return digest.hexdigest()[:16]


class BatchBackendError(EuchreValueError):
    """An unknown backend name, or the numba backend asked for without numba installed."""


@dataclass(frozen=True)
class Backend:
    """A way to run the batch kernel.

    Attributes:
        name: ``"numba"`` or ``"python"``.
        play_hands: :func:`euchre.batch.kernel.play_hands`, compiled or not.
        ints: ``ints(size, dtype)`` a zeroed int array of ``size`` slots (numpy's
            ``dtype`` name, e.g. ``"int8"``; the Python backend makes a list).
    """

    name: str
    play_hands: Callable[..., int]
    ints: Callable[[int, str], Any]


def _python_backend() -> Backend:
    def ints(size: int, dtype: str) -> Any:
        return [0] * size

    return Backend("python", kernel.play_hands, ints)


def _numba_backend() -> Backend:
    try:
        numba = importlib.import_module("numba")
        np = importlib.import_module("numpy")
    except ImportError as exc:
        raise BatchBackendError(
            f"the numba batch backend needs numba ({exc}); install it with `pip install numba` "
            f"(the `fast` extra) or use backend='python' ({ENV_VAR}=python)") from None
    # Copies of the kernel functions whose globals name the compiled versions, so that the
    # compiled functions call each other inside numba while the module's own functions
    # stay plain Python for the other backend.
    namespace: dict[str, Any] = {}
    for module in _KERNEL_MODULES:
        namespace.update(vars(module))
    stamp = kernel_fingerprint()
    for name, func in kernel_functions().items():
        copy = types.FunctionType(func.__code__, namespace, name, func.__defaults__, func.__closure__)
        copy.__qualname__ = f"{func.__qualname__}_{stamp}"
        copy.__module__ = func.__module__
        namespace[name] = numba.njit(cache=True, nogil=True)(copy)

    def ints(size: int, dtype: str) -> Any:
        return np.zeros(size, dtype=dtype)

    return Backend("numba", namespace["play_hands"], ints)


_CACHE: BackendCache[Backend] = BackendCache(_numba_backend, _python_backend)


def backend_name(backend: str | None = None) -> str:
    """The backend that ``backend`` selects: the argument if given, else the environment
    variable :data:`ENV_VAR`, else ``auto``; ``auto`` is numba when available, else Python
    (:func:`euchre.compiled.choose_backend`).

    Raises:
        EuchreTypeError: ``backend`` is neither a str nor None.
        BatchBackendError: the name is not ``numba``, ``python`` or ``auto``.
    """
    return choose_backend(backend, ENV_VAR, "batch", BatchBackendError)


def get_backend(backend: str | None = None) -> Backend:
    """The :class:`Backend` selected by ``backend`` (see :func:`backend_name`); the numba
    kernel is compiled (or loaded from numba's on-disk cache) on first use.

    Raises:
        EuchreTypeError / BatchBackendError: as :func:`backend_name`, or numba asked for
            but not installed.
    """
    return _CACHE.get(backend_name(backend))

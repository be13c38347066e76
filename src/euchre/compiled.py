"""How a compiled kernel runs: compiled by numba, or the same functions as plain Python.

The open-hand solver (:mod:`euchre.solver.backend`) and the batch kernel
(:mod:`euchre.batch.backend`) each choose a backend by an argument, else an environment
variable of their own, else ``auto`` (numba where it can be imported, Python otherwise),
and build each backend once per process. This module is that choice and that cache, once.

It is a support module beside the core (docs/DESIGN.md, "Layers"): it may import the core
and libraries (it tries numba), nothing else of euchre, so that both kernels' packages
may import it without importing each other. It is not in the core package, which is the
rules and does no I/O: this module reads an environment variable and tries an import.
"""

from __future__ import annotations

import importlib
import os
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from euchre.core.errors import EuchreError, EuchreTypeError

BACKENDS: tuple[str, ...] = ("numba", "python")
"""The backends a kernel can run on."""

T = TypeVar("T")


def numba_available() -> bool:
    """True when numba can be imported (the numba backend can be used)."""
    try:
        importlib.import_module("numba")
    except ImportError:
        return False
    return True


def choose_backend(backend: object, env_var: str, kernel: str, error: type[EuchreError]) -> str:
    """The backend that ``backend`` selects: the argument if given (not None), else the
    environment variable ``env_var``, else ``auto``; ``auto`` is numba when available, else
    Python. Case and surrounding spaces do not count; an empty name is ``auto``.

    Args:
        backend: ``"numba"``, ``"python"``, ``"auto"`` or None.
        env_var: the environment variable read when ``backend`` is None.
        kernel: what the backend runs, for the error (``"solver"``, ``"batch"``).
        error: the exception class for an unknown name.

    Returns:
        ``"numba"`` or ``"python"``.

    Raises:
        EuchreTypeError: ``backend`` is neither a str nor None.
        error: the name (from the argument or the variable, which the message names) is
            not ``numba``, ``python`` or ``auto``.
    """
    if backend is not None and not isinstance(backend, str):
        raise EuchreTypeError(f"backend must be 'numba', 'python', 'auto' or None, not {type(backend).__name__} {backend!r}")
    choice = backend if backend is not None else os.environ.get(env_var, "auto")
    choice = choice.strip().lower() or "auto"
    if choice == "auto":
        return "numba" if numba_available() else "python"
    if choice not in BACKENDS:
        source = "backend" if backend is not None else env_var
        raise error(f"{source} = {choice!r} is not a {kernel} backend; use numba, python or auto")
    return choice


class BackendCache(Generic[T]):
    """Each backend built once per process, on first use, by ``numba()`` or ``python()``;
    safe to ask from several threads (one builds, the others wait for it)."""

    def __init__(self, numba: Callable[[], T], python: Callable[[], T]) -> None:
        self._builders = {"numba": numba, "python": python}
        self._lock = threading.Lock()
        self._built: dict[str, T] = {}

    def get(self, name: str) -> T:
        """The backend ``name`` (``"numba"`` or ``"python"``), built now if not yet."""
        found = self._built.get(name)
        if found is None:
            with self._lock:
                found = self._built.get(name)
                if found is None:
                    found = self._built[name] = self._builders[name]()
        return found

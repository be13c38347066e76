"""Where many independent tasks run: this process, a pool of processes, or Ray.

``euchre sim``, ``euchre arena`` and ``euchre selfplay`` split their games into tasks
(a module-level function and its arguments, both picklable) and collect the results by
task index, so what they report never depends on where or in which order the tasks
ran. :func:`open_pool` gives a :class:`Pool` for a :class:`Backend`:

* ``Backend(workers=1)``: every task in this process, in order;
* ``Backend(workers=N)``: ``N`` worker processes (:class:`concurrent.futures.ProcessPoolExecutor`);
* ``Backend(ray=True)``: Ray tasks (https://docs.ray.io, the optional ``ray`` extra). With
  no ``address`` a local Ray is started for the pool's lifetime, with ``workers`` CPUs (all
  the machine's when None), and shut down after; with an address (``"auto"``,
  ``"ray://host:10001"``, ``"host:6379"``: see ``ray.init``) the pool joins that cluster
  and runs up to ``workers`` tasks at once (the cluster's CPUs when None). When Ray is
  already initialised in this process (a notebook, a test) the pool uses it as it is
  and leaves it running.

Ray runs each task as a remote function (``ray.remote``); the nodes of a cluster need
the ``euchre`` package installed (``pip install -e '.[ray]'`` from the project's directory), as the worker processes
of a pool import it. An exception raised by a task is raised again by :meth:`Pool.run`
(Ray's ``RayTaskError`` derives from the task's exception class, so ``except
EuchreError`` still catches a bot's illegal move).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from euchre.core.errors import EuchreTypeError, EuchreValueError

R = TypeVar("R")

QUEUED_PER_WORKER = 4
"""Tasks handed to the workers ahead of time, per worker (the rest wait their turn), so
that a long run does not hold every task's arguments and results in flight at once."""


class BackendError(EuchreValueError):
    """A backend that cannot be had: Ray is not installed, or its cluster cannot be
    reached, or the backend's settings are wrong."""


@dataclass(frozen=True)
class Backend:
    """Where the tasks of a run go.

    Attributes:
        workers: worker processes (>= 1); with Ray, the tasks run at once and the CPUs
            of a local Ray (None: all the CPUs Ray finds).
        ray: run the tasks on Ray instead of in processes.
        address: with Ray, the cluster to join (``ray.init(address=...)``); None starts a
            local Ray.

    Raises:
        BackendError: ``workers`` below 1 (or None without Ray), or an address without Ray.
        EuchreTypeError: ``workers`` not a whole number, or ``address`` not a str.
    """

    workers: int | None = 1
    ray: bool = False
    address: str | None = None

    def __post_init__(self) -> None:
        if self.workers is not None and (type(self.workers) is not int):
            raise EuchreTypeError(f"workers must be a whole number, not {self.workers!r}")
        if self.workers is None and not self.ray:
            raise BackendError("workers=None (as many as the CPUs) is only for Ray; give a number of processes")
        if self.workers is not None and self.workers < 1:
            raise BackendError(f"workers must be at least 1, not {self.workers}")
        if self.address is not None and not isinstance(self.address, str):
            raise EuchreTypeError(f"a Ray address is a str such as 'auto' or 'ray://host:10001', not {self.address!r}")
        if self.address is not None and not self.ray:
            raise BackendError("a cluster address is for Ray: give ray=True with it")

    def describe(self) -> str:
        """A short text for reports: ``"1 process"``, ``"4 processes"``, ``"Ray (local, 2
        CPUs)"``, ``"Ray at auto"``."""
        if not self.ray:
            return "1 process" if self.workers == 1 else f"{self.workers} processes"
        if self.address is None:
            return "Ray (local, all CPUs)" if self.workers is None else f"Ray (local, {self.workers} CPUs)"
        return f"Ray at {self.address}"


class Pool:
    """Runs tasks for :func:`open_pool` (do not make one directly).

    Attributes:
        backend: where the tasks go.
        workers: how many tasks run at once (for sizing the tasks).
    """

    def __init__(self, backend: Backend, workers: int, executor: ProcessPoolExecutor | None = None,
                 ray_module: Any = None) -> None:
        self.backend = backend
        self.workers = workers
        self._executor = executor
        self._ray = ray_module

    def run(self, fn: Callable[..., R], tasks: Sequence[tuple[Any, ...]]) -> Iterator[tuple[int, R]]:
        """Run ``fn(*task)`` for every task; yield ``(index of the task, result)`` as each
        finishes (in task order with one worker, else in the order they finish).

        Args:
            fn: a module-level function (picklable by reference).
            tasks: the argument tuples, picklable.

        Raises:
            Exception: whatever a task raised (the first one seen).
        """
        if self._ray is not None:
            yield from self._run_ray(fn, tasks)
        elif self._executor is None:
            for i, args in enumerate(tasks):
                yield i, fn(*args)
        else:
            yield from self._run_processes(self._executor, fn, tasks)

    def _run_processes(self, pool: ProcessPoolExecutor, fn: Callable[..., R],
                       tasks: Sequence[tuple[Any, ...]]) -> Iterator[tuple[int, R]]:
        pending: dict[Future[R], int] = {}
        queued = 0
        while queued < len(tasks) or pending:
            while queued < len(tasks) and len(pending) < self.workers * QUEUED_PER_WORKER:
                pending[pool.submit(fn, *tasks[queued])] = queued
                queued += 1
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                yield pending.pop(fut), fut.result()

    def _run_ray(self, fn: Callable[..., R], tasks: Sequence[tuple[Any, ...]]) -> Iterator[tuple[int, R]]:
        ray = self._ray
        remote = ray.remote(num_cpus=1)(fn)
        pending: dict[Any, int] = {}
        queued = 0
        try:
            while queued < len(tasks) or pending:
                while queued < len(tasks) and len(pending) < self.workers * QUEUED_PER_WORKER:
                    pending[remote.remote(*tasks[queued])] = queued
                    queued += 1
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    yield pending.pop(ref), ray.get(ref)
        finally:
            for ref in pending:  # a task failed or the caller stopped early: cancel the rest
                ray.cancel(ref, force=True)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError("--ray needs Ray, in the ray extra: pip install 'euchre[ray]' "
                           "(in the project's directory: .venv/bin/pip install -e '.[ray]')") from None
    return ray


@contextmanager
def open_pool(backend: Backend, tasks: int | None = None) -> Iterator[Pool]:
    """A :class:`Pool` for ``backend``, its processes or its Ray started for the block and
    stopped after (see the module docstring).

    Args:
        backend: where the tasks go.
        tasks: the number of tasks to come, when known: no more processes are started
            than tasks nor than CPUs (``os.cpu_count()``).

    Raises:
        BackendError: Ray is asked for but not installed, or its cluster cannot be joined.
    """
    if not isinstance(backend, Backend):
        raise EuchreTypeError(f"backend must be a Backend, not {type(backend).__name__}")
    if not backend.ray:
        workers = backend.workers or 1
        workers = max(1, min(workers, os.cpu_count() or 1, workers if tasks is None else tasks))
        if workers == 1:
            yield Pool(backend, 1)
            return
        with ProcessPoolExecutor(max_workers=workers) as executor:
            yield Pool(backend, workers, executor)
        return
    ray = _import_ray()
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.ERROR,
                                   "configure_logging": True}
        if backend.address is None:
            options["num_cpus"] = backend.workers
        else:
            options["address"] = backend.address
        try:
            ray.init(**options)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = "start a local Ray" if backend.address is None else f"join the Ray cluster at {backend.address!r}"
            raise BackendError(f"could not {where}: {exc}") from None
    try:
        at_once = backend.workers
        if at_once is None:
            at_once = max(1, int(ray.cluster_resources().get("CPU", 1)))
        yield Pool(backend, at_once, ray_module=ray)
    finally:
        if started:
            ray.shutdown()

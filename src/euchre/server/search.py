"""Search off the serving path: hints and the search bots run in worker processes.

The expert's hint (:func:`euchre.bots.advice.action_values`) and a search bot's decision
(``advanced``, ``expert``: open-hand solves and rollouts, up to a second each) hold a
CPU for a long time. Run in the event loop's process (even in threads: the GIL), they
delayed every other table's moves (a bystander's ping reached 3.9 s with 48 hints at
once). They run here instead, in a pool of worker processes (``concurrent.futures``,
started with ``spawn``, on first use), with a bounded queue: a hint asked while
``queue`` jobs are already waiting or running is answered ``busy`` at once, so that a
crowd of hints cannot build a queue of minutes. A bot's turn is never refused (it
waits its turn in the pool); the light levels (``random``, ``beginner``,
``intermediate``, ``careless``: well under a millisecond) choose in the event loop.

A bot is sent to the worker with the view and comes back with its choice, so that its
seeded generator goes on where it was, as it would in one process.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.process
import logging
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from euchre.bots.base import Bot
from euchre.bots.levels import SEARCH_LEVELS
from euchre.core.actions import Action
from euchre.core.views import PlayerView

T = TypeVar("T")
log = logging.getLogger("euchre.server")


class SearchBusy(Exception):
    """The pool already holds as many jobs as its queue allows; ask again later."""


def _watch_parent(parent: int) -> None:
    """In a worker: end the process once the server that started it is gone (killed, or
    stopped while a job ran): a worker whose parent died would otherwise wait for ever."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def _warm_up(parent: int) -> None:
    """A worker's start: watch the server process (:func:`_watch_parent`), import the
    bots and solve one hand, which loads the solver's compiled kernel (numba's on-disk
    cache, or a compile), so that the first job does not pay for it."""
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="euchre-watch-parent").start()
    from euchre.bots import advice  # noqa: F401 - imported for its cost, here
    from euchre.core import HandState, Phase, preset
    from euchre.solver import analyse

    hand = HandState.deal(preset("modern-standard"), 0, random.Random(0))
    hand.apply("order")
    while hand.phase != Phase.PLAY:
        hand.apply(hand.legal_codes()[0])
    analyse(hand)


def _hint_job(view: PlayerView, seed: str) -> dict[int, float]:
    """In a worker: the expert's value of every legal action (action codes)."""
    from euchre.bots.advice import action_values

    return {int(a): v for a, v in action_values(view, random.Random(seed)).items()}


def _choose_job(bot: Bot, view: PlayerView) -> tuple[int, Bot]:
    """In a worker: the bot's choice (an action code) and the bot after it."""
    return int(bot.choose(view)), bot


def searches(bot: Bot) -> bool:
    """True for a bot of a search level (:data:`~euchre.bots.levels.SEARCH_LEVELS`),
    whose decisions go to the pool."""
    return bot.name in SEARCH_LEVELS


class SearchPool:
    """Worker processes for hints and search bots, with a bounded queue.

    Args:
        workers: processes (>= 1).
        queue: jobs waiting or running at most before a hint is answered busy (>= 1).

    The processes start on the first job and stop with :meth:`close`.
    """

    def __init__(self, workers: int, queue: int) -> None:
        self.workers = workers
        self.queue = queue
        self.pending = 0
        """Jobs submitted and not yet finished."""
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._starting: asyncio.Lock | None = None

    def _start(self) -> concurrent.futures.ProcessPoolExecutor:
        """Make the pool and start every worker (blocking: a process is started per job
        submitted while none is idle, so one small job per worker starts them all)."""
        pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_warm_up,
            initargs=(os.getpid(),))
        for _ in range(self.workers):
            pool.submit(int)
        return pool

    async def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        """The pool, started on first use in a thread: starting processes blocks for a
        while (up to 0.7 s measured on a busy machine), which the event loop must not."""
        if self._executor is None:
            if self._starting is None:
                self._starting = asyncio.Lock()
            async with self._starting:
                if self._executor is None:
                    self._executor = await asyncio.to_thread(self._start)
        return self._executor

    async def run(self, job: Callable[..., T], *args: Any) -> T:
        """Run ``job(*args)`` in a worker process (``job`` and its arguments picklable)
        and wait for it; it counts against the queue while it waits and runs. A pool
        broken by a worker that died (killed, out of memory) is replaced, and the job
        tried once more in the new one.

        Raises:
            whatever the job raised; BrokenProcessPool when the new pool breaks too.
        """
        self.pending += 1
        try:
            for attempt in (1, 2):
                pool = await self._pool()
                try:
                    return await asyncio.get_running_loop().run_in_executor(pool, job, *args)
                except concurrent.futures.process.BrokenProcessPool:
                    log.warning("a search worker died; starting the search workers again")
                    if self._executor is pool:
                        self._stop(pool)
                        self._executor = None
                    if attempt == 2:
                        raise
            raise AssertionError("unreachable")  # pragma: no cover
        finally:
            self.pending -= 1

    async def hint(self, view: PlayerView, seed: str) -> dict[Action, float]:
        """The expert's value of each legal action of ``view``
        (:func:`euchre.bots.advice.action_values` with ``random.Random(seed)``).

        Raises:
            SearchBusy: the queue is full.
        """
        if self.pending >= self.queue:
            raise SearchBusy(f"{self.pending} searches are under way")
        values = await self.run(_hint_job, view, seed)
        return {Action(code): v for code, v in values.items()}

    async def choose(self, bot: Bot, view: PlayerView) -> tuple[Action, Bot]:
        """The bot's choice for ``view`` and the bot to keep (the same object for a light
        level, which chooses here; the worker's copy, its generator moved on, for a
        search level)."""
        if not searches(bot):
            return bot.choose(view), bot
        code, after = await self.run(_choose_job, bot, view)
        return Action(code), after

    @staticmethod
    def _stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
        """Shut ``pool`` down and end its processes now (a job in progress is abandoned)."""
        processes = list(getattr(pool, "_processes", {}).values())  # the executor keeps no public list
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()

    def close(self) -> None:
        """Stop the workers (jobs still queued are cancelled, a job in progress ended)."""
        if self._executor is not None:
            self._stop(self._executor)
            self._executor = None

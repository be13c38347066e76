"""Search off the serving path (:mod:`euchre.server.search`): hints and the search bots'
decisions run in worker processes with a bounded queue; the light bots choose at once."""

from __future__ import annotations

import asyncio
import copy
import os
import random
import time

import pytest

from euchre.bots import make_bot
from euchre.core import HandState, preset, view_of
from euchre.core.actions import Action
from euchre.server.search import SearchBusy, SearchPool, searches


def _play_view() -> HandState:
    """A hand of modern-standard at the opening lead (eldest orders up, the dealer
    discards, nobody goes alone)."""
    hand = HandState.deal(preset("modern-standard"), 0, random.Random(4))
    hand.apply("order")
    while hand.legal_codes() and hand.phase.name != "PLAY":
        hand.apply(hand.legal_codes()[0])
    return hand


def test_jobs_run_in_another_process_and_light_bots_here() -> None:
    """The positive control of "off the serving path": a job's process id is not the
    caller's. A beginner chooses in the caller (the same object comes back)."""
    pool = SearchPool(workers=1, queue=4)
    try:
        async def go() -> tuple[int, Action, object]:
            pid = await pool.run(os.getpid)
            bot = make_bot("beginner", 3)
            hand = _play_view()
            action, after = await pool.choose(bot, view_of(hand, hand.turn))
            assert after is bot and action in hand.legal_actions()
            return pid, action, after

        pid, _, _ = asyncio.run(go())
        assert pid != os.getpid()
    finally:
        pool.close()
    assert searches(make_bot("expert")) and searches(make_bot("advanced"))
    assert not any(searches(make_bot(level)) for level in ("random", "beginner", "intermediate", "careless"))


def test_a_search_bot_chooses_in_a_worker_and_its_generator_goes_on() -> None:
    """An advanced bot's choice in the pool is the choice it makes here, and the bot that
    comes back is where a bot in one process would be: its next choice agrees too."""
    hand = _play_view()
    local = make_bot("advanced", 11)
    sent = copy.deepcopy(local)
    pool = SearchPool(workers=1, queue=4)
    try:
        async def two_choices() -> list[Action]:
            bot = sent
            out = []
            st = hand.copy()
            for _ in range(2):
                action, bot = await pool.choose(bot, view_of(st, st.turn))
                out.append(action)
                st.apply(action)
            return out

        remote = asyncio.run(two_choices())
    finally:
        pool.close()
    st = hand.copy()
    here = []
    for _ in range(2):
        action = local.choose(view_of(st, st.turn))
        here.append(action)
        st.apply(action)
    assert remote == here


def test_a_hint_beyond_the_queue_is_refused_at_once() -> None:
    """With a queue of one, a hint asked while a job runs is SearchBusy at once (it does
    not wait for the job); once the job is done a hint is computed."""
    pool = SearchPool(workers=1, queue=1)
    hand = _play_view()
    view = view_of(hand, hand.turn)
    try:
        async def go() -> dict[Action, float]:
            running = asyncio.ensure_future(pool.run(time.sleep, 2.0))
            await asyncio.sleep(0)  # the job is submitted
            assert pool.pending == 1
            with pytest.raises(SearchBusy):
                await pool.hint(view, "seed")
            # At once: the job it would have waited for is still running (no clock to
            # read, which a busy machine could slow).
            assert not running.done() and pool.pending == 1
            await running
            return await pool.hint(view, "seed")

        values = asyncio.run(go())
    finally:
        pool.close()
    assert set(values) == set(view.legal) and pool.pending == 0


def _die() -> None:
    os._exit(3)


def test_regression_a_dead_worker_no_longer_stops_every_search() -> None:
    """A tester's finding: one search worker killed left the pool broken for good (every
    expert table stuck, hints never answered). The pool is now replaced and the job tried
    again; a job that kills its worker every time fails with the error, and the pool
    after it works."""
    import concurrent.futures.process
    import signal

    pool = SearchPool(workers=1, queue=4)
    try:
        async def go() -> None:
            pid = await pool.run(os.getpid)
            os.kill(pid, signal.SIGKILL)
            await asyncio.sleep(0.5)
            assert await pool.run(os.getpid) != pid  # a new worker answered
            with pytest.raises(concurrent.futures.process.BrokenProcessPool):
                await pool.run(_die)
            assert await pool.run(int, "7") == 7

        asyncio.run(go())
    finally:
        pool.close()


def test_regression_workers_end_when_the_server_is_killed(tmp_path: object) -> None:
    """A tester's finding: after a kill -9 of the server its search workers stayed,
    orphaned, for good. A worker now ends within seconds once its parent is gone."""
    import subprocess
    import sys

    script = ("import asyncio, os\n"
              "from euchre.server.search import SearchPool\n"
              "pool = SearchPool(workers=1, queue=2)\n"
              "print(asyncio.run(pool.run(os.getpid)), flush=True)\n"
              "os._exit(0)\n")  # like a kill: no clean-up runs
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    worker = int(done.stdout.split()[-1])
    deadline = time.monotonic() + 60  # the worker looks for its parent every second
    while time.monotonic() < deadline:
        try:
            os.kill(worker, 0)
        except ProcessLookupError:
            return
        time.sleep(0.2)
    os.kill(worker, 9)
    raise AssertionError("the orphaned search worker is still running")

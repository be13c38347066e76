"""Ray as a backend of ``sim``, ``arena`` and ``selfplay``: the same seed gives the same
results as the process pool (on a local Ray of two CPUs, started once for this file and
shut down after), errors raised in a task come back, and the settings are checked."""

from __future__ import annotations

import functools
import logging
import sys
from collections.abc import Iterator

import pytest
import ray

from euchre.analysis.duplicate import run_matches
from euchre.analysis.parallel import Backend, BackendError, open_pool
from euchre.analysis.selfplay import concat_columns, run_selfplay
from euchre.bots import make_bot
from euchre.core.errors import EuchreError, EuchreTypeError, RulesError
from euchre.core.presets import preset
from test_cli import assert_one_line_error, run

RULES = preset("modern-standard").replace(game_target=5)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray of two CPUs for the tests of this file (the pools find it running and
    leave it so); shut down at the end."""
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR)
    try:
        yield
    finally:
        ray.shutdown()


def test_arena_on_ray_gives_the_process_pool_results(local_ray: None) -> None:
    pairings = [(functools.partial(make_bot, "beginner"), functools.partial(make_bot, "random")),
                (functools.partial(make_bot, "intermediate"), functools.partial(make_bot, "beginner"))]
    kwargs = {"deals": 12, "games": 2, "seed": 11}
    pool = run_matches(RULES, pairings, backend=Backend(2), **kwargs)
    ticks: list[int] = []
    on_ray = run_matches(RULES, pairings, backend=Backend(2, ray=True), progress=ticks.append, **kwargs)
    assert on_ray == pool
    assert sum(ticks) == 2 * (12 + 2)
    assert [d.index for d in on_ray[1].deals] == list(range(12))
    # positive control: another seed gives other results, so the equality above says something
    assert run_matches(RULES, pairings, backend=Backend(2, ray=True), **{**kwargs, "seed": 12}) != pool


def test_sim_and_arena_commands_on_ray(local_ray: None, capsys: pytest.CaptureFixture[str]) -> None:
    # The reports on standard output are compared; the progress lines, which depend on
    # the clock and not on the backend, go to standard error.
    args = ("sim", "--games", "8", "--bots", "beginner,random", "--target", "3", "--seed", "4")
    code, on_processes, _ = run(capsys, *args, "--workers", "2")
    assert code == 0
    code, on_ray, _ = run(capsys, *args, "--workers", "2", "--ray")
    assert code == 0
    body = [line for line in on_processes.splitlines() if not line.startswith(("Command:", "Played "))]
    assert body == [line for line in on_ray.splitlines() if not line.startswith(("Command:", "Played "))]
    assert "8 games" in on_ray and "--workers 2 --ray" in on_ray
    args = ("arena", "--bots", "beginner,random", "--deals", "6", "--seed", "3")
    code, on_processes, _ = run(capsys, *args, "--workers", "2")
    assert code == 0
    code, on_ray, _ = run(capsys, *args, "--ray")
    assert code == 0
    body = [line for line in on_processes.splitlines() if not line.startswith(("Command:", "Played "))]
    assert body == [line for line in on_ray.splitlines() if not line.startswith(("Command:", "Played "))]
    assert "6 duplicate deals" in on_ray


def test_selfplay_rows_on_ray_are_those_of_one_process(local_ray: None) -> None:
    factories = [functools.partial(make_bot, lv) for lv in ("beginner", "random", "beginner", "random")]
    labels = ["beginner", "random"] * 2
    one = list(run_selfplay(RULES, factories, labels, games=6, seed=3))
    on_ray = list(run_selfplay(RULES, factories, labels, games=6, seed=3, backend=Backend(2, ray=True)))
    assert [g.index for g in on_ray] == list(range(6))
    assert concat_columns([g.columns for g in on_ray]) == concat_columns([g.columns for g in one])


def test_an_error_in_a_ray_task_comes_back(local_ray: None) -> None:
    with open_pool(Backend(2, ray=True)) as pool:
        assert pool.workers == 2
        assert sorted(pool.run(preset, [("hoyle-1857",), ("openspiel",)])) == [
            (0, preset("hoyle-1857")), (1, preset("openspiel"))]
        with pytest.raises(RulesError, match="nowhere"):
            list(pool.run(preset, [("modern-standard",), ("nowhere",)]))
    assert ray.is_initialized()  # the pool found Ray running and left it so


def test_backend_settings_are_checked() -> None:
    with pytest.raises(BackendError, match="at least 1"):
        Backend(0)
    with pytest.raises(BackendError, match="only for Ray"):
        Backend(None)
    with pytest.raises(BackendError, match="ray=True"):
        Backend(2, address="auto")
    with pytest.raises(EuchreTypeError, match="whole number"):
        Backend(2.5)  # type: ignore[arg-type]
    assert Backend(3).describe() == "3 processes"
    assert Backend(2, ray=True).describe() == "Ray (local, 2 CPUs)"
    assert Backend(None, ray=True, address="auto").describe() == "Ray at auto"


def test_ray_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(BackendError, match=r"the ray extra: pip install 'euchre\[ray\]'"), open_pool(Backend(2, ray=True)):
        pass
    code, _, err = run(capsys, "sim", "--games", "2", "--ray")
    assert_one_line_error(code, err, "--ray needs Ray")
    assert isinstance(BackendError("x"), EuchreError) and isinstance(BackendError("x"), ValueError)

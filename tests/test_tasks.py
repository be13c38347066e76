"""``tasks.py test``: pytest, ruff and mypy are all run whatever the others gave, each
is reported on one line at the end, and the exit code is non-zero when any failed.

``tasks.py`` is loaded from the repository's root with its ``run`` and ``ensure_venv``
replaced by stubs: nothing is installed and no check really runs (a real pytest here
would run this suite inside itself).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

TASKS = Path(__file__).resolve().parent.parent / "tasks.py"


class Checks:
    """The stub of ``tasks.run``: records each command and answers the exit code chosen
    for its tool (``pytest``, ``ruff``, ``mypy``: the word after ``-m``)."""

    def __init__(self, module: ModuleType, codes: dict[str, int], interrupt: str | None = None) -> None:
        self.module = module
        self.codes = codes
        self.interrupt = interrupt
        self.calls: list[list[str]] = []

    def __call__(self, *args: Any, cwd: Path | None = None, interruptible: bool = False) -> int:
        command = [str(a) for a in args]
        self.calls.append(command)
        tool = command[command.index("-m") + 1]
        if tool == self.interrupt and interruptible:
            raise self.module.Interrupted(2)
        return self.codes.get(tool, 0)

    def tools(self) -> list[str]:
        return [c[c.index("-m") + 1] for c in self.calls]


def load_tasks(monkeypatch: pytest.MonkeyPatch, codes: dict[str, int], interrupt: str | None = None) -> tuple[
        ModuleType, Checks]:
    spec = importlib.util.spec_from_file_location("tasks_under_test", TASKS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    checks = Checks(module, codes, interrupt)
    monkeypatch.setattr(module, "run", checks)
    monkeypatch.setattr(module, "ensure_venv", lambda extra: None)
    return module, checks


def last_line(capsys: pytest.CaptureFixture[str]) -> str:
    lines: list[str] = capsys.readouterr().out.strip().splitlines()
    return lines[-1]


def test_all_three_pass(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    tasks, checks = load_tasks(monkeypatch, {})
    assert tasks.main(["test"]) == 0
    assert checks.tools() == ["pytest", "ruff", "mypy"]
    assert last_line(capsys) == "pytest: passed; ruff: passed; mypy: passed"


def test_regression_a_failing_pytest_skipped_ruff_and_mypy(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``tasks.py test`` returned at pytest's first failure: ruff and mypy never ran,
    though the README promises all three. Now both run and each is reported."""
    tasks, checks = load_tasks(monkeypatch, {"pytest": 1})
    assert tasks.main(["test"]) == 1
    assert checks.tools() == ["pytest", "ruff", "mypy"]
    assert last_line(capsys) == "pytest: failed (exit 1); ruff: passed; mypy: passed"


@pytest.mark.parametrize(("codes", "exit_code", "line"), [
    ({"ruff": 1}, 1, "pytest: passed; ruff: failed (exit 1); mypy: passed"),
    ({"mypy": 1}, 1, "pytest: passed; ruff: passed; mypy: failed (exit 1)"),
    ({"pytest": 2, "ruff": 1, "mypy": 1}, 2, "pytest: failed (exit 2); ruff: failed (exit 1); mypy: failed (exit 1)"),
    ({"ruff": -9}, 1, "pytest: passed; ruff: failed (exit -9); mypy: passed"),  # killed by a signal: still a failure
])
def test_any_failure_fails_the_command_and_is_named(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                   codes: dict[str, int], exit_code: int, line: str) -> None:
    tasks, checks = load_tasks(monkeypatch, codes)
    assert tasks.main(["test"]) == exit_code
    assert checks.tools() == ["pytest", "ruff", "mypy"]
    assert last_line(capsys) == line


def test_extra_arguments_go_to_pytest_only(monkeypatch: pytest.MonkeyPatch) -> None:
    tasks, checks = load_tasks(monkeypatch, {})
    assert tasks.main(["test", "-k", "egn"]) == 0
    pytest_call, ruff_call, mypy_call = checks.calls
    assert pytest_call[-2:] == ["-k", "egn"]
    assert "egn" not in ruff_call and "egn" not in mypy_call
    assert ruff_call[-6:] == ["check", "src", "tests", "bench", "scripts", "tasks.py"]


def test_ctrl_c_stops_the_checks_and_says_which_did_not_run(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    tasks, checks = load_tasks(monkeypatch, {}, interrupt="ruff")
    assert tasks.main(["test"]) == 130
    assert checks.tools() == ["pytest", "ruff"]
    assert last_line(capsys) == "pytest: passed; ruff: interrupted (exit 2); mypy: not run (interrupted)"


def test_play_and_help_are_not_checks(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    tasks, checks = load_tasks(monkeypatch, {})
    assert tasks.main(["help"]) == 0 and tasks.main([]) == 2
    assert checks.calls == []
    assert "python3 tasks.py test" in capsys.readouterr().out

#!/usr/bin/env python3
"""The project's two everyday commands, needing only Python 3.11+.

    python3 tasks.py play [ARGS...]   set up .venv when needed, then `euchre play ARGS`
    python3 tasks.py test             set up .venv with the test tools, then run the
                                      whole test suite, ruff and mypy: all three
                                      always, a line for each at the end; the exit
                                      code is non-zero when any of them failed

Anything after the command is passed on (for play: `euchre play` options; for test:
pytest options, e.g. `python3 tasks.py test -k egn`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")


class Interrupted(Exception):
    """Ctrl-C stopped a check (:func:`run` with ``interruptible``); ``code`` is its exit code."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def run(*args: str | Path, cwd: Path = ROOT, interruptible: bool = False) -> int:
    """Run a command; Ctrl-C goes to it (it cleans up) and its exit code is returned.
    With ``interruptible``, a Ctrl-C raises :class:`Interrupted` once the command ended."""
    proc = subprocess.Popen([str(a) for a in args], cwd=cwd)  # noqa: S603 - our own venv tools
    interrupted = False
    while True:
        try:
            code = proc.wait()
            break
        except KeyboardInterrupt:
            interrupted = True
            continue  # the child got the same Ctrl-C; wait for it to finish
    if interrupted and interruptible:
        raise Interrupted(code)
    return code


def ensure_venv(extra: str) -> None:
    """Create .venv and install the package (with ``extra``) unless already done for
    the current pyproject.toml."""
    if sys.version_info < (3, 11):  # noqa: UP036 - tasks.py may be started by an older python3
        sys.exit(f"euchre needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not PY.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    marker = VENV / f".installed-{extra or 'base'}"
    stamp = (ROOT / "pyproject.toml").stat().st_mtime
    if marker.exists() and marker.stat().st_mtime >= stamp:
        return
    print(f"Installing euchre{'[' + extra + ']' if extra else ''} into .venv ...", flush=True)
    spec = f".[{extra}]" if extra else "."
    code = run(PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", spec)
    if code:
        sys.exit(code)
    marker.touch()


CHECKS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("pytest", ("-m", "pytest", "-n", "2", "-q")),
    ("ruff", ("-m", "ruff", "check", "src", "tests", "bench", "scripts", "tasks.py")),
    ("mypy", ("-m", "mypy")),
)
"""The checks of ``tasks.py test``, in order: a name and the arguments of the venv's
Python (pytest is also given the command line's extra arguments)."""

INTERRUPTED = 130
"""The exit code of ``tasks.py test`` stopped by Ctrl-C (128 + SIGINT, as shells say)."""


def check(pytest_args: list[str]) -> int:
    """Run every check of :data:`CHECKS` whatever the others gave (``pytest_args`` go to
    pytest), then print one line saying how each went, e.g. ``pytest: failed (exit 1);
    ruff: passed; mypy: passed``. Returns 0 when all passed, else the first failure's
    exit code (1 if that was negative: a signal). Ctrl-C stops there: the checks not
    run are said so, and the exit code is 130."""
    said: list[str] = []
    failures: list[int] = []
    for name, args in CHECKS:
        if failures and failures[-1] == INTERRUPTED:
            said.append(f"{name}: not run (interrupted)")
            continue
        print(f"== {name}", flush=True)
        try:
            code = run(PY, *args, *(pytest_args if name == "pytest" else []), interruptible=True)
        except Interrupted as stopped:
            said.append(f"{name}: interrupted (exit {stopped.code})")
            failures.append(INTERRUPTED)
            continue
        said.append(f"{name}: passed" if code == 0 else f"{name}: failed (exit {code})")
        if code != 0:
            failures.append(code if code > 0 else 1)
    print("; ".join(said), flush=True)
    if INTERRUPTED in failures:
        return INTERRUPTED
    return failures[0] if failures else 0


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    if not argv or argv[0] not in ("play", "test"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "play":
        ensure_venv("all")  # every surface (pyproject.toml: the base install is the engine alone)
        return run(BIN / "euchre", "play", *rest, cwd=Path.cwd())  # --save paths are yours
    ensure_venv("test")
    return check(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

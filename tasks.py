#!/usr/bin/env python3
"""The project's two everyday commands, needing only Python 3.11+.

    python3 tasks.py play [ARGS...]   set up .venv when needed, then `euchre play ARGS`
    python3 tasks.py test             set up .venv with the test tools, then run the
                                      whole test suite, ruff and mypy

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


def run(*args: str | Path, cwd: Path = ROOT) -> int:
    """Run a command; Ctrl-C goes to it (it cleans up) and its exit code is returned."""
    proc = subprocess.Popen([str(a) for a in args], cwd=cwd)  # noqa: S603 - our own venv tools
    while True:
        try:
            return proc.wait()
        except KeyboardInterrupt:
            continue  # the child got the same Ctrl-C; wait for it to finish


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


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    if not argv or argv[0] not in ("play", "test"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "play":
        ensure_venv("fast")  # numba compiles the solver of the search bots
        return run(BIN / "euchre", "play", *rest, cwd=Path.cwd())  # --save paths are yours
    ensure_venv("test")
    code = run(PY, "-m", "pytest", "-n", "2", "-q", *rest)
    if code:
        return code
    code = run(BIN / "ruff", "check", "src", "tests", "bench", "scripts", "tasks.py")
    if code:
        return code
    return run(BIN / "mypy")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Which extra of the distribution each ``euchre`` command needs, and the check that it is
installed before the command's modules are imported (docs/install.md).

The base install (``pip install euchre``) is the rules engine alone, the standard library
only. The ``euchre`` command itself starts without any package: its parser is built from
modules that import none (:func:`euchre.cli.main.build_parser`), so ``euchre --help``,
``euchre --version`` and ``euchre COMMAND --help`` work in a base install, and a command
whose extra is missing says so in one line (exit code 2) instead of a traceback::

    euchre serve needs the server extra: pip install 'euchre[server]'

An option that needs an extra of its own (``--plot``: plots; ``event print --pdf``: pdf;
``--ray``: ray; ``arena --bots ismcts``: openspiel) is refused in one line the same way when
it is used (:class:`euchre.core.errors.MissingExtraError`). This module imports only the
standard library; tests/test_install.py checks :data:`EXTRA_MODULES` against
pyproject.toml and every third-party import of the package against its surface's extra.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

from euchre.core.errors import MissingExtraError

_BOTS = ("numpy",)
_CLI = ("rich", "platformdirs", "sqlalchemy", "alembic", *_BOTS)
_SERVER = (
    "starlette", "uvicorn", "websockets", "anyio", "h11", "prometheus_client", "sqlalchemy", "alembic",
    "platformdirs", "orjson", "argon2", "openskill", "confusable_homoglyphs", "filelock",
    "rich", "matplotlib", "reportlab", *_BOTS,
)
EXTRA_MODULES: dict[str, tuple[str, ...]] = {
    "bots": _BOTS,
    "cli": _CLI,
    "plots": ("matplotlib",),
    "pdf": ("reportlab",),
    "server": _SERVER,
    "postgres": ("psycopg", *_SERVER),
    "fast": ("numba", "numpy"),
    "openspiel": ("pyspiel", "numpy"),
    "pettingzoo": ("pettingzoo", "gymnasium", "numpy"),
    "parquet": ("pyarrow", "numpy"),
    "ray": ("ray",),
}
"""The modules each extra makes importable (its own packages and those of the extras it
includes; uvloop, which uvicorn uses where it is installed, is left out: it is not on
Windows and the server runs without it). The names are import names (``argon2`` of
argon2-cffi, ``pyspiel`` of open_spiel)."""

COMMAND_EXTRAS: dict[str, tuple[str, ...]] = {
    "play": ("cli",), "stats": ("cli",), "watch": ("cli",), "replay": ("cli",), "rules": ("cli",),
    "sim": ("cli",), "arena": ("cli",), "review": ("cli",), "referee": ("cli",), "event": ("cli",),
    "selfplay": ("cli", "parquet"),
    "serve": ("server",), "migrate": ("server",), "rate-bots": ("server",),
}
"""The extras each ``euchre`` command needs, in the order they are checked. ``serve``,
``migrate`` and ``rate-bots`` work on the server's database; ``selfplay`` writes Parquet."""


def _installed(module: str) -> bool:
    """True when the top-level ``module`` can be imported (found; not imported)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a broken package, or one without a spec
        return False


def missing_extra(command: str, installed: Callable[[str], bool] = _installed) -> MissingExtraError | None:
    """The error to report when an extra ``command`` needs is not installed, else None.

    Args:
        command: a command of ``euchre`` (a key of :data:`COMMAND_EXTRAS`; another name
            needs nothing).
        installed: whether a module can be imported (for tests).

    Returns:
        A :class:`~euchre.core.errors.MissingExtraError` whose message reads
        ``euchre serve needs the server extra: pip install 'euchre[server]'``, or None.
    """
    for extra in COMMAND_EXTRAS.get(command, ()):
        if not all(installed(module) for module in EXTRA_MODULES[extra]):
            return MissingExtraError(f"euchre {command}", extra)
    return None


def require(extra: str, what: str) -> None:
    """Raise unless every module of ``extra`` can be imported.

    Raises:
        MissingExtraError: ``what`` (e.g. ``"--plot"``) needs ``extra``; the message names it.
    """
    if not all(_installed(module) for module in EXTRA_MODULES[extra]):
        raise MissingExtraError(what, extra)

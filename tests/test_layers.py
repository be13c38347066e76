"""The one-way layering of DESIGN.md "Layers", checked by parsing every module's imports.

    core                      the standard library and euchre.core only
    support (euchre.compiled) euchre.core and libraries; beside the core, below everything else
    text, records, referee, storage, batch, solver, bots, analysis, events
                              euchre.core, themselves and those before them in this order; never above
    cli, server, interop      on top: may import anything below them, and one another only thus:
                              cli -> interop (the commands drive the adapters: arena's ISMCTS,
                              selfplay's Parquet); cli -> server only from the commands that
                              start the server or work on its database (serve, migrate,
                              rate-bots: the commands of the server extra); server and interop
                              import neither cli nor each other

The checker walks whatever packages exist under src/euchre, so packages added later are
covered the day they appear; a package the table does not know is reported so that its
layer is decided on purpose. Relative imports, imports inside functions and
``importlib.import_module("...")`` / ``__import__("...")`` with a literal name count too.
"""

from __future__ import annotations

import ast
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"

TOP = "top"
LAYERS: dict[str, str] = {
    "core": "core",
    "text": "middle", "records": "middle", "referee": "middle",
    "storage": "middle", "batch": "middle", "bots": "middle", "solver": "middle", "analysis": "middle",
    "events": "middle",
    "cli": TOP, "server": TOP, "interop": TOP,
}
"""The layer of each subpackage of euchre (DESIGN.md "Layers")."""

MIDDLE_ORDER = ["text", "records", "referee", "storage", "batch", "solver", "bots", "analysis", "events"]
"""Middle packages may import those before them in this list."""

SUPPORT = "support"
"""Beside the core, below the middle: may import the core and libraries (not only the
standard library), nothing else of euchre; every middle and top package may import it."""

ROOT_MODULES: dict[str, str] = {"__init__": "core", "__main__": TOP, "compiled": SUPPORT}
"""Modules directly in euchre/: the package facade re-exports the core only; ``compiled``
(the choice of a kernel's backend: it tries to import numba) supports the solver and the
batch kernel, which may not import each other both ways."""

TOP_ARROWS: dict[str, frozenset[str]] = {"cli": frozenset({"interop"}), "server": frozenset(), "interop": frozenset()}
"""Which other top packages each top package may import from any of its modules."""

SERVER_STARTERS: frozenset[str] = frozenset({"euchre.cli.serve", "euchre.cli.migrate", "euchre.cli.rate_bots"})
"""The modules of cli that may import the server: the commands that start it (``euchre
serve``) or work on its database (``euchre migrate``, ``euchre rate-bots``), the commands
whose extra is ``server`` (cli/extras.py)."""


def imported_names(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) of every import in a module, relative ones resolved."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            yield node.lineno, target
            if not node.module:
                # "from . import cards" imports the submodule euchre.core.cards
                for alias in node.names:
                    yield node.lineno, f"{target}.{alias.name}"
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in ("import_module", "__import__") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    yield node.lineno, arg.value


def layer_of(module: str) -> tuple[str | None, str]:
    """(layer, subpackage) of a module of euchre; layer None when the table lacks it."""
    parts = module.split(".")
    if len(parts) == 1:
        return ROOT_MODULES["__init__"], ""
    sub = parts[1]
    if sub in LAYERS:
        return LAYERS[sub], sub
    if sub in ROOT_MODULES:
        return ROOT_MODULES[sub], sub
    return None, sub


def allowed(importer: str, imported: str) -> bool:
    """May module ``importer`` (of euchre) import ``imported``?"""
    layer, sub = layer_of(importer)
    top = imported.split(".")[0]
    if layer == SUPPORT:
        return top != "euchre" or imported == "euchre.core" or imported.startswith("euchre.core.")
    if top != "euchre":
        if layer == "core":
            return top in sys.stdlib_module_names or top == "__future__"
        return True  # third-party libraries are allowed above the core
    if imported == "euchre":
        return layer == TOP  # the facade pulls in the whole public API
    _, target_sub = layer_of(imported)
    if layer == "core":
        return target_sub == "core"
    if layer == "middle":
        # Within the middle layer the order is solver < bots < analysis: the search
        # bots use the solver, and analysis uses both (a change to DESIGN.md's "core
        # only", noted in docs/engine.md).
        order = MIDDLE_ORDER
        target_layer, _ = layer_of(imported)
        return target_layer in ("core", SUPPORT) or target_sub == sub or (
            sub in order and target_sub in order and order.index(target_sub) < order.index(sub))
    if layer != TOP:
        return False
    if target_sub in TOP_ARROWS and target_sub != sub and sub in TOP_ARROWS:
        # Between the top packages: only the arrows DESIGN.md names.
        return target_sub in TOP_ARROWS[sub] or (target_sub == "server" and importer in SERVER_STARTERS)
    return True


def modules(src: Path) -> Iterator[tuple[str, Path, bool]]:
    """(module name, file, is package) of every module under src/euchre."""
    root = src / "euchre"
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(src).with_suffix("")
        parts = list(rel.parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        yield ".".join(parts), path, is_package


def violations(src: Path) -> list[str]:
    """Every import that breaks the layering, and every module in an unknown package."""
    out = []
    unknown: set[str] = set()
    for module, path, is_package in modules(src):
        layer, sub = layer_of(module)
        if layer is None:
            if sub not in unknown:
                unknown.add(sub)
                out.append(f"package euchre.{sub} has no layer in DESIGN.md; add it to LAYERS")
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for line, name in imported_names(tree, module, is_package):
            if not allowed(module, name):
                out.append(f"{path.relative_to(src)}:{line}: {module} ({layer}) imports {name}")
    return out


def test_source_tree_exists() -> None:
    assert (SRC / "euchre" / "core" / "hand.py").is_file()
    assert any(m == "euchre.core" for m, _, _ in modules(SRC))


def test_imports_run_one_way() -> None:
    """DESIGN.md "Layers": core imports nothing above it; the middle packages import core
    and those before them; cli, server and interop sit on top, and import one another only
    by the arrows of TOP_ARROWS and SERVER_STARTERS (no server -> cli)."""
    assert violations(SRC) == []


def test_a_bad_import_planted_in_the_real_tree_is_caught(tmp_path: Path) -> None:
    """Positive control on the real tree: the arrow that issue 35 removed (the events' web
    form building its rules with the terminal's function), and a command that reaches into
    the server without starting it, are each reported."""
    copy = tmp_path / "src"
    shutil.copytree(SRC / "euchre", copy / "euchre", ignore=shutil.ignore_patterns("static", "data", "*.pyc"))
    assert violations(copy) == []
    web = copy / "euchre" / "server" / "event_web.py"
    web.write_text(web.read_text(encoding="utf-8") + "\n\ndef _f() -> None:\n    from euchre.cli.table import rules_of_flags\n",
                   encoding="utf-8")
    play = copy / "euchre" / "cli" / "play.py"
    play.write_text(play.read_text(encoding="utf-8") + "\nfrom euchre.server.storage import Storage\n", encoding="utf-8")
    found = violations(copy)
    assert len(found) == 2, found
    assert "euchre.server.event_web (top) imports euchre.cli.table" in found[1]
    assert "euchre.cli.play (top) imports euchre.server.storage" in found[0]


def test_the_server_starters_are_the_commands_of_the_server_extra() -> None:
    """SERVER_STARTERS names the modules of the commands that need the server extra, and
    each exists."""
    from euchre.cli.extras import COMMAND_EXTRAS

    wanted = {f"euchre.cli.{command.replace('-', '_')}" for command, extras in COMMAND_EXTRAS.items()
              if "server" in extras}
    assert wanted == SERVER_STARTERS
    assert all((SRC / (m.replace(".", "/") + ".py")).is_file() for m in SERVER_STARTERS)


# ---------------------------------------------------------- the checker checks itself
def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = tmp_path / "euchre" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for d in [p for p in (tmp_path / "euchre").rglob("*") if p.is_dir()] + [tmp_path / "euchre"]:
        (d / "__init__.py").touch()
    return tmp_path


@pytest.mark.parametrize(("files", "bad"), [
    ({"core/a.py": "import json\nfrom euchre.core import b\nfrom . import b\nfrom .b import x\n"}, []),
    ({"core/a.py": "import numpy\n"}, ["imports numpy"]),
    ({"core/a.py": "from euchre.bots import x\n"}, ["imports euchre.bots"]),
    ({"core/a.py": "from ..cli import main\n"}, ["imports euchre.cli"]),
    ({"core/sub/a.py": "from ...server import app\n"}, ["imports euchre.server"]),
    ({"core/a.py": "def f():\n    import euchre.analysis\n"}, ["imports euchre.analysis"]),
    ({"core/a.py": "import importlib\nimportlib.import_module('euchre.interop.x')\n"}, ["imports euchre.interop.x"]),
    ({"core/a.py": "import euchre\n"}, ["imports euchre"]),
    ({"bots/a.py": "import numpy\nfrom euchre.core.hand import HandState\nfrom euchre.bots import b\n"}, []),
    ({"bots/a.py": "from euchre.solver import solve\n"}, []),
    ({"solver/a.py": "from euchre.bots import make_bot\n"}, ["imports euchre.bots"]),
    ({"bots/a.py": "from euchre.analysis import review\n"}, ["imports euchre.analysis"]),
    ({"solver/a.py": "from euchre.cli import main\n"}, ["imports euchre.cli"]),
    ({"analysis/a.py": "from ..server import app\n"}, ["imports euchre.server"]),
    ({"analysis/a.py": "from euchre import Game\n"}, ["imports euchre"]),
    ({"cli/a.py": "from euchre.bots import x\nfrom euchre.interop import y\nimport euchre\nfrom euchre.solver import z\n"}, []),
    ({"cli/serve.py": "from euchre.server import app\n", "cli/migrate.py": "from ..server.storage import s\n"}, []),
    ({"cli/a.py": "from euchre.server import y\n"}, ["euchre.cli.a (top) imports euchre.server"]),
    ({"cli/sub/serve.py": "from euchre.server import y\n"}, ["imports euchre.server"]),
    ({"server/a.py": "def f():\n    from euchre.cli.table import build_rules\n"}, ["imports euchre.cli.table"]),
    ({"server/a.py": "from ..interop import openspiel_game\n"}, ["imports euchre.interop"]),
    ({"server/a.py": "from euchre.events import x\nfrom euchre.server import y\nimport euchre\n"}, []),
    ({"interop/a.py": "import pyspiel\nfrom euchre.core import hand\n"}, []),
    ({"compiled.py": "import numba\nfrom euchre.core.errors import EuchreError\n",
      "solver/a.py": "from euchre.compiled import choose_backend\n",
      "batch/a.py": "from euchre.compiled import x\n"}, []),
    ({"compiled.py": "from euchre.batch import kernel\n"}, ["euchre.compiled (support) imports euchre.batch"]),
    ({"compiled.py": "def f():\n    import euchre.solver\n"}, ["imports euchre.solver"]),
    ({"core/a.py": "from euchre.compiled import choose_backend\n"}, ["euchre.core.a (core) imports euchre.compiled"]),
    ({"interop/a.py": "from euchre.cli.table import x\n"}, ["imports euchre.cli.table"]),
    ({"interop/a.py": "import euchre.server.app\n"}, ["imports euchre.server.app"]),
    ({"events/a.py": "from euchre.server import x\n"}, ["imports euchre.server"]),
    ({"gadgets/a.py": "import json\n"}, ["has no layer"]),
    ({"__init__.py": "from euchre.core import *\n"}, []),
    ({"__init__.py": "from euchre.cli import main\n"}, ["imports euchre.cli"]),
])
def test_checker_on_synthetic_trees(tmp_path: Path, files: dict[str, str], bad: list[str]) -> None:
    """The checker finds each kind of wrong import, also in packages that do not exist
    in the real tree yet, and accepts the allowed ones."""
    found = violations(_tree(tmp_path, files))
    assert len(found) == len(bad), found
    for text, wanted in zip(sorted(found), sorted(bad), strict=True):
        assert wanted in text, found

"""The base install is the standard library alone (issue 35, "Install"; docs/install.md).

* The wheel, built offline from a copy of the project with the project's own build backend,
  is installed alone (``--no-deps``) into a fresh virtual environment without the system's
  site packages; there no package but euchre is importable (the same probe in the project's
  .venv finds them: the control), the README's "From Python" game plays, and every
  ``euchre`` command says in one line which extra it needs.
* Every import of a third-party package in src/euchre belongs to the extra of its surface,
  and the CLI's table of extras (:data:`euchre.cli.extras.EXTRA_MODULES`) is pyproject.toml's.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.cli.extras import COMMAND_EXTRAS, EXTRA_MODULES, missing_extra
from euchre.cli.main import main
from euchre.core.errors import EuchreError, MissingExtraError

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
EXTRAS: dict[str, list[str]] = PYPROJECT["project"]["optional-dependencies"]

THIRD_PARTY = sorted({m for modules in EXTRA_MODULES.values() for m in modules} | {"pip", "setuptools", "uvloop"})
"""Every package the probe tries: each extra's and the installers'."""

PROBE = """
import importlib.util, json, sys
found = {m: importlib.util.find_spec(m) is not None for m in sys.argv[1:]}
print(json.dumps(found))
"""
"""Prints, as JSON, which of the modules named on its command line can be imported."""

LEAK_CHECK = """
import sys
others = sorted({m.split(".")[0] for m in sys.modules} - set(sys.stdlib_module_names) - {"euchre", "__main__"})
assert not others, f"third-party modules imported: {others}"
print("OK", len([m for m in sys.modules if m.startswith("euchre")]), "euchre modules")
"""
"""Appended to a script: fails if anything but the standard library and euchre was imported."""


# ------------------------------------------------------------------ the fresh environment
def _readme_python() -> str:
    """The README's "From Python" example: the first ```python block of that section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## From Python\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found is not None, "README's From Python section has no python block"
    return found.group(1)


class Bare:
    """A virtual environment holding euchre's wheel and nothing else."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.python = root / ("Scripts" if os.name == "nt" else "bin") / ("python.exe" if os.name == "nt" else "python")
        self.euchre = self.python.with_name("euchre.exe" if os.name == "nt" else "euchre")

    def run(self, *args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        """Run the environment's Python (``args`` after it) with no inherited PYTHONPATH."""
        return _run([self.python, *args], cwd=cwd or self.root)

    def command(self, *args: str) -> subprocess.CompletedProcess[str]:
        """Run its ``euchre`` command."""
        return _run([self.euchre, *args], cwd=self.root)


def _run(argv: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "PIP_"))}
    env["PIP_NO_INDEX"] = "1"  # never the network
    return subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=120,
                          check=False)


def _checked(result: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert result.returncode == 0, f"{result.args}: exit {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Bare:
    """euchre's wheel, built from a copy of the project (so nothing is written into the
    working tree) by this Python's setuptools without build isolation and without an index,
    installed with ``--no-deps`` into a new virtual environment made without pip and without
    the system's site packages."""
    if importlib.util.find_spec("setuptools") is None:
        pytest.fail("building the wheel needs setuptools in this environment: pip install -e '.[test]'")
    work = tmp_path_factory.mktemp("install")
    project = work / "project"
    project.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, project / name)
    shutil.copytree(SRC, project / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.nbi", "*.nbc"))
    wheels = work / "wheels"
    _checked(_run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
                   "--no-build-isolation", "--no-index", "--wheel-dir", wheels, project], cwd=work))
    (wheel,) = wheels.glob("euchre-*.whl")
    env = Bare(work / "venv")
    _checked(_run([sys.executable, "-m", "venv", "--without-pip", env.root], cwd=work))
    _checked(_run([sys.executable, "-m", "pip", "--python", env.python, "install", "--quiet", "--disable-pip-version-check",
                   "--no-deps", "--no-index", wheel], cwd=work))
    return env


def _importable(python: Path | str, cwd: Path) -> dict[str, bool]:
    result = _checked(_run([python, "-c", PROBE, *THIRD_PARTY], cwd=cwd))
    found: dict[str, bool] = json.loads(result.stdout)
    return found


def _site_packages(env: Bare) -> set[str]:
    """The names in the environment's site-packages, without the dist-info's version."""
    out = _checked(env.run("-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")).stdout.strip()
    return {re.sub(r"-[^-]+\.dist-info$", ".dist-info", p.name) for p in Path(out).iterdir()} - {"__pycache__"}


def test_the_fresh_environment_holds_euchre_alone(bare: Bare) -> None:
    assert _site_packages(bare) == {"euchre", "euchre.dist-info"}
    found = _importable(bare.python, bare.root)
    assert found == dict.fromkeys(THIRD_PARTY, False), {m for m, ok in found.items() if ok}
    isolated = _checked(bare.run("-c", "import sys; print(sys.prefix != sys.base_prefix); print(sys.path)")).stdout
    assert isolated.startswith("True"), isolated
    # the installed package, not the working tree's
    where = _checked(bare.run("-c", "import euchre; print(euchre.__file__)")).stdout
    assert str(bare.root) in where and str(SRC) not in where, where


def test_the_probe_finds_packages_where_they_are_installed() -> None:
    # The control: the same probe, in the project's environment (python3 tasks.py test
    # installs euchre[all]), finds the packages the fresh environment lacks.
    found = _importable(sys.executable, ROOT)
    for module in ("numpy", "rich", "sqlalchemy", "starlette", "matplotlib", "reportlab", "pip"):
        assert found[module], module


def test_the_readme_game_plays_with_the_standard_library_alone(bare: Bare) -> None:
    code = _readme_python()
    assert "from euchre import" in code and "game.apply(" in code
    script = bare.root / "readme_game.py"
    script.write_text(code + "\nfrom euchre.records import loads\n"
                      "again, _ = loads(record)\nassert again.score == game.score and again.is_over\n" + LEAK_CHECK,
                      encoding="utf-8")
    result = _checked(bare.run(script))
    lines = result.stdout.strip().splitlines()
    # dc-club-1862 plays to 5 points: the winning side has at least 5, the other fewer
    shown = re.search(r"score=\((\d+), (\d+)\)", lines[0])
    assert shown is not None, lines[0]
    assert max(int(shown[1]), int(shown[2])) >= 5 > min(int(shown[1]), int(shown[2]))
    assert lines[-1].startswith("OK"), result.stdout


def test_the_leak_check_can_fail(bare: Bare) -> None:
    # The control of LEAK_CHECK: a module outside the standard library imported (a module
    # of our own put beside the script) is reported.
    (bare.root / "not_stdlib_pkg.py").write_text("", encoding="utf-8")
    script = bare.root / "leak.py"
    script.write_text("import not_stdlib_pkg\n" + LEAK_CHECK, encoding="utf-8")
    result = bare.run(script)
    assert result.returncode != 0 and "third-party modules imported: ['not_stdlib_pkg']" in result.stderr


BOT_GAMES = """
from euchre import Game, preset, view_of
from euchre.bots import BOT_LEVELS, make_bot
from euchre.core.errors import MissingExtraError
for level in BOT_LEVELS:
    game = Game(preset("two-handed" if level in ("advanced", "expert") else "dc-club-1862"), seed=3)
    bots = [make_bot(level, seed=s) for s in range(game.rules.table.seats)]
    while not game.is_over:
        game.apply(bots[game.turn].choose(view_of(game.hand, game.turn, game.score)))
    print(level, "played")
# the expert under a learned model's rules: the bots extra, in one clear error
game = Game(preset("modern-standard"), seed=1)
expert = make_bot("expert")
try:
    expert.choose(view_of(game.hand, game.turn, game.score))
except MissingExtraError as exc:
    print("refused:", exc)
"""


def test_every_bot_level_plays_without_numpy_but_the_learned_bidding(bare: Bare) -> None:
    script = bare.root / "bots.py"
    script.write_text(BOT_GAMES + LEAK_CHECK, encoding="utf-8")
    lines = _checked(bare.run(script)).stdout.strip().splitlines()
    assert lines[:-2] == [f"{level} played" for level in ("random", "beginner", "intermediate", "advanced", "expert")]
    assert lines[-2] == "refused: the expert bot's learned bidding needs numpy, in the bots extra: pip install 'euchre[bots]'"


COMMAND_ARGS: dict[str, tuple[str, ...]] = {"replay": ("game.json",), "review": ("game.json",),
                                            "selfplay": ("--out", "d.parquet")}
"""The arguments a command cannot be run without (so that its parser accepts it)."""


def test_every_command_names_its_extra_in_one_line(bare: Bare) -> None:
    assert _checked(bare.command("--version")).stdout.strip() == "euchre 0.1.0"
    assert "serve" in _checked(bare.command("--help")).stdout
    assert "--db" in _checked(bare.command("serve", "--help")).stdout
    for command, extras in COMMAND_EXTRAS.items():
        result = bare.command(command, *COMMAND_ARGS.get(command, ()))
        expected = f"euchre {command} needs the {extras[0]} extra: pip install 'euchre[{extras[0]}]'"
        assert (result.returncode, result.stderr, result.stdout) == (2, expected + "\n", ""), command


def test_every_command_of_the_parser_has_its_extras() -> None:
    from euchre.cli.main import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert set(sub.choices or ()) == set(COMMAND_EXTRAS)  # type: ignore[arg-type]


# ----------------------------------------------------------------- the extras in process
def test_a_missing_module_names_the_first_extra_missing() -> None:
    assert missing_extra("serve", installed=lambda m: True) is None
    refused = missing_extra("serve", installed=lambda m: m != "filelock")
    assert isinstance(refused, MissingExtraError) and isinstance(refused, ImportError)
    assert str(refused) == "euchre serve needs the server extra: pip install 'euchre[server]'"
    refused = missing_extra("selfplay", installed=lambda m: m != "pyarrow")
    assert refused is not None and refused.extra == "parquet"
    assert missing_extra("selfplay", installed=lambda m: m != "rich").extra == "cli"  # type: ignore[union-attr]


def _without(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make ``modules`` look uninstalled to find_spec and to import."""
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name.split(".")[0] in modules
                        else real(name, *a))
    for name in list(sys.modules):
        if name.split(".")[0] in modules:
            monkeypatch.delitem(sys.modules, name)
    for name in modules:
        monkeypatch.setitem(sys.modules, name, None)  # import name now raises ImportError


def _one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (code, err)
    return err.strip()


def test_an_option_names_its_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "p.png"
    _without(monkeypatch, "matplotlib")
    assert _one_line(capsys, ["review", str(tmp_path / "none.json"), "--plot", str(plot)]) == (
        "euchre review: error: a plot needs matplotlib, in the plots extra: pip install 'euchre[plots]'")
    monkeypatch.undo()
    _without(monkeypatch, "reportlab")
    monkeypatch.delitem(sys.modules, "euchre.events.printing", raising=False)
    db = tmp_path / "events.sqlite3"
    assert _one_line(capsys, ["event", "print", "x", "--pdf", str(tmp_path / "c.pdf"), "--db", f"sqlite:///{db}"]) == (
        "euchre event: error: the event's printed cards needs reportlab, in the pdf extra: pip install 'euchre[pdf]'")
    assert not db.exists()  # refused before the store is opened
    monkeypatch.undo()
    _without(monkeypatch, "pyspiel")
    assert _one_line(capsys, ["arena", "--preset", "openspiel", "--bots", "ismcts:10,random", "--deals", "1"]) == (
        "euchre arena: error: the bot ismcts:10 needs the openspiel extra: pip install 'euchre[openspiel]'")


def test_the_learned_bidding_without_numpy_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre import Game, preset, view_of
    from euchre.bots import make_bot

    _without(monkeypatch, "numpy")
    game = Game(preset("modern-standard"), seed=1)
    with pytest.raises(MissingExtraError, match=r"needs numpy, in the bots extra") as caught:
        make_bot("expert").choose(view_of(game.hand, game.turn, game.score))
    assert isinstance(caught.value, EuchreError) and caught.value.extra == "bots"


def test_a_missing_extra_crosses_a_process_boundary() -> None:
    import pickle

    again = pickle.loads(pickle.dumps(MissingExtraError("the bot ismcts:10", "openspiel")))
    assert type(again) is MissingExtraError and again.extra == "openspiel"
    assert str(again) == "the bot ismcts:10 needs the openspiel extra: pip install 'euchre[openspiel]'"


# -------------------------------------------------------- every import in its surface's extra
DISTRIBUTION_MODULES: dict[str, str] = {
    "numpy": "numpy", "rich": "rich", "platformdirs": "platformdirs", "sqlalchemy": "sqlalchemy",
    "alembic": "alembic", "matplotlib": "matplotlib", "reportlab": "reportlab", "starlette": "starlette",
    "uvicorn": "uvicorn", "websockets": "websockets", "anyio": "anyio", "h11": "h11",
    "prometheus-client": "prometheus_client", "orjson": "orjson", "argon2-cffi": "argon2", "openskill": "openskill",
    "confusable-homoglyphs": "confusable_homoglyphs", "filelock": "filelock", "uvloop": "uvloop",
    "psycopg": "psycopg", "numba": "numba", "open_spiel": "pyspiel", "pettingzoo": "pettingzoo",
    "gymnasium": "gymnasium", "pyarrow": "pyarrow", "ray": "ray",
}
"""The import name of each distribution the surfaces' extras list."""


def _requirement_name(requirement: str) -> tuple[str, list[str]]:
    """(distribution, its extras) of a requirement string such as ``euchre[cli,bots]``."""
    found = re.match(r"\s*([A-Za-z0-9_.-]+)\s*(?:\[([^\]]*)\])?", requirement)
    assert found is not None, requirement
    return found.group(1).lower(), [e.strip() for e in (found.group(2) or "").split(",") if e.strip()]


def distributions(extra: str) -> set[str]:
    """The distributions an extra of pyproject.toml installs, its own and those of the
    extras of euchre it names."""
    out: set[str] = set()
    for requirement in EXTRAS[extra]:
        name, extras = _requirement_name(requirement)
        if name == "euchre":
            for inner in extras:
                out |= distributions(inner)
        else:
            out.add(name)
    return out


def test_the_base_install_has_no_dependency() -> None:
    assert PYPROJECT["project"]["dependencies"] == []


def test_the_clis_table_of_extras_is_pyprojects() -> None:
    for extra, modules in EXTRA_MODULES.items():
        from_pyproject = {DISTRIBUTION_MODULES[d] for d in distributions(extra)} - {"uvloop"}
        assert set(modules) == from_pyproject, extra


def test_the_old_extras_still_install_what_they_did() -> None:
    for extra in ("fast", "openspiel", "pettingzoo", "learning", "postgres", "train", "ray", "parquet", "test"):
        assert extra in EXTRAS, extra
    assert "numba" in distributions("fast") and "open_spiel" in distributions("openspiel")
    assert {"pettingzoo", "gymnasium"} <= distributions("pettingzoo")
    assert {"open_spiel", "torch", "dm-tree"} <= distributions("learning")
    assert {"psycopg", "starlette"} <= distributions("postgres")  # the Dockerfile's euchre[postgres] is the server
    assert "scikit-learn" in distributions("train") and "ray" in distributions("ray") and "pyarrow" in distributions("parquet")
    everything = set().union(*(distributions(e) for e in EXTRA_MODULES))
    assert everything <= distributions("all") and distributions("all") <= distributions("test")
    assert {"pytest", "mypy", "ruff", "setuptools"} <= distributions("test")


SURFACES: tuple[tuple[str, str | None], ...] = (
    ("euchre/analysis/plot.py", "plots"),
    ("euchre/analysis/parallel.py", "ray"),
    ("euchre/events/printing.py", "pdf"),
    ("euchre/interop/parquet.py", "parquet"),
    ("euchre/interop/pettingzoo.py", "pettingzoo"),
    ("euchre/interop/openspiel", "openspiel"),
    ("euchre/interop/ismcts.py", "openspiel"),
    ("euchre/interop/", "research"),
    ("euchre/storage/games.py", "postgres"),  # the server's tables: orjson, psycopg's COPY
    ("euchre/server/", "server"),
    ("euchre/cli/serve.py", "server"),
    ("euchre/cli/migrate.py", "server"),
    ("euchre/cli/rate_bots.py", "server"),
    ("euchre/cli/", "cli"),
    ("euchre/events/", "cli"),
    ("euchre/storage/locks.py", "server"),
    ("euchre/storage/", "cli"),
    ("euchre/bots/", "bots"),
    ("euchre/analysis/", "bots"),
    ("euchre/solver/backend.py", "fast"),
    ("euchre/batch/backend.py", "fast"),
    ("euchre/compiled.py", "fast"),
    ("euchre/batch/", "research"),
    ("euchre/solver/", None),
    ("euchre/core/", None),
    ("euchre/text/", None),
    ("euchre/records/", None),
    ("euchre/referee/", None),
    ("euchre/__init__.py", None),
)
"""The extra of each part of the package, the first prefix that matches (None: the base
install, nothing beyond the standard library). The solver's and the batch kernel's
backend modules import numba and numpy by name, inside a try, for the compiled kernels
(the fast extra); the base install runs them as plain Python (the bots' games in the
fresh environment go through the solver)."""

def surface_of(relative: str) -> str | None:
    for prefix, extra in SURFACES:
        if relative.startswith(prefix):
            return extra
    raise AssertionError(f"{relative}: no surface; add it to SURFACES")


def imports_of(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, top-level module) of every absolute import, inside functions too, and of
    ``importlib.import_module("...")`` with a literal name."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.lineno, node.module.split(".")[0]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module" \
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            yield node.lineno, node.args[0].value.split(".")[0]


def misplaced_imports(src: Path) -> list[str]:
    """Every import of a package outside the standard library that the extra of its
    module's surface does not install."""
    allowed = {extra: {DISTRIBUTION_MODULES[d] for d in distributions(extra)} for extra in EXTRAS
               if all(d in DISTRIBUTION_MODULES for d in distributions(extra))}
    out = []
    for path in sorted(src.rglob("*.py")):
        relative = path.relative_to(src).as_posix()
        extra = surface_of(relative)
        for line, module in imports_of(ast.parse(path.read_text(encoding="utf-8"))):
            if module in sys.stdlib_module_names or module in ("euchre", "__future__"):
                continue
            if extra is None or module not in allowed[extra]:
                out.append(f"{relative}:{line} imports {module}, not in {extra or 'the base install'}")
    return out


def test_every_third_party_import_is_in_its_surfaces_extra() -> None:
    assert misplaced_imports(SRC) == []


def test_a_misplaced_import_is_found(tmp_path: Path) -> None:
    # The control: a core module importing numpy, a bot importing rich, a plot inside a
    # function of the cli's module importing matplotlib (the cli extra lacks it).
    for relative, text in (("euchre/core/x.py", "import numpy\n"), ("euchre/bots/y.py", "from rich import print\n"),
                           ("euchre/cli/z.py", "def f():\n    import matplotlib.pyplot\n"),
                           ("euchre/cli/ok.py", "import rich\nimport numpy\n")):
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert misplaced_imports(tmp_path) == [
        "euchre/bots/y.py:1 imports rich, not in bots",
        "euchre/cli/z.py:2 imports matplotlib, not in cli",
        "euchre/core/x.py:1 imports numpy, not in the base install",
    ]

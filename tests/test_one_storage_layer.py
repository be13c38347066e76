"""One storage layer (issue 35, "Layers"): every SQL statement of the project is built in
``euchre.storage``. A module outside it may hold an engine (``sqlalchemy.Engine``, to pass
it on), catch the driver's errors (``sqlalchemy.exc``) and read a database URL
(``sqlalchemy.engine.make_url``), but not build or run a statement: no other name of
SQLAlchemy, no ``sqlite3`` or ``psycopg``, no ``.execute(`` call on a connection.

Checked by parsing every module under src/euchre; the planted modules show that each
form is caught.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "euchre"
STORAGE = SRC / "storage"

ALLOWED: dict[str, frozenset[str]] = {
    "sqlalchemy": frozenset({"Engine"}),
    "sqlalchemy.exc": frozenset({"DBAPIError", "IntegrityError", "OperationalError", "SQLAlchemyError"}),
    "sqlalchemy.engine": frozenset({"make_url", "Engine"}),
}
"""What a module outside the storage layer may import of SQLAlchemy, by module."""

DRIVERS = ("sqlite3", "psycopg", "psycopg2", "alembic")
"""Database modules only the storage layer imports."""


def sql_outside_storage(source: str, where: str) -> list[str]:
    """The storage layer's business found in one module's source: each as
    ``WHERE:LINE what``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top == "sqlalchemy" or top in DRIVERS:
                    found.append(f"{where}:{node.lineno} import {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            top = node.module.split(".")[0]
            if top in DRIVERS:
                found.append(f"{where}:{node.lineno} from {node.module} import ...")
            elif top == "sqlalchemy":
                allowed = ALLOWED.get(node.module, frozenset())
                for alias in node.names:
                    if alias.name not in allowed:
                        found.append(f"{where}:{node.lineno} from {node.module} import {alias.name}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in ("execute", "exec_driver_sql", "scalars", "scalar")
              and isinstance(node.func.value, ast.Name) and node.func.value.id in ("connection", "conn", "session")):
            found.append(f"{where}:{node.lineno} {node.func.value.id}.{node.func.attr}(...)")
    return found


def test_no_sql_is_built_outside_the_storage_layer() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if STORAGE in path.parents:
            continue
        found += sql_outside_storage(path.read_text(encoding="utf-8"), str(path.relative_to(SRC)))
    assert not found, "SQL outside euchre.storage (move it into a store there):\n" + "\n".join(found)


def test_the_storage_layer_itself_builds_sql() -> None:
    """Control on the real tree: the checker finds the storage layer's own statements."""
    found = [f for path in sorted(STORAGE.glob("*.py"))
             for f in sql_outside_storage(path.read_text(encoding="utf-8"), path.name)]
    assert any("import select" in f for f in found)
    assert any("connection.execute" in f for f in found)


@pytest.mark.parametrize("source", [
    "from sqlalchemy import select\n",
    "from sqlalchemy import Engine, insert\n",
    "import sqlalchemy\n",
    "import sqlite3\n",
    "from psycopg import connect\n",
    "from sqlalchemy.orm import Session\n",
    "def f(connection):\n    connection.execute(q)\n",
])
def test_each_form_is_caught(source: str) -> None:
    assert sql_outside_storage(source, "planted.py")


@pytest.mark.parametrize("source", [
    "from sqlalchemy import Engine\n",
    "from sqlalchemy.exc import IntegrityError, DBAPIError\n",
    "from sqlalchemy.engine import make_url\n",
    "from euchre.storage.accounts import AccountStore\n",
])
def test_what_a_caller_may_hold_passes(source: str) -> None:
    assert not sql_outside_storage(source, "planted.py")

"""The whole schema is defined once, in the storage layer's one metadata
(:mod:`euchre.storage.tables`), and that definition is the schema the Alembic history
migrates: on SQLite and on PostgreSQL (``EUCHRE_TEST_POSTGRES_URL``, as
``tests/test_storage.py``), every migrated table is in the metadata with the same
columns, nullability, primary key and foreign keys, and nothing in the metadata is
missing from the database. The controls: a metadata short of a table, with a column of
another nullability or with a column more, is told apart by the same comparison.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from sqlalchemy import Column, Engine, Integer, MetaData, create_engine, inspect
from sqlalchemy.pool import NullPool

from euchre.storage import events, games, leases, limits, stats, tables
from euchre.storage.sql import migrate
from euchre.storage.tables import metadata
from test_storage import SCHEMA, db_url  # noqa: F401 - the fixture: SQLite and PostgreSQL

SRC = Path(__file__).resolve().parents[1] / "src" / "euchre"


def differences(meta: MetaData, engine: Engine) -> list[str]:
    """How the migrated database at ``engine`` and ``meta`` differ (empty: they agree)."""
    found = inspect(engine)
    stored = set(found.get_table_names()) - {"alembic_version"}
    out = [f"migrated, not in the metadata: {name}" for name in sorted(stored - set(meta.tables))]
    out += [f"in the metadata, not migrated: {name}" for name in sorted(set(meta.tables) - stored)]
    for name in sorted(stored & set(meta.tables)):
        table = meta.tables[name]
        columns = {c["name"]: bool(c["nullable"]) for c in found.get_columns(name)}
        defined = {c.name: bool(c.nullable) for c in table.columns}
        if columns != defined:
            out.append(f"{name}: migrated columns {columns}, defined {defined}")
        key = found.get_pk_constraint(name)["constrained_columns"]
        if sorted(key) != sorted(c.name for c in table.primary_key.columns):
            out.append(f"{name}: migrated key {key}, defined {[c.name for c in table.primary_key.columns]}")
        refers = {(tuple(fk["constrained_columns"]), fk["referred_table"]) for fk in found.get_foreign_keys(name)}
        referred = {(tuple(e.parent.name for e in fk.elements), fk.elements[0].column.table.name)
                    for fk in table.foreign_key_constraints}
        if refers != referred:
            out.append(f"{name}: migrated foreign keys {sorted(refers)}, defined {sorted(referred)}")
    return out


@pytest.fixture
def migrated(db_url: str) -> Engine:  # noqa: F811 - the fixture imported above
    """A fresh database of each kind, migrated to the head."""
    engine = create_engine(db_url, poolclass=NullPool)
    migrate(engine, AssertionError)
    return engine


def test_every_migrated_table_is_defined_in_the_one_metadata_as_it_is_migrated(migrated: Engine) -> None:
    try:
        assert differences(metadata, migrated) == []
        assert set(metadata.tables) == SCHEMA - {"alembic_version"}
    finally:
        migrated.dispose()


def test_control_a_missing_table_another_nullability_or_an_extra_column_is_told(migrated: Engine) -> None:
    short = MetaData()
    for table in metadata.sorted_tables:
        if table.name != "euchre_lease":
            table.to_metadata(short)
    short.tables["euchre_limit"].c.tokens.nullable = True
    short.tables["euchre_cluster"].append_column(Column("more", Integer, nullable=False))
    try:
        told = differences(short, migrated)
    finally:
        migrated.dispose()
    assert "migrated, not in the metadata: euchre_lease" in told
    assert any(line.startswith("euchre_limit: migrated columns") for line in told)
    assert any(line.startswith("euchre_cluster: migrated columns") for line in told)
    assert len(told) == 3


def test_the_storage_modules_tables_are_those_of_the_one_metadata() -> None:
    for table in (games.tables_table, games.tokens_table, games.events_table, events.competitions_table,
                  events.entries_table, stats.stats_games_table, limits.limit_table, tables.lease_table,
                  tables.cluster_table, tables.account_table, tables.rating_table):
        assert table.metadata is metadata, table.name
    assert games.metadata is metadata
    assert leases.cluster_secret.__module__ == "euchre.storage.leases"


def metadata_made(root: Path) -> list[str]:
    """The modules under ``root`` (relative paths) that make a ``MetaData()``; in the
    package only ``storage/tables.py`` should (the migrations describe each step with
    Alembic's ``op``)."""
    made = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "MetaData":
                made.append(str(path.relative_to(root)))
                break
    return made


def test_no_module_defines_tables_in_a_metadata_of_its_own() -> None:
    assert metadata_made(SRC) == ["storage/tables.py"]  # the control: the one place is found


def test_control_a_metadata_made_elsewhere_is_found(tmp_path: Path) -> None:
    (tmp_path / "storage").mkdir()
    (tmp_path / "storage" / "tables.py").write_text("from sqlalchemy import MetaData\nmetadata = MetaData()\n")
    (tmp_path / "server.py").write_text("import sqlalchemy as sa\nmine = sa.MetaData()\n")
    assert metadata_made(tmp_path) == ["server.py", "storage/tables.py"]

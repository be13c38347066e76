"""Migrations run once when several processes migrate one database together
(:func:`euchre.storage.sql.migrate` under PostgreSQL's advisory lock), and the
``euchre migrate`` command on SQLite and PostgreSQL.

The PostgreSQL cases use a fresh database on the server of ``EUCHRE_TEST_POSTGRES_URL``
(skipped without it, failed with ``EUCHRE_REQUIRE_SYSTEM_TESTS=1``; see
``tests/test_storage.py``). The expected revision is the newest file of
``migrations/versions`` (its number), the schema the tables the migrations create.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from euchre.cli.main import main
from euchre.core.errors import EuchreError
from euchre.server.config import sqlite_url
from euchre.storage import sql as sqldb
from euchre.storage.sql import MIGRATIONS, Migrated
from test_storage import SCHEMA, postgres_database

HEAD = sorted(p.stem.split("_")[0] for p in (MIGRATIONS / "versions").glob("[0-9]*.py"))[-1]
"""The newest revision: migration files are numbered 0001_..., 0002_..., and each
file's revision id is its number."""

MIGRATORS = 4
"""``euchre migrate`` processes migrating at once."""

WAIT = 60.0
"""Seconds a test waits for a database state it expects before failing."""


def _schema(engine: Engine) -> tuple[set[str], list[str], int]:
    """The tables of the database, its ``alembic_version`` rows, and how many cluster
    secrets migration 0005 stored (one when it ran once)."""
    from sqlalchemy import inspect

    with engine.connect() as c:
        tables = set(inspect(c).get_table_names())
        versions = list(c.execute(text("SELECT version_num FROM alembic_version")).scalars())
        secrets = c.execute(text("SELECT count(*) FROM euchre_cluster WHERE key = 'secret'")).scalar_one()
    return tables, versions, int(secrets)


def _waiting_on_locks(admin: Engine, database: str) -> int:
    """Connections to ``database`` waiting for a lock now (an advisory lock, or another
    transaction's uncommitted row)."""
    with admin.connect() as c:
        return int(c.execute(text("SELECT count(*) FROM pg_stat_activity WHERE datname = :d "
                                  "AND wait_event_type = 'Lock'"), {"d": database}).scalar_one())


_LAUNCH = ("import sys; from euchre.storage import sql; from euchre.cli.main import main\n"
           "if sys.argv[1] == 'unlocked': sql.lock_migrations = lambda connection: None\n"
           "sys.exit(main(['migrate', '--db', sys.argv[2]]))")
"""``euchre migrate --db URL`` in a new process; ``unlocked``: with the migrations' lock
taken away (the control)."""


def _start_migrators(url: str, *, locked: bool = True) -> list[subprocess.Popen[str]]:
    """:data:`MIGRATORS` processes running ``euchre migrate --db url``, started together."""
    return [subprocess.Popen([sys.executable, "-c", _LAUNCH, "locked" if locked else "unlocked", url],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
            for _ in range(MIGRATORS)]


def _outcomes(processes: list[subprocess.Popen[str]]) -> list[tuple[int, str, str]]:
    """Each process's exit code, output (whitespace made single spaces) and errors; a
    process still running after :data:`WAIT` seconds is killed and fails the test."""
    done = []
    try:
        for proc in processes:
            out, err = proc.communicate(timeout=WAIT)
            done.append((proc.returncode, " ".join(out.split()), err))
    finally:
        for proc in processes:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    return done


def test_several_processes_migrating_an_empty_postgresql_database_at_once_all_succeed_and_one_migrates() -> None:
    """Four ``euchre migrate`` processes started together on one empty database: every
    one succeeds, exactly one found the database empty (the others waited for its lock
    and found nothing to do), and the schema is at the head with one version row and one
    cluster secret."""
    with postgres_database() as (url, _admin, _name):
        shown = make_url(url).render_as_string(hide_password=True)
        outcomes = _outcomes(_start_migrators(url))
        assert Counter(outcomes) == Counter({
            (0, f"{shown}: was empty; migrated to revision {HEAD}, the newest.", ""): 1,
            (0, f"{shown}: at revision {HEAD}, the newest; nothing to do.", ""): MIGRATORS - 1}), outcomes
        engine = create_engine(url, poolclass=NullPool)
        try:
            assert _schema(engine) == (SCHEMA, [HEAD], 1)
        finally:
            engine.dispose()


@pytest.mark.parametrize("locked", [True, False], ids=["with-the-lock", "control-without-the-lock"])
def test_a_migration_started_while_another_is_under_way_waits_for_it_and_finds_the_schema_current(
        locked: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """One migration has created the schema and not yet committed; four ``euchre
    migrate`` processes start and the test waits (on the database's own view,
    ``pg_stat_activity``) until all four wait for a lock; then the first commits. With
    the advisory lock every one of them then finds the head and succeeds. The control,
    the lock taken away: each found no ``alembic_version`` table, began to create one,
    waited for the first's uncommitted one, and fails once it commits. A race of
    processes started together meets either order by luck; this one shows the
    difference every time."""
    if not locked:
        monkeypatch.setattr(sqldb, "lock_migrations", lambda connection: None)
    with postgres_database() as (url, admin, name):
        shown = make_url(url).render_as_string(hide_password=True)
        first = create_engine(url, poolclass=NullPool)
        processes: list[subprocess.Popen[str]] = []
        try:
            with first.connect() as connection, connection.begin():
                assert sqldb.upgrade(connection) == Migrated(None, HEAD)
                processes = _start_migrators(url, locked=locked)
                deadline = time.monotonic() + WAIT
                while _waiting_on_locks(admin, name) < MIGRATORS:
                    assert all(p.poll() is None for p in processes), _outcomes(processes)
                    assert time.monotonic() < deadline, "the later migrations never waited for the first"
                    time.sleep(0.05)  # polling the database's view of its waiters: nothing to wait on
            outcomes = _outcomes(processes)
            if locked:
                assert outcomes == [(0, f"{shown}: at revision {HEAD}, the newest; nothing to do.", "")] * MIGRATORS
            else:
                for code, out, err in outcomes:
                    assert code == 2 and out == "" and err.startswith(f"euchre migrate: error: the migration of the "
                                                                      f"database {shown} failed: "), err
                    assert "already exists" in err or "duplicate key value" in err, err
            assert _schema(first) == (SCHEMA, [HEAD], 1)
        finally:
            for proc in processes:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
            first.dispose()


# ---------------------------------------------------------------------- euchre migrate
def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["migrate", *argv])
    out, err = capsys.readouterr()
    return code, " ".join(out.split()), err


def test_euchre_migrate_on_sqlite_creates_the_schema_then_says_it_is_current(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "t.sqlite3"
    url = sqlite_url(db)
    code, out, err = _run(capsys, "--db", url)
    assert (code, err) == (0, "")
    assert out == f"{url}: was empty; migrated to revision {HEAD}, the newest."
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
        tables = {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == SCHEMA

    code, out, err = _run(capsys, "--db", url)
    assert (code, out, err) == (0, f"{url}: at revision {HEAD}, the newest; nothing to do.", "")


def test_euchre_migrate_from_an_older_revision_names_both(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A database left at 0004 (a server of the previous release) is taken to the head."""
    from alembic import command
    from alembic.config import Config

    url = sqlite_url(tmp_path / "old.sqlite3")
    engine = create_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as connection, connection.begin():
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "0004")
    engine.dispose()
    code, out, _ = _run(capsys, "--db", url)
    assert (code, out) == (0, f"{url}: migrated from revision 0004 to {HEAD}, the newest.")


def test_euchre_migrate_without_db_migrates_the_servers_default_database(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    url = sqlite_url(tmp_path / "default.sqlite3")
    monkeypatch.setattr("euchre.server.config.default_db_url", lambda: url)
    code, out, _ = _run(capsys)
    assert (code, out) == (0, f"{url}: was empty; migrated to revision {HEAD}, the newest.")


def test_euchre_migrate_on_postgresql_says_the_revision_and_hides_the_password(
        capsys: pytest.CaptureFixture[str]) -> None:
    with postgres_database() as (url, _admin, _name):
        shown = make_url(url).render_as_string(hide_password=True)
        code, out, err = _run(capsys, "--db", url)
        assert (code, out, err) == (0, f"{shown}: was empty; migrated to revision {HEAD}, the newest.", "")
        code, out, err = _run(capsys, "--db", url)
        assert (code, out, err) == (0, f"{shown}: at revision {HEAD}, the newest; nothing to do.", "")


@pytest.mark.parametrize(("url", "why"), [
    ("nosuchdialect://x", "cannot open the database"),
    ("sqlite://", "in-memory SQLite database"),
    ("not a url", "cannot open the database"),
    ("postgresql+psycopg://euchre:s3cret-pw@127.0.0.1:1/postgres", "cannot connect to the database"),
])
def test_euchre_migrate_refuses_a_bad_database_in_one_line(
        url: str, why: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--db", url)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("euchre migrate: error: ") and why in err, err
    assert "Traceback" not in err and "s3cret-pw" not in err


def test_euchre_migrate_refuses_a_database_newer_than_this_release_and_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A database migrated by a later release (revision 9999, unknown here) is refused in
    one line naming the revision; its version row is left as it was."""
    db = tmp_path / "newer.sqlite3"
    assert _run(capsys, "--db", sqlite_url(db))[0] == 0
    with sqlite3.connect(db) as c:
        c.execute("UPDATE alembic_version SET version_num = '9999'")
    code, _, err = _run(capsys, "--db", sqlite_url(db))
    assert code == 2 and err.count("\n") == 1 and "failed" in err and "9999" in err, err
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT version_num FROM alembic_version").fetchall() == [("9999",)]


def test_migrate_gives_the_callers_error_class() -> None:
    """``fail`` makes the exception: the CLI's EuchreError, the server's StorageError."""
    engine = create_engine("postgresql+psycopg://euchre@127.0.0.1:1/postgres", poolclass=NullPool)
    with pytest.raises(EuchreError, match="cannot connect to the database"):
        sqldb.migrate(engine, EuchreError)

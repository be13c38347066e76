"""Alembic's environment: runs the migrations on the connection the caller hands over.

:func:`euchre.storage.sql.upgrade` puts an open connection in
``config.attributes["connection"]``; without one (the ``alembic`` command line), the URL
is read from the option ``sqlalchemy.url``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine


def _run(connection: Connection) -> None:
    context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run every pending migration online."""
    given = context.config.attributes.get("connection")
    if isinstance(given, Connection):
        _run(given)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("set sqlalchemy.url or pass a connection in config.attributes['connection']")
    engine = create_engine(url)
    with engine.begin() as connection:
        _run(connection)
    engine.dispose()


if context.is_offline_mode():
    raise RuntimeError("offline (SQL script) migrations are not supported; run them against a database")
run_migrations_online()

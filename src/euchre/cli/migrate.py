"""``euchre migrate``: bring a server's database to the newest schema, once, before the
server processes start (``docs/deploy.md``: compose's one-shot ``migrate`` service, an
upgrade's first step).

``euchre serve`` migrates at its start as well; on PostgreSQL the migrations' advisory
lock (:func:`euchre.storage.sql.lock_migrations`) makes processes starting together take
turns, so this command is a convenience for deployments (one place where a failed
migration shows, before any server is replaced), not a requirement.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from euchre.core.errors import EuchreError

if TYPE_CHECKING:
    from rich.console import Console  # the cli extra: imported by the command, not by euchre's parser


def add_migrate_parser(sub: Any) -> None:
    """Add the ``migrate`` sub-command to the ``euchre`` parser."""
    p = sub.add_parser("migrate", help="bring the server's database to the newest schema and say which revision",
                       description="Run the database migrations (Alembic) of 'euchre serve' and 'euchre event' "
                                   "once, and print the revision reached. Safe to run while servers run and "
                                   "from several places at once on PostgreSQL (they take turns).")
    p.add_argument("--db", default=None, metavar="URL",
                   help="SQLAlchemy database URL (default: the server's SQLite file in your data directory)")


def cmd_migrate(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre migrate``: migrate ``--db`` and print the revision found and the one
    reached. Returns the exit code (0).

    Raises:
        EuchreError: the URL is not a database URL SQLAlchemy can open, names an
            in-memory SQLite database, or the database cannot be reached or migrated
            (one line, the password hidden; exit code 2).
    """
    from rich.markup import escape

    from euchre.server.config import default_db_url
    from euchre.storage.sql import migrate, open_engine, shown_url

    url = args.db if args.db is not None else default_db_url()
    engine = open_engine(url, EuchreError, in_memory="an in-memory SQLite database would be empty again for the "
                                                     "server; give a file, e.g. sqlite:////path/to/tables.sqlite3")
    try:
        done = migrate(engine, EuchreError)
    finally:
        engine.dispose()
    shown = escape(shown_url(url))
    if done.before == done.after:
        console.print(f"{shown}: at revision {done.after}, the newest; nothing to do.", soft_wrap=True)
    elif done.before is None:
        console.print(f"{shown}: was empty; migrated to revision {done.after}, the newest.", soft_wrap=True)
    else:
        console.print(f"{shown}: migrated from revision {done.before} to {done.after}, the newest.", soft_wrap=True)
    return 0

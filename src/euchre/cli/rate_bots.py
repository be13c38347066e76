"""``euchre rate-bots``: measure the bots' ratings on the server's database by games among
them, so that the leaderboards' bots (and the first games of new players against them)
start from ratings measured by play (:func:`euchre.server.ratings.measure_bots`)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from euchre.cli.text import int_arg
from euchre.core.errors import EuchreError

if TYPE_CHECKING:
    from rich.console import Console  # the cli extra: imported by the command, not by euchre's parser

DEFAULT_LEVELS = "beginner,intermediate,advanced"


def add_rate_bots_parser(sub: Any) -> None:
    """Add the ``rate-bots`` sub-command to the ``euchre`` parser."""
    p = sub.add_parser("rate-bots", help="measure the bots' ratings on the server's database by games among them",
                       description="Bots of the given levels play rated games among themselves under a preset; "
                                   "their ratings (OpenSkill, as the server rates every game) are stored in the "
                                   "server's database and shown on its leaderboard.")
    p.add_argument("--db", default=None, metavar="URL",
                   help="SQLAlchemy database URL (default: the server's SQLite file in your data directory)")
    p.add_argument("--preset", default="modern-standard", help="the rules (a preset; default modern-standard)")
    p.add_argument("--levels", default=DEFAULT_LEVELS, metavar="L,L[,L...]",
                   help=f"two or more bot levels (default {DEFAULT_LEVELS})")
    p.add_argument("--games", type=int_arg, default=60, metavar="N", help="games to play, 1..100,000 (default 60)")
    p.add_argument("--seed", type=int_arg, default=0, help="seeds the games and the bots (default 0)")


def cmd_rate_bots(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre rate-bots``. Returns the exit code (0).

    Raises:
        EuchreError: an unknown preset or level, fewer than two levels, a count out of
            range, a database that cannot be opened or migrated.
    """
    from rich.table import Table

    from euchre.cli.progress import progress
    from euchre.core.presets import preset as preset_rules
    from euchre.server.config import default_db_url
    from euchre.server.ratings import Ratings, measure_bots, ordinal
    from euchre.server.storage import StorageError, Store

    preset_rules(args.preset)  # an unknown preset fails before the database is touched
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    try:
        store = Store(args.db if args.db is not None else default_db_url())
        store.migrate()
    except StorageError as exc:
        raise EuchreError(f"the database: {exc}") from None
    try:
        with progress(console, "Games", args.games) as ticker:
            rows = measure_bots(Ratings(store.engine), args.preset, levels, args.games, args.seed,
                                progress=ticker.advance)
    finally:
        store.engine.dispose()
    table = Table(title=f"Bots' ratings under {args.preset} (OpenSkill; rating = mu - 3 sigma)", title_justify="left")
    for column in ("level", "rating", "mu", "sigma", "rated games"):
        table.add_column(column, justify="left" if column == "level" else "right")
    for level, mu, sigma, games in rows:
        table.add_row(level, f"{ordinal(mu, sigma):.2f}", f"{mu:.2f}", f"{sigma:.2f}", str(games))
    console.print(table)
    console.print(f"Stored in {store.shown}; the server's leaderboard shows them.")
    return 0

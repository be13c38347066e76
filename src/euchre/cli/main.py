"""The ``euchre`` command: ``play``, ``stats``, ``watch``, ``replay``, ``rules``, ``sim``, ``arena``, ``selfplay``,
``review``, ``referee``, ``serve``, ``migrate``, ``event`` and ``rate-bots``; ``euchre --version``.

Every error a user can cause (a bad preset, seat, file or number) is reported on one
line on standard error, with exit code 2 and no traceback. The line is made safe to
print (control and escape characters replaced, long quotes cut short): it may quote a
file name, a command-line argument or text from a record.

A command whose extra is not installed is refused the same way, before its modules are
imported (``euchre serve needs the server extra: pip install 'euchre[server]'``;
:mod:`euchre.cli.extras`). This module and the parser's modules import the standard
library only, so ``euchre --help`` works in the base install; rich (the ``cli`` extra) is
imported once the command's extras are found.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from euchre.cli.event import add_event_parser
from euchre.cli.extras import missing_extra
from euchre.cli.migrate import add_migrate_parser
from euchre.cli.rate_bots import add_rate_bots_parser
from euchre.cli.review_args import add_review_parser
from euchre.cli.serve import add_serve_parser
from euchre.cli.text import MAX_DELAY, clean, int_arg, seconds_arg
from euchre.core.errors import EuchreError
from euchre.core.presets import DEFAULT_PRESET

if TYPE_CHECKING:
    from rich.console import Console

EXIT_USAGE = 2
MAX_ERROR = 400
"""The longest error message printed (longer ones are cut, ending in "…")."""

def one_line(message: str) -> str:
    """An error message as one short line safe to print: whitespace runs made one
    space, control and escape characters replaced, cut to :data:`MAX_ERROR`
    characters."""
    return clean(" ".join(message[: MAX_ERROR * 4].split()), MAX_ERROR)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (exit code 2)."""

    _given: list[str] | None = None  # the arguments this parser read last (for error())

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        """As argparse's; the arguments are kept for the messages of :meth:`error`."""
        self._given = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(self._given, namespace)

    def error(self, message: str) -> NoReturn:
        """Print ``message`` on one line and exit with code 2. An option whose value
        begins with '-' (``--score -1-5``) reads to argparse as two options, the first
        with no value ("expected one argument"): the message says which value, what
        the option takes (its help) and how to give such a value."""
        missing = re.fullmatch(r"argument (--[\w-]+)(?:/[^:]*)?: expected one argument", message)
        given = self._given or []
        if missing is not None:
            option = missing.group(1)
            at = [i for i, a in enumerate(given) if a == option]
            value = given[at[-1] + 1] if at and at[-1] + 1 < len(given) else None
            action = self._option_string_actions.get(option)
            if value is not None and value.startswith("-") and value not in self._option_string_actions \
                    and action is not None:
                message = (f"argument {option}: {clean(value, 40)!r} begins with '-' and reads as an option, not as "
                           f"the value of {option}, which is {action.help or action.metavar}")
        self.exit(EXIT_USAGE, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")


def _add_preset(p: argparse.ArgumentParser, default: str | None = DEFAULT_PRESET) -> None:
    """``--preset``, ``--target``, ``--rule`` and ``--option``. ``default``: the value of
    ``--preset`` when it is not given (None where a command must tell it from a preset
    given: ``referee --load`` refuses any ``--preset``)."""
    p.add_argument("--preset", default=default, metavar="NAME",
                   help=f"rule set (default {DEFAULT_PRESET}; see 'euchre rules')")
    p.add_argument("--target", type=int_arg, default=None, metavar="N", help="points to win (default: the preset's)")
    p.add_argument("--rule", action="append", default=None, metavar="HOUSE_RULE=on|off",
                   help="a house rule on or off over the preset, e.g. stick_the_dealer=on (repeat for more; "
                        "'euchre rules --house' lists them)")
    p.add_argument("--option", action="append", default=None, metavar="NAME=VALUE",
                   help="an option over the preset's, e.g. farmers_hand=true (repeat for more; see 'euchre rules PRESET')")


def _add_workers(p: argparse.ArgumentParser, limit: str = "") -> None:
    """``--workers N`` and ``--ray [ADDRESS]`` (see :func:`euchre.cli.sim.backend_from_args`)."""
    p.add_argument("--workers", type=int_arg, default=None, metavar="N",
                   help=f"processes to use (default 1{'; ' + limit if limit else ''}); with --ray, the tasks run "
                        "at once (default: the CPUs Ray has)")
    p.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help="run on Ray (.venv/bin/pip install -e '.[ray]' in the project's directory): a local Ray, or the cluster at ADDRESS "
                        "('auto', 'ray://HOST:10001'); the same results as processes")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``euchre`` command and its sub-commands."""
    parser = _Parser(prog="euchre", description="Euchre under historical and modern rules.")
    parser.add_argument("--version", action="version", version=f"euchre {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("play", help="play against bots", description="Play a game against bots (three at the four-hand table).")
    _add_preset(p)
    p.add_argument("--seat", default=None, metavar="SEAT",
                   help="your seat, as the table names it: N, E, S or W (or North, ...; default S) at the four-hand "
                        "table, 1, 2, ... (or Player 1, ...; default 1) at another")
    p.add_argument("--seed", type=int_arg, default=None, help="seed for the shuffle and the bots (default: random)")
    p.add_argument("--bots", default="intermediate", metavar="LEVEL",
                   help="the bots' level: random, beginner, intermediate, advanced, expert, or careless (a beginner "
                        "who revokes now and then in table mode) (default intermediate)")
    p.add_argument("--save", default=None, metavar="FILE", help="write the game record to FILE: our JSON record "
                   "when it ends in .json, EGN when it ends in .egn")
    p.add_argument("--auto-play", action="store_true",
                   help="play your card for you when it is the only one you may play")
    p.add_argument("--no-stats", action="store_true",
                   help="keep no statistics of this game (see 'euchre stats')")

    p = sub.add_parser("stats", help="your record across the games you played",
                       description="Your games of 'euchre play', summed by rules and bot level.")
    p.add_argument("--preset", default=None, metavar="NAME", help="only the games of this preset")
    p.add_argument("--plot", default=None, metavar="FILE.png", help="draw the running margin game by game")

    p = sub.add_parser("watch", help="watch bots play", description="Watch bots play a game (one at each seat of the table).")
    _add_preset(p)
    p.add_argument("--seed", type=int_arg, default=None, help="seed for the shuffle and the bots (default: random)")
    p.add_argument("--bots", default="intermediate", metavar="LEVEL[,LEVEL...]",
                   help="one level for all, two (N-S,E-W) or four (N,E,S,W) (default intermediate)")
    p.add_argument("--delay", type=seconds_arg(MAX_DELAY), default=0.4, metavar="SECONDS",
                   help=f"pause after each event, 0 to {MAX_DELAY:g} (default 0.4)")
    p.add_argument("--save", default=None, metavar="FILE", help="write the game record to FILE: our JSON record "
                   "when it ends in .json, EGN when it ends in .egn")

    p = sub.add_parser("replay", help="show a recorded game (JSON record, EGN or an EMN match)",
                       description="Show a recorded game hand by hand; each game of an EMN match in turn.")
    p.add_argument("file", metavar="FILE", help="our game record (JSON), an EGN file or an EMN match file")
    p.add_argument("--game", type=int_arg, default=None, metavar="N", help="show only game N of a match (from 1)")
    p.add_argument("--hand", type=int_arg, default=None, metavar="N",
                   help="show only hand N (from 1); in a match, of the game given by --game")

    p = sub.add_parser("rules", help="show the presets and their options",
                       description="No preset: list the presets. One: its options and sources. Two: their differences. "
                                   "--house: the house rules of --rule, with the preset's state of each.")
    p.add_argument("presets", nargs="*", metavar="PRESET")
    p.add_argument("--house", action="store_true",
                   help="list the house rules (for --rule KEY=on|off), on or off in the preset given")

    p = sub.add_parser("sim", help="bots against bots, with statistics",
                       description="Each side of the table with its bot level (N-S against E-W at the four-hand "
                                   "table) for many games.")
    _add_preset(p)
    p.add_argument("--games", type=int_arg, default=100, metavar="N", help="number of games (default 100)")
    p.add_argument("--bots", default="intermediate,beginner", metavar="A,B[,C...]",
                   help="one level for every side, or one per side: N-S,E-W at the four-hand table, one per player "
                        "where each plays for himself (default intermediate,beginner; at a table of more sides the "
                        "first level plays seat 1 and the second every other seat)")
    p.add_argument("--seed", type=int_arg, default=0, help="seed of the first game (default 0)")
    _add_workers(p, "at most one per game and per CPU")

    p = sub.add_parser("arena", help="duplicate matches between bots, with statistics and a plot",
                       description="Each pair of bots plays the same deals twice, the seats exchanged.")
    _add_preset(p)
    p.add_argument("--bots", default="intermediate,beginner", metavar="A,B[,C...]",
                   help="two levels, or more for a round robin; ismcts[:N] with --preset openspiel; pimc[:N], plain "
                        "PIMC over N worlds (default 50), the textbook baseline; a side of "
                        "levels by seat joined by + (expert+intermediate: expert with an intermediate partner) "
                        "(default intermediate,beginner)")
    p.add_argument("--deals", type=int_arg, default=1000, metavar="N", help="duplicate deals per pairing (default 1000)")
    p.add_argument("--games", type=int_arg, default=0, metavar="N", help="duplicate games per pairing (default 0)")
    p.add_argument("--seed", type=int_arg, default=0, help="the match seed (default 0)")
    _add_workers(p)
    p.add_argument("--plot", default=None, metavar="FILE.png", help="draw the point shares to a PNG file")
    p.add_argument("--sources", action="store_true",
                   help="split each pairing's margin by where it came from: deals bid to the same contract at both "
                        "tables (the card play) and the ways the bidding differed (tables of two sides)")
    p.add_argument("--protocol", choices=("table", "outside", "both"), default="table",
                   help="how the bots are asked: table, one bot per seat and play asked for each of its decisions "
                        "(default); outside, a fresh bot for every decision from a seed drawn for it, shown only its "
                        "view at 0-0, as an outside program asks; both, each on the same deals, side by side")
    p.add_argument("--deals-out", default=None, metavar="FILE.jsonl",
                   help="write every duplicate deal's points to a JSON Lines file, to pool runs of other seeds "
                        "later (bench/pool_arena.py)")

    p = sub.add_parser("selfplay", help="bots play each other; every decision to a Parquet data set",
                       description="Bots play whole games; every decision (the seat's view features, the legal "
                                   "actions, the action chosen, the search's values, the outcomes) is a row of a "
                                   "Parquet file. Schema: docs/research.md.")
    _add_preset(p)
    p.add_argument("--out", required=True, metavar="FILE.parquet", help="the file to write (replaced if it exists)")
    p.add_argument("--bots", default="intermediate", metavar="LEVEL[,LEVEL...]",
                   help="one level for all, two (N-S,E-W) or four (N,E,S,W) (default intermediate)")
    p.add_argument("--games", type=int_arg, default=10, metavar="N", help="games to play (default 10)")
    p.add_argument("--seed", type=int_arg, default=0, help="the run's seed (default 0)")
    p.add_argument("--max-hands", type=int_arg, default=1000, metavar="N",
                   help="stop a game after N hands (default 1000)")
    _add_workers(p)

    p = sub.add_parser("referee", help="keep the score and the laws for a game of real cards",
                       description="Enter each hand of a game played with real cards (its result, and any "
                                   "irregularity found); the referee answers with the law, its source and what "
                                   "now happens, and keeps the score, the deal and the games. Type help inside.")
    _add_preset(p, default=None)
    p.add_argument("--dealer", default=None, metavar="SEAT", help="the first dealer's seat, as the table names it: "
                   "N, E, S or W (default N) at the four-hand table, 1, 2, ... (default 1) at another")
    p.add_argument("--save", default=None, metavar="FILE.json",
                   help="keep the evening's record in FILE.json (JSON), after every entry")
    p.add_argument("--load", default=None, metavar="FILE",
                   help="go on from a record saved before, with its rules and dealer, saving to it again (or to --save)")

    add_review_parser(sub)
    add_serve_parser(sub)
    add_migrate_parser(sub)
    add_event_parser(sub)
    add_rate_bots_parser(sub)
    return parser


def _version() -> str:
    """The installed package's version (``importlib.metadata``), or ``unknown``."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("euchre")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree not installed
        return "unknown"


def _command(name: str) -> Callable[[argparse.Namespace, Console], int]:
    if name == "stats":
        from euchre.cli.stats import cmd_stats

        return cmd_stats
    if name == "play":
        from euchre.cli.play import cmd_play

        return cmd_play
    if name == "watch":
        from euchre.cli.watch import cmd_watch

        return cmd_watch
    if name == "replay":
        from euchre.cli.replay import cmd_replay

        return cmd_replay
    if name == "rules":
        from euchre.cli.rules_cmd import cmd_rules

        return cmd_rules
    if name == "arena":
        from euchre.cli.arena import cmd_arena

        return cmd_arena
    if name == "review":
        from euchre.cli.review import cmd_review

        return cmd_review
    if name == "serve":
        from euchre.cli.serve import cmd_serve

        return cmd_serve
    if name == "migrate":
        from euchre.cli.migrate import cmd_migrate

        return cmd_migrate
    if name == "referee":
        from euchre.cli.referee import cmd_referee

        return cmd_referee
    if name == "event":
        from euchre.cli.event import cmd_event

        return cmd_event
    if name == "rate-bots":
        from euchre.cli.rate_bots import cmd_rate_bots

        return cmd_rate_bots
    if name == "selfplay":
        from euchre.cli.selfplay import cmd_selfplay

        return cmd_selfplay
    from euchre.cli.sim import cmd_sim

    return cmd_sim


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``euchre`` command with ``argv`` (default: the process's arguments).

    Returns:
        The exit code: 0 on success, 2 for a usage or input error, 130 after Ctrl-C.
    """
    parser = build_parser()
    try:
        args = parser.parse_args(None if argv is None else list(argv))
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if args.command is None:
        parser.print_help()
        return 0
    missing = missing_extra(args.command)
    if missing is not None:
        sys.stderr.write(f"{one_line(str(missing))}\n")
        return EXIT_USAGE
    try:
        from euchre.cli.render import make_console

        console = make_console()
        return _command(args.command)(args, console)
    except EuchreError as exc:
        sys.stderr.write(f"euchre {args.command}: error: {one_line(str(exc))}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())

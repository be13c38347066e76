"""``euchre event``: progressive evenings and tournaments (:mod:`euchre.events`).

Actions: ``create`` an event, ``list`` the events, ``next`` (seat and show the next
round's tables), ``enter`` a table's scores, ``play`` the open tables by bots,
``standings``, ``export`` (CSV, JSON) and ``print`` (tally and table cards, PDF). Events
live in an SQLite file in the user data directory (``events.sqlite3``) or the database of
``--db URL``. Each change is written and committed before anything of it is printed.
"""

from __future__ import annotations

import argparse
import random
from typing import TYPE_CHECKING, Any, TypeVar

from euchre.cli.text import clean, int_arg
from euchre.core.errors import EuchreError

if TYPE_CHECKING:
    from rich.console import Console

    from euchre.events.event import Event
    from euchre.events.store import EventStore

P = TypeVar("P", bound=argparse.ArgumentParser)

ACTIONS = ("create", "list", "next", "enter", "play", "standings", "export", "print")
FORMATS = "progressive, round_robin, swiss, single_elimination, double_elimination"
MOVEMENTS = "winners_up_losers_down, winners_up_losers_stay, fixed_rotation, north_stationary"
"""Named here for the help only (this module is imported by every ``euchre`` command, so
it leaves :mod:`euchre.events` to the actions); the event refuses any other value with
the list of the right ones."""


def add_event_parser(sub: argparse._SubParsersAction[P]) -> None:
    """Add the ``event`` sub-command (and its actions) to ``euchre``'s parser."""
    p = sub.add_parser("event", help="progressive evenings and tournaments: seating, scores, standings, cards",
                       description="Run a progressive evening or a tournament of fixed partnerships: create it, "
                                   "show each round's tables, enter the scores of real tables or let bots play, "
                                   "the standings, CSV/JSON exports and printable cards.")
    p.add_argument("--db", default=None, metavar="URL",
                   help="the database (an SQLAlchemy URL; default an SQLite file in your data directory)")
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    db = type(p)(add_help=False)
    db.add_argument("--db", default=argparse.SUPPRESS, metavar="URL", help="the database (as before the action)")

    c = actions.add_parser("create", parents=[db], help="create an event", description="Create an event.")
    c.add_argument("name", metavar="NAME", help="the event's short name (no spaces)")
    c.add_argument("--players", required=True, metavar="A,B,...",
                   help="the players' names (a progressive evening draws their places for round 1 from the "
                        "seed, or with --seating as_listed seats them four to a table in this order; a tournament "
                        "pairs them two by two into teams, the first team seeded first)")
    c.add_argument("--format", default="progressive", metavar="FORMAT", help=f"{FORMATS} (default progressive)")
    c.add_argument("--tables", type=int_arg, default=None, metavar="N", help="the tables (checked against the players)")
    c.add_argument("--rounds", type=int_arg, default=None, metavar="N",
                   help="rounds to play (default: progressive 8 or fewer, round robin all, Swiss ceil(log2 teams))")
    c.add_argument("--hands", type=int_arg, default=None, metavar="N",
                   help="hands per round of a progressive evening (default the preset's, 8)")
    c.add_argument("--movement", default="winners_up_losers_down", metavar="MOVEMENT",
                   help=f"a progressive evening's movement: {MOVEMENTS} (default winners_up_losers_down)")
    c.add_argument("--preset", default=None, metavar="NAME",
                   help="the rules (default progressive-party, for a tournament modern-tournament)")
    c.add_argument("--target", type=int_arg, default=None, metavar="N", help="points to win a tournament's game")
    c.add_argument("--rule", action="append", default=None, metavar="HOUSE_RULE=on|off", help="a house rule")
    c.add_argument("--option", action="append", default=None, metavar="NAME=VALUE", help="an option")
    c.add_argument("--lone-march", default=None, metavar="LONER,PARTNER",
                   help="points of a lone march for the loner and his partner (X-50: 5,4)")
    c.add_argument("--lone-euchred", type=int_arg, default=None, metavar="N",
                   help="points for each opponent of a lone hand euchred (X-50: 3)")
    c.add_argument("--tiebreak", default=None, metavar="T[,T...]",
                   help="tie-breaks in order (progressive: lone_hands, rounds_won, head_to_head; tournaments: "
                        "head_to_head, point_difference, points_for, buchholz); 'none' for none")
    c.add_argument("--seating", default=None, metavar="drawn|as_listed",
                   help="a progressive evening's round 1: the players drawn for their places (default) or seated "
                        "in the order of --players; a tournament keeps the order of its teams as their seeding")
    c.add_argument("--duplicate", action="store_true", help="every table of a round plays the same cards (bots)")
    c.add_argument("--seed", type=int_arg, default=None, help="seed of the draws and the bots (default: random)")
    c.add_argument("--bot-players", default=None, metavar="NAMES|all", help="the players that bots play")
    c.add_argument("--bot-level", default="intermediate", metavar="LEVEL", help="the bots' level (default intermediate)")
    c.add_argument("--title", default=None, metavar="TEXT", help="the title on the printed cards")

    actions.add_parser("list", parents=[db], help="the events stored", description="List the events.")
    for name, what in (("next", "seat the next round (when the last is complete) and show its tables"),
                       ("standings", "the standings so far")):
        a = actions.add_parser(name, parents=[db], help=what, description=what[0].upper() + what[1:] + ".")
        a.add_argument("name", metavar="NAME")
    e = actions.add_parser("enter", parents=[db], help="enter the scores of a table (match)",
                           description="Enter a table's hands or its score per side.")
    e.add_argument("name", metavar="NAME")
    e.add_argument("--table", required=True, metavar="T",
                   help="the table of the current round (progressive), or the match: ROUND.TABLE, or a bracket's id")
    e.add_argument("--hands", default=None, metavar="'H; H; ...'",
                   help="the hands: 'N 3' (maker and the makers' tricks), 'E 5 alone', or points N,E,S,W "
                        "('1,0,1,0', X for nothing, * after a loner's points)")
    e.add_argument("--score", default=None, metavar="NS-EW",
                   help="the points per side, N-S first, e.g. 7-5 (a match: 10-6); never negative")
    e.add_argument("--winners", default=None, metavar="NS|EW", help="the winners of a tied table")
    pl = actions.add_parser("play", parents=[db], help="bots play the open tables whose players are all bots",
                            description="Bots play the open tables of the current round whose every player is a bot.")
    pl.add_argument("name", metavar="NAME")
    pl.add_argument("--fill", action="store_true", help="also the tables with people, bots standing in for them")
    x = actions.add_parser("export", parents=[db], help="the standings and results as CSV and JSON",
                           description="Write the standings as CSV, and the standings with every result as JSON.")
    x.add_argument("name", metavar="NAME")
    x.add_argument("--csv", default=None, metavar="FILE.csv", help="the standings as CSV, each player by name")
    x.add_argument("--json", default=None, metavar="FILE.json",
                   help="the event, its results and standings as JSON, players and teams by name")
    pr = actions.add_parser("print", parents=[db], help="tally and table cards as PDF",
                            description="Print a tally card per player and a card per table of the current round.")
    pr.add_argument("name", metavar="NAME")
    pr.add_argument("--pdf", required=True, metavar="FILE.pdf", help="the PDF file to write (its name ends in .pdf)")


def _store(args: argparse.Namespace) -> EventStore:
    from euchre.events.store import EventStore, default_db_url

    store = EventStore(args.db or default_db_url())
    store.migrate()
    return store


def _names(text: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in text.split(",") if n.strip())


def _create(args: argparse.Namespace, store: EventStore, console: Console) -> None:
    from euchre.cli.table import rules_of_flags
    from euchre.events.hand_tally import HouseScoring
    from euchre.events.spec import PROGRESSIVE, EventSpec, default_rounds

    players = _names(args.players)
    fmt = args.format
    if fmt == PROGRESSIVE and args.tables is not None and args.tables * 4 != len(players):
        raise EuchreError(f"--tables {args.tables} seats {args.tables * 4} players; {len(players)} are named")
    if fmt != PROGRESSIVE and args.tables is not None and args.tables * 4 > len(players):
        raise EuchreError(f"--tables {args.tables}: {len(players)} players make {len(players) // 2} teams, "
                          f"at most {len(players) // 4} tables a round")
    preset_name = args.preset or ("progressive-party" if fmt == PROGRESSIVE else "modern-tournament")
    options = list(args.option or ())
    if args.hands is not None:
        options.append(f"progressive_hands={args.hands}")
    rules = rules_of_flags(preset_name, args.target, options, args.rule)
    loner = partner = None
    if args.lone_march is not None:
        try:
            loner, partner = (int(v) for v in args.lone_march.split(","))
        except ValueError:
            raise EuchreError(f"--lone-march is two numbers LONER,PARTNER (e.g. 5,4), not {args.lone_march!r}") from None
    house = HouseScoring(loner, partner, args.lone_euchred)
    bots = players if (args.bot_players or "").strip().lower() == "all" else _names(args.bot_players or "")
    tiebreaks = None if args.tiebreak is None else (() if args.tiebreak.strip() == "none" else _names(args.tiebreak))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    rounds = args.rounds if args.rounds is not None else default_rounds(fmt, len(players), args.movement)
    spec = EventSpec(args.name, fmt, players, bots, args.bot_level, rounds, args.movement, preset_name,
                     tuple(args.rule or ()), tuple(args.option or ()), args.target, rules.to_dict(), house,
                     tiebreaks, args.duplicate, seed, args.title or "", args.seating)
    store.create(spec)
    def count(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"

    what = (f"{count(len(players) // 4, 'table')}, {count(rounds, 'round')}, {args.movement}" if fmt == PROGRESSIVE
            else f"{count(len(players) // 2, 'team')}, {fmt}" + (f", {count(rounds, 'round')}" if rounds else ""))
    seating = (" (it draws round 1's places)" if spec.seating == "drawn"
               else "; round 1 seated in the order given" if fmt == PROGRESSIVE else "")
    console.print(f"Created event {spec.name}: {len(players)} players, {what}; rules {preset_name}"
                  f"{' (duplicate deals)' if spec.duplicate else ''}; seed {seed}{seating}.")
    if not house.is_plain:
        console.print(f"House scoring: {house.describe()}.")
    console.print(f"Next: euchre event next {spec.name}")


def _show_round(event: Event, console: Console) -> None:
    from euchre.events.movements import SEATS
    from euchre.events.spec import PROGRESSIVE

    spec = event.spec
    n = event.rounds_seated
    bots = set(spec.bots)
    p = spec.players

    def who(i: int) -> str:
        return f"{p[i]}{' (bot)' if p[i] in bots else ''}"

    if spec.format == PROGRESSIVE:
        if not n:
            console.print("No round is seated yet.")
            return
        console.print(f"Round {n} of {spec.rounds}: table assignments")
        for t in event.seatings[-1].tables:
            seats = ", ".join(f"{SEATS[s]} {who(t.seats[s])}" for s in range(4))
            done = event.tables.get((n, t.table))
            state = (f"entered: {'N-S' if done.winner == 0 else 'E-W'} won" if done is not None
                     else f"first dealer {SEATS[t.dealer]}")
            console.print(f"  Table {t.table}: {seats}; {state}")
        return
    keys = event.open_tables()
    if n:
        console.print(f"Round {n} of {spec.rounds}:")
        bye = event.pairings[-1].bye
        if bye is not None:
            console.print(f"  bye: {spec.team_names[bye]}")
    elif spec.format not in ("single_elimination", "double_elimination"):
        console.print("No round is seated yet.")
    if not keys:
        console.print("  No match is waiting for a result.")
    for key in keys:
        a, b = event.match_teams(key)
        (a0, a1), (b0, b1) = spec.team_players(a), spec.team_players(b)
        console.print(f"  Match {key}: N {who(a0)}, S {who(a1)} (team {a + 1}) against E {who(b0)}, W {who(b1)} "
                      f"(team {b + 1})")


def _next(event: Event, store: EventStore, console: Console) -> None:
    entry = event.next_round_entry()
    if entry is not None:
        store.append(event.spec.name, len(event.entries), [entry])
        event.apply(entry)
    elif event.is_over:
        console.print(f"Event {event.spec.name} is over: see 'euchre event standings {event.spec.name}'.")
        return
    elif event.rounds_seated and event.open_tables():
        console.print(f"Round {event.rounds_seated} is still being played; open: {', '.join(event.open_tables())}.")
    _show_round(event, console)


def _save(event: Event, store: EventStore, entries: list[dict[str, Any]]) -> None:
    """Write entries (committed), then apply them."""
    from euchre.events.event import Event

    after = Event(event.spec, [*event.entries, *entries])
    store.append(event.spec.name, len(event.entries), list(entries), over=after.is_over)
    for entry in entries:
        event.apply(dict(entry))


def _report(event: Event, entries: list[dict[str, Any]], console: Console) -> None:
    p = event.spec.players
    for e in entries:
        if e["kind"] == "table":
            seats = [int(s) for s in e["seats"]]
            totals = [int(t) for t in e["totals"]]
            side = "N-S" if e["winner"] == 0 else "E-W"
            how = {"points": "", "organiser": " (tie, named by the organiser)", "cut": " (tie, decided by the cut)"}
            console.print(f"Table {e['table']}: " + ", ".join(f"{'NESW'[i]} {p[s]} {t}"
                                                              for i, (s, t) in enumerate(zip(seats, totals, strict=True)))
                          + f"; {side} win{how[str(e['decided_by'])]}.")
        else:
            a, b = (int(t) for t in e["teams"])
            sa, sb = (int(s) for s in e["score"])
            names = event.spec.team_names
            won = "tie" if e["winner"] is None else f"{names[a] if e['winner'] == 0 else names[b]} win"
            console.print(f"Match {e['key']}: {names[a]} {sa}, {names[b]} {sb}: {won}.")
    n = event.rounds_seated
    if event.is_over:
        console.print(f"The event is over: 'euchre event standings {event.spec.name}'.")
    elif n and event.spec.format not in ("single_elimination", "double_elimination") and event.round_done(n):
        console.print(f"Round {n} is complete: 'euchre event next {event.spec.name}' seats round {n + 1}.")


def _standings(event: Event, console: Console) -> None:
    from rich.table import Table

    from euchre.events.spec import PROGRESSIVE
    from euchre.events.standings import Standing
    from euchre.events.tournament import TeamStanding

    rows = event.standings()
    title = f"{event.spec.title or event.spec.name}: standings"
    table = Table(title=title)
    if event.spec.format == PROGRESSIVE:
        for col in ("rank", "player", "total", *(f"r{i + 1}" for i in range(event.spec.rounds)), "won", "lone"):
            table.add_column(col, justify="left" if col == "player" else "right")
        for s in rows:
            assert isinstance(s, Standing)
            table.add_row(str(s.rank), s.name, str(s.total), *("" if x is None else str(x) for x in s.rounds),
                          str(s.rounds_won), str(s.lone_hands))
    else:
        for col in ("rank", "team", "played", "won", "tied", "lost", "points", "for", "against", "status"):
            table.add_column(col, justify="left" if col in ("team", "status") else "right")
        for t in rows:
            assert isinstance(t, TeamStanding)
            table.add_row(str(t.rank), t.name, str(t.played), str(t.won), str(t.tied), str(t.lost),
                          str(t.match_points), str(t.points_for), str(t.points_against), t.status)
    console.print(table)
    if event.spec.format in ("single_elimination", "double_elimination"):
        champion = next((t.name for t in rows if isinstance(t, TeamStanding) and t.status == "champion"), None)
        console.print(f"Champion: {champion}." if champion else "No champion yet; the teams still in rank first, "
                      "then the teams out, the later round first.")
    else:
        breaks = ", ".join(b.replace("_", " ") for b in event.spec.breaks)  # in words: lone hands, ...
        console.print(f"Tie-breaks: {breaks or 'none'}.")


def cmd_event(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre event ACTION``.

    Raises:
        EuchreError: any error a user can cause (reported on one line by ``euchre``).
    """
    if args.action is None:
        raise EuchreError(f"give an action: {', '.join(ACTIONS)} (see euchre event --help)")
    from euchre.cli.outputs import check_output
    from euchre.events.export import event_json, standings_csv

    # Every file name is checked before anything is read or written.
    csv_path = json_path = pdf_path = None
    if args.action == "export":
        if args.csv is None and args.json is None:
            raise EuchreError("give --csv FILE, --json FILE or both")
        if args.csv is not None:
            csv_path = check_output(args.csv, (".csv",), "the standings are a CSV file", "--csv")
        if args.json is not None:
            json_path = check_output(args.json, (".json",), "the event is a JSON file", "--json")
    if args.action == "print":
        pdf_path = check_output(args.pdf, (".pdf",), "the cards are a PDF file", "--pdf")
        # reportlab (the pdf extra) is needed here only: without it, refused before the store is opened
        from euchre.events.printing import cards_pdf
    store = _store(args)
    try:
        if args.action == "create":
            _create(args, store, console)
            return 0
        if args.action == "list":
            listed = store.list()
            for row in listed:
                console.print(f"{row.name}  {row.format}  {row.status}")
            if not listed:
                console.print("No events yet: euchre event create NAME --players A,B,...")
            return 0
        event = store.load(args.name)
        if args.action == "next":
            _next(event, store, console)
        elif args.action == "enter":
            entry = event.result_entry(args.table, args.hands, args.score, args.winners)
            replaced = ((int(entry["round"]), int(entry["table"])) in event.tables if entry["kind"] == "table"
                        else entry["key"] in event.matches)
            _save(event, store, [entry])
            _report(event, [entry], console)
            if replaced:
                console.print("This result replaces the one entered before.")
        elif args.action == "play":
            entries = event.play_entries(args.fill)
            _save(event, store, entries)
            _report(event, entries, console)
        elif args.action == "standings":
            _standings(event, console)
        elif args.action == "export":
            if csv_path is not None:
                csv_path.write_text(standings_csv(event), encoding="utf-8")
                console.print(f"Standings written to {clean(args.csv, 100)}.", markup=False)
            if json_path is not None:
                json_path.write_text(event_json(event), encoding="utf-8")
                console.print(f"Event, results and standings written to {clean(args.json, 100)}.", markup=False)
        elif args.action == "print" and pdf_path is not None:
            pdf_path.write_bytes(cards_pdf(event))
            console.print(f"Cards written to {clean(args.pdf, 100)}.", markup=False)
        return 0
    except OSError as exc:
        raise EuchreError(f"cannot write the file: {exc.strerror or exc}") from None
    finally:
        store.close()

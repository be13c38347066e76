"""``euchre arena``: duplicate matches between bots, with confidence intervals and a plot.

Every pair of the bots given (a round robin when there are three or more) plays the same
duplicate deals (:mod:`euchre.analysis.duplicate`: each deal played with the sides' seats
exchanged, twice at a table of two sides, ``2 m`` times at a table of ``m`` players each
for himself, so the luck of the cards cancels). Reported per pairing, for side A (the
bot named first) against side B:

* points per hand of each side: per side-hand, i.e. per partnership at the four-hand
  table and per player where each plays for himself;
* A's share of all points, ``sum(A) / sum(A + B)``, with a 95% interval over duplicate
  deals (the independent unit): the ratio's delta-method (linearization) interval, i.e.
  the normal-approximation interval of the mean of ``z_i = R + (a_i - R t_i) / mean(t)``
  where ``a_i`` and ``t_i`` are A's and both sides' points on deal ``i`` and ``R`` the share;
* A's margin per hand (A minus B, per side-hand), with the normal-approximation interval
  over deals;
* with ``--games``, games won by A with the Wilson score interval (Wilson 1927);
* with ``--sources`` (tables of two sides), where A's margin came from: each class of
  deal by what the bidding did at the two tables, and its part of the margin
  (:mod:`euchre.analysis.sources`).

With ``--protocol`` the bots are asked as the arena's table asks them (``table``, the
default: one bot per seat and play, asked for each of its decisions), as an outside
program asks them (``outside``: a fresh bot for every decision, shown only its view at
0-0; :mod:`euchre.analysis.protocols`), or ``both``: every pairing under each on the
same deals, and the paired difference of A's margin (outside less table).

With ``--deals-out FILE.jsonl`` every duplicate deal's points are written, one JSON
object a line (:mod:`euchre.analysis.deal_log`), so that runs of other seeds can be
pooled deal by deal (``bench/pool_arena.py``).

The intervals reuse :func:`euchre.cli.sim.mean_interval` and :func:`~euchre.cli.sim.wilson_interval`.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.console import Console
from rich.table import Table

from euchre.analysis.deal_log import check_log_path, deal_log_lines, write_deal_log
from euchre.analysis.duplicate import BotFactory, MatchRecord, run_matches
from euchre.analysis.plot import ShareBar
from euchre.analysis.protocols import protocol_gap, protocols_of, under_protocol
from euchre.analysis.sources import SourceFigure, margin_sources
from euchre.analysis.stats import mean_interval, wilson_interval
from euchre.cli.progress import progress
from euchre.cli.sim import backend_argv, backend_from_args
from euchre.cli.table import rules_argv, rules_of_flags, rules_title
from euchre.cli.text import check_count
from euchre.core.errors import EuchreError
from euchre.core.game import TIE
from euchre.core.rules import Rules
from euchre.text.side_words import plural


@dataclass(frozen=True)
class ArenaBot:
    """A bot of the arena: its label (the level as written, e.g. ``ismcts:1000``) and a
    picklable factory making it from a seed."""

    label: str
    factory: BotFactory


def parse_bots(text: str, rules: Rules) -> list[ArenaBot]:
    """The bots of ``--bots``: two or more levels separated by commas.

    A level is one of ``BOT_LEVELS``, ``pimc[:WORLDS]`` (plain PIMC, the textbook
    baseline, for measurement: :mod:`euchre.bots.pimc`; default 50 worlds) or
    ``ismcts[:SIMULATIONS]`` (OpenSpiel's ISMCTS, only under rules OpenSpiel plays: the
    ``openspiel`` preset), or a mixed side, one level per seat of a side joined by ``+``
    (``expert+intermediate``: the side's first seat plays ``expert``, its partner
    ``intermediate``; :mod:`euchre.bots.side`), at tables whose sides have that many seats.

    Raises:
        EuchreError: fewer than two levels, an unknown level (the message lists the
            levels), a level repeated in a round robin, ``ismcts`` under other rules or
            without the openspiel extra (a :class:`~euchre.core.errors.MissingExtraError`),
            or a mixed side of another size than the table's sides.
    """
    from euchre.bots import BOT_LEVELS, make_bot
    from euchre.bots.pimc import PlainPimcBot, parse_pimc
    from euchre.bots.side import SIDE_JOIN, MixedSideBot, parse_side
    from euchre.cli.extras import require
    from euchre.interop.ismcts import IsmctsBot, check_rules, parse_level

    names = [p.strip().lower() for p in text.split(",")]
    if len(names) < 2 or any(not n for n in names):
        raise EuchreError(f"--bots takes two or more levels separated by commas (A,B[,C...]); got {text!r}")
    if len(names) > 2 and len(set(names)) != len(names):
        raise EuchreError(f"--bots names a level twice in a round robin: {text!r}")
    bots = []
    for name in names:
        if name in BOT_LEVELS:
            bots.append(ArenaBot(name, functools.partial(make_bot, name)))
            continue
        levels = parse_side(name)
        if levels is not None:
            sizes = {len(side) for side in rules.table.teams}
            if sizes != {len(levels)}:
                raise EuchreError(f"the mixed side {name} names {len(levels)} levels; the sides of this table have "
                                  f"{' or '.join(str(n) for n in sorted(sizes))} seat(s)")
            bots.append(ArenaBot(SIDE_JOIN.join(levels), functools.partial(MixedSideBot, levels)))
            continue
        worlds = parse_pimc(name)
        if worlds is not None:
            if len(rules.table.teams) != 2 or rules.table.individual:
                raise EuchreError(f"{name} plays the partnership tables only, not {rules.table.seats} players each for "
                                  "himself")
            bots.append(ArenaBot(f"pimc:{worlds}", functools.partial(PlainPimcBot, worlds=worlds)))
            continue
        simulations = parse_level(name)
        if simulations is None:
            raise EuchreError(f"unknown bot level {name!r} in --bots; levels: {', '.join(BOT_LEVELS)}, "
                              f"pimc[:WORLDS], ismcts[:SIMULATIONS] (with --preset openspiel)")
        check_rules(rules)
        require("openspiel", f"the bot {name}")  # OpenSpiel's search, from its first decision
        bots.append(ArenaBot(f"ismcts:{simulations}", functools.partial(IsmctsBot, rules, simulations=simulations)))
    return bots


@dataclass(frozen=True)
class PairingSummary:
    """The figures of one pairing (side A against side B).

    Attributes:
        a, b: the sides' labels.
        deals: duplicate deals played; ``hands`` the hands played (2 x deals at a table
            of two sides); ``side_hands`` each bot's side-hands (the same as ``hands`` at
            a table of two sides; ``m**2`` a deal at a table of ``m`` players each for
            himself); ``plays`` the plays of each deal.
        a_per_hand, b_per_hand: each side's mean points per side-hand.
        share: A's share of all points (0..1; 0.5 when none were scored).
        share_ci: its 95% interval (0..1), None with fewer than two deals or no points.
        margin: A's points minus B's per side-hand.
        margin_ci: its 95% interval (points per hand), None with fewer than two deals.
        games: games played (two per duplicate game); ``a_wins``/``b_wins`` won by each
            side; ``ties`` progressive rounds that ended level (counted in neither);
            ``unfinished`` stopped at the hand limit.
        win_ci: the Wilson 95% interval of A's share of the finished games (0..1), None
            when no game was played.
        running: A's share after each duplicate deal (0..1).
    """

    a: str
    b: str
    deals: int
    hands: int
    side_hands: int
    plays: int
    a_per_hand: float
    b_per_hand: float
    share: float
    share_ci: tuple[float, float] | None
    margin: float
    margin_ci: tuple[float, float] | None
    games: int
    a_wins: int
    b_wins: int
    ties: int
    unfinished: int
    win_ci: tuple[float, float] | None
    running: tuple[float, ...]


def share_interval(points: Sequence[tuple[int, int]]) -> tuple[float, tuple[float, float] | None]:
    """A's share of all points and its 95% interval over independent units.

    Args:
        points: per unit (a duplicate deal), ``(A's points, B's points)``.

    Returns:
        ``(share, (low, high))`` with values in 0..1 (clipped); the interval is the
        delta-method one for the ratio ``sum(a) / sum(a + b)`` (see the module docstring),
        None with fewer than two units or no points at all. ``share`` is 0.5 when no point
        was scored.
    """
    total_a = sum(a for a, _ in points)
    total = sum(a + b for a, b in points)
    if total == 0:
        return 0.5, None
    share = total_a / total
    mean_t = total / len(points)
    linear = [share + (a - share * (a + b)) / mean_t for a, b in points]
    ci = mean_interval(linear)
    if ci is None:
        return share, None
    return share, (max(0.0, ci[1]), min(1.0, ci[2]))


MIN_INTERVAL_DEALS = 10
"""Below this many duplicate deals no interval is shown: the normal approximation over
so few deals is no interval at all (two equal deals showed "0.0% to 0.0%")."""


def share_bars(summaries: Sequence[PairingSummary]) -> list[ShareBar]:
    """The plot's bar of each pairing: its share, its interval only where the report
    gives one (:data:`MIN_INTERVAL_DEALS` deals or more; the plot drew "0.0% (0.0-0.0)"
    over two deals the report said had no interval), and its running share."""
    bars = []
    for s in summaries:
        ci = s.share_ci if s.deals >= MIN_INTERVAL_DEALS else None
        bars.append(ShareBar(f"{s.a} vs {s.b}", s.share, ci[0] if ci else None, ci[1] if ci else None, s.running))
    return bars


def summarize(a: str, b: str, record: MatchRecord) -> PairingSummary:
    """The figures of a pairing's :class:`MatchRecord` (see :class:`PairingSummary`)."""
    deals = record.deals
    n = len(deals)
    pair_points = [(d.a_points, d.b_points) for d in deals]
    share, share_ci = share_interval(pair_points)
    side_hands = sum(d.side_hands for d in deals)
    a_total = sum(p for p, _ in pair_points)
    b_total = sum(p for _, p in pair_points)
    margin_ci = mean_interval([d.margin for d in deals])
    running = []
    sa = st = 0
    for pa, pb in pair_points:
        sa += pa
        st += pa + pb
        running.append(sa / st if st else 0.5)
    winners = [w for g in record.games for w in g.winners]
    a_wins = winners.count(0)
    b_wins = winners.count(1)
    ties = winners.count(TIE)
    finished = a_wins + b_wins
    return PairingSummary(
        a=a, b=b, deals=n, hands=record.hands, side_hands=side_hands, plays=len(deals[0].points) if deals else 2,
        a_per_hand=a_total / side_hands if side_hands else 0.0, b_per_hand=b_total / side_hands if side_hands else 0.0,
        share=share, share_ci=share_ci,
        margin=(a_total - b_total) / side_hands if side_hands else 0.0,
        margin_ci=None if margin_ci is None else (margin_ci[1], margin_ci[2]),
        games=len(winners), a_wins=a_wins, b_wins=b_wins, ties=ties, unfinished=len(winners) - finished - ties,
        win_ci=wilson_interval(a_wins, finished) if finished else None,
        running=tuple(running),
    )


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def report_pairing(console: Console, s: PairingSummary) -> None:
    """Print one pairing's figures (fits 80 columns)."""
    console.print(f"{s.a} (A) against {s.b} (B): {plural(s.deals, 'duplicate deal')} = {s.hands} hands")
    if s.plays > 2:
        console.print(f"  {s.plays} plays a deal (A alone in each seat, then B alone); per hand: per")
        console.print(f"  player, {s.side_hands} player-hands each")

    def row(label: str, value: str, interval: str = "") -> None:
        console.print(f"  {label:<21}{value}")
        if interval:
            console.print(f"  {'':<21}{interval}")

    if s.deals:
        row("Points per hand", f"A {s.a_per_hand:.3f}, B {s.b_per_hand:.3f}")
        few = s.deals < MIN_INTERVAL_DEALS
        no_interval = f"no interval: fewer than {MIN_INTERVAL_DEALS} duplicate deals" if few else ""
        row("A's point share", f"{_pct(s.share)} of the points",
            no_interval if s.share_ci is None or few else
            f"95% CI {_pct(s.share_ci[0])} to {_pct(s.share_ci[1])} (over duplicate deals)")
        row("A's margin per hand", f"{s.margin:+.3f} points",
            no_interval if s.margin_ci is None or few else
            f"95% CI {s.margin_ci[0]:+.3f} to {s.margin_ci[1]:+.3f} (over duplicate deals)")
    if s.games:
        finished = s.a_wins + s.b_wins
        rate = s.a_wins / finished if finished else 0.0
        row("Games won by A", f"{s.a_wins} of {finished} = {_pct(rate)}",
            "" if s.win_ci is None else f"95% CI {_pct(s.win_ci[0])} to {_pct(s.win_ci[1])} (Wilson score interval)")
        row("", f"{s.games} games played: each duplicate game in every seating")
        if s.ties:
            row("", f"{plural(s.ties, 'game')} tied (a progressive round with equal scores), counted in neither")
        if s.unfinished:
            row("", f"{plural(s.unfinished, 'game')} did not finish (hand limit)")


def sources_table(s: PairingSummary, figures: Sequence[SourceFigure]) -> Table:
    """A table of where a pairing's margin came from (:func:`margin_sources`): per class
    of deal, its deals, A's margin per hand within it, and its part of the whole margin
    with the 95% interval (points per hand; fits 80 columns)."""
    table = Table(title=f"Where {s.a}'s margin came from (points per hand)", title_justify="left",
                  box=box.SIMPLE_HEAD)
    table.add_column("class of deal")
    for name in ("deals", "share", "in them", "part", "part's 95% CI"):
        table.add_column(name, justify="right")
    for f in figures:
        ci = ("" if f.contribution_ci is None or not f.deals or s.deals < MIN_INTERVAL_DEALS
              else f"{f.contribution_ci[0]:+.3f} to {f.contribution_ci[1]:+.3f}")
        table.add_row(f.source, str(f.deals), _pct(f.share), f"{f.mean:+.3f}" if f.deals else "-",
                      f"{f.contribution:+.3f}" if f.deals else "-", ci)
    # The parts add up to the margin; the row shows it once, as the report does.
    table.add_row("all", str(s.deals), _pct(1.0), f"{s.margin:+.3f}", f"{s.margin:+.3f}", "")
    if s.deals < MIN_INTERVAL_DEALS:
        table.caption = f"no interval: fewer than {MIN_INTERVAL_DEALS} duplicate deals"
        table.caption_justify = "left"
    return table


def crosstable(labels: Sequence[str], summaries: Sequence[PairingSummary]) -> Table:
    """A table of each row bot's point share against each column bot, with the half-width
    of its 95% interval (percentage points)."""
    cell: dict[tuple[str, str], str] = {}
    for s in summaries:
        half = "" if s.share_ci is None or s.deals < MIN_INTERVAL_DEALS else f" ±{50 * (s.share_ci[1] - s.share_ci[0]):.1f}"
        cell[(s.a, s.b)] = f"{100 * s.share:.1f}{half}"
        cell[(s.b, s.a)] = f"{100 * (1 - s.share):.1f}{half}"
    table = Table(title="Point share (%) of the row against the column, ±95% CI", title_justify="left")
    table.add_column("")
    for label in labels:
        table.add_column(label, justify="right")
    for row in labels:
        table.add_row(row, *[cell.get((row, col), "-") for col in labels])
    return table


PROTOCOL_WORDS = {
    "table": "one bot per seat and play, asked for each of its decisions",
    "outside": "a fresh bot for every decision, shown only its view at 0-0",
}
"""The report's line on each protocol (:mod:`euchre.analysis.protocols`)."""


def report_gaps(console: Console, labels: Sequence[tuple[str, str]], table: Sequence[MatchRecord],
                outside: Sequence[MatchRecord]) -> None:
    """Print, per pairing, A's margin under each protocol on the same deals and the paired
    difference (outside less table) with its 95% interval over the deals."""
    console.print()
    console.print("The protocols paired on the same deals: A's margin per hand")
    for (a, b), t, o in zip(labels, table, outside, strict=True):
        gap = protocol_gap(t, o)
        ci = ("" if gap.difference_ci is None or gap.deals < MIN_INTERVAL_DEALS else
              f" (95% CI {gap.difference_ci[0]:+.3f} to {gap.difference_ci[1]:+.3f})")
        console.print(f"  {a} against {b}: table {gap.table_margin:+.3f}, outside {gap.outside_margin:+.3f}")
        console.print(f"  {'':<4}outside less table {gap.difference:+.3f}{ci}")


def cmd_arena(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre arena``. Returns the exit code.

    Raises:
        EuchreError: a bad preset, bot level, count, worker number, plot file or deal log
            name, ``--sources`` at a table of more than two sides or without ``--deals``,
            or ``--deals-out`` without ``--deals``.
    """
    from euchre.analysis.plot import check_plot_path, plot_shares

    rules = rules_of_flags(args.preset, args.target, args.option, args.rule)
    bots = parse_bots(args.bots, rules)
    for name in ("deals", "games"):
        check_count(f"--{name}", getattr(args, name), 0)
    if args.deals + args.games == 0:
        raise EuchreError("nothing to play: give --deals N or --games N (at least 1)")
    backend = backend_from_args(args)
    if args.plot is not None:
        if not args.deals:
            raise EuchreError("--plot draws the duplicate deals: give --deals N (at least 1)")
        check_plot_path(args.plot)
    if args.deals_out is not None:
        if not args.deals:
            raise EuchreError("--deals-out writes the duplicate deals: give --deals N (at least 1)")
        check_log_path(args.deals_out)
    argv = ["euchre", "arena", "--bots", ",".join(b.label for b in bots), "--deals", str(args.deals),
            *rules_argv(args), "--seed", str(args.seed), *backend_argv(args)]
    if args.games:
        argv += ["--games", str(args.games)]
    if args.plot is not None:
        argv += ["--plot", args.plot]
    if args.deals_out is not None:
        argv += ["--deals-out", args.deals_out]
    protocols = protocols_of(args.protocol)
    if args.protocol != "table":
        argv += ["--protocol", args.protocol]
    if args.sources:
        if len(rules.table.teams) != 2:
            raise EuchreError(f"--sources splits the margin of tables of two sides, not {len(rules.table.teams)}")
        if not args.deals:
            raise EuchreError("--sources splits the duplicate deals' margin: give --deals N (at least 1)")
        argv.append("--sources")
    pairs = [(i, j) for i in range(len(bots)) for j in range(i + 1, len(bots))]
    total = len(protocols) * len(pairs) * (args.deals + args.games)
    label = " and ".join(n for n, k in (("deals", args.deals), ("games", args.games)) if k)
    with progress(console, f"Duplicate {label}", total) as ticker:
        records = run_matches(rules, [(under_protocol(bots[i].factory, p), under_protocol(bots[j].factory, p))
                                      for p in protocols for i, j in pairs],
                              deals=args.deals, games=args.games, seed=args.seed, backend=backend,
                              progress=ticker.advance)
    by_protocol = [records[k * len(pairs):(k + 1) * len(pairs)] for k in range(len(protocols))]
    if len(rules.table.teams) == 2:
        console.print("Duplicate arena: each deal is played twice, the sides' seats exchanged.")
    else:
        console.print("Duplicate arena: each deal is played with A alone among B's in each seat,")
        console.print("then B alone among A's in each seat.")
    console.print(f"Preset {rules_title(args)}, seed {args.seed}.")
    bars = []
    for protocol, found in zip(protocols, by_protocol, strict=True):
        summaries = [summarize(bots[i].label, bots[j].label, r) for (i, j), r in zip(pairs, found, strict=True)]
        if len(protocols) > 1 or protocol != "table":
            console.print()
            console.print(f"Protocol {protocol}: {PROTOCOL_WORDS[protocol]}")
        for s, record in zip(summaries, found, strict=True):
            console.print()
            report_pairing(console, s)
            if args.sources:
                console.print(sources_table(s, margin_sources(record.deals, rules.table)))
        if len(bots) > 2 and args.deals:
            console.print()
            console.print(crosstable([b.label for b in bots], summaries))
        tag = f" ({protocol})" if len(protocols) > 1 else ""
        bars += [dataclasses.replace(b, label=b.label + tag) for b in share_bars(summaries)]
    if len(protocols) > 1 and args.deals:
        report_gaps(console, [(bots[i].label, bots[j].label) for i, j in pairs], *by_protocol)
    if args.plot is not None:
        deals = f"{args.deals} duplicate deal{'' if args.deals == 1 else 's'}"
        path = plot_shares(args.plot, bars,
                           title=f"Duplicate arena, {args.preset}, {deals} per pairing, seed {args.seed}")
        console.print(f"Plot: {path}")
    if args.deals_out is not None:
        runs = [(bots[i].label, bots[j].label, protocol, record)
                for protocol, found in zip(protocols, by_protocol, strict=True)
                for (i, j), record in zip(pairs, found, strict=True)]
        log = write_deal_log(args.deals_out, deal_log_lines(argv, rules_argv(args), rules, args.seed, runs))
        console.print(f"Deals: {log}")
    console.print(f"Command: {shlex.join(argv)}", soft_wrap=True)
    return 0


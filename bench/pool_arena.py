"""Pool the duplicate deals of several ``euchre arena`` runs into one figure per pairing.

Runs of other seeds play other deals; their figures pooled by hand from each run's
interval (as docs/strength.md once did) lose the exact figure. Each run written with
``--deals-out FILE.jsonl`` keeps every deal's points, and this script reports them
together as the arena reports one run (points a hand, A's share and margin with their
95% intervals over all the deals), one block per rules, pairing and protocol:

    euchre arena --bots expert,pimc:50 --deals 4000 --seed 1 --workers 2 --deals-out s1.jsonl
    euchre arena --bots expert,pimc:50 --deals 4000 --seed 2 --workers 2 --deals-out s2.jsonl
    .venv/bin/python bench/pool_arena.py s1.jsonl s2.jsonl

A deal found in two runs (the same rules, seed and index) is counted once where both gave
the same points, and refused where they differ (:mod:`euchre.analysis.deal_log`). Where a
pairing was played under both protocols (``--protocol both``), the paired difference of
its margin, outside less table, is reported over the deals played under both. Games
(``--games``), the round robin's crosstable and ``--sources`` are not in the logs.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from euchre.analysis.deal_log import Pooled, pool_deal_logs
from euchre.analysis.duplicate import MatchRecord
from euchre.cli.arena import report_gaps, report_pairing, summarize
from euchre.cli.render import make_console
from euchre.core.errors import EuchreError


def common_deals(table: Pooled, outside: Pooled) -> tuple[MatchRecord, MatchRecord]:
    """The two protocols' records cut to the deals both played (the same seed and
    index), in one order, for pairing them deal by deal."""
    names = sorted(set(table.names) & set(outside.names))
    t = dict(zip(table.names, table.record.deals, strict=True))
    o = dict(zip(outside.names, outside.record.deals, strict=True))
    return MatchRecord(tuple(t[n] for n in names), ()), MatchRecord(tuple(o[n] for n in names), ())


def main(argv: list[str] | None = None) -> int:
    """Print the pooled figures of the deal logs named. Returns the exit code (2: a log
    that cannot be read or pooled, with one line saying why)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="+", metavar="FILE.jsonl", help="deal logs of euchre arena --deals-out")
    args = parser.parse_args(argv)
    console = make_console()
    try:
        pooled = pool_deal_logs(args.logs)
    except EuchreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for i, p in enumerate(pooled):
        if i:
            console.print()
        seeds = ", ".join(str(s) for s in p.seeds)
        console.print(f"Rules {shlex.join(p.rules)}; protocol {p.key.protocol}; seeds {seeds}")
        if p.repeated:
            console.print(f"  ({p.repeated} deals found in more than one run, with the same points: counted once)")
        report_pairing(console, summarize(p.key.a, p.key.b, p.record))
    by_key = {(p.key.options, p.key.a, p.key.b, p.key.protocol): p for p in pooled}
    for p in pooled:
        other = by_key.get((p.key.options, p.key.a, p.key.b, "outside"))
        if p.key.protocol == "table" and other is not None:
            t, o = common_deals(p, other)
            if t.deals:
                report_gaps(console, [(p.key.a, p.key.b)], [t], [o])
                console.print(f"  {'':<4}over the {len(t.deals)} deals played under both")
    console.print(f"Command: {shlex.join(['bench/pool_arena.py', *args.logs])}", soft_wrap=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

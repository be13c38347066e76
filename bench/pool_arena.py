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
the same points, and refused where they differ (:mod:`euchre.analysis.deal_log`).
"""

from __future__ import annotations

import argparse
import shlex
import sys

from rich.console import Console

from euchre.analysis.deal_log import pool_deal_logs
from euchre.cli.arena import report_pairing, summarize
from euchre.core.errors import EuchreError


def main(argv: list[str] | None = None) -> int:
    """Print the pooled figures of the deal logs named. Returns the exit code (2: a log
    that cannot be read or pooled, with one line saying why)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="+", metavar="FILE.jsonl", help="deal logs of euchre arena --deals-out")
    args = parser.parse_args(argv)
    console = Console(highlight=False)
    try:
        pooled = pool_deal_logs(args.logs)
    except EuchreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for i, p in enumerate(pooled):
        if i:
            console.print()
        seeds = ", ".join(str(s) for s in p.seeds)
        console.print(f"Rules {shlex.join(p.key.rules)}; protocol {p.key.protocol}; seeds {seeds}")
        if p.repeated:
            console.print(f"  ({p.repeated} deals found in more than one run, with the same points: counted once)")
        report_pairing(console, summarize(p.key.a, p.key.b, p.record))
    console.print(f"Command: {shlex.join(['bench/pool_arena.py', *args.logs])}", soft_wrap=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

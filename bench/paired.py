"""Helpers of the benchmarks that compare bots paired on the same duplicate deals
(bench_partner.py, bench_rollout_value.py, bench_score_aware.py): a mean with its 95%
interval, each deal's margin, and the paired differences against the first pairing."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from rich.console import Console

from euchre.analysis.duplicate import BotFactory, MatchRecord, run_matches
from euchre.cli.progress import progress
from euchre.core.rules import Rules


def paired_matches(rules: Rules, pairings: Sequence[tuple[BotFactory, BotFactory]], *, deals: int, seed: int,
                   workers: int) -> list[MatchRecord]:
    """:func:`euchre.analysis.duplicate.run_matches` of ``pairings`` on the same ``deals``
    duplicate deals from ``seed``, telling its progress on standard error (a bar on a
    terminal, a line a minute where it goes to a log: runs of these benches take hours)."""
    with progress(Console(stderr=True), "Duplicate deals", deals * len(pairings)) as ticker:
        return run_matches(rules, pairings, deals=deals, seed=seed, workers=workers, progress=ticker.advance)


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """The mean of ``xs`` and the half-width of its normal-approximation 95% interval
    (infinite for fewer than two values)."""
    mean = statistics.fmean(xs)
    return mean, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf


def interval(xs: Sequence[float]) -> str:
    """``+m (+lo to +hi)``: the mean of ``xs`` and its 95% interval."""
    mean, half = mean_ci(xs)
    return f"{mean:+.3f} ({mean - half:+.3f} to {mean + half:+.3f})"


def deal_margins(record: MatchRecord) -> list[float]:
    """Side A's margin per hand on each duplicate deal of ``record`` (points less B's)."""
    return [d.margin for d in record.deals]


def print_paired(labels: Sequence[str], margins: Sequence[Sequence[float]]) -> None:
    """For every pairing after the first, its margin less the first's, deal by deal."""
    for label, m in zip(labels[1:], margins[1:], strict=True):
        diffs = [x - y for x, y in zip(m, margins[0], strict=True)]
        print(f"{label} less {labels[0]}, paired: {interval(diffs)} points a hand")


def point_share(record: MatchRecord) -> float:
    """Side A's share of all the points of ``record`` (0 to 1; 0 when nobody scored)."""
    a = sum(d.a_points for d in record.deals)
    b = sum(d.b_points for d in record.deals)
    return a / max(a + b, 1)

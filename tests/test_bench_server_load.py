"""The load benchmark (bench/bench_server_load.py) still runs against the server: a few
tables at a person's pace for two seconds, every action acknowledged, no error.

Only that it works is checked here; its figures are measurements, recorded in
docs/performance.md, never asserted.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_server_load.py"


def test_the_load_benchmark_plays_tables_and_reports_no_error() -> None:
    # --think 0.1: each seat answers in 0.05-0.15 s, well under the server's rate limit
    # (8 messages a second per connection), so no answer may be refused.
    done = subprocess.run([sys.executable, str(BENCH), "--tables", "3", "--seconds", "2", "--think", "0.1",
                           "--target", "10"], capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    assert re.search(r"^tables in play\s+3 ", out, re.M), out
    actions = re.search(r"^actions\s+(\d+) ", out, re.M)
    assert actions is not None, out
    # Three tables, one move in flight at each, a move every 0.05-0.15 s (plus the
    # server's answer): at least 3 * 2 s / 0.15 s = 40 moves in the window.
    assert int(actions.group(1)) >= 40, out
    assert re.search(r"^errors\s+0$", out, re.M), out
    assert re.search(r"^latency ms\s+p50 [\d.]+ ", out, re.M), out


HINTS = BENCH.parent / "bench_server_hints.py"


def test_the_hints_benchmark_computes_hints_in_the_workers_and_times_a_bystander() -> None:
    """Two players ask a hint at every turn for three seconds while a bystander pings:
    hints are answered (by the server's search workers) and the bystander's pings timed."""
    done = subprocess.run([sys.executable, str(HINTS), "--hinters", "2", "--seconds", "3", "--search-workers", "1"],
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    answered = re.search(r"^hints answered (\d+), refused busy (\d+)", out, re.M)
    assert answered is not None and int(answered.group(1)) >= 1, out
    assert re.search(r"^bystander ping\s+n=\s*\d+\s+p50", out, re.M), out

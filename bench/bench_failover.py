"""Failover drill: tables in play across several ``euchre serve`` processes behind
HAProxy on one PostgreSQL database, their processes killed (``kill -9``) one after the
other, and the takeover time measured: from the kill to the next move accepted at each
table the killed process ran (the lease's 4 s, the page's reconnection, the replay of the
table's log). Then, from the stored logs: every move a client was acknowledged is in
its table's log at its place, the logs replay whole (nothing doubled), and no state any
client received showed a card its seat could not see.

It runs the same players and checks as ``tests/test_server_failover.py`` (four random
players a table, half their connections through the balancer and half forwarded by
another process), longer: the test kills three times, this as often as asked.

    .venv/bin/python bench/bench_failover.py --db postgresql+psycopg://euchre@127.0.0.1:55432/postgres \\
        --processes 3 --tables 12 --kills 10

``--db`` names a PostgreSQL server on which the user may create databases: a fresh
database ``euchre_failover_*`` is made for the run and dropped after it. Needs Debian's
``haproxy`` (``apt-get install haproxy``). Prints one line a kill and a summary:
takeovers (min, median, max over every table of every killed process), acknowledged
moves checked, and the machine's load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path.insert(0, str(TESTS))  # the cluster harness and the players of the failover test


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True, metavar="URL", help="a PostgreSQL server's URL (a database is made on it)")
    parser.add_argument("--processes", type=int, default=3, help="server processes (default 3)")
    parser.add_argument("--tables", type=int, default=12, help="tables in play (default 12)")
    parser.add_argument("--kills", type=int, default=10, help="kill -9 this many times, restarting each victim (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices")
    args = parser.parse_args(argv)
    if args.processes < 2 or args.tables < 1 or args.kills < 1:
        parser.error("--processes must be at least 2, --tables and --kills at least 1")

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import NullPool

    # tests/ is on sys.path (above): the cluster harness and the failover test's players
    from _cluster import cluster, haproxy_binary  # type: ignore[import-not-found]
    from test_server_failover import check_everything, first_ack_after, owners, tables_in_play, wait_for_moves  # type: ignore[import-not-found]

    url = make_url(args.db)
    if url.get_backend_name() != "postgresql":
        parser.error("--db must be a PostgreSQL URL: several processes share one PostgreSQL database")
    haproxy_binary()
    name = f"euchre_failover_{uuid.uuid4().hex[:12]}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    database = url.set(database=name).render_as_string(hide_password=False)
    takeovers: list[float] = []
    try:
        with tempfile.TemporaryDirectory() as directory, \
                cluster(database, Path(directory), args.processes, grace=60) as c, \
                tables_in_play(c, args.tables, args.seed) as (tables, players, stop):
            wait_for_moves(players, tables, 5)
            for kill in range(args.kills):
                running = owners(database)
                victim = max(c.processes, key=lambda p: sum(1 for o in running.values() if o == p))
                theirs = [t for t, o in running.items() if o == victim]
                killed = time.monotonic()
                c.kill9(victim)
                wait_for_moves(players, theirs, 2, timeout=90)
                times = [first - killed for t in theirs if (first := first_ack_after(players, t, killed)) is not None]
                takeovers += times
                print(f"kill -9 #{kill + 1}: {victim} ran {len(theirs)} tables; next move accepted after "
                      f"{min(times):.2f}-{max(times):.2f} s", flush=True)
                c.restart(victim)
                wait_for_moves(players, tables, 2, timeout=90)
            stop.set()
        checked = check_everything(database, tables, players)
    finally:
        with admin.connect() as connection:
            connection.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n"),
                               {"n": name})
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()
    print(f"processes {args.processes}, tables {args.tables}, kills {args.kills}: takeover (kill to next move "
          f"accepted) min {min(takeovers):.2f} s, median {statistics.median(takeovers):.2f} s, max "
          f"{max(takeovers):.2f} s over {len(takeovers)} tables; {checked} acknowledged moves all in the logs, "
          f"logs replay, no hidden card shown; load {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())

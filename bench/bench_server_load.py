"""Benchmark: many tables at once on one ``euchre serve`` process.

Starts ``euchre serve`` as a subprocess on a free loopback port (``--delay 0``, a temporary
SQLite file unless ``--db URL`` names another database), creates ``--tables`` tables over
HTTP and opens four websocket clients per table (aiohttp's websocket client on uvloop;
all in one client process, or spread over ``--client-procs`` processes). Every seat is a
client, so no bot plays: when a client is sent a state in which it may act, it answers at
once with a random legal action from that state. A client reads (parses) only the states
that ask something of its seat; the others it recognises by their text (``"legal":[]``)
and drops: on one machine the clients' CPU is taken from the server's, and a browser's
cost is not the server's. A table whose game ends is replaced by a
new one, so that ``--tables`` games stay in play for the whole ``--seconds``.

By default the clients answer at once ("full speed"): each table always has one move
in flight, so the server is saturated and the latency is the queue of 200 tables'
moves (about tables / throughput). ``--think SECONDS`` makes each client wait 0.5 to
1.5 times that long before it answers, like a person, for the latency at a given load.

Printed: the tables, actions per second (acknowledged actions in the measured window),
the action latency (from sending an action to receiving its ``ack``; the state updates
are sent right after it) as p50/p95/p99/max, the errors by code, and the CPU the server
and the clients used (to tell which side was the bottleneck).

    .venv/bin/python bench/bench_server_load.py --tables 200 --seconds 30
    .venv/bin/python bench/bench_server_load.py --tables 200 --seconds 30 --think 1
    .venv/bin/python bench/bench_server_load.py --db postgresql+psycopg://euchre@127.0.0.1:55432/euchre_bench

The server's limits that the clients meet, and what the bench does about each:

- table creation, 20 a minute from one client address by default, where every client
  here is 127.0.0.1: the bench starts the server with ``--creation-limit 1000000`` (the
  server's setting for load tests, which a public server leaves at 20; the bench's own
  ``--creation-limit`` changes the value), or most of 200 tables would be refused
  ``rate_limited``;
- messages, 8 a second per connection on average (burst 20), stay on: the limit is per
  connection, not per address, and at 200 tables full speed a seat acts about 4.4
  times a second (3,550 actions/s over 800 seats), so it does not hold the bench back;
  a client answered ``rate_limited`` waits 0.2 s and tries again (counted as an error);
- open connections: 4 per seat (the bench opens one) and 32 spectators per table, none
  per address.

The bench fails (exit code 1, one line on stderr saying why, no figures) when a table
could not be opened or the clients' errors exceed 1% of the acknowledged actions: its
figures would not be the server's at that load.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import orjson

from euchre.cli.serve import tune_gc

try:  # the clients' event loop: uvloop where it is installed (as euchre serve's is)
    import uvloop
except ImportError:  # Windows
    uvloop = None

SEATS = "NESW"
# The texts by which a client sees that a state asks nothing of its seat (the server
# writes compact JSON, the state's type first): no legal action, and the game goes on.
_STATE_HEAD = '{"type":"state"'
_NOTHING_TO_DO = '"legal":[]'
_GAME_OVER = '"status":"over"'
_LAUNCH = "import sys; from euchre.cli.main import main; sys.exit(main(sys.argv[1:]))"
CREATION_LIMIT = 1_000_000
"""The server's ``--creation-limit`` for a bench: its largest, no limit in practice (the
default, 20 tables a minute from one address, refuses most of a bench's tables)."""
MAX_ERROR_SHARE = 0.01
"""Client errors above this share of the acknowledged actions fail the bench."""


# ---------------------------------------------------------------------- the server
def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db_url: str, port: int, log_path: Path, extra: tuple[str, ...] = (),
                 creation_limit: int | None = CREATION_LIMIT) -> subprocess.Popen[bytes]:
    """``euchre serve`` on 127.0.0.1:port with bot delay 0, ``--creation-limit
    creation_limit`` (None: the server's default, 20) and ``extra`` options; returns
    once /healthz answers."""
    log = log_path.open("wb")
    limit = () if creation_limit is None else ("--creation-limit", str(creation_limit))
    proc = subprocess.Popen([sys.executable, "-c", _LAUNCH, "serve", "--db", db_url, "--port", str(port),
                             "--delay", "0", "--grace", "3600", *limit, *extra], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited ({proc.returncode}): {log_path.read_text(errors='replace')[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                if r.status == 200:
                    return proc
        except (urllib.error.URLError, OSError):
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not answer /healthz within 60 s")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class CreationRefused(RuntimeError):
    """The server answered a table creation with an error: ``status`` (HTTP) and
    ``code`` (the error's code, e.g. ``rate_limited``)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(f"table creation refused: {status} {code}: {message}")
        self.status = status
        self.code = code


def create_table(port: int, target: int, seed: int, bots: str = "random") -> dict[str, Any]:
    """POST /api/tables: the table id and its seat tokens.

    Raises:
        CreationRefused: the server answered an error (its status, code and message)."""
    body = json.dumps({"target": target, "seed": seed, "bots": bots}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body, method="POST",
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            made: dict[str, Any] = json.load(r)
    except urllib.error.HTTPError as exc:
        try:
            error = json.loads(exc.read())["error"]
            code, message = str(error["code"]), str(error["message"])
        except (ValueError, KeyError, TypeError):
            code, message = "http_error", str(exc.reason)
        raise CreationRefused(exc.code, code, message) from None
    return made


# ---------------------------------------------------------------------- the clients
@dataclass
class Stats:
    """What one client process measured in the window."""

    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    games_over: int = 0
    tables_opened: int = 0
    tables_unopened: int = 0
    tables_lost: int = 0


class Clock:
    """The measured window (actions sent inside it are timed), and what every client of
    the process shares: the think time, compression, the aiohttp session."""

    def __init__(self, session: aiohttp.ClientSession, think: float = 0.0, compression: bool = True) -> None:
        self.session = session
        self.go = asyncio.Event()
        self.start = 0.0
        self.end = float("inf")
        self.think = think
        self.compression = compression

    def measuring(self, t: float) -> bool:
        return self.go.is_set() and self.start <= t < self.end


class Seat:
    """One websocket client of one seat: acts as soon as it may."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, clock: Clock, stats: Stats, rng: random.Random) -> None:
        self.ws = ws
        self.clock = clock
        self.stats = stats
        self.rng = rng
        self.state: dict[str, Any] | None = None
        self.acted_seq = -1
        self.sent_at: float | None = None
        self.counter = 0
        self.over = False

    async def act(self) -> None:
        """Send an action if this seat may act on the newest state and has none pending."""
        state = self.state
        if (state is None or self.sent_at is not None or not self.clock.go.is_set()
                or time.perf_counter() >= self.clock.end or state["status"] != "playing"):
            return
        game = state["game"]
        if game is None or not game["legal"] or state["seq"] <= self.acted_seq:
            return
        choice = self.rng.choice(game["legal"])["action"]
        self.counter += 1
        self.acted_seq = state["seq"]
        self.sent_at = time.perf_counter()
        await self.ws.send_str(orjson.dumps({"type": "action", "action": choice, "seq": state["seq"], "id": self.counter}).decode())

    def _later(self) -> None:
        """Act after the think time (when it is still this seat's turn then)."""
        state = self.state
        if state is None or state["game"] is None or not state["game"]["legal"]:
            return
        loop = asyncio.get_running_loop()
        loop.call_later(self.clock.think * (0.5 + self.rng.random()), lambda: loop.create_task(self.act()))

    async def run(self) -> None:
        """Read messages until the game is over or the connection closes."""
        async for frame in self.ws:
            if frame.type != aiohttp.WSMsgType.TEXT:  # closed (pings are answered by aiohttp)
                if frame.type not in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.CLOSED):
                    self.stats.errors[f"client:{frame.type.name} frame"] += 1
                return
            text = frame.data
            if text.startswith(_STATE_HEAD) and _NOTHING_TO_DO in text and _GAME_OVER not in text:
                # Not this seat's turn: nothing in the state is needed. Reading every
                # state cost the client process more than the server's whole move.
                self.state = None
                continue
            msg = orjson.loads(text)
            kind = msg["type"]
            if kind == "state":
                self.state = msg
                if msg["status"] == "over":
                    self.over = True
                    return
                if self.clock.think > 0:
                    self._later()
                else:
                    await self.act()
            elif kind == "ack":
                sent, self.sent_at = self.sent_at, None
                if sent is not None and msg.get("id") == self.counter:
                    now = time.perf_counter()
                    if self.clock.measuring(sent) and now < self.clock.end + 10:
                        self.stats.latencies.append(now - sent)
                        self.stats.actions += 1
            elif kind == "error":
                self.stats.errors[msg["code"]] += 1
                if msg.get("id") == self.counter:
                    self.sent_at = None
                    if msg["code"] == "rate_limited":
                        self.acted_seq = -1
                        await asyncio.sleep(0.2)
                        await self.act()


async def _join(port: int, token: str, clock: Clock, stats: Stats, rng: random.Random) -> Seat:
    ws = await clock.session.ws_connect(f"ws://127.0.0.1:{port}/ws", max_msg_size=2**22,
                                        compress=15 if clock.compression else 0)
    await ws.send_str(json.dumps({"type": "join", "token": token}))
    seat = Seat(ws, clock, stats, rng)
    while True:  # welcome, chat_history, state
        msg = json.loads(await ws.receive_str())
        if msg["type"] == "error":
            raise RuntimeError(f"join refused: {msg}")
        if msg["type"] == "state":
            seat.state = msg
            return seat


async def _one_game(port: int, target: int, seed: int, clock: Clock, stats: Stats, ready: asyncio.Event | None) -> bool:
    """Create a table, seat four clients, start, play to the end or the window's end.
    Returns True when the game ended."""
    made = await asyncio.to_thread(create_table, port, target, seed)
    rng = random.Random(seed)
    seats = [await _join(port, made["seats"][s], clock, stats, rng) for s in SEATS]
    stats.tables_opened += 1
    await seats[0].ws.send_str(json.dumps({"type": "start", "id": "start"}))
    tasks = [asyncio.create_task(s.run()) for s in seats]
    if ready is not None:
        ready.set()
    try:
        await clock.go.wait()
        for s in seats:  # the seat to act when the window opens (later: on each state)
            if clock.think > 0:
                s._later()  # not all tables at the same instant
            else:
                await s.act()
        while not all(t.done() for t in tasks):
            remaining = clock.end + 5 - time.perf_counter()
            if remaining <= 0:
                break
            await asyncio.wait(tasks, timeout=min(remaining, 1.0))
    finally:
        for t in tasks:
            t.cancel()
        for s in seats:
            with contextlib.suppress(Exception):
                await s.ws.close()
    for t in tasks:
        if t.done() and not t.cancelled() and t.exception() is not None:
            stats.errors[f"client:{type(t.exception()).__name__}"] += 1
    over = any(s.over for s in seats)
    stats.games_over += over
    return over


async def _table_slot(port: int, target: int, seed: int, clock: Clock, stats: Stats, ready: asyncio.Event) -> None:
    """Keep one table in play until the window ends (a finished game is replaced). A
    table that fails (its creation refused, a join or a send failed) ends the slot: it
    counts one error and is lost (unopened when it was the slot's first), rather than
    being created again at once, which made thousands of refused creations a run."""
    first = True
    while True:
        try:
            over = await _one_game(port, target, seed, clock, stats, ready if first else None)
        except (aiohttp.ClientError, OSError, RuntimeError, TypeError, urllib.error.URLError) as exc:
            name = f"create:{exc.code}" if isinstance(exc, CreationRefused) else f"client:{type(exc).__name__}"
            stats.errors[name] += 1
            if first and not ready.is_set():  # this slot's table never came into play
                stats.tables_unopened += 1
            else:
                stats.tables_lost += 1
            ready.set()
            return
        first = False
        seed += 1_000_003
        if not over or (clock.go.is_set() and time.perf_counter() >= clock.end):
            return


async def _client_main(port: int, tables: list[int], target: int, seconds: float, think: float, compression: bool,
                       ready_q: Any, go_ev: Any) -> dict[str, Any]:
    # aiohttp's websocket client: its frame reader is compiled, and the clients share
    # the machine with the server (the websockets library's cost about twice as much).
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0),  # 4 open websockets per table
                                     timeout=aiohttp.ClientTimeout(total=None, connect=60)) as session:
        return await _client_run(session, port, tables, target, seconds, think, compression, ready_q, go_ev)


async def _client_run(session: aiohttp.ClientSession, port: int, tables: list[int], target: int, seconds: float,
                      think: float, compression: bool, ready_q: Any, go_ev: Any) -> dict[str, Any]:
    clock = Clock(session, think, compression)
    stats = Stats()
    readies = [asyncio.Event() for _ in tables]
    slots = [asyncio.create_task(_table_slot(port, target, seed, clock, stats, ev))
             for seed, ev in zip(tables, readies, strict=True)]
    for ev in readies:
        await ev.wait()
    ready_q.put(("ready", len(tables)))
    await asyncio.to_thread(go_ev.wait)
    usage0 = resource.getrusage(resource.RUSAGE_SELF)
    clock.start = time.perf_counter()
    clock.end = clock.start + seconds
    clock.go.set()
    await asyncio.gather(*slots, return_exceptions=True)
    usage1 = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (usage1.ru_utime - usage0.ru_utime) + (usage1.ru_stime - usage0.ru_stime)
    return {"latencies": stats.latencies, "actions": stats.actions, "errors": dict(stats.errors),
            "games_over": stats.games_over, "tables_opened": stats.tables_opened,
            "tables_unopened": stats.tables_unopened, "tables_lost": stats.tables_lost, "cpu": cpu}


def client_process(port: int, tables: list[int], target: int, seconds: float, think: float, compression: bool,
                   ready_q: Any, go_ev: Any, out_q: Any) -> None:
    """One client process: its share of the tables, results put on ``out_q``. Its
    garbage collector is tuned like the server's (``euchre serve``), so that its own
    pauses do not show as server latency."""
    tune_gc()
    try:
        main = _client_main(port, tables, target, seconds, think, compression, ready_q, go_ev)
        result = uvloop.run(main) if uvloop is not None else asyncio.run(main)
    except BaseException as exc:  # report, never hang the parent
        ready_q.put(("failed", repr(exc)))
        out_q.put({"failed": repr(exc)})
        return
    out_q.put(result)


# ---------------------------------------------------------------------- report
def percentile(sorted_values: list[float], q: float) -> float:
    """The nearest-rank percentile ``q`` (0..100) of sorted values."""
    if not sorted_values:
        return float("nan")
    rank = max(1, min(len(sorted_values), round(q / 100 * len(sorted_values) + 0.5)))
    return sorted_values[rank - 1]


def failure(tables: int, unopened: int, actions: int, errors: Counter[str]) -> str | None:
    """Why a run's figures are not the server's at that load, or None when they are.

    Args:
        tables: the tables asked for (``--tables``).
        unopened: the tables that never came into play (their creation, a seat's join or
            the start failed).
        actions: the acknowledged actions in the window.
        errors: the clients' errors by code.

    Returns:
        One line: some tables not opened, or errors above :data:`MAX_ERROR_SHARE` of the
        actions (any error when no action was acknowledged); None otherwise."""
    total = sum(errors.values())
    why = []
    if unopened:
        why.append(f"{unopened} of {tables} tables were never opened")
    if total > MAX_ERROR_SHARE * actions:
        why.append(f"{total:,} client errors in {actions:,} acknowledged actions "
                   f"(more than {MAX_ERROR_SHARE:.0%})")
    if not why:
        return None
    shown = ", ".join(f"{code} {n:,}" for code, n in errors.most_common())
    return "bench failed: " + " and ".join(why) + (f"; errors: {shown}" if shown else "") + "; no figures printed"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Load benchmark of the web server: tables of four websocket clients.")
    parser.add_argument("--tables", type=int, default=200, help="tables in play at once (default 200)")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the measured window (default 30)")
    parser.add_argument("--db", default=None, metavar="URL", help="SQLAlchemy URL (default: a temporary SQLite file)")
    parser.add_argument("--client-procs", type=int, default=1, help="client processes sharing the tables (default 1)")
    parser.add_argument("--target", type=int, default=50, help="points to win, so games last (default 50, the most)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the clients' choices")
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                        help="pause before each answer (default 0: full speed; people take a second or more)")
    parser.add_argument("--no-compression", action="store_true",
                        help="clients do not offer permessage-deflate (browsers do)")
    parser.add_argument("--creation-limit", type=int, default=CREATION_LIMIT, metavar="N",
                        help=f"the server's --creation-limit, tables a minute from one address (default "
                             f"{CREATION_LIMIT}; the server's own default, 20, refuses most of a bench's tables)")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.client_procs < 1 or args.seconds <= 0 or args.creation_limit < 1:
        parser.error("--tables, --client-procs, --seconds and --creation-limit must be positive")

    with tempfile.TemporaryDirectory(prefix="euchre-load-") as tmp:
        db_url = args.db or "sqlite:///" + str(Path(tmp) / "load.sqlite3")
        port = free_port()
        server = start_server(db_url, port, Path(tmp) / "server.log", creation_limit=args.creation_limit)
        try:
            ctx = mp.get_context("spawn")
            ready_q, out_q, go_ev = ctx.Queue(), ctx.Queue(), ctx.Event()
            seeds = [args.seed * 100_000 + i for i in range(args.tables)]
            shares = [seeds[i::args.client_procs] for i in range(args.client_procs)]
            procs = [ctx.Process(target=client_process, args=(port, share, args.target, args.seconds, args.think,
                                                              not args.no_compression, ready_q, go_ev, out_q))
                     for share in shares if share]
            setup = time.perf_counter()
            for p in procs:
                p.start()
            for _ in procs:
                status, detail = ready_q.get(timeout=600)
                if status != "ready":
                    raise SystemExit(f"a client process failed: {detail}")
            setup = time.perf_counter() - setup
            server_cpu0 = cpu_seconds(server.pid)
            started = time.perf_counter()
            go_ev.set()
            results = [out_q.get(timeout=args.seconds + 600) for _ in procs]
            elapsed = time.perf_counter() - started
            server_cpu = cpu_seconds(server.pid) - server_cpu0
            for p in procs:
                p.join(30)
        finally:
            server.terminate()
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
        failed = [r["failed"] for r in results if "failed" in r]
        if failed:
            raise SystemExit(f"client process failed: {failed[0]}")
        latencies = sorted(x for r in results for x in r["latencies"])
        errors: Counter[str] = Counter()
        for r in results:
            errors.update(r["errors"])
        actions = sum(r["actions"] for r in results)
        why = failure(args.tables, sum(r["tables_unopened"] for r in results), actions, errors)
        if why is not None:
            print(why, file=sys.stderr)
            return 1
        ms = [1000 * percentile(latencies, q) for q in (50, 95, 99, 100)]
        shown = db_url if args.db is None else args.db.split("@")[-1]
        print(f"server: euchre serve --delay 0 --creation-limit {args.creation_limit} --db {shown}  "
              f"(pid {server.pid}; {os.cpu_count()} CPUs)")
        print(f"tables in play     {args.tables}  ({sum(r['tables_opened'] for r in results)} opened, "
              f"{sum(r['tables_lost'] for r in results)} lost to an error, "
              f"{sum(r['games_over'] for r in results)} games finished; target {args.target})")
        print(f"client processes   {len(procs)}  (setup {setup:.1f} s; think {args.think:g} s; "
              f"permessage-deflate {'off' if args.no_compression else 'offered'})")
        print(f"window             {args.seconds:g} s  (all acks in {elapsed:.1f} s)")
        print(f"actions            {actions}  ({actions / args.seconds:,.0f} actions/s)")
        print(f"latency ms         p50 {ms[0]:.1f}  p95 {ms[1]:.1f}  p99 {ms[2]:.1f}  max {ms[3]:.1f}")
        print(f"errors             {sum(errors.values())}" + (f"  {dict(errors)}" if errors else ""))
        print(f"CPU in the window  server {server_cpu / args.seconds:.0%} of a core "
              f"({1000 * server_cpu / max(1, actions):.2f} ms per action); clients "
              + ", ".join(f"{r['cpu'] / args.seconds:.0%}" for r in results))
    return 0


if __name__ == "__main__":
    sys.exit(main())

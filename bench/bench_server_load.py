"""Benchmark: many tables at once on ``euchre serve``: one process, or several behind a balancer.

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

**Many processes** (issue 36). With a PostgreSQL ``--db URL`` the bench starts
``--processes N`` (default 1) ``euchre serve`` processes on that database (``--name pK
--advertise-url http://127.0.0.1:PORT --trusted-proxy 127.0.0.1``) and one HAProxy in
front of them (Debian's ``haproxy``; its configuration is ``deploy/haproxy.cfg``, the file
compose runs, with only its marked blocks replaced: one plain-HTTP bind on loopback, the
N servers, an admin socket and a ``maxconn`` for the tables' websockets; so ``balance
url_param table``, ``hash-type consistent``, ``timeout tunnel`` and the ``/readyz``
health check are the deployment's). Each client creates its table through the balancer
and joins ``/ws?table=ID`` (the id from the creation's answer), as the page does, so that
every connection of a table reaches the process that runs it. ``--no-balancer`` connects
straight to the processes instead, the table slot k's creation to process k mod N and its
seats to processes k, k+1, ... mod N: the first seat's process runs the table and every
other seat's connection is forwarded by the server it reached (``server/forward.py``),
so the difference from a run behind the balancer is the forward's cost. More than one
process on SQLite is refused in one line (the server refuses it too). ``--rows 1,2,4``
runs one row per process count on a fresh database ``euchre_bench_N`` each (created and
dropped on the server of the ``--db`` URL) and prints the rows and the ratio of the
servers' CPU per move at the most processes to that at the fewest.

Printed: the tables, actions per second (acknowledged actions in the measured window),
the action latency (from sending an action to receiving its ``ack``; the state updates
are sent right after it) as p50/p95/p99/max, the errors by code, and the CPU the server
and the clients used (to tell which side was the bottleneck). Then the moves the servers
counted (``euchre_moves_total`` of each process's ``/metrics``) beside the acks the
clients received, the CPU per 1,000 moves of the servers (each process and its children,
e.g. its search workers), the balancer, the database server and the clients, the CPU the
rest of the machine used meanwhile, the load average, and the run as one table row
(``--json``: the row as one JSON object as well).

How the database server's CPU is found: the bench asks the database for its own
connection's process (``SELECT pg_backend_pid()``); that backend's parent (``/proc/PID/stat``)
is the postmaster, whose every child (backends, the WAL writer, the checkpointer, the
autovacuum workers) is read from ``/proc``: their user and system time, plus the
postmaster's ``cutime``/``cstime`` (the time of its children that exited, e.g. the backends
of closed connections), at the start and the end of the window. The same sum over each
``euchre serve`` process's tree gives the servers'. That is the whole PostgreSQL server's
CPU (any other database on it counts too), and only for a server on this machine (a
loopback or Unix-socket URL): elsewhere it is reported as not measured.

    .venv/bin/python bench/bench_server_load.py --tables 200 --seconds 30
    .venv/bin/python bench/bench_server_load.py --tables 200 --seconds 30 --think 1
    .venv/bin/python bench/bench_server_load.py --db postgresql+psycopg://euchre@127.0.0.1:55432/euchre_bench
    .venv/bin/python bench/bench_server_load.py --db postgresql+psycopg://euchre@127.0.0.1:55432/euchre_bench --processes 4
    .venv/bin/python bench/bench_server_load.py --db postgresql+psycopg://euchre@127.0.0.1:55432/postgres --rows 1,2,4

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
  per address;
- file descriptors: the bench raises its soft ``RLIMIT_NOFILE`` to the hard limit (its
  servers, clients and HAProxy inherit it) and refuses in one line a run whose client
  processes would need more (four sockets a table: use ``--client-procs``).

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
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import aiohttp
import orjson

from euchre.cli.serve import tune_gc

try:  # the clients' event loop: uvloop where it is installed (as euchre serve's is)
    import uvloop
except ImportError:  # Windows
    uvloop = None  # type: ignore[assignment]  # the module or None: asyncio.run instead

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
BALANCER_TEMPLATE = Path(__file__).resolve().parents[1] / "deploy" / "haproxy.cfg"
"""The balancer's configuration as compose runs it; the bench renders it for loopback
(:func:`render_balancer`)."""
BENCH_DATABASE = "euchre_bench_{}"
"""The database ``--rows`` creates (and drops) for the row of N processes."""
START_SECONDS = 60.0
"""Seconds a server process or the balancer may take to be ready."""
FDS_PER_CLIENT_PROCESS = 64
"""File descriptors a client process needs beside its websockets (the interpreter's,
the queues', the creations' HTTP connections)."""
_BLOCK = re.compile(r"^[ \t]*# BEGIN (?P<name>[\w-]+)\n.*?^[ \t]*# END (?P=name)\n", re.MULTILINE | re.DOTALL)


class BenchFailed(RuntimeError):
    """A run whose figures would not be the server's (one line saying why)."""


# ---------------------------------------------------------------------- the server
def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def spawn_server(db_url: str, port: int, log_path: Path, extra: tuple[str, ...] = (),
                 creation_limit: int | None = CREATION_LIMIT) -> subprocess.Popen[bytes]:
    """``euchre serve`` on 127.0.0.1:port with bot delay 0, ``--grace 3600`` (no bot
    stands in for a seat), ``--creation-limit creation_limit`` (None: the server's
    default, 20) and ``extra`` options, its output in ``log_path``; not waited for (see
    :func:`wait_server`)."""
    limit = () if creation_limit is None else ("--creation-limit", str(creation_limit))
    with log_path.open("wb") as log:
        return subprocess.Popen([sys.executable, "-c", _LAUNCH, "serve", "--db", db_url, "--port", str(port),
                                 "--delay", "0", "--grace", "3600", *limit, *extra], stdout=log,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)


def wait_server(proc: subprocess.Popen[bytes], port: int, log_path: Path, timeout: float = START_SECONDS) -> None:
    """Return once the server on ``port`` answers /healthz; exit the bench (its log's
    end shown) when it exits first or does not answer within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited ({proc.returncode}): {log_path.read_text(errors='replace')[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"the server did not answer /healthz within {timeout:g} s")


def start_server(db_url: str, port: int, log_path: Path, extra: tuple[str, ...] = (),
                 creation_limit: int | None = CREATION_LIMIT) -> subprocess.Popen[bytes]:
    """``euchre serve`` on 127.0.0.1:port with bot delay 0, ``--creation-limit
    creation_limit`` (None: the server's default, 20) and ``extra`` options; returns
    once /healthz answers."""
    proc = spawn_server(db_url, port, log_path, extra, creation_limit)
    wait_server(proc, port, log_path)
    return proc


def stop(procs: list[subprocess.Popen[bytes]], timeout: float = 20.0) -> None:
    """SIGTERM every process at once (the servers hand their tables over), wait up to
    ``timeout`` seconds in all, SIGKILL the rest."""
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    deadline = time.monotonic() + timeout
    for proc in procs:
        try:
            proc.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


SCRAPED = ("euchre_moves_total", "euchre_takeovers_total", "euchre_seats_connected", "euchre_tables_live")
"""What the bench reads of each server's ``/metrics``: the moves it acknowledged and the
tables it took over from another process since it started, the seats connected to it
and the tables it runs now."""


def scrape(port: int) -> dict[str, float]:
    """The values of :data:`SCRAPED` in the ``/metrics`` of the server process on ``port``,
    read at its own address (the balancer refuses /metrics). Exits the bench in one line
    when one is missing."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=60) as r:
        text = r.read().decode()
    values = {}
    for name in SCRAPED:
        found = re.search(rf"^{name} (\S+)$", text, re.M)
        if found is None:
            raise SystemExit(f"the server on port {port} has no {name} in its /metrics")
        values[name] = float(found.group(1))
    return values


# ---------------------------------------------------------------------- CPU from /proc
def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _processes() -> dict[int, tuple[int, float, int]]:
    """Every process on the machine: pid -> (parent pid, CPU seconds of the process and
    of its children that exited and were waited for: utime + stime + cutime + cstime,
    resident memory in bytes)."""
    tick, page = os.sysconf("SC_CLK_TCK"), os.sysconf("SC_PAGE_SIZE")
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            fields = Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # it exited meanwhile
            continue
        found[int(entry.name)] = (int(fields[1]), sum(int(f) for f in fields[11:15]) / tick, int(fields[21]) * page)
    return found


def _trees(roots: list[int], what: int) -> list[float]:
    """For each root pid: field ``what`` of :func:`_processes` summed over the root and
    every process below it (0 for a root that has exited)."""
    table = _processes()
    children: dict[int, list[int]] = {}
    for pid, (parent, *_rest) in table.items():
        children.setdefault(parent, []).append(pid)
    totals = []
    for root in roots:
        total, todo = 0.0, [root] if root in table else []
        while todo:
            pid = todo.pop()
            total += table[pid][what]
            todo.extend(children.get(pid, ()))
        totals.append(total)
    return totals


def tree_cpu_seconds(roots: list[int]) -> list[float]:
    """For each root pid: the CPU seconds of it and every process below it, including
    the children that exited (in their parent's ``cutime``/``cstime``). The difference of
    two readings is the tree's CPU between them, a child born and gone between them too.
    A root that has exited reads 0."""
    return _trees(roots, 1)


def tree_memory_mb(roots: list[int]) -> list[float]:
    """For each root pid: the resident memory (MB) of it and every process below it (pages
    shared between them counted in each)."""
    return [b / 2**20 for b in _trees(roots, 2)]


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine has been busy (``/proc/stat``: user, nice, system,
    irq and softirq over all CPUs)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq = (int(f) for f in fields[:7])
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------------- PostgreSQL
def is_postgres(db_url: str) -> bool:
    """True for a PostgreSQL SQLAlchemy URL (the only database several processes share)."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(db_url).get_backend_name() == "postgresql"
    except Exception:  # not a URL: the server says so
        return False


def database_server_pid(db_url: str) -> tuple[int | None, str]:
    """The PostgreSQL postmaster's pid on this machine, or None and why not.

    The database is asked for its own connection's process (``pg_backend_pid()``); that
    backend's parent is the postmaster (checked: a process named ``postgres``). Only for
    a server on this machine (a loopback host or a Unix socket)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import NullPool

    url = make_url(db_url)
    if url.host not in (None, "", "localhost", "127.0.0.1", "::1") and not str(url.host).startswith("127."):
        return None, f"the database server {url.host} is not this machine"
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as c:
            backend = int(c.execute(text("SELECT pg_backend_pid()")).scalar_one())
            try:  # read while the backend lives
                postmaster = int(Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()[1])
                name = Path(f"/proc/{postmaster}/comm").read_text().strip()
            except OSError:
                return None, f"the database's backend {backend} is not a process of this machine"
    finally:
        engine.dispose()
    if name != "postgres":
        return None, f"the parent of the database's backend {backend} is {name!r}, not postgres"
    return postmaster, f"the parent of backend {backend}"


@contextlib.contextmanager
def fresh_database(server_url: str, name: str) -> Iterator[str]:
    """A new, empty database ``name`` on the PostgreSQL server of ``server_url`` (dropped
    first if a previous run left it; dropped at the end, its connections ended): its URL."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import NullPool

    admin = create_engine(server_url, isolation_level="AUTOCOMMIT", poolclass=NullPool)

    def drop() -> None:
        with admin.connect() as c:
            c.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = :name AND pid <> pg_backend_pid()"), {"name": name})
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))

    try:
        drop()
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(server_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with contextlib.suppress(Exception):
            drop()
        admin.dispose()


# ---------------------------------------------------------------------- the balancer
def render_balancer(template: str, *, port: int, servers: list[tuple[str, int]], stats_socket: Path,
                    maxconn: int) -> str:
    """``deploy/haproxy.cfg`` for server processes on 127.0.0.1: its blocks between
    ``# BEGIN name`` and ``# END name`` replaced (``stats``: an admin socket at
    ``stats_socket`` and ``maxconn`` connections at once; ``resolvers``: removed;
    ``listen``: one plain-HTTP bind on 127.0.0.1:``port``; ``servers``: one line a
    ``(name, port)``, checked as the template's ``default-server`` says), every other line
    kept.

    Raises:
        ValueError: a block is missing from the template or is there twice."""
    pad = " " * 4
    blocks = {
        "stats": f"{pad}stats socket {stats_socket} mode 600 level admin\n{pad}maxconn {maxconn}\n",
        "resolvers": "",
        "listen": f"{pad}bind 127.0.0.1:{port}\n",
        "servers": "".join(f"{pad}server {name} 127.0.0.1:{p}\n" for name, p in servers),
    }
    found = [m.group("name") for m in _BLOCK.finditer(template)]
    if sorted(found) != sorted(blocks):
        raise ValueError(f"{BALANCER_TEMPLATE} must have each of the blocks {sorted(blocks)} once between "
                         f"'# BEGIN name' and '# END name' lines; found {found}")
    return _BLOCK.sub(lambda m: blocks[m.group("name")], template)


def _balancer_states(stats_socket: Path) -> dict[str, str]:
    """Each server of the balancer's backend: its status and last check (``UP L7OK``)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(5)
        s.connect(str(stats_socket))
        s.sendall(b"show stat\n")
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    lines = b"".join(chunks).decode().removeprefix("# ").splitlines()
    head = lines[0].split(",") if lines else []
    rows = [dict(zip(head, line.split(","), strict=False)) for line in lines[1:] if line]
    return {r["svname"]: f"{r['status']} {r['check_status']}" for r in rows
            if r.get("pxname") == "euchre" and r.get("svname") not in ("FRONTEND", "BACKEND")}


def start_balancer(directory: Path, port: int, servers: list[tuple[str, int]], maxconn: int) -> subprocess.Popen[bytes]:
    """HAProxy on 127.0.0.1:``port`` in front of ``servers``, its configuration rendered
    into ``directory`` and checked (``haproxy -c``), its log in ``directory``; returns once
    its health checks have found every server up. Exits the bench in one line when
    haproxy is not installed, refuses the configuration, exits or is not ready in time."""
    binary = shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin:/usr/local/sbin")
    if binary is None:
        raise SystemExit("haproxy is not installed (apt-get install haproxy): it is the balancer in front of "
                         "the processes; --no-balancer connects to them directly")
    config, log_path, admin = directory / "haproxy.cfg", directory / "haproxy.log", directory / "haproxy.sock"
    config.write_text(render_balancer(BALANCER_TEMPLATE.read_text(), port=port, servers=servers, stats_socket=admin,
                                      maxconn=maxconn))
    checked = subprocess.run([binary, "-c", "-f", str(config)], capture_output=True, text=True, timeout=60, check=False)
    if checked.returncode != 0:
        raise SystemExit(f"haproxy -c refused {config}: {(checked.stdout + checked.stderr).strip()[-2000:]}")
    with log_path.open("wb") as log:
        proc = subprocess.Popen([binary, "-f", str(config), "-db"], stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + START_SECONDS
    states: dict[str, str] = {}
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"haproxy exited ({proc.returncode}): {log_path.read_text(errors='replace')[-2000:]}")
        with contextlib.suppress(OSError):  # the socket is not open yet
            states = _balancer_states(admin)
            if len(states) == len(servers) and all(s == "UP L7OK" for s in states.values()):
                return proc
        time.sleep(0.1)  # polling HAProxy's view of its checks: nothing to wait on
    proc.kill()
    raise SystemExit(f"haproxy did not find every server up within {START_SECONDS:g} s: {states}")


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
    acks: int = 0
    """Every ack of one of the clients' actions, also one received after the window."""
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
        loop.call_later(self.clock.think * (0.5 + self.rng.random()), lambda: loop.create_task(self._act_later()))

    async def _act_later(self) -> None:
        """:meth:`act` for a timer: a connection closed meanwhile (the server sent why, e.g.
        ``moved``, counted then) ends it quietly instead of a task's unread exception."""
        if self.ws.closed:
            return
        with contextlib.suppress(aiohttp.ClientConnectionResetError, ConnectionError):
            await self.act()

    async def run(self) -> None:
        """Read messages until the game is over or the connection closes. The server's
        closing it before the game is over (e.g. 1012: the table moved to another process)
        is an error, ``closed:CODE``: the seat plays no more in this run."""
        await self._read()
        if not self.over:
            self.stats.errors[f"closed:{self.ws.close_code}"] += 1

    async def _read(self) -> None:
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
                    self.stats.acks += 1
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


async def _join(port: int, table_id: str, token: str, clock: Clock, stats: Stats, rng: random.Random) -> Seat:
    """Open a seat's websocket at ``/ws?table=ID`` (as the page does, for a balancer that
    hashes the table) and join; returns once the first state has come."""
    ws = await clock.session.ws_connect(f"ws://127.0.0.1:{port}/ws?table={table_id}", max_msg_size=2**22,
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


async def _one_game(ports: list[int], slot: int, target: int, seed: int, clock: Clock, stats: Stats,
                    ready: asyncio.Event | None) -> bool:
    """Create a table, seat four clients, start, play to the end or the window's end.
    With several ``ports`` (the processes, no balancer) the table slot ``slot`` is created
    at ``ports[slot]`` and its seats join at ``ports[slot]``, ``ports[slot + 1]``, ...
    (round robin, mod the ports). Returns True when the game ended."""
    n = len(ports)
    made = await asyncio.to_thread(create_table, ports[slot % n], target, seed)
    rng = random.Random(seed)
    seats = [await _join(ports[(slot + i) % n], made["table"], made["seats"][s], clock, stats, rng)
             for i, s in enumerate(SEATS)]
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


async def _table_slot(ports: list[int], slot: int, target: int, seed: int, clock: Clock, stats: Stats,
                      ready: asyncio.Event) -> None:
    """Keep one table in play until the window ends (a finished game is replaced). A
    table that fails (its creation refused, a join or a send failed) ends the slot: it
    counts one error and is lost (unopened when it was the slot's first), rather than
    being created again at once, which made thousands of refused creations a run."""
    first = True
    while True:
        try:
            over = await _one_game(ports, slot, target, seed, clock, stats, ready if first else None)
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


async def _client_main(ports: list[int], slots: list[tuple[int, int]], target: int, seconds: float, think: float,
                       compression: bool, ready_q: Any, go_ev: Any) -> dict[str, Any]:
    # aiohttp's websocket client: its frame reader is compiled, and the clients share
    # the machine with the server (the websockets library's cost about twice as much).
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0),  # 4 open websockets per table
                                     timeout=aiohttp.ClientTimeout(total=None, connect=60)) as session:
        return await _client_run(session, ports, slots, target, seconds, think, compression, ready_q, go_ev)


async def _client_run(session: aiohttp.ClientSession, ports: list[int], slots: list[tuple[int, int]], target: int,
                      seconds: float, think: float, compression: bool, ready_q: Any, go_ev: Any) -> dict[str, Any]:
    clock = Clock(session, think, compression)
    stats = Stats()
    readies = [asyncio.Event() for _ in slots]
    tasks = [asyncio.create_task(_table_slot(ports, slot, target, seed, clock, stats, ev))
             for (slot, seed), ev in zip(slots, readies, strict=True)]
    for ev in readies:
        await ev.wait()
    ready_q.put(("ready", len(slots)))
    await asyncio.to_thread(go_ev.wait)
    usage0 = resource.getrusage(resource.RUSAGE_SELF)
    clock.start = time.perf_counter()
    clock.end = clock.start + seconds
    clock.go.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    usage1 = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (usage1.ru_utime - usage0.ru_utime) + (usage1.ru_stime - usage0.ru_stime)
    return {"latencies": stats.latencies, "actions": stats.actions, "acks": stats.acks, "errors": dict(stats.errors),
            "games_over": stats.games_over, "tables_opened": stats.tables_opened,
            "tables_unopened": stats.tables_unopened, "tables_lost": stats.tables_lost, "cpu": cpu}


def client_process(ports: list[int], slots: list[tuple[int, int]], target: int, seconds: float, think: float,
                   compression: bool, ready_q: Any, go_ev: Any, out_q: Any) -> None:
    """One client process: its share of the tables (``(slot, seed)`` pairs), connecting
    to ``ports`` (the balancer's, or the processes' in turn), results put on ``out_q``.
    Its garbage collector is tuned like the server's (``euchre serve``), so that its own
    pauses do not show as server latency."""
    tune_gc()
    try:
        main = _client_main(ports, slots, target, seconds, think, compression, ready_q, go_ev)
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


@dataclass(frozen=True)
class Plan:
    """One run: the bench's options (see :func:`main`'s parser). ``db_url`` None: a
    temporary SQLite file; ``processes`` > 1 needs PostgreSQL; ``balancer``: HAProxy in
    front of the processes (only on PostgreSQL)."""

    tables: int = 200
    seconds: float = 30.0
    client_procs: int = 1
    target: int = 50
    seed: int = 1
    think: float = 0.0
    compression: bool = True
    creation_limit: int = CREATION_LIMIT
    db_url: str | None = None
    processes: int = 1
    balancer: bool = True


def _per_1000(seconds: float | None, moves: int) -> float | None:
    """CPU seconds per 1,000 moves (None stays None)."""
    return None if seconds is None else 1000 * seconds / max(1, moves)


def run(plan: Plan, tmp: Path, logs: Path | None = None) -> dict[str, Any]:
    """Start the servers (and the balancer), play ``plan.tables`` tables for
    ``plan.seconds``, stop everything; returns the run's row (see :func:`report`). Their
    logs are written in ``tmp`` and copied into ``logs`` at the end when it is given.

    Raises:
        BenchFailed: a table never opened or the errors exceed 1% (one line).
        SystemExit: a server, the balancer or a client process failed (one line)."""
    cluster = plan.db_url is not None and is_postgres(plan.db_url)
    db_url = plan.db_url or "sqlite:///" + str(tmp / "load.sqlite3")
    balanced = cluster and plan.balancer
    ports = [free_port() for _ in range(plan.processes)]
    names = [f"p{k}" for k in range(1, plan.processes + 1)] if cluster else ["server"]
    servers: list[subprocess.Popen[bytes]] = []
    others: list[subprocess.Popen[bytes]] = []
    try:
        for name, port in zip(names, ports, strict=True):
            extra: tuple[str, ...] = ("--name", name, "--advertise-url", f"http://127.0.0.1:{port}") if cluster else ()
            if balanced:
                extra += ("--trusted-proxy", "127.0.0.1")
            servers.append(spawn_server(db_url, port, tmp / f"{name}.log", extra, plan.creation_limit))
        for name, port, proc in zip(names, ports, servers, strict=True):
            wait_server(proc, port, tmp / f"{name}.log")
        targets = ports
        if balanced:
            balancer_port = free_port()
            others.append(start_balancer(tmp, balancer_port, list(zip(names, ports, strict=True)),
                                         maxconn=4 * plan.tables + 1000))
            targets = [balancer_port]
        db_pid, db_how = database_server_pid(db_url) if cluster else (None, "SQLite: in the server's process")
        ctx = mp.get_context("spawn")
        ready_q, out_q, go_ev = ctx.Queue(), ctx.Queue(), ctx.Event()
        slots = [(i, plan.seed * 100_000 + i) for i in range(plan.tables)]
        shares = [slots[i::plan.client_procs] for i in range(plan.client_procs)]
        # daemon: a client left waiting when the bench exits on an error is ended with it
        procs = [ctx.Process(target=client_process, args=(targets, share, plan.target, plan.seconds, plan.think,
                                                          plan.compression, ready_q, go_ev, out_q), daemon=True)
                 for share in shares if share]
        setup = time.perf_counter()
        for p in procs:
            p.start()
        for _ in procs:
            status, detail = ready_q.get(timeout=900)
            if status != "ready":
                raise SystemExit(f"a client process failed: {detail}")
        setup = time.perf_counter() - setup
        roots = [p.pid for p in servers] + [p.pid for p in others] + ([db_pid] if db_pid is not None else [])
        metrics0 = [scrape(port) for port in ports]
        load0 = os.getloadavg()[0]
        busy0, cpu0 = machine_busy_seconds(), tree_cpu_seconds(roots)
        started = time.perf_counter()
        go_ev.set()
        results = [out_q.get(timeout=plan.seconds + 600) for _ in procs]
        elapsed = time.perf_counter() - started
        busy1, cpu1 = machine_busy_seconds(), tree_cpu_seconds(roots)
        memory = tree_memory_mb(roots)
        load1 = os.getloadavg()[0]
        metrics1 = [scrape(port) for port in ports]
        for p in procs:
            p.join(30)
    finally:
        stop(servers)
        stop(others)
        if logs is not None:
            logs.mkdir(parents=True, exist_ok=True)
            for log in tmp.glob("*.log"):
                shutil.copy(log, logs / log.name)
    failed = [r["failed"] for r in results if "failed" in r]
    if failed:
        raise SystemExit(f"client process failed: {failed[0]}")
    latencies = sorted(x for r in results for x in r["latencies"])
    errors: Counter[str] = Counter()
    for r in results:
        errors.update(r["errors"])
    actions = sum(r["actions"] for r in results)
    acks = sum(r["acks"] for r in results)
    why = failure(plan.tables, sum(r["tables_unopened"] for r in results), actions, errors)
    if why is not None:
        raise BenchFailed(why)
    used = [b - a for a, b in zip(cpu0, cpu1, strict=True)]
    n = len(servers)
    server_cpu = used[:n]
    balancer_cpu = used[n] if balanced else None
    db_cpu = used[-1] if db_pid is not None else None
    clients_cpu = [r["cpu"] for r in results]
    ours = sum(used) + sum(clients_cpu)
    moves = [round(b["euchre_moves_total"] - a["euchre_moves_total"]) for a, b in zip(metrics0, metrics1, strict=True)]
    takeovers = [round(b["euchre_takeovers_total"] - a["euchre_takeovers_total"])
                 for a, b in zip(metrics0, metrics1, strict=True)]
    shown = db_url if plan.db_url is None else db_url.split("@")[-1]
    return {
        "processes": n, "balancer": "haproxy" if balanced else "none",
        "storage": "postgresql" if cluster else "sqlite", "db": shown, "database_cpu_from": db_how,
        "tables": plan.tables, "opened": sum(r["tables_opened"] for r in results),
        "lost": sum(r["tables_lost"] for r in results), "games_over": sum(r["games_over"] for r in results),
        "target": plan.target, "think": plan.think, "compression": plan.compression, "client_procs": len(procs),
        "creation_limit": plan.creation_limit, "seconds": plan.seconds, "elapsed": elapsed, "setup": setup,
        "actions": actions, "moves_per_s": actions / plan.seconds, "acks_clients": acks,
        "moves_servers": sum(moves), "moves_by_process": dict(zip(names, moves, strict=True)),
        "seats_connected": round(sum(m["euchre_seats_connected"] for m in metrics0)),
        "tables_live": round(sum(m["euchre_tables_live"] for m in metrics0)), "takeovers": sum(takeovers),
        "takeovers_before": round(sum(m["euchre_takeovers_total"] for m in metrics0)),
        "p50_ms": 1000 * percentile(latencies, 50), "p95_ms": 1000 * percentile(latencies, 95),
        "p99_ms": 1000 * percentile(latencies, 99), "max_ms": 1000 * percentile(latencies, 100),
        "errors": sum(errors.values()), "errors_by_code": dict(errors),
        "cpu_servers_s": sum(server_cpu), "cpu_by_process_s": dict(zip(names, server_cpu, strict=True)),
        "cpu_balancer_s": balancer_cpu, "cpu_database_s": db_cpu, "cpu_clients_s": sum(clients_cpu),
        "cpu_clients_by_process_s": clients_cpu, "cpu_others_s": max(0.0, busy1 - busy0 - ours),
        "servers_per_1000": _per_1000(sum(server_cpu), acks), "balancer_per_1000": _per_1000(balancer_cpu, acks),
        "database_per_1000": _per_1000(db_cpu, acks), "clients_per_1000": _per_1000(sum(clients_cpu), acks),
        "load_start": load0, "load_end": load1, "cpus": os.cpu_count(),
        "memory_servers_mb": sum(memory[:n]), "memory_balancer_mb": memory[n] if balanced else None,
        "memory_database_mb": memory[-1] if db_pid is not None else None,
        "server_pids": [p.pid for p in servers], "database_pid": db_pid,
    }


ROW_HEAD = ("| processes | balancer | tables | think | moves/s | p50 | p95 | p99 | max | errors | takeovers "
            "| CPU s per 1,000 moves: servers | balancer | database | clients | others' CPU | load |")
"""The head of the table of rows (markdown, as docs/performance.md shows it)."""


def row_line(row: dict[str, Any]) -> str:
    """One run as a row under :data:`ROW_HEAD`: CPU in seconds per 1,000 moves ("-" where
    there is none: no balancer, SQLite in the server's process), the tables taken over
    between processes in the window (a lease that expired: a process stalled past it),
    the others' CPU in percent of a core over the window, the load average at its start
    and end."""
    def cpu(value: float | None) -> str:
        return "-" if value is None else f"{value:.3f}"

    window = max(row["elapsed"], 1e-9)
    return (f"| {row['processes']} | {row['balancer']} | {row['tables']:,} | {row['think']:g} s "
            f"| {row['moves_per_s']:,.0f} | {row['p50_ms']:.1f} ms | {row['p95_ms']:.1f} ms "
            f"| **{row['p99_ms']:.1f} ms** | {row['max_ms']:.0f} ms | {row['errors']:,} | {row['takeovers']:,} "
            f"| {cpu(row['servers_per_1000'])} | {cpu(row['balancer_per_1000'])} | {cpu(row['database_per_1000'])} "
            f"| {cpu(row['clients_per_1000'])} | {row['cpu_others_s'] / window:.0%} "
            f"| {row['load_start']:.1f} → {row['load_end']:.1f} |")


def report(row: dict[str, Any]) -> None:
    """Print one run: the lines of the one-process bench, then the moves counted, the
    CPU per 1,000 moves of each part, the machine, and the row."""
    seconds = row["seconds"]
    if row["storage"] == "sqlite":
        print(f"server: euchre serve --delay 0 --creation-limit {row['creation_limit']} --db {row['db']}  "
              f"(pid {row['server_pids'][0]}; {row['cpus']} CPUs)")
    else:
        print(f"servers: {row['processes']} x euchre serve --delay 0 --creation-limit {row['creation_limit']} "
              f"--name pK --db {row['db']}  ({'behind HAProxy' if row['balancer'] == 'haproxy' else 'no balancer'}; "
              f"{row['cpus']} CPUs)")
    print(f"tables in play     {row['tables']}  ({row['opened']} opened, {row['lost']} lost to an error, "
          f"{row['games_over']} games finished; target {row['target']})")
    print(f"client processes   {row['client_procs']}  (setup {row['setup']:.1f} s; think {row['think']:g} s; "
          f"permessage-deflate {'offered' if row['compression'] else 'off'})")
    print(f"window             {seconds:g} s  (all acks in {row['elapsed']:.1f} s)")
    print(f"actions            {row['actions']}  ({row['moves_per_s']:,.0f} actions/s)")
    print(f"latency ms         p50 {row['p50_ms']:.1f}  p95 {row['p95_ms']:.1f}  p99 {row['p99_ms']:.1f}  "
          f"max {row['max_ms']:.1f}")
    print(f"errors             {row['errors']}" + (f"  {row['errors_by_code']}" if row["errors"] else ""))
    print(f"CPU in the window  server {row['cpu_servers_s'] / seconds:.0%} of a core "
          f"({1000 * row['cpu_servers_s'] / max(1, row['acks_clients']):.2f} ms per action); clients "
          + ", ".join(f"{c / seconds:.0%}" for c in row["cpu_clients_by_process_s"]))
    by_process = ", ".join(f"{k} {v:,}" for k, v in row["moves_by_process"].items())
    print(f"moves counted      servers {row['moves_servers']:,} (euchre_moves_total: {by_process}); "
          f"clients' acks {row['acks_clients']:,}")
    print(f"at the window's start  {row['seats_connected']:,} seats connected, {row['tables_live']:,} tables live "
          f"(the servers' /metrics); tables taken over from another process: {row['takeovers_before']:,} before "
          f"the window, {row['takeovers']:,} in it")

    def cpu(value: float | None, why: str) -> str:
        return why if value is None else f"{value:.3f} s"

    by_cpu = ", ".join(f"{k} {v:.1f} s" for k, v in row["cpu_by_process_s"].items())
    print(f"CPU per 1,000 moves  servers {row['servers_per_1000']:.3f} s (with their children; in all: {by_cpu}), "
          f"balancer {cpu(row['balancer_per_1000'], 'none')}, database "
          f"{cpu(row['database_per_1000'], 'not measured: ' + row['database_cpu_from'])}, "
          f"clients {row['clients_per_1000']:.3f} s")
    def mb(value: float | None, why: str) -> str:
        return why if value is None else f"{value:,.0f} MB"

    print(f"memory at the end  servers {row['memory_servers_mb']:,.0f} MB (with their children), balancer "
          f"{mb(row['memory_balancer_mb'], 'none')}, database {mb(row['memory_database_mb'], 'not measured')} "
          f"(resident; pages shared between processes counted in each)")
    print(f"machine            load average {row['load_start']:.2f} at the start, {row['load_end']:.2f} at the end; "
          f"the rest of the machine used {row['cpu_others_s'] / max(row['elapsed'], 1e-9):.0%} of a core meanwhile")
    print(ROW_HEAD)
    print(row_line(row))


def raise_file_limit(needed: int) -> str | None:
    """Raise this process's soft ``RLIMIT_NOFILE`` to its hard limit (the servers, the
    balancer and the clients started after inherit it); None when ``needed`` descriptors
    fit in it, else one line saying what to do."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        soft = hard
    if soft != resource.RLIM_INFINITY and needed > soft:
        return (f"a client process would need about {needed:,} file descriptors and the limit is {soft:,} "
                f"(ulimit -n): give more --client-procs or raise the hard limit")
    return None


def _process_counts(text: str) -> list[int]:
    """``--rows``'s value: process counts, e.g. ``1,2,4``.

    Raises:
        argparse.ArgumentTypeError: not a comma-separated list of distinct counts 1..64."""
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected process counts separated by commas, e.g. 1,2,4, not {text!r}") from None
    if not counts or any(not 1 <= c <= 64 for c in counts) or len(set(counts)) != len(counts):
        raise argparse.ArgumentTypeError(f"expected distinct process counts 1..64, e.g. 1,2,4, not {text!r}")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Load benchmark of the web server: tables of four websocket clients, "
                                                 "on one process or several behind a balancer.")
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
    parser.add_argument("--processes", type=int, default=1, metavar="N",
                        help="euchre serve processes on the --db database (default 1; more need PostgreSQL)")
    parser.add_argument("--no-balancer", action="store_true",
                        help="on PostgreSQL: connect to the processes in turn instead of through HAProxy (the "
                             "processes forward each connection to its table's process)")
    parser.add_argument("--rows", type=_process_counts, default=None, metavar="N,N,...",
                        help="one run per process count (e.g. 1,2,4), each on a fresh database euchre_bench_N "
                             "created and dropped on the server of --db (PostgreSQL)")
    parser.add_argument("--json", action="store_true", help="also print each run's row as one JSON object")
    parser.add_argument("--logs", type=Path, default=None, metavar="DIR",
                        help="keep the servers' and the balancer's logs in DIR (a folder per row with --rows)")
    args = parser.parse_args(argv)
    if (args.tables < 1 or args.client_procs < 1 or args.seconds <= 0 or args.creation_limit < 1
            or args.processes < 1 or args.think < 0):
        parser.error("--tables, --client-procs, --seconds, --creation-limit and --processes must be positive, "
                     "--think not negative")
    prog = Path(sys.argv[0]).name if argv is None else "bench_server_load.py"
    wanted = max(args.rows) if args.rows else args.processes
    if wanted > 1 and (args.db is None or not is_postgres(args.db)):
        print(f"{prog}: {wanted} processes need a PostgreSQL --db URL (e.g. postgresql+psycopg://USER@HOST/DB): "
              f"SQLite serves one process (euchre serve refuses a second one on the same file)", file=sys.stderr)
        return 2
    if args.rows and (args.db is None or not is_postgres(args.db)):
        print(f"{prog}: --rows creates a database per row and needs a PostgreSQL --db URL", file=sys.stderr)
        return 2
    too_many = raise_file_limit(4 * -(-args.tables // args.client_procs) + FDS_PER_CLIENT_PROCESS)
    if too_many is not None:
        print(f"{prog}: {too_many}", file=sys.stderr)
        return 2
    plan = Plan(tables=args.tables, seconds=args.seconds, client_procs=args.client_procs, target=args.target,
                seed=args.seed, think=args.think, compression=not args.no_compression,
                creation_limit=args.creation_limit, db_url=args.db, processes=args.processes,
                balancer=not args.no_balancer)
    rows = []
    try:
        for n in args.rows or [args.processes]:
            with tempfile.TemporaryDirectory(prefix="euchre-load-") as tmp:
                if args.rows:
                    with fresh_database(args.db, BENCH_DATABASE.format(n)) as url:
                        row = run(replace(plan, processes=n, db_url=url), Path(tmp),
                                  None if args.logs is None else args.logs / f"processes-{n}")
                else:
                    row = run(plan, Path(tmp), args.logs)
            rows.append(row)
            if args.rows:
                print(f"--- {n} process{'es' if n > 1 else ''}, database {BENCH_DATABASE.format(n)}")
            report(row)
            if args.json:
                print(json.dumps(row))
            sys.stdout.flush()
    except BenchFailed as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.rows:
        print(f"--- the rows ({os.cpu_count()} CPUs, shared by the clients, the processes, the balancer and the "
              f"database)")
        print(ROW_HEAD)
        for row in rows:
            print(row_line(row))
        fewest = min(rows, key=lambda r: r["processes"])
        most = max(rows, key=lambda r: r["processes"])
        if most is not fewest:
            print(f"servers' CPU per move, {most['processes']} processes / {fewest['processes']}: "
                  f"{most['servers_per_1000'] / fewest['servers_per_1000']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

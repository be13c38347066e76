"""A cluster of real ``euchre serve`` processes for the multi-process tests (issue 36):
N processes on free loopback ports sharing one PostgreSQL database, Debian's HAProxy in
front of them (its configuration rendered from ``deploy/haproxy.cfg``, the file compose
runs, without TLS), and ways to kill -9, SIGTERM and restart one process and to wait
until HAProxy has seen it leave or rejoin its pool.

Also a private PostgreSQL server (initdb and pg_ctl on a free port in a temporary
directory, as ``.ci/run`` starts one; under ``runuser -u postgres`` when root) for a test
that must stop or restart the database itself.

Everything started here is stopped (SIGTERM, then SIGKILL) when the context manager
ends, whether the test passed or failed::

    with postgres_database() as (url, _admin, _name), cluster(url, tmp_path, 2) as c:
        status, made = post_json(c.url + "/api/tables", {})      # through the balancer
        get(c.processes["p2"].url + "/readyz")                    # one process directly
        c.kill9("p1"); c.wait_backend("p1", up=False)
        c.restart("p1")                                           # same port, back in the pool

    with private_postgres() as db, cluster(db.url, tmp_path) as c:
        db.restart()                                              # the database itself

(``postgres_database`` is ``tests/test_storage.py``'s: a fresh database on the server of
``EUCHRE_TEST_POSTGRES_URL``, skipped without it.)
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from _server_process import RECEIVE_TIMEOUT, START_TIMEOUT, ServerProcess, free_port

TEMPLATE = Path(__file__).resolve().parents[1] / "deploy" / "haproxy.cfg"
"""The balancer's configuration, as compose runs it; the tests render it (:func:`render_haproxy`)."""

REQUIRE_ENV = "EUCHRE_REQUIRE_SYSTEM_TESTS"

CHECK_INTER = "250ms"
"""HAProxy's health-check interval for the tests' servers (compose: 1 s). With the
template's ``fall 2 rise 2`` a dead process leaves the pool within about 0.5 s."""

STATE_TIMEOUT = 30.0
"""Seconds to wait for HAProxy to see a server come or go before the test fails."""

STOP_TIMEOUT = 15.0
"""Seconds a process is given to exit after SIGTERM (its tables handed over) before the
cleanup kills it."""

_BLOCK = re.compile(r"^[ \t]*# BEGIN (?P<name>[\w-]+)\n.*?^[ \t]*# END (?P=name)\n", re.MULTILINE | re.DOTALL)


def require(what: str, how: str) -> None:
    """Skip the test because ``what`` is missing, or fail it when the system tests are
    required (``EUCHRE_REQUIRE_SYSTEM_TESTS=1``, as ``.ci/run`` sets)."""
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{what}; {REQUIRE_ENV}=1 does not allow skipping: {how}", pytrace=False)
    pytest.skip(f"{what}: {how}")


def haproxy_binary() -> str:
    """The path of Debian's ``haproxy`` (skips or fails the test without it)."""
    found = shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin:/usr/local/sbin")
    if found is None:
        require("haproxy is not installed", "apt-get install haproxy (.ci/run installs it)")
    assert found is not None
    return found


# ---------------------------------------------------------------------- the balancer's configuration
def render_haproxy(template: str, *, port: int, servers: list[tuple[str, int]], stats_socket: Path,
                   inter: str = CHECK_INTER) -> str:
    """``deploy/haproxy.cfg`` for processes on 127.0.0.1: the blocks between ``# BEGIN
    name`` and ``# END name`` replaced (``listen``: one plain-HTTP bind on
    127.0.0.1:``port``, no TLS and no redirect; ``servers``: one line a ``(name, port)``,
    checked every ``inter``; ``stats``: an admin socket at ``stats_socket``;
    ``resolvers``: removed, the servers being addresses), every other line kept.

    Raises:
        ValueError: a block is missing from the template, or is there twice."""
    pad = " " * 4
    blocks = {
        "stats": f"{pad}stats socket {stats_socket} mode 600 level admin\n",
        "resolvers": "",
        "listen": f"{pad}bind 127.0.0.1:{port}\n",
        "servers": "".join(f"{pad}server {name} 127.0.0.1:{p} inter {inter}\n" for name, p in servers),
    }
    found = [m.group("name") for m in _BLOCK.finditer(template)]
    if sorted(found) != sorted(blocks):
        raise ValueError(f"{TEMPLATE.name} must have each of the blocks {sorted(blocks)} once between "
                         f"'# BEGIN name' and '# END name' lines; found {found}")
    return _BLOCK.sub(lambda m: blocks[m.group("name")], template)


class Balancer:
    """HAProxy (Debian's package) as a child process in front of ``servers``, on
    127.0.0.1:``port``, its configuration rendered from :data:`TEMPLATE` into
    ``directory`` (``haproxy.cfg``; its output in ``haproxy.log``)."""

    def __init__(self, directory: Path, port: int, servers: list[tuple[str, int]]) -> None:
        self.binary = haproxy_binary()
        self.directory = directory
        self.port = port
        self.servers = servers
        # A Unix socket's path is limited to about 100 bytes; pytest's folders are deeper.
        self._socket_dir = Path(tempfile.mkdtemp(prefix="euchre-ha."))
        self.socket = self._socket_dir / "admin.sock"
        self.config = directory / "haproxy.cfg"
        self.log_path = directory / "haproxy.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Write the configuration, check it (``haproxy -c``), start HAProxy and wait
        until its health checks have found every server up."""
        self.config.write_text(render_haproxy(TEMPLATE.read_text(), port=self.port, servers=self.servers,
                                              stats_socket=self.socket))
        checked = subprocess.run([self.binary, "-c", "-f", str(self.config)], capture_output=True, text=True,
                                 timeout=60, check=False)
        assert checked.returncode == 0, f"haproxy -c refused {self.config}:\n{checked.stdout}{checked.stderr}"
        with self.log_path.open("wb") as out:
            self.proc = subprocess.Popen([self.binary, "-f", str(self.config), "-db"], stdout=out,
                                         stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        for name, _port in self.servers:
            self.wait(name, up=True)

    def log(self) -> str:
        """HAProxy's output (for failure messages)."""
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return "(no log)"

    def command(self, line: str) -> str:
        """Send one command to the stats socket (e.g. ``show stat``) and return the answer."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(5)
            s.connect(str(self.socket))
            s.sendall(line.encode() + b"\n")
            chunks = []
            while chunk := s.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def states(self) -> dict[str, tuple[str, str]]:
        """Each server of the backend: ``(status, last check)``, e.g. ``("UP", "L7OK")``,
        ``("DOWN", "L4CON")`` (HAProxy's ``show stat``, :func:`backend_states`)."""
        return backend_states(self.command("show stat"))

    def sessions(self) -> dict[str, int]:
        """Each server's sessions so far (``show stat``'s ``stot``: requests HAProxy sent
        it; its health checks not counted)."""
        return {row["svname"]: int(row["stot"]) for row in backend_rows(self.command("show stat"))}

    def wait(self, name: str, *, up: bool, timeout: float = STATE_TIMEOUT) -> None:
        """Wait until HAProxy's checks have found server ``name`` up (a check passed:
        ``UP``, ``L7OK``) or down (``DOWN``)."""
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        state: tuple[str, str] | None = None
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, f"haproxy exited ({self.proc.returncode}):\n{self.log()}"
            with contextlib.suppress(OSError):  # the socket is not open yet
                states = self.states()
                assert name in states, f"haproxy has no server {name}; it has {sorted(states)}"
                state = states[name]
                if state == ("UP", "L7OK") if up else state[0].startswith("DOWN"):
                    return
            time.sleep(0.05)  # polling HAProxy's view of its checks: nothing to wait on
        raise AssertionError(f"haproxy did not see {name} {'up' if up else 'down'} within {timeout} s "
                             f"(last: {state}):\n{self.log()}")

    def stop(self) -> None:
        """Stop HAProxy (SIGTERM, then SIGKILL) and remove its socket's folder."""
        _stop([self.proc] if self.proc is not None else [])
        shutil.rmtree(self._socket_dir, ignore_errors=True)


def backend_rows(show_stat: str) -> list[dict[str, str]]:
    """The rows of the ``euchre`` backend's servers in HAProxy's ``show stat`` CSV (its
    FRONTEND and BACKEND totals and the other proxies left out), by field name."""
    rows = csv.DictReader(io.StringIO(show_stat.removeprefix("# ")))
    return [row for row in rows if row["pxname"] == "euchre" and row["svname"] not in ("FRONTEND", "BACKEND")]


def backend_states(show_stat: str) -> dict[str, tuple[str, str]]:
    """Each server of the ``euchre`` backend in HAProxy's ``show stat`` CSV: ``(status,
    last check)``. HAProxy writes ``check_status`` as ``* L7OK`` while a check is under way
    (the last result, marked in progress); the mark is dropped, so the pair says what the
    last check found whenever it is read.
    """
    return {row["svname"]: (row["status"], row["check_status"].removeprefix("* ")) for row in backend_rows(show_stat)}


# ---------------------------------------------------------------------- the server processes
class ClusterProcess(ServerProcess):
    """One ``euchre serve`` of a cluster: ``--name name --advertise-url
    http://127.0.0.1:PORT``, the links it hands out on the balancer's address, no bot
    delay, no creation limit to speak of, the balancer (127.0.0.1) trusted for
    X-Forwarded-For as compose trusts its own; its output in ``log_dir/server-N.log``
    (one a start)."""

    def __init__(self, name: str, db_url: str, log_dir: Path, public_url: str, grace: float = 10.0) -> None:
        log_dir.mkdir(parents=True, exist_ok=True)
        super().__init__(log_dir / "unused.sqlite3", log_dir, delay=0.0, grace=grace)
        self.name = name
        self.db_url = db_url
        self.public_url = public_url

    def command(self) -> list[str]:
        """The start's command line (see the class)."""
        line = super().command()
        at = line.index("--public-url")
        return [*line[:at], "--public-url", self.public_url, "--name", self.name,
                "--advertise-url", self.url, "--creation-limit", "1000000", "--trusted-proxy", "127.0.0.1"]

    def terminate(self, timeout: float = STOP_TIMEOUT) -> int:
        """SIGTERM (the process hands its tables over, then exits) and wait for it.
        Returns the exit code; a process still running after ``timeout`` seconds is
        killed and fails the test."""
        assert self.proc is not None
        self.proc.terminate()
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
            raise AssertionError(f"{self.name} did not exit within {timeout} s of SIGTERM:\n{self.log()}") from None


class Cluster:
    """``n`` server processes ``p1``..``pn`` on one database behind one balancer.
    ``url`` is the balancer's address; ``processes[name].url`` each process's own."""

    def __init__(self, db_url: str, directory: Path, n: int, grace: float = 10.0) -> None:
        haproxy_binary()  # skip (or fail) before any process starts
        self.directory = directory
        port = free_port()
        self.processes = {f"p{i}": ClusterProcess(f"p{i}", db_url, directory / f"p{i}", f"http://127.0.0.1:{port}",
                                                  grace=grace) for i in range(1, n + 1)}
        self._balancer_port = port
        self.balancer: Balancer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._balancer_port}"

    def start(self) -> None:
        """Start the processes together (they migrate the empty database at once), then
        the balancer once every one answers."""
        with ThreadPoolExecutor(len(self.processes)) as pool:
            for done in [pool.submit(p.start) for p in self.processes.values()]:
                done.result(timeout=START_TIMEOUT * 2)
        self.balancer = Balancer(self.directory, self._balancer_port,
                                 [(name, p.port) for name, p in self.processes.items()])
        self.balancer.start()

    def wait_backend(self, name: str, *, up: bool, timeout: float = STATE_TIMEOUT) -> None:
        """Wait until the balancer has found process ``name`` up or down."""
        assert self.balancer is not None
        self.balancer.wait(name, up=up, timeout=timeout)

    def kill9(self, name: str) -> None:
        """SIGKILL process ``name`` (nothing of its shutdown runs)."""
        self.processes[name].kill9()

    def terminate(self, name: str, timeout: float = STOP_TIMEOUT) -> int:
        """SIGTERM process ``name`` and wait for it to exit; returns its exit code."""
        return self.processes[name].terminate(timeout)

    def restart(self, name: str) -> None:
        """Start process ``name`` again on its port (the balancer knows it by that) and
        wait until the balancer has it back in its pool."""
        process = self.processes[name]
        if process.proc is not None and process.proc.poll() is None:
            raise AssertionError(f"{name} still runs; kill9() or terminate() it first")
        process.start(process.port, keep_port=True)
        self.wait_backend(name, up=True)

    def check_logs(self) -> None:
        """No process logged an error or a traceback (any start)."""
        for process in self.processes.values():
            process.check_logs()

    def stop(self) -> None:
        """Stop everything: the processes (SIGTERM to all at once, SIGKILL to any left
        after :data:`STOP_TIMEOUT` s), then the balancer."""
        try:
            _stop([p.proc for p in self.processes.values() if p.proc is not None])
        finally:
            if self.balancer is not None:
                self.balancer.stop()


@contextlib.contextmanager
def cluster(db_url: str, directory: Path, n: int = 2, grace: float = 10.0) -> Iterator[Cluster]:
    """A started :class:`Cluster` of ``n`` processes on ``db_url`` (an empty or migrated
    database), everything stopped at the end whatever happens; the processes' logs are
    checked for errors after a test that passed."""
    made = Cluster(db_url, directory, n, grace=grace)
    try:
        made.start()
        yield made
    finally:
        made.stop()
    made.check_logs()


def _stop(processes: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM every process still running, wait up to :data:`STOP_TIMEOUT` s in all,
    SIGKILL the rest; reap them all."""
    for proc in processes:
        if proc.poll() is None:
            proc.terminate()
    deadline = time.monotonic() + STOP_TIMEOUT
    for proc in processes:
        try:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


# ---------------------------------------------------------------------- HTTP
def get(url: str) -> tuple[int, bytes]:
    """GET ``url``: ``(status, body)``, an error status as well as a success."""
    try:
        with urllib.request.urlopen(url, timeout=RECEIVE_TIMEOUT) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def post_json(url: str, body: dict[str, Any]) -> tuple[int, Any]:
    """POST ``body`` as JSON to ``url``: ``(status, the JSON answer)``."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=RECEIVE_TIMEOUT) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def lease(db_url: str, table_id: str) -> tuple[str, int] | None:
    """A table's lease as stored: ``(the owner's process name without its random
    suffix, epoch)``, or None when no process holds it."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    engine = create_engine(db_url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            row = connection.execute(text("SELECT owner, epoch FROM euchre_lease WHERE table_id = :t"),
                                     {"t": table_id}).first()
    finally:
        engine.dispose()
    return None if row is None else (str(row[0]).split("#", 1)[0], int(row[1]))


# ---------------------------------------------------------------------- a private PostgreSQL
class PrivatePostgres:
    """A PostgreSQL server of the test's own on 127.0.0.1 (a free port), its data in a
    new folder under /tmp (``initdb -A trust -U euchre``), run as ``postgres`` when the
    tests run as root, as ``.ci/run`` starts its server. ``url`` names its ``postgres``
    database. :meth:`stop`, :meth:`start` and :meth:`restart` keep the port and the data."""

    def __init__(self) -> None:
        bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name)
                      if p.parent.name.isdigit() else 0)
        if not bins or not (bins[-1] / "initdb").exists():
            require("PostgreSQL's server programs are not installed (/usr/lib/postgresql/*/bin)",
                    "apt-get install postgresql (.ci/run installs it)")
        self.bin = bins[-1]
        self.port = free_port()
        # Under /tmp, not pytest's folder: that is private to its owner, and the server
        # runs as postgres when we are root.
        self.data = Path(tempfile.mkdtemp(prefix="euchre-test-pg."))
        self.as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_postgres:
            shutil.chown(self.data, "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "euchre")
        self.running = False

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://euchre@127.0.0.1:{self.port}/postgres"

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run([*self.as_postgres, str(self.bin / program), *args], capture_output=True, text=True,
                              timeout=120, check=False)
        if done.returncode != 0:
            raise AssertionError(f"{program} {' '.join(args)} failed ({done.returncode}):\n{done.stdout}{done.stderr}\n"
                                 f"{self.log()}")

    def log(self) -> str:
        """The server's log (for failure messages)."""
        try:
            return (self.data / "server.log").read_text(errors="replace")[-4000:]
        except OSError:
            return "(no log)"

    def start(self) -> None:
        """Start the server and wait until it takes connections."""
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.data / "server.log"), "-w", "-t", "60",
                  "-o", f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.data}", "start")
        self.running = True

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: ``fast`` (connections cut, a clean shutdown) or
        ``immediate`` (as a crash: recovery at the next start)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")
        self.running = False

    def restart(self, mode: str = "fast") -> None:
        """Stop the server and start it again on the same port with the same data."""
        self.stop(mode)
        self.start()

    def close(self) -> None:
        """Stop the server if it runs (immediately) and remove its data."""
        try:
            if self.running:
                with contextlib.suppress(AssertionError):
                    self.stop("immediate")
        finally:
            shutil.rmtree(self.data, ignore_errors=True)


@contextlib.contextmanager
def private_postgres() -> Iterator[PrivatePostgres]:
    """A started :class:`PrivatePostgres`, stopped and removed at the end whatever happens."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        require("the PostgreSQL driver psycopg is not installed", "pip install 'psycopg[binary]'")
    server = PrivatePostgres()
    try:
        server.start()
        yield server
    finally:
        server.close()


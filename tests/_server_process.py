"""A real ``euchre serve`` process for the tests that need one (the browser tests and the
restart tests): started on a free loopback port with an SQLite file of the test's own,
waited for until it answers ``/healthz``, stopped (or killed with SIGKILL) by the test.

Also: a small websocket seat client (the ``websockets`` package, blocking API) and the
replay of a table's stored log, to compare what clients were sent with the real game.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from euchre.core.actions import parse_action
from euchre.core.game import Game
from euchre.core.rules import Rules
from euchre.server.config import sqlite_url
from euchre.server.storage import EventRow, Store

START_TIMEOUT = 60.0
"""Seconds a server may take to answer /healthz (migrations run first; the machine may be busy)."""

RECEIVE_TIMEOUT = 30.0
"""Seconds a client waits for a message (or an HTTP answer) it expects before the test
fails: a deadline for "never", generous for a busy machine."""

_LAUNCH = "import sys; from euchre.cli.main import main; sys.exit(main(sys.argv[1:]))"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (the kernel's choice)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    """One ``euchre serve`` process on 127.0.0.1 with the SQLite file ``db``.

    Args:
        db: the SQLite file (created and migrated by the server).
        log_dir: where the server's output goes (``server-N.log``, one per start).
        delay: ``--delay`` (seconds before a bot moves).
        grace: ``--grace`` (seconds before a bot stands in for an absent player).
    """

    def __init__(self, db: Path, log_dir: Path, delay: float = 0.0, grace: float = 10.0) -> None:
        self.db = db
        self.db_url = sqlite_url(db)
        self.log_dir = log_dir
        self.delay = delay
        self.grace = grace
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.log_path = log_dir / "server-0.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def command(self) -> list[str]:
        """The ``euchre serve`` command line of a start on :attr:`port`."""
        return [sys.executable, "-c", _LAUNCH, "serve", "--host", "127.0.0.1", "--port", str(self.port),
                "--db", self.db_url, "--delay", str(self.delay), "--grace", str(self.grace),
                "--public-url", f"http://127.0.0.1:{self.port}"]

    def start(self, port: int | None = None, *, keep_port: bool = False) -> None:
        """Start the process (on ``port`` if it is free, else on a free one) and wait
        until it answers. A port taken meanwhile by someone else (another test worker)
        is retried with another free port, unless ``keep_port`` (a balancer knows the
        process by its port): then the start fails."""
        for attempt in range(5):
            self.port = port if port is not None and attempt == 0 else free_port()
            self.starts += 1
            self.log_path = self.log_dir / f"server-{self.starts}.log"
            with self.log_path.open("wb") as out:
                self.proc = subprocess.Popen(self.command(), stdout=out, stderr=subprocess.STDOUT,
                                             stdin=subprocess.DEVNULL, env={**os.environ, "PYTHONUNBUFFERED": "1"})
            if self._wait_ready():
                return
            log = self.log().lower()
            if ("address already in use" not in log and "is in use" not in log) or attempt == 4 or keep_port:
                raise AssertionError(f"euchre serve did not start:\n{self.log()}")

    def _wait_ready(self) -> bool:
        assert self.proc is not None
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as response:
                    if json.loads(response.read()) == {"ok": True}:
                        return True
            except (OSError, ValueError):
                pass
            time.sleep(0.05)  # polling the port: nothing to wait on but the process itself
        self.stop()
        raise AssertionError(f"euchre serve did not answer within {START_TIMEOUT} s:\n{self.log()}")

    def log(self) -> str:
        """The output of the latest start (for failure messages)."""
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return "(no log)"

    def check_logs(self) -> None:
        """No start of this server logged an error or a traceback."""
        for path in sorted(self.log_dir.glob("server-*.log")):
            text = path.read_text(errors="replace")
            bad = [line for line in text.splitlines() if "Traceback" in line or line.startswith(("ERROR", "CRITICAL"))]
            assert not bad, f"{path.name} logged errors:\n{text[-4000:]}"

    def kill9(self) -> None:
        """SIGKILL the process (no shutdown code runs) and reap it."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        assert self.proc.returncode == -signal.SIGKILL

    def stop(self) -> None:
        """Stop the process if it runs: SIGTERM, then SIGKILL after 10 s."""
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)

    # ------------------------------------------------------------------ HTTP
    def post_json(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=RECEIVE_TIMEOUT) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def get(self, path: str) -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=RECEIVE_TIMEOUT) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read()

    def create_table(self, **body: Any) -> dict[str, Any]:
        status, made = self.post_json("/api/tables", body)
        assert status == 201, made
        result: dict[str, Any] = made
        return result


@contextlib.contextmanager
def serving(tmp_path: Path, delay: float = 0.0, grace: float = 10.0, name: str = "tables.sqlite3") -> Iterator[ServerProcess]:
    """A started server on ``tmp_path / name``, stopped at the end whatever happens."""
    server = ServerProcess(tmp_path / name, tmp_path, delay=delay, grace=grace)
    try:
        server.start()
        yield server
    finally:
        server.stop()
    server.check_logs()


# ---------------------------------------------------------------------- a websocket client
class Pace:
    """Keeps a client under the server's rate limit (8 messages a second, burst 20):
    a token bucket a little below it, so a test's quick player is never refused."""

    def __init__(self, rate: float = 7.0, burst: int = 15) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last = time.monotonic()

    def wait(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1.0:
            time.sleep((1.0 - self.tokens) / self.rate)  # the server's limit, not a wait for a state
            self.tokens = 1.0
            self.last = time.monotonic()
        self.tokens -= 1.0


class SeatClient:
    """One websocket to the server: joins with a token and keeps every message.

    ``state`` is the latest state message received; ``log`` every message.
    """

    def __init__(self, ws_url: str, token: str) -> None:
        from websockets.sync.client import connect

        # Entered as a context manager (newer websockets warn about a bare connect()).
        self.ws = connect(ws_url, open_timeout=RECEIVE_TIMEOUT, close_timeout=2, max_size=2**22).__enter__()
        self.pace = Pace()
        self.log: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.send(type="join", token=token)
        self.welcome = self.until(lambda m: m["type"] in ("welcome", "error"))
        assert self.welcome["type"] == "welcome", self.welcome
        self.until(lambda m: m["type"] == "state")

    def send(self, **message: Any) -> None:
        self.pace.wait()
        self.ws.send(json.dumps(message))

    def recv(self, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.log.append(data)
        if data["type"] == "state":
            self.state = data
        return data

    def until(self, wanted: Callable[[dict[str, Any]], bool], timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
        """The first message from now on that ``wanted`` accepts (fails after ``timeout`` s)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"the wanted message did not come within {timeout} s; last: {self.log[-3:]}")
            try:
                message = self.recv(timeout=left)
            except TimeoutError:
                continue
            if wanted(message):
                return message

    def until_seq(self, seq: int, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
        """The state of ``seq`` or later (the one held already, if it is that far)."""
        if self.state is not None and self.state["seq"] >= seq:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["seq"] >= seq, timeout)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()


def legal(state: dict[str, Any]) -> list[str]:
    """The actions a state offers its seat."""
    game = state["game"]
    return [] if game is None else [a["action"] for a in game["legal"]]


# ---------------------------------------------------------------------- the stored log
def stored_log(db_url: str, table_id: str) -> tuple[Rules, int, list[EventRow]]:
    """A table's rules, seed and event log, read from the database (the server may run)."""
    store = Store(db_url)
    try:
        found = store.load(table_id)
    finally:
        store.close()
    assert found is not None, f"no table {table_id} in {db_url}"
    row, events = found
    return Rules.from_dict(row.rules), row.seed, events


def replay(rules: Rules, seed: int, events: list[EventRow], upto: int | None = None) -> Game | None:
    """The game after the first ``upto`` events (all by default): None before the start."""
    game: Game | None = None
    for ev in events[:upto]:
        if ev.kind == "start":
            game = Game(rules, seed)
        elif ev.kind == "action":
            assert game is not None and ev.seat == game.turn
            game.apply(parse_action(str(ev.data["action"])))
    return game

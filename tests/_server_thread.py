"""A real uvicorn server in a thread of the test process, for the tests that need real
sockets (the framework's test client has none) and the app's objects at hand: the
slow-client tests, the raw requests of tests/test_server_json_requests.py.

:class:`LogCapture` keeps the records of the server's loggers (uvicorn's ``uvicorn.error``,
where "Exception in ASGI application" goes, and the app's ``euchre.server``).
"""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import uvicorn

from euchre.server import ServerConfig, create_app
from euchre.server.config import sqlite_url
from euchre.server.http_timeouts import head_timeout_protocol
from test_server import FAST

START_TIMEOUT = 30.0
"""Seconds the server may take to start (migrations run first; the machine may be busy)."""


@contextlib.contextmanager
def serve_in_thread(app: Any, head_timeout: float = 15.0) -> Iterator[int]:
    """Any ASGI ``app`` served by uvicorn (h11 with the head timeout, websockets-sansio)
    on a free loopback port in a thread; yields the port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           ws="websockets-sansio", ws_per_message_deflate=False,
                                           http=head_timeout_protocol(head_timeout)))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_TIMEOUT
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)  # polling a flag of the server's thread: nothing to wait on
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(10)


@contextlib.contextmanager
def uvicorn_thread(db: Path, **overrides: Any) -> Iterator[tuple[int, Any]]:
    """The euchre app (``FAST`` settings and ``overrides``) on the SQLite file ``db``,
    served in a thread; yields (port, app)."""
    app = create_app(ServerConfig(db_url=sqlite_url(db), **{**FAST, **overrides}))
    with serve_in_thread(app, app.state.config.body_timeout) as port:
        yield port, app


class LogCapture(logging.Handler):
    """Keeps every record of ``uvicorn.error`` and ``euchre.server`` (INFO and up) while
    entered; the loggers' levels are put back after."""

    NAMES = ("uvicorn.error", "euchre.server")

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []
        self._lock_records = threading.Lock()
        self._levels: dict[str, int] = {}

    def emit(self, record: logging.LogRecord) -> None:
        with self._lock_records:
            self.records.append(record)

    def __enter__(self) -> LogCapture:
        for name in self.NAMES:
            logger = logging.getLogger(name)
            self._levels[name] = logger.level
            logger.setLevel(logging.INFO)
            logger.addHandler(self)
        return self

    def __exit__(self, *_exc: object) -> None:
        for name in self.NAMES:
            logger = logging.getLogger(name)
            logger.removeHandler(self)
            logger.setLevel(self._levels[name])

    def lines(self) -> list[str]:
        """Each record as ``LEVEL name: message`` (with ``+traceback`` when it has one)."""
        with self._lock_records:
            return [f"{r.levelname} {r.name}: {r.getMessage()}" + (" +traceback" if r.exc_info else "")
                    for r in self.records]

    def wait_for(self, wanted: Callable[[str], bool], timeout: float = 30.0) -> str:
        """The first line ``wanted`` accepts, polled for until ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while True:
            found = next((line for line in self.lines() if wanted(line)), None)
            if found is not None:
                return found
            assert time.monotonic() < deadline, f"no such log line within {timeout} s; the log: {self.lines()}"
            time.sleep(0.05)  # the server's thread writes the log: nothing to wait on but the list

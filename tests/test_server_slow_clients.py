"""Clients the server must not wait on for ever: a websocket client that stops reading
is disconnected once a message has waited ``send_timeout`` seconds to be written (close
code 1013), and an HTTP request whose body never finishes is answered 408, on a real
uvicorn server in a thread (the test client has no sockets to fill)."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import uvicorn

from euchre.server import ServerConfig, create_app
from euchre.server.config import sqlite_url
from euchre.server.http_timeouts import head_timeout_protocol
from test_server import FAST


@contextlib.contextmanager
def uvicorn_thread(db: Path, **overrides: Any) -> Iterator[tuple[int, Any]]:
    """A uvicorn server on a free loopback port in a thread; yields (port, app)."""
    app = create_app(ServerConfig(db_url=sqlite_url(db), **{**FAST, **overrides}))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = app.state.config
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           ws="websockets-sansio", ws_per_message_deflate=False,
                                           http=head_timeout_protocol(config.body_timeout)))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield port, app
    finally:
        server.should_exit = True
        thread.join(10)


def _post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    import urllib.request

    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as r:
        made: dict[str, Any] = json.load(r)
    return made


def _frame(text: str) -> bytes:
    """A masked websocket text frame (a client's frames are masked, RFC 6455 5.3)."""
    data = text.encode()
    mask = os.urandom(4)
    head = bytes([0x81])
    n = len(data)
    head += bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def _raw_websocket(port: int, token: str) -> socket.socket:
    """A websocket that joins with ``token`` and then never reads again (a tiny receive
    buffer, so that the server's writes back up quickly)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    sock.sendall(_frame(json.dumps({"type": "join", "token": token})))
    return sock


def test_regression_a_client_that_stops_reading_is_disconnected_on_time(tmp_path: Path) -> None:
    """A spectator that stopped reading was never disconnected: the writer waited on its
    full socket for ever (the queue limit could not act while a write was stuck). Now,
    once one message has waited a second to be written, the server drops it."""
    import websockets.sync.client

    with uvicorn_thread(tmp_path / "t.db", send_timeout=1.0, send_queue=100_000) as (port, app):
        made = _post(port, "/api/tables", {})
        silent = _raw_websocket(port, made["spectator"])
        with websockets.sync.client.connect(f"ws://127.0.0.1:{port}/ws") as north:
            north.send(json.dumps({"type": "join", "token": made["seats"]["N"]}))
            table = None
            deadline = time.monotonic() + 180  # some 4,000 states fill the socket buffers of loopback
            names = 0
            while time.monotonic() < deadline:
                for _ in range(50):  # each name is a new state (some kilobytes) sent to every connection
                    names += 1
                    north.send(json.dumps({"type": "name", "name": f"Ann {names}"}))
                tables = app.state.hub.tables
                table = tables.get(made["table"])
                if table is not None and not any(c.seat is None for c in table.connections):
                    break
                time.sleep(0.2)
            assert table is not None and not any(c.seat is None for c in table.connections), \
                "the silent spectator is still attached"
            assert any(c.seat == 0 for c in table.connections)  # the reading client is not affected
        silent.close()


def test_an_http_body_that_never_finishes_is_answered_408(tmp_path: Path) -> None:
    with uvicorn_thread(tmp_path / "t.db", body_timeout=1.0) as (port, _):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 100\r\n\r\n{\"pre")
            started = time.monotonic()
            answer = sock.recv(4096)
            assert answer.startswith(b"HTTP/1.1 408"), answer
            assert b'"timeout"' in answer and time.monotonic() - started < 5


def test_a_trickled_body_kept_the_connection_open_after_its_408(tmp_path: Path) -> None:
    """Regression: a body sent a byte at a time was answered 408, but the connection
    stayed open for as long as the bytes kept coming (each one put off uvicorn's
    keep-alive timer). After the answer the server closes it."""
    with uvicorn_thread(tmp_path / "t.db", body_timeout=1.0) as (port, _):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 1000\r\n\r\n{")
            started = time.monotonic()
            answer = b""
            closed = False
            sock.settimeout(0.2)
            while time.monotonic() - started < 8 and not closed:
                try:
                    sock.sendall(b" ")
                except OSError:
                    closed = True
                    break
                try:
                    chunk = sock.recv(4096)
                except TimeoutError:
                    continue
                except OSError:
                    closed = True
                    break
                answer += chunk
                closed = chunk == b""
            assert answer.startswith(b"HTTP/1.1 408"), answer
            assert closed and time.monotonic() - started < 5


def test_the_writer_gives_up_on_a_write_that_never_completes() -> None:
    """The unit under the regression above: a write that never completes drops the client
    after ``send_timeout``, the close (1013) is tried and abandoned after as long again,
    and later messages are not queued for ever."""
    import asyncio

    from euchre.server.connection import Connection

    closes: list[tuple[int, str]] = []

    async def stuck(_text: str) -> None:
        await asyncio.sleep(3600)

    async def close(code: int, reason: str) -> None:
        closes.append((code, reason))
        await asyncio.sleep(3600)  # the close frame cannot be written either

    async def go() -> float:
        conn = Connection(None, limit=1000, send_timeout=0.2)
        conn.post({"type": "state"})
        started = time.monotonic()
        await asyncio.wait_for(conn.pump(stuck, close), timeout=5)
        conn.post({"type": "late"})  # dropped: nothing more is queued
        assert conn.dropped and not conn._pending
        return time.monotonic() - started

    took = asyncio.run(go())
    assert 0.35 < took < 2 and closes and closes[0][0] == 1013


def test_a_request_head_that_never_finishes_is_closed_with_408(tmp_path: Path) -> None:
    """A client that sends half a request line and stops (a "slowloris" connection) was
    held open for ever; it is answered 408 and closed once the head timeout passes. A
    whole request on the same kind of connection is served, and so is the next one on a
    kept-alive connection sent slowly but in time."""
    with uvicorn_thread(tmp_path / "t.db", body_timeout=1.0) as (port, _):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"GET /healthz HT")
            started = time.monotonic()
            answer = sock.recv(4096)
            assert answer.startswith(b"HTTP/1.1 408"), answer
            assert sock.recv(4096) == b""  # closed
            assert 0.8 < time.monotonic() - started < 5
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            assert sock.recv(4096).startswith(b"HTTP/1.1 200")
            sock.sendall(b"GET /healthz HTTP/1.1\r\n")
            time.sleep(0.5)
            sock.sendall(b"Host: x\r\n\r\n")
            assert sock.recv(4096).startswith(b"HTTP/1.1 200")

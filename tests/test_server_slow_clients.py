"""Clients the server must not wait on for ever: a websocket client that stops reading
is disconnected once a message has waited ``send_timeout`` seconds to be written (close
code 1013), an HTTP request whose body never finishes is answered 408, and a client that
leaves half way through its body is no error of the server, on a real uvicorn server in
a thread (the test client has no sockets to fill).

The responses are read whole (:mod:`_raw_http`: the head, then the body's length, however
the bytes arrive), and the time bounds are wide: "on time" here means seconds, not
"never", on a machine that may be busy.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from pathlib import Path
from typing import Any

from _raw_http import DEADLINE, Reader, exchange, request
from _server_thread import LogCapture, serve_in_thread, uvicorn_thread


def _post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    import urllib.request

    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=DEADLINE) as r:
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
    sock.settimeout(DEADLINE)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:  # a byte at a time: nothing of the first frames is read
        byte = sock.recv(1)
        assert byte, f"the server closed the connection during the handshake: {answer!r}"
        answer += byte
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
        with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as sock:
            sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 100\r\n\r\n{\"pre")
            started = time.monotonic()
            answer = Reader(sock).response()
            assert answer.status == 408 and answer.error_code() == "timeout", answer
            assert 0.9 < time.monotonic() - started < 20  # the body timeout, not never


def test_a_trickled_body_kept_the_connection_open_after_its_408(tmp_path: Path) -> None:
    """Regression: a body sent a byte at a time was answered 408, but the connection
    stayed open for as long as the bytes kept coming (each one put off uvicorn's
    keep-alive timer). After the answer the server closes it."""
    with uvicorn_thread(tmp_path / "t.db", body_timeout=1.0) as (port, _):
        with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as sock:
            sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 1000\r\n\r\n{")
            started = time.monotonic()
            answer = b""
            closed = False
            sock.settimeout(0.2)
            # A byte every 0.2 s for up to DEADLINE s (the fault: open as long as they come).
            while time.monotonic() - started < DEADLINE and not closed:
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
            assert closed, f"the connection was still open after {DEADLINE} s of trickled bytes"


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
        await asyncio.wait_for(conn.pump(stuck, close), timeout=DEADLINE)
        conn.post({"type": "late"})  # dropped: nothing more is queued
        assert conn.dropped and not conn._pending
        return time.monotonic() - started

    took = asyncio.run(go())
    # At least the write's and the close's timeouts (0.2 s each); far less than the stuck
    # write's hour however busy the machine.
    assert 0.35 < took < 20 and closes and closes[0][0] == 1013


def test_a_request_head_that_never_finishes_is_closed_with_408(tmp_path: Path) -> None:
    """A client that sends half a request line and stops (a "slowloris" connection) was
    held open for ever; it is answered 408 and closed once the head timeout passes. A
    whole request on the same kind of connection is served, and so is the next one on a
    kept-alive connection sent slowly but in time.

    Regression (a fresh clone on a loaded machine): the test read each answer with one
    ``recv`` and took the first answer's late body for the second answer; answers are
    now read whole (:class:`_raw_http.Reader`), and the slow head has seconds to spare."""
    head_timeout = 3.0
    with uvicorn_thread(tmp_path / "t.db", body_timeout=head_timeout) as (port, _):
        started = time.monotonic()  # the head timer starts when the server accepts the connection
        with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as sock:
            sock.sendall(b"GET /healthz HT")
            reader = Reader(sock)
            answer = reader.response()
            assert answer.status == 408, answer
            assert reader.closed()
            assert head_timeout - 0.1 < time.monotonic() - started < head_timeout + 20  # on time, not never
        with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as sock:
            reader = Reader(sock)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            first = reader.response()
            assert first.status == 200 and first.json() == {"ok": True}
            sock.sendall(b"GET /healthz HTTP/1.1\r\n")
            time.sleep(0.5)  # the slow client's pause, well within the head timeout
            sock.sendall(b"Host: x\r\n\r\n")
            second = reader.response()
            assert second.status == 200 and second.json() == {"ok": True}


def test_regression_a_client_leaving_during_its_body_logged_an_asgi_exception(tmp_path: Path) -> None:
    """A client that sent a ``Content-Length`` and closed the connection before the body
    was all there left "ERROR: Exception in ASGI application" and a ``ClientDisconnect``
    traceback in the log. It is now one INFO line, on every route with a body; nothing
    is made, and the server goes on."""
    with uvicorn_thread(tmp_path / "t.db") as (port, app), LogCapture() as log:
        paths = ("/api/tables", "/api/referee", "/api/accounts", "/api/login", "/api/events")
        for path in paths:
            with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as sock:
                sock.sendall(request("POST", path, b'{"pre', "application/json", length=100))
            log.wait_for(lambda line, path=path: "left before its request body arrived" in line and path in line)
        assert exchange(port, request("GET", "/healthz")).json() == {"ok": True}
        lines = log.lines()
        assert all(line.startswith("INFO ") and "+traceback" not in line for line in lines), lines
        assert not any("Exception in ASGI application" in line for line in lines), lines
        assert len([line for line in lines if "left before" in line]) == len(paths), lines
        with app.state.store.engine.connect() as db:
            assert db.exec_driver_sql("SELECT count(*) FROM euchre_table").scalar() == 0
            assert db.exec_driver_sql("SELECT count(*) FROM euchre_account").scalar() == 0


def test_the_log_capture_sees_an_asgi_exception() -> None:
    """The positive control of the test above: the same capture, on an app that reads a
    body without the server's care (a plain Starlette route), sees uvicorn's error line
    with its traceback when the client leaves during the body."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    async def careless(req: Request) -> Response:
        return Response(await req.body())

    app = Starlette(routes=[Route("/echo", careless, methods=["POST"])])
    with serve_in_thread(app) as port, LogCapture() as log:
        with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as sock:
            sock.sendall(request("POST", "/echo", b'{"pre', "application/json", length=100))
        line = log.wait_for(lambda line: "Exception in ASGI application" in line)
        assert line.startswith("ERROR ") and line.endswith("+traceback")

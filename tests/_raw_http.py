"""HTTP/1.1 over a plain socket, as curl would send it, for the tests that must control
every byte (a content type, an empty body, a half-sent request).

Bytes arrive as TCP delivers them, not as they were written: a response may come in
several ``recv`` calls, and two responses may come in one. :func:`read_response`
therefore reads until the head's end and then exactly the body's ``Content-Length``
(keeping what it read beyond, for the next response), under one deadline.
"""

from __future__ import annotations

import json
import socket
import time
from dataclasses import dataclass, field
from typing import Any

DEADLINE = 30.0
"""Seconds a whole response may take to arrive (generous: the machine may be busy)."""


@dataclass
class Response:
    """One HTTP response: status, headers (names in lower case), body."""

    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    def error_code(self) -> str | None:
        """The server's error code (``{"error": {"code"}}``), or None."""
        try:
            data = self.json()
        except ValueError:
            return None
        return data.get("error", {}).get("code") if isinstance(data, dict) else None


@dataclass
class Reader:
    """Reads responses off one socket; bytes past one response wait for the next."""

    sock: socket.socket
    pending: bytes = field(default=b"")

    def _more(self, deadline: float) -> bytes:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no whole response within the deadline; so far: {self.pending[:300]!r}")
        self.sock.settimeout(left)
        try:
            return self.sock.recv(65536)
        except TimeoutError:
            return self._more(deadline)

    def response(self, timeout: float = DEADLINE) -> Response:
        """The next whole response (its head, then exactly its Content-Length bytes, or
        everything until the server closes when it gives no length)."""
        deadline = time.monotonic() + timeout
        while b"\r\n\r\n" not in self.pending:
            chunk = self._more(deadline)
            if not chunk:
                raise AssertionError(f"the connection closed before a whole head: {self.pending[:300]!r}")
            self.pending += chunk
        head, _, rest = self.pending.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            length = int(headers["content-length"])
            while len(rest) < length:
                chunk = self._more(deadline)
                if not chunk:
                    raise AssertionError(f"the connection closed {length - len(rest)} bytes short of the body")
                rest += chunk
            self.pending = rest[length:]
            return Response(status, headers, rest[:length])
        while chunk := self._more(deadline):  # no length: the body runs to the close
            rest += chunk
        self.pending = b""
        return Response(status, headers, rest)

    def closed(self, timeout: float = DEADLINE) -> bool:
        """True once the server has closed the connection (after any bytes still
        pending); False when more bytes came instead."""
        if self.pending:
            return False
        deadline = time.monotonic() + timeout
        try:
            return self._more(deadline) == b""
        except (ConnectionResetError, BrokenPipeError):
            return True


def request(method: str, path: str, body: bytes = b"", content_type: str | None = None,
            headers: dict[str, str] | None = None, length: int | None = None) -> bytes:
    """The bytes of one request (``Connection: close``; a ``Content-Length`` always,
    0 for an empty body, as curl sends ``--data-binary ''``; ``length`` declares another
    than the body's, for a client that will not send it all)."""
    declared = len(body) if length is None else length
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close", f"Content-Length: {declared}"]
    if content_type is not None:
        lines.append(f"Content-Type: {content_type}")
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def exchange(port: int, raw: bytes, timeout: float = DEADLINE) -> Response:
    """Send ``raw`` on a new connection to 127.0.0.1:``port`` and read the response."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(raw)
        return Reader(sock).response(timeout)

"""A request head that never finishes is closed on time (a "slowloris" client).

uvicorn's HTTP protocol times out a connection idle between requests (its keep-alive
timer), but not one that sends a request line and headers a few bytes at a time, or
stops half way: such a connection would be held open for ever. :func:`head_timeout_protocol`
makes a subclass of uvicorn's h11 protocol that gives each request head (the request
line and headers, from the connection's start or the end of the previous response)
``seconds`` to arrive, then answers ``408 Request Timeout`` and closes the connection.
A request body that does not arrive is the app's to time out (``body_timeout``,
:func:`euchre.server.http_body.read_json`); a connection answered before its body was read
(that 408, or a refusal) is closed, so that the rest of the body cannot keep it open.

It reads uvicorn's ``H11Protocol`` (its ``conn``, an ``h11.Connection``, its
``transport`` and ``loop``): tests/test_server_slow_clients.py checks it against the
uvicorn installed.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

_BODY = b"the request head did not arrive in time\n"
REQUEST_TIMEOUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
                   b"content-length: " + str(len(_BODY)).encode() + b"\r\n\r\n" + _BODY)
"""The answer to a request head that timed out (then the connection is closed)."""


def head_timeout_protocol(seconds: float) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with a ``seconds`` limit on each request head (see the
    module docstring); pass it as ``uvicorn.Config(http=...)``."""

    class HeadTimeoutProtocol(H11Protocol):
        head_timer: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            self._disarm()
            self.head_timer = self.loop.call_later(seconds, self._head_timed_out)

        def _disarm(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:  # the head is in (or the protocol switched)
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self.transport.is_closing():
                return
            if self.conn.their_state is h11.SEND_BODY:
                # Answered before the body was read (its 408, a refusal): uvicorn would wait
                # for the rest, and a client trickling it in keeps its keep-alive timer off
                # for ever. The body is not wanted; the connection ends.
                self.transport.close()
            elif self.conn.their_state is h11.IDLE:
                self._arm()  # the next request's head gets as long

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _head_timed_out(self) -> None:
            self.head_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.write(REQUEST_TIMEOUT)
                self.transport.close()

    return HeadTimeoutProtocol

"""The settings of the web server, with their units and limits.

A :class:`ServerConfig` is a frozen value: the command line (``euchre serve``) and the
tests build one and hand it to :func:`euchre.server.app.create_app`. Every limit the
server enforces on a client is here, so that a test can make it small.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from euchre.core.errors import EuchreError
from euchre.storage.sql import sqlite_url

PUBLIC_URL = re.compile(r"^https?://[A-Za-z0-9.\-\[\]:]+/?$")
"""An address invite links may start with: http(s) and a host (name, IPv4 or [IPv6]) with
an optional port. No path: the pages ask for /static, /api and /ws from the root, so the
server cannot be reached under a prefix such as https://example.org/euchre."""

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST_NAME = re.compile(rf"^(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*\.?$")
"""A DNS name: labels of letters, digits and inner hyphens, 1 to 63 characters each."""


def is_site_address(value: str) -> bool:
    """True for ``http(s)://HOST[:PORT][/]``: HOST a DNS name (letters, digits, hyphens
    in dot-separated labels), an IPv4 address or a bracketed IPv6 address, PORT 1..65535;
    nothing else (no path, query, fragment, user or empty host). The shape of
    ``public_url`` and ``advertise_url``."""
    import ipaddress
    from urllib.parse import urlsplit

    if not PUBLIC_URL.match(value):
        return False
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError:  # a port out of range, a bracket left open
        return False
    host = parts.hostname or ""
    if port == 0 or parts.username is not None or not host:
        return False
    if parts.netloc.startswith("["):
        try:
            return ipaddress.ip_address(host).version == 6
        except ValueError:
            return False
    return bool(_HOST_NAME.match(host))


CREATE_PER_MINUTE = 20
"""Tables one client address may create per minute by default (``create_per_minute``)."""

APP_NAME = "euchre"
DB_FILE = "server.sqlite3"


def default_db_url() -> str:
    """The default storage: an SQLite file in the user's data directory (from
    platformdirs, e.g. ``~/.local/share/euchre/server.sqlite3`` on Linux). The directory
    is created when missing.

    Returns:
        An SQLAlchemy URL, ``sqlite:////absolute/path/server.sqlite3``.
    """
    from platformdirs import user_data_path

    folder = user_data_path(APP_NAME, appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    return sqlite_url(folder / DB_FILE)


@dataclass(frozen=True)
class ServerConfig:
    """What the server allows and how it paces the game.

    Attributes:
        db_url: the SQLAlchemy URL of the storage (any database SQLAlchemy and Alembic
            support; SQLite by default, see :func:`default_db_url`).
        grace_seconds: seconds a human seat may be absent (no open connection) before a
            bot plays its turns for it; the bot stops as soon as the player is back.
        bot_delay: seconds a bot waits before acting, so that people can follow the play
            (0 in tests).
        max_message_bytes: the largest websocket message accepted from a client, in
            bytes of UTF-8; larger ones get the error ``too_large``.
        chat_max_chars: the longest chat line, in characters.
        chat_history: chat lines kept per table and sent to a client when it joins.
        rate_per_second: messages a connection may send per second on average.
        rate_burst: messages a connection may send at once before the rate applies.
        join_timeout: seconds a new connection has to send its ``join`` message.
        max_connections_per_seat: open connections per seat (tabs of the same player).
        max_spectators: open spectator connections per table.
        max_target: the largest game target a table may be created with, in points.
        send_queue: messages waiting for a slow client before it is disconnected (it
            gets the full state again when it reconnects).
        send_timeout: seconds one message may take to be written to a client before it
            is taken to have stopped reading and is disconnected (close code 1013).
        idle_seconds: seconds a table may have no connection before it is unloaded
            from memory (its bots stop); the next link or record request loads it
            again from its log, where it was.
        body_timeout: seconds an HTTP request may take to send its body (a half-open
            request is answered 408 ``timeout``), and its headers (the connection is
            closed).
        max_body_bytes: the largest HTTP request body accepted (table creation).
        search_workers: worker processes for hints and search bots
            (:mod:`euchre.server.search`), started on first use.
        search_queue: hints and search bots' decisions waiting or running at most
            before a hint is answered ``busy``.
        public_url: the address people open (``https://euchre.example.org``), from
            which invite links are built; never the request's ``Host`` header, which a
            client chooses. Empty: links are paths only (``/play#TOKEN``), which the
            page completes with its own address.
        create_per_minute: tables one client address may create per minute (a burst
            of as many, then that rate); more are refused ``rate_limited`` (HTTP 429).
            ``euchre serve --creation-limit N`` sets it (default 20); a load test whose
            clients all come from one address raises it, a public server keeps it.
        name: this process's name among those serving the database (``--name``; the
            leases of the tables it runs carry it, with a random suffix). Empty: the
            host's name and the port.
        advertise_url: where the other processes reach this one directly
            (``--advertise-url``, ``http://server2:8000``): a websocket that reached
            another process is forwarded here, and they ask it to start or stop its
            tables. Required where the database is shared (PostgreSQL); unused on SQLite.
    """

    db_url: str
    grace_seconds: float = 30.0
    bot_delay: float = 0.6
    max_message_bytes: int = 2048
    chat_max_chars: int = 300
    chat_history: int = 50
    rate_per_second: float = 8.0
    rate_burst: int = 20
    join_timeout: float = 15.0
    max_connections_per_seat: int = 4
    max_spectators: int = 32
    max_target: int = 50
    send_queue: int = 256
    send_timeout: float = 30.0
    idle_seconds: float = 600.0
    body_timeout: float = 15.0
    max_body_bytes: int = 4096
    search_workers: int = 1
    search_queue: int = 8
    public_url: str = ""
    create_per_minute: int = CREATE_PER_MINUTE
    name: str = ""
    advertise_url: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.db_url, str) or not self.db_url:
            raise EuchreError("db_url must be an SQLAlchemy URL such as sqlite:////path/to/file.sqlite3")
        if not isinstance(self.public_url, str) or (self.public_url and not is_site_address(self.public_url)):
            raise EuchreError(f"public_url must be an http(s) address such as https://euchre.example.org "
                              f"(a host and port, no path: the server is served from its root), "
                              f"not {self.public_url[:100]!r}")
        if not isinstance(self.advertise_url, str) or (self.advertise_url and not is_site_address(self.advertise_url)):
            raise EuchreError(f"advertise_url must be an http(s) address at which the other server processes reach "
                              f"this one, such as http://server2:8000 (no path), not {str(self.advertise_url)[:100]!r}")
        if not isinstance(self.name, str) or len(self.name) > 48 or not all(c.isalnum() or c in "-_.:" for c in self.name):
            raise EuchreError(f"name must be up to 48 letters, digits and - _ . : (this process among those serving "
                              f"the database), not {str(self.name)[:60]!r}")
        for f in dataclasses.fields(self):
            if f.name in ("db_url", "public_url", "name", "advertise_url"):
                continue
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise EuchreError(f"{f.name} must be a number >= 0, not {value!r}")
        for name in ("max_message_bytes", "chat_max_chars", "rate_burst", "max_connections_per_seat",
                     "max_target", "send_queue", "max_body_bytes", "search_workers", "search_queue",
                     "create_per_minute"):
            if getattr(self, name) < 1:
                raise EuchreError(f"{name} must be at least 1, not {getattr(self, name)!r}")
        for name in ("search_workers", "search_queue", "create_per_minute"):
            if type(getattr(self, name)) is not int:
                raise EuchreError(f"{name} must be a whole number, not {getattr(self, name)!r}")
        if self.rate_per_second <= 0:
            raise EuchreError(f"rate_per_second must be above 0, not {self.rate_per_second!r}")

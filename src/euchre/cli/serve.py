"""``euchre serve``: run the web server for playing with friends in a browser.

The server listens on the loopback address by default (127.0.0.1:8000). Another address
needs ``--public``: the server speaks plain HTTP, so put it behind a proxy that adds TLS
before opening it to a network. Storage is an SQLite file in the user's data directory
unless ``--db`` gives another SQLAlchemy URL; the schema is migrated before the server
starts. The web modules are imported only when the command runs.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import gc
import ipaddress
import logging
import os
import socket
from typing import TYPE_CHECKING, TypeVar

from euchre.cli.text import int_arg, seconds_arg
from euchre.core.errors import EuchreError

if TYPE_CHECKING:
    from rich.console import Console  # the cli extra: imported by the command, not by euchre's parser

MAX_GRACE = 3600.0
MAX_BOT_DELAY = 10.0
GC_THRESHOLDS = (5_000, 10, 100)
"""The garbage collector's thresholds while serving (Python's default: 700, 10, 10)."""
MAX_CREATION_LIMIT = 1_000_000
"""The largest ``--creation-limit`` (tables a minute from one address): no limit in
practice, for a load test whose clients all come from one address."""
WS_MAX_BYTES = 64 * 1024
"""The largest websocket frame uvicorn accepts; the app's own limit is smaller."""

P = TypeVar("P", bound=argparse.ArgumentParser)

CLIENT_FAULTS = ("Invalid UTF-8 sequence received from client.",)
"""Messages uvicorn logs as errors with a traceback for what a client sent (a text frame
that is not UTF-8: the connection is closed with 1007); :class:`ClientFaultFilter`
makes them one line at INFO level, so that no client can fill the log with tracebacks."""


class ClientFaultFilter(logging.Filter):
    """Logs uvicorn's :data:`CLIENT_FAULTS` as one line at INFO level (no traceback)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in CLIENT_FAULTS:
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


_CLIENT_FAULTS_FILTER = ClientFaultFilter()


def add_serve_parser(sub: argparse._SubParsersAction[P]) -> None:
    """Add the ``serve`` sub-command to the ``euchre`` parser."""
    p = sub.add_parser("serve", help="run the web server to play with friends in a browser",
                       description="Serve the browser game: create a table, share the seat links, play.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1, loopback only)")
    p.add_argument("--port", type=int_arg, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--db", default=None, metavar="URL",
                   help="SQLAlchemy database URL (default: an SQLite file in your data directory)")
    p.add_argument("--grace", type=seconds_arg(MAX_GRACE), default=30.0, metavar="SECONDS",
                   help="seconds an absent player's seat waits before a bot plays for them (default 30)")
    p.add_argument("--delay", type=seconds_arg(MAX_BOT_DELAY), default=0.6, metavar="SECONDS",
                   help=f"pause before each bot move, 0 to {MAX_BOT_DELAY:g}, so people can follow (default 0.6)")
    p.add_argument("--public", action="store_true",
                   help="allow an address other than loopback (put a TLS proxy in front)")
    p.add_argument("--public-url", default="", metavar="URL",
                   help="the address people open, e.g. https://euchre.example.org (no path), for the invite links the API "
                        "returns (default: none; the page completes each link with its own address)")
    p.add_argument("--search-workers", type=int_arg, default=None, metavar="N",
                   help="worker processes for hints and the advanced and expert bots (default: the CPUs less one, "
                        "at least 1)")
    p.add_argument("--search-queue", type=int_arg, default=None, metavar="N",
                   help="hints and search bots' moves under way at most before a hint is answered busy "
                        "(default 4 a worker)")
    p.add_argument("--creation-limit", type=int_arg, default=None, metavar="N",
                   help=f"tables one client address may create a minute, 1 to {MAX_CREATION_LIMIT} (default 20); "
                        "raise it only for a load test, whose clients all come from one address: a public server "
                        "keeps the default")
    p.add_argument("--name", default=None, metavar="NAME",
                   help="this process's name among several serving one PostgreSQL database (default: HOST:PORT)")
    p.add_argument("--advertise-url", default=None, metavar="URL",
                   help="where the other server processes reach this one, e.g. http://server2:8000 (default: "
                        "http://HOST:PORT; the machine's name for 0.0.0.0)")
    p.add_argument("--trusted-proxy", default=None, metavar="ADDRESS",
                   help="the balancer's address (e.g. 10.0.0.2, or a comma-separated list): its X-Forwarded-For "
                        "names the client for the per-address limits (default: none; every client is the peer)")


def search_workers(asked: int | None, cpus: int | None = None) -> int:
    """The worker processes for search: ``asked``, else the CPUs less one (the event
    loop keeps one), at least 1.

    Raises:
        EuchreError: ``asked`` is below 1 or above 64."""
    if asked is None:
        return max(1, ((os.cpu_count() if cpus is None else cpus) or 1) - 1)
    if not 1 <= asked <= 64:
        raise EuchreError(f"--search-workers must be 1..64, not {asked}")
    return asked


def creation_limit(asked: int | None) -> int | None:
    """The tables one client address may create a minute (``--creation-limit``):
    ``asked``, or None for the server's default (20, ``ServerConfig.create_per_minute``).

    The limit keeps one address from filling the database with tables; a load test
    (``bench/bench_server_load.py``) creates hundreds from 127.0.0.1 and raises it.

    Raises:
        EuchreError: ``asked`` is below 1 or above :data:`MAX_CREATION_LIMIT` (0 is no
            "off": a load test gives the largest value)."""
    if asked is not None and not 1 <= asked <= MAX_CREATION_LIMIT:
        raise EuchreError(f"--creation-limit must be 1..{MAX_CREATION_LIMIT} tables a minute from one address, "
                          f"not {asked} (a load test gives a large value, e.g. {MAX_CREATION_LIMIT})")
    return asked


def process_names(host: str, port: int, name: str | None, advertise: str | None) -> tuple[str, str]:
    """This process's name and the address the other processes reach it at
    (``--name``, ``--advertise-url``): as given, else ``HOST:PORT`` and
    ``http://HOST:PORT``, the machine's name standing for an address that listens
    everywhere (``0.0.0.0``, ``::``), which no other machine can reach."""
    shown = socket.gethostname() if host.strip("[]") in ("0.0.0.0", "::", "") else host  # noqa: S104 - compared, not bound
    if name is None or not name.strip():
        name = f"{shown}:{port}"[:48]
    if advertise is None:
        advertise = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}"
    if not advertise.strip():
        raise EuchreError("--advertise-url must be the address at which the other server processes reach this one, "
                          "e.g. http://server2:8000, not empty")
    return name.strip(), advertise.strip()


def trusted_proxies(value: str | None) -> str | None:
    """``--trusted-proxy``: comma-separated IP addresses or networks of the balancer, as
    given, or None.

    Raises:
        EuchreError: a host name (it would match nothing: uvicorn compares the peer's
            address), ``*`` or a network of every address (every client could then name
            any address in X-Forwarded-For and pass the per-address limits), or no
            address at all; one line naming the bad item."""
    if value is None:
        return None
    items = [item.strip() for item in value.split(",")]
    if not any(items):
        raise EuchreError("--trusted-proxy needs the balancer's IP address or network, e.g. 10.0.0.2")
    for item in items:
        try:
            network = ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise EuchreError(f"--trusted-proxy: {item[:60]!r} is not an IP address or network (a host name matches "
                              "nothing: give the balancer's address, e.g. 10.0.0.2 or 172.28.0.0/16)") from None
        if network.prefixlen == 0:
            raise EuchreError(f"--trusted-proxy {item}: every address would be trusted, and every client could then "
                              "name any address in X-Forwarded-For; give the balancer's own address or network")
    return ",".join(items)


def check_sole(database: str) -> None:
    """Refuse a second process on one SQLite file before anything starts (the server
    takes the same lock file for good once it runs: :class:`euchre.server.cluster.SoleServer`).

    Raises:
        EuchreError: another ``euchre serve`` serves the file (one line, with what to do)."""
    from euchre.server.cluster import SoleServer
    from euchre.server.storage import StorageError

    sole = SoleServer(database)
    try:
        sole.open()
    except StorageError as exc:
        raise EuchreError(str(exc)) from None
    sole.close()


def check_port_free(host: str, port: int) -> None:
    """Refuse a port that another program listens on, before anything is printed.

    Raises:
        EuchreError: one line naming the port and suggesting ``--port``."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host.strip("[]"), port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise EuchreError(f"port {port} is in use on {host} (another server?); choose another with "
                                  f"--port, e.g. --port {port + 1}") from None
            raise EuchreError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and the loopback addresses (127.0.0.0/8, ::1)."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    """Run the server until Ctrl-C.

    Raises:
        EuchreError: a bad port, search worker count, search queue or creation limit,
            a non-loopback host without ``--public``, or a database that cannot be
            opened or migrated (reported on one line, exit code 2).
    """
    if not 1 <= args.port <= 65535:
        raise EuchreError(f"--port must be 1..65535, not {args.port}")
    if not is_loopback(args.host) and not args.public:
        raise EuchreError(f"--host {args.host} is not a loopback address; add --public to listen there "
                          "(and put a TLS proxy in front)")
    workers = search_workers(args.search_workers)
    queue = 4 * workers if args.search_queue is None else args.search_queue
    if not 1 <= queue <= 10_000:
        raise EuchreError(f"--search-queue must be 1..10000, not {queue}")
    creation = creation_limit(args.creation_limit)
    check_port_free(args.host, args.port)
    import uvicorn
    from sqlalchemy.engine import make_url

    from euchre.server import ServerConfig, create_app, default_db_url
    from euchre.server.http_timeouts import head_timeout_protocol
    from euchre.server.storage import StorageError, Store
    from euchre.storage.sql import sqlite_in_memory

    url = args.db if args.db is not None else default_db_url()
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except Exception as exc:  # sqlalchemy.exc.ArgumentError and friends
        raise EuchreError(f"--db {url!r} is not a database URL: {exc}") from None
    name, advertise = process_names(args.host, args.port, args.name, args.advertise_url)
    proxies = trusted_proxies(args.trusted_proxy)
    if make_url(url).get_backend_name() == "sqlite" and not sqlite_in_memory(make_url(url)):
        # Before migrating: never under a running server. (An in-memory database has no
        # file to lock beside: the storage refuses it just below, leaving nothing behind.)
        check_sole(make_url(url).database or "")
    try:
        store = Store(url)
        try:
            store.migrate()
        finally:
            store.close()
    except StorageError as exc:
        raise EuchreError(str(exc)) from None
    limits = {} if creation is None else {"create_per_minute": creation}
    try:
        config = ServerConfig(db_url=url, grace_seconds=args.grace, bot_delay=args.delay, search_workers=workers,
                              search_queue=queue, public_url=args.public_url.strip(), name=name,
                              advertise_url=advertise, **limits)
    except EuchreError as exc:
        flag = "--name" if str(exc).startswith("name") else "--advertise-url" if "advertise" in str(exc) else ""
        raise EuchreError(f"{flag}: {exc}" if flag else str(exc)) from None
    app = create_app(config)
    host = f"[{args.host}]" if ":" in args.host else args.host
    console.print(f"Euchre server: http://{host}:{args.port}/  (storage {shown}); Ctrl-C stops it.")
    previous = gc.get_threshold()
    tune_gc()
    try:
        # No permessage-deflate: compressing every state (about 4 KB of JSON) cost the
        # server a quarter of its CPU per move. The event loop is uvloop where it is
        # installed (a dependency except on Windows; "auto"), the websockets the
        # websockets library's sans-I/O protocol ("websockets-sansio"), the cheapest
        # per move measured (docs/performance.md, "Web server load").
        server_config = uvicorn.Config(app, host=args.host, port=args.port, log_level="info", ws_max_size=WS_MAX_BYTES,
                                       ws_per_message_deflate=False, server_header=False,
                                       proxy_headers=proxies is not None, forwarded_allow_ips=proxies,
                                       loop="auto", ws="websockets-sansio",  # sets up uvicorn's loggers
                                       http=head_timeout_protocol(config.body_timeout))
        logging.getLogger("uvicorn.error").addFilter(_CLIENT_FAULTS_FILTER)
        server = uvicorn.Server(server_config)
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has shut down already
            server.run()
        if not server.started:  # the port is taken, say (uvicorn has logged why)
            raise EuchreError(f"the server did not start on {host}:{args.port}; see the messages above")
    finally:
        gc.set_threshold(*previous)
        gc.unfreeze()
    return 0


def tune_gc() -> None:
    """Make the garbage collector's full passes rare for a long-running server.

    With a few hundred open websockets the process tracks some 200,000 objects, and a
    full collection (generation 2) stopped every table for 120-230 ms, several times a
    minute under load. The objects made before serving (modules, the app) are frozen
    out of collection, and generation 2 runs after 100 collections of generation 1
    instead of 10 (docs/performance.md, "Web server load").
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)

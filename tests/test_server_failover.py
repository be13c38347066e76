"""Tables played across three ``euchre serve`` processes on one PostgreSQL database
behind HAProxy, while the processes are killed (``kill -9``), stopped (SIGTERM) and the
database restarted under them (issue 36, "Faults, tested").

Four people at each table play random legal moves as fast as the server takes them.
Half of the connections go through the balancer (``/ws?table=ID``, hashed to the
table's process), half straight to a process chosen by seat, most of which does not
run the table (its connection is forwarded). A client whose connection closes
reconnects, as the page does, and goes on from the state it is sent.

At the end, from the stored logs: every move a client was acknowledged is in its
table's log at the acknowledged place with the same action (none lost); the log replays
through the core without a gap, so no move is doubled; every state any client received
shows it no card its seat may not see at that point of the log (the spy of hidden cards,
``test_server.check_no_hidden_card``, with the hands replayed from the log); and the
takeover times (from the kill to the next move accepted at each table the killed
process ran) are printed and under :data:`TAKEOVER_LIMIT`.

The cluster is ``tests/_cluster.py`` (Debian's haproxy, installed by ``.ci/run``).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from _cluster import Cluster, cluster, haproxy_binary, private_postgres
from _server_process import Pace, replay, stored_log
from test_server import check_no_hidden_card
from test_storage import postgres_database

SEATS = "NESW"
TAKEOVER_LIMIT = 15.0
"""Seconds from a process's death to the next move accepted at each of its tables: the
lease (4 s), the client's reconnection back-off, the load; generous for a busy
machine with three servers, the balancer, the database and the clients on two cores."""


class Player(threading.Thread):
    """One seat's person: a websocket that reconnects when it closes, acting at random
    whenever its state offers it a choice.

    Attributes:
        acked: ``(seq of the state acted on, action text, seq acknowledged)`` per move
            acknowledged.
        states: every state message received, with the seat it was sent to.
    """

    def __init__(self, table: str, seat: str, token: str, urls: list[str], seed: int, stop: threading.Event) -> None:
        super().__init__(daemon=True, name=f"player-{table}-{seat}")
        self.table, self.seat, self.token, self.urls = table, seat, token, urls
        self.rng = random.Random(seed)
        self.stop = stop
        self.acked: list[tuple[int, str, int]] = []
        self.states: list[dict[str, Any]] = []
        self.acks_at: list[float] = []
        self.errors: list[dict[str, Any]] = []
        self.joins = 0
        self.failure: BaseException | None = None
        self.pace = Pace(rate=6.0, burst=6)

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                with contextlib.suppress(OSError, TimeoutError):
                    self._session()
                time.sleep(0.2)  # the page waits a moment before it reconnects
        except BaseException as exc:
            self.failure = exc

    def _session(self) -> None:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake
        from websockets.sync.client import connect

        url = self.urls[self.joins % len(self.urls)]
        self.joins += 1
        try:
            ws = connect(f"{url}/ws?table={self.table}", open_timeout=10, close_timeout=1)
        except (InvalidHandshake, OSError, TimeoutError):
            return
        with ws:
            try:
                ws.send(json.dumps({"type": "join", "token": self.token}))
                pending: tuple[int, str] | None = None
                latest: dict[str, Any] | None = None
                ref = 0

                def act() -> None:
                    nonlocal pending, ref
                    game = (latest or {}).get("game") or {}
                    if latest is None or pending is not None or latest["status"] != "playing" or not game.get("legal"):
                        return
                    self.pace.wait()  # as a person: within the server's 8 messages a second
                    choice = self.rng.choice(game["legal"])["action"]
                    ref += 1
                    pending = (latest["seq"], choice)
                    ws.send(json.dumps({"type": "action", "action": choice, "seq": latest["seq"], "id": ref}))

                while not self.stop.is_set():
                    try:
                        message = json.loads(ws.recv(timeout=1.0))
                    except TimeoutError:
                        continue
                    kind = message["type"]
                    if kind == "state":
                        self.states.append(message)
                        latest = message
                        act()
                    elif kind == "ack" and pending is not None:
                        self.acked.append((pending[0], pending[1], int(message["seq"])))
                        self.acks_at.append(time.monotonic())
                        pending = None
                    elif kind == "error":
                        self.errors.append(message)
                        pending = None  # refused: act again on the state held (stale: on the next one)
                        if message.get("code") != "stale":
                            act()
            except ConnectionClosed:
                return


@contextlib.contextmanager
def tables_in_play(c: Cluster, n: int, seed: int) -> Iterator[tuple[list[str], list[Player], threading.Event]]:
    """``n`` tables created through the balancer, four players each, started; stopped
    (the players) at the end."""
    from _cluster import post_json

    stop = threading.Event()
    direct = [p.url.replace("http://", "ws://") for p in c.processes.values()]
    through = c.url.replace("http://", "ws://")
    tables: list[str] = []
    players: list[Player] = []
    for t in range(n):
        status, made = post_json(c.url + "/api/tables", {"bots": "beginner", "target": 50})
        assert status == 201, made
        tables.append(made["table"])
        for i, seat in enumerate(SEATS):
            # Seats N and S through the balancer; E and W straight to a process by turns.
            urls = [through] if i % 2 == 0 else direct[(t + i) % len(direct):] + direct[:(t + i) % len(direct)]
            players.append(Player(made["table"], seat, made["seats"][seat], urls, seed * 100 + t * 4 + i, stop))
    for player in players:
        player.start()
    time.sleep(1.0)
    for t in tables:  # the first seat starts its table (through the balancer)
        _start(through, next(p for p in players if p.table == t))
    try:
        yield tables, players, stop
    finally:
        stop.set()
        for player in players:
            player.join(timeout=10)


def _start(url: str, player: Player) -> None:
    from websockets.sync.client import connect

    with connect(f"{url}/ws?table={player.table}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "join", "token": player.token}))
        ws.send(json.dumps({"type": "start", "id": "go"}))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            message = json.loads(ws.recv(timeout=20))
            if message["type"] in ("ack", "error"):
                assert message["type"] == "ack" or message["code"] == "already_started", message
                return
    raise AssertionError("the table did not start")


def owners(db_url: str) -> dict[str, str]:
    """Table id -> the name of the process holding its lease (without the suffix)."""
    engine = create_engine(db_url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return {str(t): str(o).split("#")[0] for t, o in connection.execute(text(
                "SELECT table_id, owner FROM euchre_lease WHERE expires_at > extract(epoch from clock_timestamp())"))}
    finally:
        engine.dispose()


def moves(players: list[Player], table: str) -> int:
    return sum(len(p.acked) for p in players if p.table == table)


def wait_for_moves(players: list[Player], tables: list[str], more: int, timeout: float = 60.0) -> None:
    """Wait until every table has had ``more`` moves acknowledged from now."""
    base = {t: moves(players, t) for t in tables}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(moves(players, t) >= base[t] + more for t in tables):
            return
        for p in players:
            if p.failure is not None:
                raise p.failure
        time.sleep(0.1)
    stuck = {t: moves(players, t) - base[t] for t in tables}
    seen = {f"{p.table}/{p.seat}": (p.joins, p.states[-1]["seq"] if p.states else None,
                                     bool(p.states and (p.states[-1].get("game") or {}).get("legal")),
                                     p.errors[-1:]) for p in players if p.table in tables}
    raise AssertionError(f"tables did not go on: moves since {stuck}; per seat (joins, last seq, to act, "
                         f"last error): {seen}")


def first_ack_after(players: list[Player], table: str, moment: float) -> float | None:
    times = [at for p in players if p.table == table for at in p.acks_at if at > moment]
    return min(times) if times else None


def longest_pause(players: list[Player], table: str, moment: float) -> float:
    """The longest time between two moves accepted at a table from ``moment`` on (the
    first counted from ``moment``): what its players waited at most."""
    times = sorted([moment] + [at for p in players if p.table == table for at in p.acks_at if at > moment])
    return max(b - a for a, b in itertools.pairwise(times)) if len(times) > 1 else float("inf")


def check_everything(db_url: str, tables: list[str], players: list[Player]) -> int:
    """Every acknowledged move in the log at its place, the log replaying whole, and no
    hidden card in any state a client got. Returns the moves checked."""
    checked = 0
    for table in tables:
        rules, seed, events = stored_log(db_url, table)
        assert [e.seq for e in events] == list(range(len(events))), "a gap in the log"
        final = replay(rules, seed, events)  # raises on an illegal or doubled action
        assert final is not None
        for p in (p for p in players if p.table == table):
            for acted_on, action, seq in p.acked:
                event = events[seq - 1]  # ack seq: the events applied after it
                assert (event.kind, event.data["action"], "NESW"[event.seat or 0]) == ("action", action, p.seat), \
                    (table, p.seat, acted_on, action, seq, event)
                assert seq - 1 >= acted_on
                checked += 1
            for state in p.states:
                game = replay(rules, seed, events, upto=state["seq"])
                try:
                    check_no_hidden_card(state, game, SEATS.index(p.seat))
                except AssertionError as exc:  # the log and what was shown disagree: say where
                    around = [(e.seq, e.kind, e.seat, e.data) for e in events[max(0, state["seq"] - 4):state["seq"] + 2]]
                    raise AssertionError(f"{exc}; table {table} seat {p.seat} state seq {state['seq']}: "
                                         f"log around it {around}; the state's hand {state['game']['hand']}") from None
    return checked


@pytest.fixture
def database() -> Iterator[str]:
    haproxy_binary()  # skips (or fails under EUCHRE_REQUIRE_SYSTEM_TESTS) without haproxy
    with postgres_database() as (url, _admin, _name):
        yield url


def test_tables_go_on_across_kill_9_of_their_processes_and_nothing_acknowledged_is_lost(database: str,
                                                                                     tmp_path: Path) -> None:
    with cluster(database, tmp_path, 3, grace=60) as c, tables_in_play(c, 6, seed=1) as (tables, players, stop):
        wait_for_moves(players, tables, 5)
        takeovers: list[float] = []
        for round_ in range(3):
            running = owners(database)
            victim = max(c.processes, key=lambda name: sum(1 for o in running.values() if o == name))
            theirs = [t for t, o in running.items() if o == victim]
            killed_at = time.monotonic()
            c.kill9(victim)
            wait_for_moves(players, theirs, 3, timeout=TAKEOVER_LIMIT * 3)
            for t in theirs:
                first = first_ack_after(players, t, killed_at)
                assert first is not None
                takeovers.append(first - killed_at)
            print(f"kill -9 #{round_ + 1}: {victim} ran {len(theirs)} tables; next move accepted after "
                  f"{', '.join(f'{s:.2f}' for s in sorted(takeovers[-len(theirs):]))} s")
            c.restart(victim)
        wait_for_moves(players, tables, 3)
        stop.set()
    checked = check_everything(database, tables, players)
    print(f"takeover after kill -9: max {max(takeovers):.2f} s over {len(takeovers)} tables; {checked} acknowledged "
          f"moves checked in the logs")
    assert checked > 100
    assert max(takeovers) < TAKEOVER_LIMIT


def test_a_process_stopped_with_sigterm_hands_its_tables_over(database: str, tmp_path: Path) -> None:
    with cluster(database, tmp_path, 3, grace=60) as c, tables_in_play(c, 4, seed=2) as (tables, players, stop):
        wait_for_moves(players, tables, 5)
        running = owners(database)
        victim = max(c.processes, key=lambda name: sum(1 for o in running.values() if o == name))
        theirs = [t for t, o in running.items() if o == victim]
        stopped_at = time.monotonic()
        # uvicorn shuts down gracefully, then raises the signal again: the exit is SIGTERM's.
        assert c.terminate(victim) in (0, -15)
        assert "Application shutdown complete" in c.processes[victim].log()
        wait_for_moves(players, theirs, 3, timeout=TAKEOVER_LIMIT * 2)
        gaps = [longest_pause(players, t, stopped_at) for t in theirs]
        print(f"SIGTERM: {victim} ran {len(theirs)} tables; the longest pause between two moves accepted "
              f"at each from the signal on: {', '.join(f'{g:.2f}' for g in gaps)} s")
        assert max(gaps) < TAKEOVER_LIMIT
        c.restart(victim)
        stop.set()
    assert check_everything(database, tables, players) > 50


def test_a_database_restart_under_load_loses_nothing_acknowledged(tmp_path: Path) -> None:
    haproxy_binary()
    with private_postgres() as pg:
        with cluster(pg.url, tmp_path, 3, grace=60) as c, tables_in_play(c, 4, seed=3) as (tables, players, stop):
            wait_for_moves(players, tables, 5)
            pg.restart()
            wait_for_moves(players, tables, 5, timeout=90)
            stop.set()
        # Read once every player has stopped: a state received after the log was read
        # would seem to show an event the log lacks (this test's first version did so).
        checked = check_everything(pg.url, tables, players)
    assert checked > 50

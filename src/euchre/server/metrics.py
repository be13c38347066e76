"""What a host scrapes from ``GET /metrics`` (the Prometheus text format, from
``prometheus-client``), on a registry of the app's own so that several apps in one
process (tests) do not share counters:

``euchre_tables_live`` (gauge)
    tables loaded in this process now (a table unloads after ``idle_seconds`` without
    a connection).
``euchre_seats_connected`` (gauge)
    seats of loaded tables with at least one websocket open now (spectators not counted).
``euchre_moves_total`` (counter)
    players' actions acknowledged over the websocket (``ack``); moves per second is its
    ``rate()``. Bots' moves and refused actions are not counted.
``euchre_move_seconds`` (histogram)
    seconds from the server reading an ``action`` message to its ``ack``: the wait for
    the table, the checks and the write to the database.

``euchre_takeovers_total`` (counter)
    tables this process took over from another whose lease expired (the other died or
    was stopped and handed them over: :mod:`euchre.server.cluster`); always 0 on SQLite,
    which one process serves.

The gauges and the takeovers are read from the hub at each scrape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from euchre.server.hub import Hub

MOVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
"""The upper bounds (seconds) of ``euchre_move_seconds``' buckets: 1 ms to 1 s (and +Inf)."""


class _HubGauges(Collector):
    """The gauges read from the hub at scrape time (none before the app has started)."""

    def __init__(self, hub: Callable[[], Hub | None]) -> None:
        self._hub = hub

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        hub = self._hub()
        tables = [] if hub is None else list(hub.tables.values())
        seats = sum(len({c.seat for c in table.connections if c.seat is not None}) for table in tables)
        yield GaugeMetricFamily("euchre_tables_live", "Tables loaded in this process", value=len(tables))
        yield GaugeMetricFamily("euchre_seats_connected", "Seats with a websocket open", value=seats)
        yield CounterMetricFamily("euchre_takeovers", "Tables taken over from another process",
                                  value=0 if hub is None else hub.takeovers)


class ServerMetrics:
    """The metrics of one app.

    Args:
        hub: returns the app's hub, or None before it has started.
    """

    def __init__(self, hub: Callable[[], Hub | None]) -> None:
        self.registry = CollectorRegistry()
        self.moves = Counter("euchre_moves", "Players' actions acknowledged", registry=self.registry)
        self.move_seconds = Histogram("euchre_move_seconds", "Seconds from reading an action to its ack",
                                      buckets=MOVE_BUCKETS, registry=self.registry)
        self.registry.register(_HubGauges(hub))

    def moved(self, seconds: float) -> None:
        """Count one acknowledged action that took ``seconds`` (from reading to ack)."""
        self.moves.inc()
        self.move_seconds.observe(seconds)

    def text(self) -> bytes:
        """Every metric in the Prometheus text format (version 0.0.4)."""
        return generate_latest(self.registry)

"""Prometheus metrics (the ``prometheus-client`` library), correct with ``--workers N``.

One process: the default registry. Several workers (``fairtable serve --workers N``):
``app.server`` points ``PROMETHEUS_MULTIPROC_DIR`` at a fresh folder before the workers
start, each worker writes its samples to memory-mapped files there, and ``/metrics`` in
any worker adds them all up (``MultiProcessCollector``), so a scrape that lands on one
worker still counts every worker's requests. Gauges say how they add up across workers
(``multiprocess_mode``).

Label values are bounded sets (route templates, rulesets, kinds, status codes): never an
id, a user or a path with values in it, so the series count stays small and no metric
names a person.

With ``VTT_METRICS_PORT``, ``/metrics`` leaves the API's port for a listener of its own
(``serve_metrics``): the standard library's threaded WSGI server, as prometheus-client's
``start_http_server`` runs it, answering ``/metrics`` and nothing else. A firewall or a
container's port mapping then keeps it private, with no token to hand out. With several
workers the supervisor serves it, once, adding up every worker's files; the workers do not.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

__all__ = [
    "BROKER_LAG",
    "CONTENT_TYPE_LATEST",
    "EVENTS_PUBLISHED",
    "POOL_IN_USE",
    "REQUESTS",
    "ROLLS",
    "SOCKETS_OPEN",
    "WEBHOOK_DELIVERIES",
    "WRITER_BATCH",
    "WRITER_COMMIT",
    "MetricsServer",
    "counting_publish",
    "exposition",
    "observe_lag",
    "serve_metrics",
]

MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
SUPERVISOR_SERVES = "FAIRTABLE_METRICS_SUPERVISOR"
"""Set by ``fairtable serve --workers N`` when its supervisor serves ``VTT_METRICS_PORT``:
the workers then leave the port alone."""
_LATENCY = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

REQUESTS = Histogram(
    "fairtable_http_request_duration_seconds",
    "HTTP requests by method, route template and status, and how long they took.",
    ("method", "route", "status"),
    buckets=_LATENCY,
)
ROLLS = Counter(
    "fairtable_rolls_total", "Rolls made (committed), by ruleset and kind.", ("ruleset", "kind")
)
SOCKETS_OPEN = Gauge(
    "fairtable_websockets_open", "Websockets open on this service.", multiprocess_mode="livesum"
)
EVENTS_PUBLISHED = Counter(
    "fairtable_events_published_total", "Committed events handed to the broker, by type.", ("type",)
)
BROKER_LAG = Histogram(
    "fairtable_broker_lag_seconds",
    "From an event's recording on another instance to its arrival here over Redis.",
    buckets=_LATENCY,
)
WRITER_BATCH = Histogram(
    "fairtable_writer_batch_jobs",
    "Write jobs committed together in one transaction.",
    buckets=(1, 2, 4, 8, 16, 32, 64),
)
WRITER_COMMIT = Histogram(
    "fairtable_writer_transaction_seconds",
    "One write transaction, from its begin to its commit.",
    buckets=_LATENCY,
)
WEBHOOK_DELIVERIES = Counter(
    "fairtable_webhook_deliveries_total",
    "Webhook delivery attempts by format and outcome (delivered, rejected: a non-2xx answer,"
    " unreachable: no answer in time, refused: not a public address).",
    ("format", "outcome"),
)
POOL_IN_USE = Gauge(
    "fairtable_db_connections_in_use",
    "Database connections checked out of the pool (PostgreSQL).",
    multiprocess_mode="livesum",
)


def exposition() -> bytes:
    """The text format of every metric, added up over the workers when there are several
    (read at each call: the supervisor of ``--workers N`` points at their folder only after
    this module was imported)."""
    if not (MULTIPROCESS or os.environ.get("PROMETHEUS_MULTIPROC_DIR")):
        return generate_latest()
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return generate_latest(registry)


_CHILDREN: dict[tuple[Any, ...], Any] = {}


def labelled(metric: Any, *values: str) -> Any:
    """``metric.labels(*values)``, remembered: the label sets are few (routes, statuses,
    event types, rulesets), and prometheus-client's lookup checks and locks each time."""
    key = (metric, *values)
    child = _CHILDREN.get(key)
    if child is None:
        child = _CHILDREN[key] = metric.labels(*values)
    return child


def counting_publish(publish: Callable[[Sequence[Any]], None]) -> Callable[[Sequence[Any]], None]:
    """``publish`` that also counts what it hands on: events by type, and new rolls by
    ruleset and kind (the committing instance counts them, once)."""

    def counted(events: Sequence[Any]) -> None:
        for event in events:
            labelled(EVENTS_PUBLISHED, event.type).inc()
            if event.type == "roll.created":
                data = event.data
                labelled(ROLLS, str(data.get("ruleset", "")), str(data.get("kind", ""))).inc()
        publish(events)

    return counted


def observe_lag(committed_at: float) -> None:
    BROKER_LAG.observe(max(0.0, time.time() - committed_at))


class _Threading(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _Quiet(WSGIRequestHandler):
    """No access log line per scrape."""

    def log_message(self, format: str, *args: Any) -> None:
        return None


class MetricsServer:
    """``/metrics`` alone on ``host:port``, served from a daemon thread until ``close``."""

    def __init__(self, host: str, port: int, before_scrape: Callable[[], None] | None) -> None:
        self._before = before_scrape
        family, address = _family(host, port)
        server_class = type("MetricsWSGIServer", (_Threading,), {"address_family": family})
        self._server: WSGIServer = make_server(
            address, port, self._app, server_class=server_class, handler_class=_Quiet
        )
        self._thread = threading.Thread(
            target=self._server.serve_forever, name="fairtable-metrics", daemon=True
        )
        self._thread.start()

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    def _app(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("PATH_INFO") != "/metrics":
            start_response("404 Not Found", [("Content-Type", "text/plain; charset=utf-8")])
            return [b"Only /metrics is served on this port.\n"]
        if environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
            start_response("405 Method Not Allowed", [("Allow", "GET, HEAD")])
            return [b""]
        if self._before is not None:
            self._before()
        body = exposition()
        start_response(
            "200 OK", [("Content-Type", CONTENT_TYPE_LATEST), ("Content-Length", str(len(body)))]
        )
        return [body]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


def _family(host: str, port: int) -> tuple[socket.AddressFamily, str]:
    """The address family ``host`` needs (an IPv6 address binds as IPv6)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, _, _, _, address = infos[0]
    return family, str(address[0])


def serve_metrics(
    host: str, port: int, before_scrape: Callable[[], None] | None = None
) -> MetricsServer:
    """Start the metrics listener (``before_scrape`` runs first at each scrape, in its
    thread: a gauge read at scrape time)."""
    return MetricsServer(host, port, before_scrape)

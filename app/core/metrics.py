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
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any

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
    "counting_publish",
    "exposition",
    "observe_lag",
]

MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
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
    """The text format of every metric, added up over the workers when there are several."""
    if not MULTIPROCESS:
        return generate_latest()
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return generate_latest(registry)


def counting_publish(publish: Callable[[Sequence[Any]], None]) -> Callable[[Sequence[Any]], None]:
    """``publish`` that also counts what it hands on: events by type, and new rolls by
    ruleset and kind (the committing instance counts them, once)."""

    def counted(events: Sequence[Any]) -> None:
        for event in events:
            EVENTS_PUBLISHED.labels(event.type).inc()
            if event.type == "roll.created":
                data = event.data
                ROLLS.labels(str(data.get("ruleset", "")), str(data.get("kind", ""))).inc()
        publish(events)

    return counted


def observe_lag(committed_at: float) -> None:
    BROKER_LAG.observe(max(0.0, time.time() - committed_at))

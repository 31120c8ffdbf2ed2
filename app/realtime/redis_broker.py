"""Redis pub/sub between instances: each instance publishes the events it committed and
hears those of the others.

Pub/sub is at-most-once. The events table stays the record, so this broker only has to
(1) wake the other instances up quickly and (2) say when it may have missed something:
after any outage, every ``on_reconnect`` callback runs and the hub refills its channels
from the database. Both background tasks survive a Redis restart: they log, back off and
reconnect; they end only with ``close()``.

Wire format, one JSON message per PUBLISH on ``{prefix}:campaign-events``::

    {"origin": "<instance id>", "kind": "events", "events": [{...EventOut fields...}]}
    {"origin": "<instance id>", "kind": "gap"}      # the sender lost some: resync

and on ``{prefix}:presence``: ``{"origin": ..., "kind": "presence", "message": {...}}``,
on ``{prefix}:credentials``: ``{"origin": ..., "kind": "revoked", "message": {...}}``.
An instance delivers its own events to its sockets at once and ignores their echo.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from app.core import metrics
from app.events.service import EventOut
from app.realtime.broker import Deliver, DeliverPresence, Reconnected

log = logging.getLogger("fairtable.broker")

MAX_EVENTS_PER_MESSAGE = 256
Outgoing = tuple[str, "Sequence[EventOut] | dict[str, Any]"]


def encode_events(origin: str, events: Sequence[EventOut]) -> str:
    """Every field of each event, datetimes as ISO 8601, so a peer rebuilds equal events."""
    items = []
    for event in events:
        item = asdict(event)
        item["at"] = event.at.isoformat()
        items.append(item)
    return json.dumps({"origin": origin, "kind": "events", "events": items}, default=str)


def decode_event(item: dict[str, Any]) -> EventOut:
    return EventOut(
        campaign_id=item["campaign_id"],
        seq=int(item["seq"]),
        type=item["type"],
        at=datetime.fromisoformat(item["at"]),
        data=item["data"],
        visibility=item.get("visibility", "public"),
        user_id=item.get("user_id"),
        prev_hash=item.get("prev_hash"),
        hash=item.get("hash"),
        audience=item.get("audience"),
    )


class RedisBroker:
    """A broker over one Redis server; see the module docstring for the guarantees."""

    def __init__(
        self,
        url: str,
        prefix: str = "fairtable",
        *,
        queue_size: int = 10_000,
        max_backoff: float = 5.0,
        start_timeout: float = 3.0,
    ) -> None:
        self.url = url
        self.instance_id = secrets.token_hex(8)
        self.events_channel = f"{prefix}:campaign-events"
        self.presence_channel = f"{prefix}:presence"
        self.credentials_channel = f"{prefix}:credentials"
        self._max_backoff = max_backoff
        self._start_timeout = start_timeout
        self._subscribers: list[Deliver] = []
        self._presence: list[DeliverPresence] = []
        self._revocations: list[DeliverPresence] = []
        self._reconnected: list[Reconnected] = []
        # Messages waiting for the publisher task, encoded there (off the request path);
        # bounded so that a long outage costs memory once, not forever (dropped messages
        # are announced as a gap).
        self._outbox: asyncio.Queue[Outgoing] = asyncio.Queue(maxsize=queue_size)
        self._in_flight: tuple[str, str] | None = None
        self._lost = False
        self._drained = asyncio.Event()  # nothing queued nor in flight
        self._drained.set()
        self._subscribed = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._callback_tasks: set[asyncio.Task[None]] = set()

    # -- the Broker protocol ---------------------------------------------------------

    def publish_nowait(self, events: Sequence[Any]) -> None:
        if not events:
            return
        self._deliver_locally(events)
        for start in range(0, len(events), MAX_EVENTS_PER_MESSAGE):
            chunk = events[start : start + MAX_EVENTS_PER_MESSAGE]
            self._enqueue(self.events_channel, chunk)

    def subscribe(self, deliver: Deliver) -> None:
        self._subscribers.append(deliver)

    def publish_presence_nowait(self, message: dict[str, Any]) -> None:
        for deliver in self._presence:
            _call(deliver, message)
        payload = {"origin": self.instance_id, "kind": "presence", "message": message}
        self._enqueue(self.presence_channel, payload)

    def subscribe_presence(self, deliver: DeliverPresence) -> None:
        self._presence.append(deliver)

    def publish_revocation_nowait(self, message: dict[str, Any]) -> None:
        for deliver in self._revocations:
            _call(deliver, message)
        payload = {"origin": self.instance_id, "kind": "revoked", "message": message}
        self._enqueue(self.credentials_channel, payload)

    def subscribe_revocations(self, deliver: DeliverPresence) -> None:
        self._revocations.append(deliver)

    def on_reconnect(self, callback: Reconnected) -> None:
        self._reconnected.append(callback)

    async def start(self) -> None:
        """Start both tasks and wait (briefly) for the subscription. An unreachable Redis
        does not stop the API from serving: the tasks keep trying, and the first successful
        connection counts as a reconnect."""
        if self._tasks:
            return
        self._tasks = [
            asyncio.create_task(self._publish_loop(), name="fairtable-redis-publisher"),
            asyncio.create_task(self._listen_loop(), name="fairtable-redis-listener"),
        ]
        for task in self._tasks:
            task.add_done_callback(_report_death)
        try:
            await asyncio.wait_for(self._subscribed.wait(), self._start_timeout)
        except TimeoutError:
            log.warning("Redis at %s unreachable at start; retrying in the background", self.url)

    async def close(self) -> None:
        """Give queued messages a moment to leave, then stop the tasks."""
        if self._tasks:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._drained.wait(), 1.0)
        tasks = [*self._tasks, *self._callback_tasks]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks = []

    @property
    def connected(self) -> bool:
        """The listener holds a live subscription (for health pages and tests)."""
        return self._subscribed.is_set()

    # -- local side ------------------------------------------------------------------

    def _enqueue(self, channel: str, payload: Sequence[EventOut] | dict[str, Any]) -> None:
        try:
            self._outbox.put_nowait((channel, payload))
            self._drained.clear()
        except asyncio.QueueFull:
            if not self._lost:
                log.warning("Redis outbox full: dropping messages until Redis is back")
            self._lost = True

    def _deliver_locally(self, events: Sequence[EventOut]) -> None:
        for deliver in self._subscribers:
            _call(deliver, events)

    def _run_reconnect_callbacks(self) -> None:
        for callback in self._reconnected:
            task = asyncio.create_task(_guarded(callback), name="fairtable-broker-resync")
            self._callback_tasks.add(task)
            task.add_done_callback(self._callback_tasks.discard)

    def _backoff(self, failures: int) -> float:
        delay: float = min(self._max_backoff, 0.1 * 2 ** min(failures, 16))
        # Jitter in [0.5, 1.0) from secrets: app code never uses `random`.
        return delay * (0.5 + secrets.randbelow(500) / 1000)

    def _client(self) -> Redis:
        # No retries inside redis-py: an outage must surface here, or a silent internal
        # reconnect would hide the messages missed meanwhile.
        return Redis.from_url(
            self.url,
            retry=Retry(NoBackoff(), 0),
            socket_connect_timeout=2.0,
            socket_keepalive=True,
            health_check_interval=15,
        )

    # -- publisher -------------------------------------------------------------------

    async def _publish_loop(self) -> None:
        failures = 0
        while True:
            client = self._client()
            try:
                while True:
                    if self._lost:  # some messages never left: peers must resync
                        gap = json.dumps({"origin": self.instance_id, "kind": "gap"})
                        await client.publish(self.events_channel, gap)
                        self._lost = False
                    if self._in_flight is None:
                        self._in_flight = self._encode(await self._outbox.get())
                    await client.publish(*self._in_flight)
                    self._in_flight = None
                    if self._outbox.empty():
                        self._drained.set()
                    if failures:
                        log.info("Redis publisher reconnected to %s", self.url)
                        failures = 0
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                failures += 1
                delay = self._backoff(failures)
                log.warning("Redis publish failed (%s); retrying in %.1fs", exc, delay)
                await asyncio.sleep(delay)
            finally:
                await _quietly(client.aclose())

    def _encode(self, outgoing: Outgoing) -> tuple[str, str]:
        channel, payload = outgoing
        if isinstance(payload, dict):
            return channel, json.dumps(payload, default=str)
        return channel, encode_events(self.instance_id, payload)

    # -- listener --------------------------------------------------------------------

    async def _listen_loop(self) -> None:
        attempts = 0
        while True:
            attempts += 1
            client = self._client()
            pubsub = client.pubsub()
            try:
                await self._subscribe(pubsub)
                self._subscribed.set()
                if attempts > 1:  # anything may have been missed since the last success
                    log.info("Redis subscriber reconnected to %s; resyncing", self.url)
                    self._run_reconnect_callbacks()
                attempts = 1
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                    if message is not None:
                        self._dispatch(message)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._subscribed.clear()
                delay = self._backoff(attempts)
                log.warning("Redis subscription lost (%s); retrying in %.1fs", exc, delay)
                await asyncio.sleep(delay)
            finally:
                await _quietly(pubsub.aclose())
                await _quietly(client.aclose())

    async def _subscribe(self, pubsub: PubSub) -> None:
        """Subscribe and wait for Redis to confirm every channel: from then on, nothing
        published is missed (start() relies on this)."""
        channels = (self.events_channel, self.presence_channel, self.credentials_channel)
        await pubsub.subscribe(*channels)
        confirmed = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 5.0
        while confirmed < len(channels):
            if loop.time() > deadline:
                raise TimeoutError("Redis did not confirm the subscription")
            message = await pubsub.get_message(timeout=1.0)
            if message is not None and message["type"] == "subscribe":
                confirmed += 1

    def _dispatch(self, message: dict[str, Any]) -> None:
        if message.get("type") != "message":
            return
        try:
            payload = json.loads(message["data"])
            if payload.get("origin") == self.instance_id:
                return  # our own, already delivered locally
            kind = payload.get("kind")
            if kind == "events":
                events = [decode_event(item) for item in payload["events"]]
                if events:
                    metrics.observe_lag(events[-1].at.timestamp())
                self._deliver_locally(events)
            elif kind == "presence":
                for deliver in self._presence:
                    _call(deliver, payload["message"])
            elif kind == "revoked":
                for deliver in self._revocations:
                    _call(deliver, payload["message"])
            elif kind == "gap":
                log.info("a peer lost messages; resyncing")
                self._run_reconnect_callbacks()
        except (ValueError, KeyError, TypeError):
            log.exception("undecodable broker message dropped")


def _call(deliver: Any, value: Any) -> None:
    """One failing subscriber must not starve the others, nor kill the listener."""
    try:
        deliver(value)
    except Exception:
        log.exception("broker subscriber failed")


async def _guarded(callback: Reconnected) -> None:
    try:
        await callback()
    except Exception:
        log.exception("on_reconnect callback failed")


async def _quietly(closing: Any) -> None:
    try:
        await closing
    except Exception:  # closing a dead connection may fail; nothing is left to do
        log.debug("closing a Redis connection failed", exc_info=True)


def _report_death(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("%s stopped", task.get_name(), exc_info=task.exception())

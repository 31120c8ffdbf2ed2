"""Brokers carry committed events to the sockets of every instance.

Pub/sub is only a wake-up call: it may lose messages (a Redis restart), so the hub fills
any gap from the events table, which is the record. ``publish_nowait`` is synchronous so
that a commit point can hand events over without awaiting the network.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

Deliver = Callable[[Sequence[Any]], None]


class Broker(Protocol):
    def publish_nowait(self, events: Sequence[Any]) -> None: ...

    def subscribe(self, deliver: Deliver) -> None: ...

    async def start(self) -> None: ...

    async def close(self) -> None: ...


class MemoryBroker:
    """One process: events go straight to the local subscribers (the default)."""

    def __init__(self) -> None:
        self._subscribers: list[Deliver] = []

    def publish_nowait(self, events: Sequence[Any]) -> None:
        if not events:
            return
        for deliver in self._subscribers:
            deliver(events)

    def subscribe(self, deliver: Deliver) -> None:
        self._subscribers.append(deliver)

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None


def create_broker(url: str) -> Broker:
    if url.startswith("memory://"):
        return MemoryBroker()
    if url.startswith(("redis://", "rediss://")):
        from app.realtime.redis_broker import RedisBroker

        return RedisBroker(url)
    raise ValueError(f"unknown broker URL {url!r}: use memory:// or redis://")

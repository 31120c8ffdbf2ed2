"""Brokers carry committed events to the sockets of every instance.

Pub/sub is only a wake-up call: it may lose messages (a Redis restart), so the hub fills
any gap from the events table, which is the record. ``publish_nowait`` is synchronous so
that a commit point can hand events over without awaiting the network.

Presence (who is at the table) is not in the record: it travels on its own channel as
plain dicts, best effort, through ``publish_presence_nowait``/``subscribe_presence``.

Revocations (a user's credential died: logout, a deleted key) travel the same way on a
third channel, ``publish_revocation_nowait``/``subscribe_revocations``, delivered to this
instance at once and to the others within milliseconds; a lost one is bounded by the auth
cache's lifetime and repaired by the ``on_reconnect`` resync (app/realtime/credentials.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

Deliver = Callable[[Sequence[Any]], None]
DeliverPresence = Callable[[dict[str, Any]], None]
Reconnected = Callable[[], Awaitable[None]]


class Broker(Protocol):
    def publish_nowait(self, events: Sequence[Any]) -> None: ...

    def subscribe(self, deliver: Deliver) -> None: ...

    def publish_presence_nowait(self, message: dict[str, Any]) -> None: ...

    def subscribe_presence(self, deliver: DeliverPresence) -> None: ...

    def publish_revocation_nowait(self, message: dict[str, Any]) -> None: ...

    def subscribe_revocations(self, deliver: DeliverPresence) -> None: ...

    def on_reconnect(self, callback: Reconnected) -> None:
        """``callback`` runs after pub/sub came back from an outage, during which events of
        other instances may have been missed: the hub refills its channels from the DB."""

    async def start(self) -> None: ...

    async def close(self) -> None: ...


class MemoryBroker:
    """One process: events go straight to the local subscribers (the default). Nothing
    can be missed, so ``on_reconnect`` callbacks never run."""

    def __init__(self) -> None:
        self._subscribers: list[Deliver] = []
        self._presence: list[DeliverPresence] = []
        self._revocations: list[DeliverPresence] = []

    def publish_nowait(self, events: Sequence[Any]) -> None:
        if not events:
            return
        for deliver in self._subscribers:
            deliver(events)

    def subscribe(self, deliver: Deliver) -> None:
        self._subscribers.append(deliver)

    def publish_presence_nowait(self, message: dict[str, Any]) -> None:
        for deliver in self._presence:
            deliver(message)

    def subscribe_presence(self, deliver: DeliverPresence) -> None:
        self._presence.append(deliver)

    def publish_revocation_nowait(self, message: dict[str, Any]) -> None:
        for deliver in self._revocations:
            deliver(message)

    def subscribe_revocations(self, deliver: DeliverPresence) -> None:
        self._revocations.append(deliver)

    def on_reconnect(self, callback: Reconnected) -> None:
        return None

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None

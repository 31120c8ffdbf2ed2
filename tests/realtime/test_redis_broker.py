"""RedisBroker against a throwaway redis-server: delivery between instances, echo
suppression, presence, and surviving a Redis restart."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

import pytest
import pytest_asyncio

from app.core.settings import Settings
from app.events.service import EventOut
from app.realtime.broker import MemoryBroker
from app.realtime.broker_url import create_broker
from app.realtime.redis_broker import RedisBroker
from tests.realtime.redis_server import RedisServer, needs_redis_server

pytestmark = needs_redis_server


def event(seq: int, cid: str = "c1", **extra: Any) -> EventOut:
    fields: dict[str, Any] = {
        "campaign_id": cid,
        "seq": seq,
        "type": "roll.created",
        "at": datetime(2025, 1, 2, 3, 4, 5, 678000, tzinfo=UTC),
        "data": {"roll": {"id": f"r{seq}", "total": 11, "dice": [3, 4, 4]}},
    }
    return EventOut(**{**fields, **extra})


class Inbox:
    """What a subscriber received, with a way to wait for it."""

    def __init__(self) -> None:
        self.events: list[EventOut] = []
        self.presence: list[dict[str, Any]] = []
        self.reconnects = 0

    def deliver(self, events: Sequence[EventOut]) -> None:
        self.events.extend(events)

    def deliver_presence(self, message: dict[str, Any]) -> None:
        self.presence.append(message)

    async def reconnected(self) -> None:
        self.reconnects += 1


async def until(condition: Callable[[], bool]) -> None:
    """Poll for up to 10 s: delivery through Redis is asynchronous."""
    deadline = asyncio.get_running_loop().time() + 10.0
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.02)


@pytest.fixture
def server() -> Iterator[RedisServer]:
    redis_server = RedisServer()
    redis_server.start()
    yield redis_server
    redis_server.kill()


@pytest_asyncio.fixture(loop_scope="session")
async def pair(server: RedisServer) -> AsyncIterator[tuple[RedisBroker, Inbox, RedisBroker, Inbox]]:
    """Two instances sharing a fresh prefix, each with a subscriber."""
    prefix = f"test-{secrets.token_hex(4)}"
    brokers: list[RedisBroker] = []
    inboxes: list[Inbox] = []
    for _ in range(2):
        broker, inbox = RedisBroker(server.url, prefix, max_backoff=0.3), Inbox()
        broker.subscribe(inbox.deliver)
        broker.subscribe_presence(inbox.deliver_presence)
        broker.on_reconnect(inbox.reconnected)
        await broker.start()
        brokers.append(broker)
        inboxes.append(inbox)
    try:
        yield brokers[0], inboxes[0], brokers[1], inboxes[1]
    finally:
        for broker in brokers:
            await broker.close()


async def test_an_event_published_on_one_instance_reaches_the_other_with_every_field(
    pair: tuple[RedisBroker, Inbox, RedisBroker, Inbox],
) -> None:
    a, _, _, b_inbox = pair
    sent = event(7, visibility="private", user_id="u1", prev_hash="ab" * 32, hash="cd" * 32)
    a.publish_nowait([sent])
    await until(lambda: len(b_inbox.events) == 1)
    got = b_inbox.events[0]
    assert got == sent
    assert (got.at, got.prev_hash, got.hash) == (sent.at, sent.prev_hash, sent.hash)
    assert got.message() == sent.message()


async def test_an_instance_delivers_its_own_events_at_once_and_ignores_their_echo(
    pair: tuple[RedisBroker, Inbox, RedisBroker, Inbox],
) -> None:
    a, a_inbox, b, b_inbox = pair
    a.publish_nowait([event(1), event(2)])
    assert [e.seq for e in a_inbox.events] == [1, 2]  # before any round trip
    b.publish_nowait([event(3)])  # Redis keeps order on one channel: 3 comes after the echo
    await until(lambda: [e.seq for e in a_inbox.events] == [1, 2, 3])
    await until(lambda: len(b_inbox.events) >= 3)
    assert sorted(e.seq for e in b_inbox.events) == [1, 2, 3]


async def test_presence_messages_travel_between_instances(
    pair: tuple[RedisBroker, Inbox, RedisBroker, Inbox],
) -> None:
    a, a_inbox, _, b_inbox = pair
    message = {"type": "presence", "campaign_id": "c1", "online": ["u1"]}
    a.publish_presence_nowait(message)
    assert a_inbox.presence == [message]
    await until(lambda: b_inbox.presence == [message])
    assert a_inbox.events == b_inbox.events == []


async def test_instances_with_different_prefixes_do_not_hear_each_other(
    server: RedisServer,
) -> None:
    here, there = RedisBroker(server.url, "here"), RedisBroker(server.url, "there")
    heard, control = Inbox(), Inbox()
    there.subscribe(heard.deliver)
    here.subscribe(control.deliver)
    await here.start()
    await there.start()
    listener = RedisBroker(server.url, "here")
    listener.subscribe(control.deliver)
    await listener.start()
    try:
        here.publish_nowait([event(1)])
        await until(lambda: len(control.events) == 2)  # locally and on the other "here"
        assert heard.events == []
    finally:
        for broker in (here, there, listener):
            await broker.close()


async def test_a_redis_restart_is_survived_reconnect_callbacks_run_and_delivery_resumes(
    server: RedisServer, pair: tuple[RedisBroker, Inbox, RedisBroker, Inbox]
) -> None:
    a, a_inbox, b, b_inbox = pair
    assert a_inbox.reconnects == b_inbox.reconnects == 0
    server.kill()
    await until(lambda: not a.connected and not b.connected)
    a.publish_nowait([event(1)])  # committed meanwhile: its sockets still get it at once
    assert [e.seq for e in a_inbox.events] == [1]
    await asyncio.sleep(0.5)  # both tasks fail and back off at least once
    server.start()
    await until(lambda: a_inbox.reconnects == 1 and b_inbox.reconnects == 1)
    a.publish_nowait([event(2)])
    await until(lambda: 2 in [e.seq for e in b_inbox.events])
    # The event of the outage was retried once Redis came back, or the resync covers it.
    assert [e.seq for e in a_inbox.events] == [1, 2]


async def test_a_broker_started_while_redis_is_down_serves_and_connects_later(
    server: RedisServer,
) -> None:
    server.kill()
    prefix = f"test-{secrets.token_hex(4)}"
    late, inbox = RedisBroker(server.url, prefix, max_backoff=0.3, start_timeout=0.2), Inbox()
    late.subscribe(inbox.deliver)
    late.on_reconnect(inbox.reconnected)
    await late.start()  # does not raise: the API serves from the database meanwhile
    try:
        assert not late.connected
        server.start()
        await until(lambda: inbox.reconnects == 1)  # the first success counts as a reconnect
        peer = RedisBroker(server.url, prefix)
        await peer.start()
        try:
            peer.publish_nowait([event(5)])
            await until(lambda: [e.seq for e in inbox.events] == [5])
        finally:
            await peer.close()
    finally:
        await late.close()


async def test_a_failing_subscriber_does_not_stop_delivery_to_the_others(
    pair: tuple[RedisBroker, Inbox, RedisBroker, Inbox],
) -> None:
    a, _, b, b_inbox = pair

    def broken(events: Sequence[EventOut]) -> None:
        raise RuntimeError("a bug in one subscriber")

    b.subscribe(broken)
    late = Inbox()
    b.subscribe(late.deliver)
    a.publish_nowait([event(1)])
    a.publish_nowait([event(2)])
    await until(lambda: len(late.events) == 2)
    assert [e.seq for e in b_inbox.events] == [1, 2]
    assert b.connected


async def test_an_outbox_that_overflowed_during_an_outage_makes_every_peer_resync(
    server: RedisServer,
) -> None:
    prefix = f"test-{secrets.token_hex(4)}"
    small = RedisBroker(server.url, prefix, queue_size=1, max_backoff=0.3)
    peer, inbox = RedisBroker(server.url, prefix, max_backoff=0.3), Inbox()
    peer.on_reconnect(inbox.reconnected)
    await small.start()
    await peer.start()
    try:
        # Without yielding, the publisher cannot empty the outbox between the two.
        small.publish_nowait([event(1)])
        small.publish_nowait([event(2)])  # the outbox holds one: this one is lost
        await until(lambda: inbox.reconnects == 1)
    finally:
        await small.close()
        await peer.close()


def test_the_broker_url_chooses_the_broker_and_the_prefix_names_the_channels() -> None:
    assert isinstance(create_broker("memory://"), MemoryBroker)
    broker = create_broker("redis://127.0.0.1:1/0", "mine")
    assert isinstance(broker, RedisBroker)
    assert broker.events_channel == "mine:campaign-events"
    assert broker.presence_channel == "mine:presence"
    with pytest.raises(ValueError, match="unknown broker URL"):
        create_broker("kafka://somewhere")
    assert Settings.model_fields["redis_prefix"].default == "fairtable"

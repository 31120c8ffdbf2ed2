"""Presence across instances: deltas for speed, snapshots and expiry for the truth.

Instances here are ``Presence`` objects on one in-process bus that can go down (a Redis
outage drops every message published meanwhile), with a clock the tests move by hand."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from typing import Any

from app.realtime.presence import EXPIRE_AFTER, Presence

HEARTBEAT = 10.0


class Bus:
    """Pub/sub to every instance, the sender included; messages sent while down are lost."""

    def __init__(self) -> None:
        self.subscribers: list[Callable[[dict[str, Any]], None]] = []
        self.down = False

    def publish_presence_nowait(self, message: dict[str, Any]) -> None:
        if not self.down:
            for deliver in list(self.subscribers):
                deliver(message)

    def subscribe_presence(self, deliver: Callable[[dict[str, Any]], None]) -> None:
        self.subscribers.append(deliver)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Instance:
    def __init__(self, bus: Bus, clock: Clock) -> None:
        self.changes: list[tuple[str, bool]] = []
        self.presence = Presence(self._changed, bus, HEARTBEAT, clock)

    def _changed(self, cid: str, uid: str, online: bool, at: datetime) -> None:
        self.changes.append((uid, online))

    def online(self) -> set[str]:
        return self.presence.online("table")


def cluster(n: int = 2) -> tuple[Bus, Clock, list[Instance]]:
    bus, clock = Bus(), Clock()
    return bus, clock, [Instance(bus, clock) for _ in range(n)]


def test_a_user_is_online_while_any_instance_holds_one_of_their_sockets() -> None:
    _, _, (a, b) = cluster()
    a.presence.join("table", "ann")
    b.presence.join("table", "ann")  # a second tab, through the other instance
    a.presence.leave("table", "ann")
    assert a.online() == b.online() == {"ann"}
    b.presence.leave("table", "ann")
    assert a.online() == b.online() == set()
    assert b.changes == [("ann", True), ("ann", False)]  # no flapping in between


def test_a_leave_lost_in_an_outage_is_corrected_by_the_next_heartbeat() -> None:
    bus, _, (a, b) = cluster()
    a.presence.join("table", "ann")
    bus.down = True
    a.presence.leave("table", "ann")  # never reaches b
    bus.down = False
    assert b.online() == {"ann"}
    a.presence.publish_snapshot()
    assert b.online() == set()
    assert b.changes == [("ann", True), ("ann", False)]


def test_after_a_reconnect_both_sides_are_corrected_at_once() -> None:
    bus, _, (a, b) = cluster()
    a.presence.join("table", "ann")
    bus.down = True
    a.presence.leave("table", "ann")
    b.presence.join("table", "bob")
    bus.down = False
    a.presence.resync()  # a's broker reconnected: its snapshot, and b's in answer to hello
    assert a.online() == b.online() == {"bob"}


def test_an_instance_silent_for_three_heartbeats_takes_its_users_offline() -> None:
    _, clock, (a, b) = cluster()
    a.presence.join("table", "ann")
    b.presence.join("table", "bob")
    # a crashes: from now on it says nothing
    clock.now += (EXPIRE_AFTER - 0.5) * HEARTBEAT
    b.presence.expire()
    assert b.online() == {"ann", "bob"}  # not yet: a heartbeat may just be late
    clock.now += HEARTBEAT
    b.presence.expire()
    assert b.online() == {"bob"}
    assert b.changes[-1] == ("ann", False)


def test_a_heartbeat_keeps_a_quiet_instance_alive() -> None:
    _, clock, (a, b) = cluster()
    a.presence.join("table", "ann")
    for _ in range(2 * EXPIRE_AFTER):
        clock.now += HEARTBEAT
        a.presence.publish_snapshot()
        b.presence.expire()
    assert b.online() == {"ann"}
    assert b.changes == [("ann", True)]  # repeated snapshots change nothing


def test_a_new_instance_learns_who_is_online_by_saying_hello() -> None:
    bus, clock, (a,) = cluster(1)
    a.presence.join("table", "ann")
    late = Instance(bus, clock)
    assert late.online() == set()
    late.presence.hello()
    assert late.online() == {"ann"}


def test_malformed_presence_messages_are_ignored() -> None:
    _, _, (a,) = cluster(1)
    for message in [
        {},
        {"kind": "presence.delta", "instance": "x"},
        {"kind": "presence.snapshot", "instance": "x", "online": ["u"], "at": "2026-01-01"},
        {"kind": "presence.snapshot", "instance": "x", "online": {"t": ["u"]}, "at": "soon"},
        {"kind": "presence.delta", "instance": "x", "campaign_id": "table", "user_id": "u",
         "online": True, "at": None},
        {"kind": "something.else", "instance": "x"},
    ]:  # fmt: skip
        a.presence.apply(message)
    assert a.online() == set() and a.changes == []


async def test_running_presence_says_hello_then_beats_until_cancelled() -> None:
    sent: list[dict[str, Any]] = []
    bus = Bus()
    bus.subscribe_presence(sent.append)
    presence = Presence(None, bus, heartbeat=0.01)
    task = asyncio.create_task(presence.run())
    await asyncio.sleep(0.1)
    task.cancel()
    kinds = [m["kind"] for m in sent]
    assert kinds[0] == "presence.hello"
    assert kinds.count("presence.snapshot") >= 3

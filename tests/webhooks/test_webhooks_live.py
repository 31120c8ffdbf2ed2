"""Webhooks from real ``fairtable serve`` processes: the receiver is down for a while, the
server restarts in the middle of the deliveries, and every event still arrives once, in
seq order; then the same with two instances (PostgreSQL and Redis) delivering one target,
one of them restarted meanwhile."""

from __future__ import annotations

import asyncio
import os
import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest
import standardwebhooks

from tests.realtime.live import LiveServer
from tests.realtime.redis_server import REDIS_SERVER, RedisServer
from tests.realtime.test_multi_instance import Instance, start_instance, wait_until_up
from tests.service.table import Person, campaign, expect, join, register, roll
from tests.webhooks.receiver import Receiver

FAST = {
    "VTT_WEBHOOK_DELIVERY": "true",
    "VTT_WEBHOOK_ALLOW_PRIVATE": "true",
    "VTT_WEBHOOK_BACKOFF_BASE_SECONDS": "0.05",
    "VTT_WEBHOOK_BACKOFF_MAX_SECONDS": "0.5",
    "VTT_WEBHOOK_POLL_SECONDS": "0.2",
}


async def _rolls(api: httpx.AsyncClient, who: Person, cid: str, count: int) -> list[int]:
    seqs = []
    for _ in range(count):
        made = await roll(api, who, cid, kind="formula", formula="1d6")
        seqs.append(int(made["seq"]))
    return seqs


def _seqs(secret: str, rx: Receiver) -> list[int]:
    hook = standardwebhooks.Webhook(secret)
    return [hook.verify(r.body, r.headers)["seq"] for r in rx.on()]


async def _settled(rx: Receiver, count: int) -> None:
    await rx.wait_for(count, within=60)
    await asyncio.sleep(1.0)  # a duplicate, were there one, would come now


async def _arrived(
    api: httpx.AsyncClient, who: Person, made: dict[str, Any], rx: Receiver, count: int
) -> None:
    """The first ``count`` deliveries came; if not, the target as the server sees it."""
    try:
        await rx.wait_for(count, within=30)
    except TimeoutError:
        cid = made["campaign_id"]
        state = (await api.get(f"/campaigns/{cid}/webhooks", headers=who.auth)).text
        log = (await api.get(f"/webhooks/{made['id']}/deliveries", headers=who.auth)).text
        raise AssertionError(f"{len(rx.on())} of {count} arrived; {state}; {log}") from None


async def test_every_event_arrives_once_in_order_across_a_receiver_outage_and_a_restart(
    database_url: str, tmp_path: Path
) -> None:
    if database_url.startswith("sqlite"):  # a file of its own: no other test's targets
        database_url = f"sqlite+aiosqlite:///{tmp_path / 'outage.db'}"
    server = LiveServer(database_url, **FAST)
    await asyncio.to_thread(server.start)
    rx = Receiver()
    try:
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as api:
            st = await register(api, "st")
            cid = (await campaign(api, st, "3d6"))["id"]
            body = {"url": rx.url(), "format": "standard"}
            made = expect(
                await api.post(f"/campaigns/{cid}/webhooks", json=body, headers=st.auth), 201
            )
            seqs = await _rolls(api, st, cid, 10)  # the receiver is down
            await asyncio.sleep(1.0)
            rx.delay = 0.05
            await rx.start()
            seqs += await _rolls(api, st, cid, 20)
            await _arrived(api, st, made, rx, 5)
            # Mid-delivery (in threads: the receiver shares this loop and keeps answering):
            # the attempt under way finishes and is recorded, then the lease goes.
            await asyncio.to_thread(server.stop)
            await asyncio.to_thread(server.start)
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as api:
            seqs += await _rolls(api, st, cid, 5)
            await _settled(rx, len(seqs))
    finally:
        await asyncio.to_thread(server.stop)
        await rx.stop()
    assert _seqs(made["secret"], rx) == seqs


REQUIRED = ("VTT_TEST_DATABASE_URL", "VTT_TEST_REDIS_URL")


@pytest.mark.skipif(
    not all(os.environ.get(name) for name in REQUIRED) or REDIS_SERVER is None,
    reason="two instances need PostgreSQL and Redis: set VTT_TEST_DATABASE_URL and "
    "VTT_TEST_REDIS_URL (as .ci/run does) and install redis-server",
)
async def test_two_instances_deliver_each_event_once_in_order(
    database_url: str, tmp_path: Path
) -> None:
    redis_server = RedisServer()
    redis_server.start()
    env: dict[str, Any] = {
        **os.environ,
        **FAST,
        "VTT_ENVIRONMENT": "test",
        "VTT_DATABASE_URL": database_url,
        "VTT_BROKER_URL": redis_server.url,
        "VTT_REDIS_PREFIX": f"test-{secrets.token_hex(6)}",
        "VTT_SECRET_KEY": secrets.token_hex(32),
        "VTT_AUTH_CACHE_SECONDS": "0",
        "VTT_PASSWORD_TIME_COST": "1",
        "VTT_PASSWORD_MEMORY_KIB": "64",
        "VTT_DB_POOL_SIZE": "5",
    }
    instances: list[Instance] = [start_instance(env, tmp_path / f"{n}.log") for n in "ab"]
    rx = Receiver()
    try:
        for instance in instances:
            await asyncio.to_thread(wait_until_up, instance)
        a, b = instances
        async with (
            httpx.AsyncClient(base_url=a.api, timeout=30) as on_a,
            httpx.AsyncClient(base_url=b.api, timeout=30) as on_b,
        ):
            st, player = await register(on_a, "st"), await register(on_a, "player")
            cid = (await campaign(on_a, st, "3d6"))["id"]
            await join(on_a, st, cid, player)
            body = {"url": rx.url(), "format": "standard"}
            made = expect(
                await on_b.post(f"/campaigns/{cid}/webhooks", json=body, headers=st.auth), 201
            )
            seqs: list[int] = []
            for _ in range(5):  # the receiver is down; rolls land on both instances
                seqs += await _rolls(on_a, st, cid, 2)
                seqs += await _rolls(on_b, player, cid, 2)
            await asyncio.sleep(1.0)
            rx.delay = 0.03
            await rx.start()
            for _ in range(5):
                seqs += await _rolls(on_b, st, cid, 2)
                seqs += await _rolls(on_a, player, cid, 2)
            await rx.wait_for(10, within=30)
            # One instance restarts while both deliver (in threads: the receiver shares
            # this loop and keeps answering).
            await asyncio.to_thread(a.stop)
            instances[0] = a = start_instance(env, tmp_path / "a2.log")
            await asyncio.to_thread(wait_until_up, a)
            seqs += await _rolls(on_b, st, cid, 5)
        async with httpx.AsyncClient(base_url=a.api, timeout=30) as on_a:
            seqs += await _rolls(on_a, player, cid, 5)
        await _settled(rx, len(seqs))
    finally:
        await rx.stop()
        for instance in instances:
            await asyncio.to_thread(instance.stop)
        redis_server.kill()
        for instance in instances:
            print(f"--- {instance.log.name}\n{instance.log.read_text()}")
    assert _seqs(made["secret"], rx) == seqs

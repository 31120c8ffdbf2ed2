"""Two real uvicorn instances sharing one PostgreSQL database and one Redis: what is
rolled on one reaches the sockets of the other, and a Redis crash loses nothing.

The Redis server is a throwaway one started here (never the machine's shared one), so it
can be killed and restarted mid-test."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect

from tests.realtime.redis_server import REDIS_SERVER, RedisServer, free_port
from tests.service.table import Person, campaign, expect, join, register, roll

REQUIRED = ("VTT_TEST_DATABASE_URL", "VTT_TEST_REDIS_URL")
pytestmark = pytest.mark.skipif(
    not all(os.environ.get(name) for name in REQUIRED) or REDIS_SERVER is None,
    reason="multi-instance tests need PostgreSQL and Redis: set VTT_TEST_DATABASE_URL and "
    "VTT_TEST_REDIS_URL (as .ci/run does) and install redis-server",
)

WAIT = 15.0  # seconds for anything that crosses Redis or a reconnect
HEARTBEAT = 0.5  # presence heartbeats: an instance silent for 1.5 s is taken as gone


@dataclass
class Instance:
    """One ``fairtable serve`` process."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v1"

    def socket_url(self, cid: str, after: int) -> str:
        return f"ws://127.0.0.1:{self.port}/api/v1/campaigns/{cid}/ws?after={after}"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start_instance(env: dict[str, str], log: Path) -> Instance:
    """A ``fairtable serve`` on the run's database; webhook deliveries off unless ``env``
    turns them on (a deliverer would take other tests' targets too)."""
    env = {"VTT_WEBHOOK_DELIVERY": "false", **env}
    port = free_port()
    command = [sys.executable, "-m", "app.cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--log-level", "warning", "--no-access-log"]
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)  # noqa: S603
    return Instance(port, process, log)


def wait_until_up(instance: Instance) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            response = httpx.get(f"http://127.0.0.1:{instance.port}/healthz", timeout=1)
            if response.status_code == 200:
                return
        except httpx.TransportError:
            pass
        if instance.process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"instance did not start:\n{instance.log.read_text()}")
        time.sleep(0.1)


@dataclass
class Cluster:
    redis: RedisServer
    a: Instance
    b: Instance
    env: dict[str, str]


@pytest.fixture(scope="module")
def cluster(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """Redis, then instances A and B on the run's PostgreSQL database, with a prefix of
    their own and one shared secret (a token from A is valid on B). Shared by the tests
    of this module (each sets up its own campaign): booting the app takes seconds."""
    tmp_path = tmp_path_factory.mktemp("instances")
    redis_server = RedisServer()
    redis_server.start()
    env = {
        **os.environ,
        "VTT_ENVIRONMENT": "test",
        "VTT_DATABASE_URL": database_url,
        "VTT_BROKER_URL": redis_server.url,
        "VTT_REDIS_PREFIX": f"test-{secrets.token_hex(6)}",
        "VTT_SECRET_KEY": secrets.token_hex(32),
        "VTT_AUTH_CACHE_SECONDS": "0",
        "VTT_PASSWORD_TIME_COST": "1",
        "VTT_PASSWORD_MEMORY_KIB": "64",
        "VTT_DB_POOL_SIZE": "5",
        "VTT_PRESENCE_HEARTBEAT_SECONDS": str(HEARTBEAT),
    }
    instances: list[Instance] = []
    try:
        for name in ("a", "b"):  # both boot at once: importing the app takes seconds
            instances.append(start_instance(env, tmp_path / f"{name}.log"))
        for instance in instances:
            wait_until_up(instance)
        yield Cluster(redis_server, instances[0], instances[1], env)
    finally:
        for instance in instances:
            instance.stop()
        redis_server.kill()
        for instance in instances:  # shown by pytest when the test failed
            print(f"--- {instance.log.name}\n{instance.log.read_text()}")


@asynccontextmanager
async def socket(instance: Instance, cid: str, who: Person, after: int) -> AsyncIterator[Reader]:
    async with connect(instance.socket_url(cid, after), additional_headers=who.auth) as ws:
        yield Reader(ws)


class Reader:
    """The seq-carrying messages of one socket (presence messages carry none)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seqs: list[int] = []
        self.messages: list[dict[str, Any]] = []

    async def until_seq(self, seq: int) -> list[int]:
        """Read until ``seq`` arrived; every seq read, in order of arrival."""
        async with asyncio.timeout(WAIT):
            while not self.seqs or self.seqs[-1] < seq:
                message = json.loads(await self.ws.recv())
                if "seq" in message:
                    self.seqs.append(message["seq"])
                    self.messages.append(message)
        return self.seqs


async def a_roll(api: httpx.AsyncClient, who: Person, cid: str, **extra: Any) -> int:
    seq: int = (await roll(api, who, cid, kind="formula", formula="1d6", **extra))["seq"]
    return seq


async def test_a_roll_posted_to_one_instance_reaches_a_socket_on_the_other(
    cluster: Cluster,
) -> None:
    async with httpx.AsyncClient(base_url=cluster.a.api) as a:
        st = await register(a, "storyteller")
        cid = (await campaign(a, st, "3d6"))["id"]
        first = await a_roll(a, st, cid)
        async with socket(cluster.b, cid, st, after=first) as on_b:
            seq = await a_roll(a, st, cid)
            await on_b.until_seq(seq)
    assert on_b.seqs == [seq]
    (message,) = on_b.messages
    assert message["type"] == "roll.created"
    assert message["campaign_id"] == cid


async def test_across_instances_each_socket_still_gets_only_what_its_role_may_see(
    cluster: Cluster,
) -> None:
    """Visibility and roller travel with the event through Redis; a ticket issued by one
    instance opens a socket on the other."""
    async with httpx.AsyncClient(base_url=cluster.a.api) as a:
        st, alice, bob = [await register(a, name) for name in ("storyteller", "alice", "bob")]
        cid = (await campaign(a, st, "3d6"))["id"]
        for player in (alice, bob):
            await join(a, st, cid, player)
        start = await a_roll(a, st, cid)
        ticket = expect(await a.post(f"/campaigns/{cid}/ws-ticket", headers=bob.auth), 201)
        url = cluster.b.socket_url(cid, start) + f"&ticket={ticket['ticket']}"
        async with socket(cluster.b, cid, st, after=start) as storyteller, connect(url) as ws:
            bobs = Reader(ws)
            hidden = await a_roll(a, alice, cid, visibility="storyteller")
            shown = await a_roll(a, alice, cid)
            await storyteller.until_seq(shown)
            await bobs.until_seq(shown)
    assert storyteller.seqs == [hidden, shown]
    assert bobs.seqs == [shown]


async def test_a_redis_restart_loses_no_event_and_live_delivery_resumes(
    cluster: Cluster,
) -> None:
    async with (
        httpx.AsyncClient(base_url=cluster.a.api) as a,
        httpx.AsyncClient(base_url=cluster.b.api) as b,
    ):
        st = await register(a, "storyteller")
        cid = (await campaign(a, st, "3d6"))["id"]
        before = await a_roll(a, st, cid)
        async with socket(cluster.b, cid, st, after=before) as stays_open:
            seen = await a_roll(a, st, cid)
            await stays_open.until_seq(seen)  # live across instances before the crash

            cluster.redis.kill()
            # Rolls still commit on both instances while Redis is down.
            during = [await a_roll(a, st, cid), await a_roll(b, st, cid), await a_roll(a, st, cid)]
            await asyncio.sleep(0.5)
            cluster.redis.start()

            # The socket that stayed open on B gets the outage's events after the resync,
            # in order, without a gap or a duplicate.
            await stays_open.until_seq(during[-1])
            assert stays_open.seqs == [seen, *during]

            # A client that lost its socket resumes on the other instance with after=.
            async with socket(cluster.a, cid, st, after=seen) as resumed:
                await resumed.until_seq(during[-1])
                assert resumed.seqs == during

                # Live delivery crosses Redis again, both ways.
                from_a = await a_roll(a, st, cid)
                await stays_open.until_seq(from_a)
                from_b = await a_roll(b, st, cid)
                await resumed.until_seq(from_b)
                await stays_open.until_seq(from_b)
    assert stays_open.seqs == [seen, *during, from_a, from_b]
    assert resumed.seqs == [*during, from_a, from_b]
    assert sorted({*during, from_a, from_b}) == list(range(during[0], from_b + 1))


async def online_on(instance: Instance, who: Person, cid: str) -> set[str]:
    async with httpx.AsyncClient(base_url=instance.api) as http:
        members = expect(await http.get(f"/campaigns/{cid}/members", headers=who.auth), 200)
    return {m["user_id"] for m in members if m["online"]}


async def until_online_is(instance: Instance, who: Person, cid: str, users: set[str]) -> None:
    """Poll the members list of ``instance`` until exactly ``users`` are online."""
    deadline = time.monotonic() + WAIT
    seen = await online_on(instance, who, cid)
    while seen != users:
        assert time.monotonic() < deadline, f"online: {seen}, expected {users}"
        await asyncio.sleep(0.1)
        seen = await online_on(instance, who, cid)


async def test_presence_forgets_a_crashed_instance_and_heals_after_a_redis_outage(
    cluster: Cluster, tmp_path: Path
) -> None:
    """Presence deltas are at-most-once; heartbeats and snapshots make the view true again."""
    async with httpx.AsyncClient(base_url=cluster.a.api) as a:
        st, player = await register(a, "storyteller"), await register(a, "player")
        cid = (await campaign(a, st, "3d6"))["id"]
        await join(a, st, cid, player)
    doomed = start_instance(cluster.env, tmp_path / "doomed.log")
    try:
        wait_until_up(doomed)
        async with socket(doomed, cid, player, after=0):
            await until_online_is(cluster.b, st, cid, {player.id})
            doomed.process.kill()  # SIGKILL: no socket is closed, no delta is sent
            await until_online_is(cluster.b, st, cid, set())
    finally:
        doomed.stop()

    async with socket(cluster.a, cid, player, after=0):
        await until_online_is(cluster.b, st, cid, {player.id})
        cluster.redis.kill()
    # The player left while Redis was down: that delta is lost; the snapshots are not.
    await asyncio.sleep(2 * HEARTBEAT)
    cluster.redis.start()
    await until_online_is(cluster.b, st, cid, set())
    async with socket(cluster.a, cid, player, after=0):  # and live deltas flow again
        await until_online_is(cluster.b, st, cid, {player.id})

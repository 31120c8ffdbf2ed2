"""Rate limits: per user on every write, per client address where no credential is needed;
429 with Retry-After and the RateLimit fields; across instances through Redis.

Each test runs an app of its own with limits small enough to reach (the suite's shared app
runs with VTT_ENVIRONMENT=test, where limiting is off unless asked for). Quotas are per
hour: the sliding window weighs the previous window in, so a test that straddled the start
of a short window could be let through one request early."""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient

from app.core.ratelimit import MemoryCounter, Policy, RateLimiter, RedisCounter, create_limiter
from app.core.settings import Settings
from app.main import create_app
from tests.service.table import SHEET_3D6, Person, campaign, character, expect, pages, register

ODDS = "/odds/3d6?score=3"
ROLL = {"kind": "test", "trait": "strong", "difficulty": 2}


@asynccontextmanager
async def limited_app(settings: Settings, **limits: Any) -> AsyncIterator[FastAPI]:
    application = create_app(settings.model_copy(update={"rate_limits": True, **limits}))
    async with application.router.lifespan_context(application):
        yield application


def client_at(app: FastAPI, address: str) -> AsyncClient:
    """A client whose requests come from ``address`` (the direct peer)."""
    transport = ASGITransport(app=app, client=(address, 40000))
    return AsyncClient(transport=transport, base_url="http://test/api/v1")


def assert_refused(response: httpx.Response, policy: str, quota: int, window: int) -> None:
    """A 429 problem with Retry-After and the draft's structured-field RateLimit fields."""
    assert response.status_code == 429, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert body["status"] == 429 and body["title"] == "Too many requests"
    wait = int(response.headers["retry-after"])
    assert 1 <= wait <= window
    assert response.headers["ratelimit-policy"] == f'"{policy}";q={quota};w={window}'
    match = re.fullmatch(rf'"{policy}";r=(\d+);t=(\d+)', response.headers["ratelimit"])
    assert match is not None, response.headers["ratelimit"]
    assert int(match[1]) == 0 and int(match[2]) == wait


async def rolls_in_log(client: AsyncClient, person: Person, cid: str) -> int:
    found = await pages(client, person, f"/campaigns/{cid}/rolls")
    return sum(len(page["items"]) for page in found)


async def test_a_user_past_the_write_limit_is_refused_with_retry_after(
    settings: Settings,
) -> None:
    async with (
        limited_app(settings, rate_limit_writes="6 per 1 hour") as app,
        client_at(app, "10.0.0.1") as client,
    ):
        teller = await register(client, "teller")
        cid = (await campaign(client, teller, "3d6"))["id"]  # write 1
        npc = await character(client, teller, cid, SHEET_3D6, npc=True)  # write 2
        url, body = f"/campaigns/{cid}/rolls", {**ROLL, "character_id": npc["id"]}
        for _ in range(4):  # writes 3 to 6
            expect(await client.post(url, json=body, headers=teller.auth), 201)
        refused = await client.post(url, json=body, headers=teller.auth)
        assert_refused(refused, "writes", 6, 3600)
        # Reads are not counted, and nothing of the refused roll was written.
        assert await rolls_in_log(client, teller, cid) == 4
        patch = await client.patch(
            f"/campaigns/{cid}", json={"name": "renamed"}, headers=teller.auth
        )
        assert_refused(patch, "writes", 6, 3600)
        got = expect(await client.get(f"/campaigns/{cid}", headers=teller.auth), 200)
        assert got["name"] != "renamed"


async def test_a_refused_user_who_waits_retry_after_may_write_again(settings: Settings) -> None:
    async with (
        limited_app(settings, rate_limit_writes="2 per 2 seconds") as app,
        client_at(app, "10.0.0.1") as client,
    ):
        teller = await register(client, "teller")
        # Windows are aligned on the clock: start early in one, so that the previous
        # window's weight cannot let the third write through.
        await asyncio.sleep(2 - time.time() % 2)
        await campaign(client, teller, "3d6")
        await campaign(client, teller, "3d6")
        body = {"name": "after the wait", "ruleset": "3d6"}
        refused = await client.post("/campaigns", json=body, headers=teller.auth)
        assert_refused(refused, "writes", 2, 2)
        await asyncio.sleep(int(refused.headers["retry-after"]) + 0.05)
        expect(await client.post("/campaigns", json=body, headers=teller.auth), 201)


async def test_another_user_is_not_held_back_by_someone_elses_limit(settings: Settings) -> None:
    async with (
        limited_app(settings, rate_limit_writes="2 per 1 hour") as app,
        client_at(app, "10.0.0.1") as client,
    ):
        busy, other = await register(client, "busy"), await register(client, "other")
        await campaign(client, busy, "3d6")
        await campaign(client, busy, "3d6")
        body = {"name": "one more", "ruleset": "3d6"}
        refused = await client.post("/campaigns", json=body, headers=busy.auth)
        assert_refused(refused, "writes", 2, 3600)
        await campaign(client, other, "3d6")  # same address, another user: 201


async def test_open_endpoints_are_limited_per_client_address(settings: Settings) -> None:
    async with (
        limited_app(settings, rate_limit_anonymous="3 per 1 hour") as app,
        client_at(app, "10.0.0.1") as first,
        client_at(app, "10.0.0.2") as second,
    ):
        for _ in range(3):
            expect(await first.get(ODDS), 200)
        assert_refused(await first.get(ODDS), "anonymous", 3, 3600)
        # Registering is as open as the odds: the same address, the same count.
        body = {"username": f"late_{secrets.token_hex(4)}", "password": "x" * 20}
        assert_refused(await first.post("/users", json=body), "anonymous", 3, 3600)
        expect(await second.get(ODDS), 200)  # another address is unaffected


async def test_a_forwarded_header_from_an_untrusted_peer_does_not_change_the_address(
    settings: Settings,
) -> None:
    async with (
        limited_app(
            settings, rate_limit_anonymous="2 per 1 hour", trusted_proxies=["10.0.0.9"]
        ) as app,
        client_at(app, "10.0.0.1") as direct,
        client_at(app, "10.0.0.9") as proxy,
    ):
        for _ in range(2):
            expect(await direct.get(ODDS), 200)
        spoofed = await direct.get(ODDS, headers={"X-Forwarded-For": "203.0.113.7"})
        assert_refused(spoofed, "anonymous", 2, 3600)
        # Through the trusted proxy the forwarded address is the client's own.
        forwarded = {"X-Forwarded-For": "203.0.113.7"}
        expect(await proxy.get(ODDS, headers=forwarded), 200)
        as_direct = await proxy.get(ODDS, headers={"X-Forwarded-For": "10.0.0.1"})
        assert_refused(as_direct, "anonymous", 2, 3600)


async def test_with_the_limiter_off_nothing_is_refused(settings: Settings) -> None:
    tight = {"rate_limit_writes": "1 per 1 hour", "rate_limit_anonymous": "1 per 1 hour"}
    async with limited_app(settings, **{**tight, "rate_limits": False}) as app:
        assert app.state.ratelimiter is None
        async with client_at(app, "10.0.0.1") as client:
            teller = await register(client, "teller")  # two open requests
            for _ in range(3):
                await campaign(client, teller, "3d6")
            expect(await client.get(ODDS), 200)


def test_limits_are_on_by_default_except_in_the_test_environment(settings: Settings) -> None:
    assert create_limiter(settings.model_copy(update={"rate_limits": None})) is None
    production = settings.model_copy(update={"rate_limits": None, "environment": "production"})
    limiter = create_limiter(production)
    assert limiter is not None
    assert limiter.writes.field == '"writes";q=30;w=3'  # 10/s sustained, bursts of 30
    assert limiter.anonymous.field == '"anonymous";q=20;w=10'


# -- two instances sharing Redis ------------------------------------------------------

REQUIRED = ("VTT_TEST_DATABASE_URL", "VTT_TEST_REDIS_URL")
needs_cluster = pytest.mark.skipif(
    not all(os.environ.get(name) for name in REQUIRED),
    reason="the multi-instance test needs PostgreSQL and Redis: set VTT_TEST_DATABASE_URL "
    "and VTT_TEST_REDIS_URL (as .ci/run does)",
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def two_instances(database_url: str, tmp_path: Path) -> Iterator[list[str]]:
    """Two ``fairtable serve`` processes on the run's database, sharing the test Redis
    under a prefix of their own (its keys deleted afterwards); yields their API base URLs."""
    prefix = f"test-rl-{secrets.token_hex(6)}"
    env = {
        **os.environ,
        "VTT_ENVIRONMENT": "test",
        "VTT_DATABASE_URL": database_url,
        "VTT_BROKER_URL": os.environ["VTT_TEST_REDIS_URL"],
        "VTT_REDIS_PREFIX": prefix,
        "VTT_SECRET_KEY": secrets.token_hex(32),
        "VTT_PASSWORD_TIME_COST": "1",
        "VTT_PASSWORD_MEMORY_KIB": "64",
        "VTT_DB_POOL_SIZE": "3",
        "VTT_RATE_LIMITS": "true",
        "VTT_RATE_LIMIT_WRITES": "4 per 1 hour",
        "VTT_RATE_LIMIT_ANONYMOUS": "4 per 1 hour",
    }
    processes, urls = [], []
    try:
        for name in ("a", "b"):
            port = free_port()
            command = [sys.executable, "-m", "app.cli", "serve", "--host", "127.0.0.1"]
            command += ["--port", str(port), "--log-level", "warning", "--no-access-log"]
            with (tmp_path / f"{name}.log").open("wb") as out:
                processes.append(
                    subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)  # noqa: S603
                )
            urls.append(f"http://127.0.0.1:{port}")
        for url, process, name in zip(urls, processes, "ab", strict=True):
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((tmp_path / f"{name}.log").read_text())
                time.sleep(0.1)
        yield [f"{url}/api/v1" for url in urls]
    finally:
        for process in processes:
            process.terminate()
            process.wait(10)
        with redis.Redis.from_url(os.environ["VTT_TEST_REDIS_URL"]) as client:
            for key in client.scan_iter(match=f"{prefix}:*"):
                client.delete(key)


@needs_cluster
async def test_limits_hold_across_two_instances_sharing_redis(two_instances: list[str]) -> None:
    a_url, b_url = two_instances
    async with AsyncClient(base_url=a_url) as a, AsyncClient(base_url=b_url) as b:
        # Open endpoints, one address (127.0.0.1) over both instances: 4 in all.
        username = f"twin_{secrets.token_hex(4)}"
        login = {"username": username, "password": "correct horse battery"}
        expect(await a.post("/users", json=login), 201)
        token = expect(await b.post("/auth/token", json=login), 200)["access_token"]
        expect(await a.get(ODDS), 200)
        expect(await b.get(ODDS), 200)
        assert_refused(await a.get(ODDS), "anonymous", 4, 3600)
        assert_refused(await b.get(ODDS), "anonymous", 4, 3600)
        # Writes of one user over both instances: 4 in all.
        auth = {"Authorization": f"Bearer {token}"}
        body = {"name": "twin table", "ruleset": "3d6"}
        for http in (a, b, a, b):
            expect(await http.post("/campaigns", json=body, headers=auth), 201)
        assert_refused(await a.post("/campaigns", json=body, headers=auth), "writes", 4, 3600)
        assert_refused(await b.post("/campaigns", json=body, headers=auth), "writes", 4, 3600)
        page = expect(await a.get("/campaigns", headers=auth), 200)
        assert len(page["items"]) == 4


async def test_a_failing_redis_lets_requests_through_rather_than_failing_them() -> None:
    dead = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    limiter = RateLimiter(
        RedisCounter(dead, f"test-rl-{secrets.token_hex(4)}"),
        Policy.of("writes", "1 per 1 hour"),
        Policy.of("anonymous", "1 per 1 hour"),
    )
    try:
        for _ in range(3):
            await limiter.user_write("someone")  # no 429, no error
    finally:
        await limiter.close()


def test_a_limit_that_does_not_parse_stops_the_app_at_start_up(settings: Settings) -> None:
    wrong = settings.model_copy(update={"rate_limits": True, "rate_limit_writes": "often"})
    with pytest.raises(ValueError, match="VTT_RATE_LIMIT_WRITES"):
        create_app(wrong)


async def test_idle_counters_are_swept_from_memory() -> None:
    counter = MemoryCounter()
    policy = Policy.of("writes", "5 per 1 second")
    assert await counter.hit(policy.item, "u:gone")
    await asyncio.sleep(2.1)  # a sliding window keeps a counter for two windows
    counter.sweep()
    assert not counter.storage.storage and not counter.storage.expirations

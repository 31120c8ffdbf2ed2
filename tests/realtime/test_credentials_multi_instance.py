"""Dead credentials are dead everywhere: a token logged out, or a key deleted, on instance
A is refused by instance B within 1 s although B's auth cache would keep it a minute
(the revocation crosses Redis), B's sockets opened with it close with 4401 within 5 s,
and failed logins on A count on B (the throttle's counters live in Redis)."""

from __future__ import annotations

import asyncio
import os
import secrets
import time
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.typing import Subprotocol

from tests.realtime.live import close_code, sync
from tests.realtime.redis_server import REDIS_SERVER, RedisServer
from tests.realtime.test_multi_instance import Cluster, start_instance, wait_until_up
from tests.service.table import PASSWORD, Person, campaign, expect, register

REQUIRED = ("VTT_TEST_DATABASE_URL", "VTT_TEST_REDIS_URL")
pytestmark = pytest.mark.skipif(
    not all(os.environ.get(name) for name in REQUIRED) or REDIS_SERVER is None,
    reason="multi-instance tests need PostgreSQL and Redis: set VTT_TEST_DATABASE_URL and "
    "VTT_TEST_REDIS_URL (as .ci/run does) and install redis-server",
)

REFUSED_WITHIN = 1.0
CLOSED_WITHIN = 5.0


@pytest.fixture(scope="module")
def cluster(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """Instances A and B on one PostgreSQL database and one throwaway Redis, each with an
    auth cache of a minute: only the broadcast revocation can make B refuse in time."""
    tmp_path = tmp_path_factory.mktemp("credentials")
    redis_server = RedisServer()
    redis_server.start()
    env = {
        **os.environ,
        "VTT_ENVIRONMENT": "test",
        "VTT_DATABASE_URL": database_url,
        "VTT_BROKER_URL": redis_server.url,
        "VTT_REDIS_PREFIX": f"test-{secrets.token_hex(6)}",
        "VTT_SECRET_KEY": secrets.token_hex(32),
        "VTT_AUTH_CACHE_SECONDS": "60",
        "VTT_PASSWORD_TIME_COST": "1",
        "VTT_PASSWORD_MEMORY_KIB": "64",
        "VTT_DB_POOL_SIZE": "5",
    }
    instances = []
    try:
        for name in ("a", "b"):
            instances.append(start_instance(env, tmp_path / f"{name}.log"))
        for instance in instances:
            wait_until_up(instance)
        yield Cluster(redis_server, instances[0], instances[1], env)
    finally:
        for instance in instances:
            instance.stop()
        redis_server.kill()
        for instance in instances:
            print(f"--- {instance.log.name}\n{instance.log.read_text()}")


def _bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


async def _refused_after(b: httpx.AsyncClient, secret: str, limit: float) -> float:
    """Seconds until B answers 401 for ``secret`` (polling), or ``limit`` and more."""
    started = time.monotonic()
    while (took := time.monotonic() - started) < limit * 3:
        if (await b.get("/users/me", headers=_bearer(secret))).status_code == 401:
            return took
        await asyncio.sleep(0.02)
    return took


async def _login(api: httpx.AsyncClient, who: Person) -> str:
    body = {"username": who.username, "password": PASSWORD}
    token: str = expect(await api.post("/auth/token", json=body), 200)["access_token"]
    return token


async def test_a_logout_on_a_is_refused_on_b_within_a_second(cluster: Cluster) -> None:
    async with (
        httpx.AsyncClient(base_url=cluster.a.api) as a,
        httpx.AsyncClient(base_url=cluster.b.api) as b,
    ):
        person = await register(a, "leaving")
        expect(await b.get("/users/me", headers=person.auth), 200)  # cached on B
        expect(await a.post("/auth/logout", headers=person.auth), 204)
        assert await _refused_after(b, person.token, REFUSED_WITHIN) < REFUSED_WITHIN


async def test_a_logout_all_on_a_is_refused_on_b_within_a_second(cluster: Cluster) -> None:
    async with (
        httpx.AsyncClient(base_url=cluster.a.api) as a,
        httpx.AsyncClient(base_url=cluster.b.api) as b,
    ):
        person = await register(a, "everywhere")
        tokens = [person.token, await _login(b, person)]
        for token in tokens:
            expect(await b.get("/users/me", headers=_bearer(token)), 200)
        expect(await a.post("/auth/logout-all", headers=person.auth), 204)
        for token in tokens:
            assert await _refused_after(b, token, REFUSED_WITHIN) < REFUSED_WITHIN


async def test_a_key_deleted_on_a_is_refused_on_b_within_a_second(cluster: Cluster) -> None:
    async with (
        httpx.AsyncClient(base_url=cluster.a.api) as a,
        httpx.AsyncClient(base_url=cluster.b.api) as b,
    ):
        person = await register(a, "keyed")
        body = {"name": "bot", "scopes": ["read"]}
        key = expect(await a.post("/api-keys", json=body, headers=person.auth), 201)
        expect(await b.get("/users/me", headers=_bearer(key["key"])), 200)
        expect(await a.delete(f"/api-keys/{key['id']}", headers=person.auth), 204)
        assert await _refused_after(b, key["key"], REFUSED_WITHIN) < REFUSED_WITHIN


async def test_sockets_on_b_close_4401_within_5s_of_a_revocation_on_a(cluster: Cluster) -> None:
    async with httpx.AsyncClient(base_url=cluster.a.api) as a:
        st = await register(a, "teller")
        cid = (await campaign(a, st, "3d6"))["id"]
        body = {"name": "bot", "scopes": ["read"]}
        key = expect(await a.post("/api-keys", json=body, headers=st.auth), 201)
        answer = await a.post(f"/campaigns/{cid}/ws-ticket", headers=_bearer(key["key"]))
        by_ticket = [Subprotocol("fairtable"), Subprotocol(expect(answer, 201)["ticket"])]
        url = cluster.b.socket_url(cid, 0)
        async with (
            connect(url, additional_headers=st.auth) as with_token,
            connect(url, subprotocols=by_ticket) as with_key,
        ):
            await sync(with_token)
            await sync(with_key)
            started = time.monotonic()
            expect(await a.post("/auth/logout", headers=st.auth), 204)
            assert await close_code(with_token, CLOSED_WITHIN) == 4401
            assert time.monotonic() - started < CLOSED_WITHIN
            # The ticket came from the key, which still works: that socket stays open.
            assert await sync(with_key) is not None
            started = time.monotonic()
            other = Person(st.id, st.username, await _login(a, st))
            expect(await a.delete(f"/api-keys/{key['id']}", headers=other.auth), 204)
            assert await close_code(with_key, CLOSED_WITHIN) == 4401
            assert time.monotonic() - started < CLOSED_WITHIN


async def test_failed_logins_on_a_count_on_b(cluster: Cluster) -> None:
    async with (
        httpx.AsyncClient(base_url=cluster.a.api) as a,
        httpx.AsyncClient(base_url=cluster.b.api) as b,
    ):
        person = await register(a, "guessed")
        wrong = {"username": person.username, "password": "not the password at all"}
        for api in (a, b, a, b, a):  # login_max_failures, spread over both instances
            expect(await api.post("/auth/token", json=wrong), 401)
        for api in (a, b):
            throttled = await api.post("/auth/token", json=wrong)
            expect(throttled, 429)
            assert int(throttled.headers["retry-after"]) >= 1

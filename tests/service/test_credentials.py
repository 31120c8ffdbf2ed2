"""Logging out: ``/auth/logout`` revokes the presented token, ``/auth/logout-all`` every
token of the user; API keys live until their own ``DELETE``. Each is refused at once,
even by an instance whose auth cache still held it. Across instances:
tests/realtime/test_credentials_multi_instance.py."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest_asyncio
from httpx import ASGITransport, AsyncClient

from app.core.ids import hash_secret
from app.core.settings import Settings
from app.main import create_app
from tests.service.table import PASSWORD, Person, db_run, expect, register


@pytest_asyncio.fixture(loop_scope="session")
async def cached(settings: Settings) -> AsyncIterator[AsyncClient]:
    """A client on an app whose auth cache would keep a credential for a minute: only
    the revocation can explain a refusal."""
    application = create_app(settings.model_copy(update={"auth_cache_seconds": 60.0}))
    async with application.router.lifespan_context(application):
        transport = ASGITransport(app=application, client=("198.51.100.80", 8080))
        async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
            yield http


def _bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


async def _second_token(client: AsyncClient, person: Person) -> str:
    body = {"username": person.username, "password": PASSWORD}
    token: str = expect(await client.post("/auth/token", json=body), 200)["access_token"]
    return token


async def _key(client: AsyncClient, person: Person) -> str:
    body = {"name": "bot", "scopes": ["read"]}
    key: str = expect(await client.post("/api-keys", json=body, headers=person.auth), 201)["key"]
    return key


async def test_logout_revokes_the_presented_token_only(cached: AsyncClient) -> None:
    person = await register(cached, "leaving")
    other = await _second_token(cached, person)
    expect(await cached.get("/users/me", headers=person.auth), 200)  # now cached
    expect(await cached.post("/auth/logout", headers=person.auth), 204)
    refused = await cached.get("/users/me", headers=person.auth)
    expect(refused, 401)
    assert refused.headers["www-authenticate"] == "Bearer"
    expect(await cached.get("/users/me", headers=_bearer(other)), 200)
    # Logging out twice: the token is gone already.
    expect(await cached.post("/auth/logout", headers=person.auth), 401)


async def test_logout_all_revokes_every_token_but_not_the_api_keys(cached: AsyncClient) -> None:
    person = await register(cached, "everywhere")
    other = await _second_token(cached, person)
    key = await _key(cached, person)
    for secret in (person.token, other, key):
        expect(await cached.get("/users/me", headers=_bearer(secret)), 200)
    expect(await cached.post("/auth/logout-all", headers=_bearer(other)), 204)
    for secret in (person.token, other):
        expect(await cached.get("/users/me", headers=_bearer(secret)), 401)
    expect(await cached.get("/users/me", headers=_bearer(key)), 200)
    # Logging in again gives a working token.
    expect(await cached.get("/users/me", headers=_bearer(await _second_token(cached, person))), 200)


async def test_logging_out_takes_a_login_token_not_an_api_key(cached: AsyncClient) -> None:
    person = await register(cached, "keyed")
    key = await _key(cached, person)
    for path in ("/auth/logout", "/auth/logout-all"):
        expect(await cached.post(path, headers=_bearer(key)), 403)
        expect(await cached.post(path), 401)
    expect(await cached.get("/users/me", headers=person.auth), 200)


async def test_a_deleted_key_is_refused_at_once_despite_the_cache(cached: AsyncClient) -> None:
    person = await register(cached, "keydel")
    body = {"name": "bot", "scopes": ["read"]}
    made = expect(await cached.post("/api-keys", json=body, headers=person.auth), 201)
    expect(await cached.get("/users/me", headers=_bearer(made["key"])), 200)
    expect(await cached.delete(f"/api-keys/{made['id']}", headers=person.auth), 204)
    expect(await cached.get("/users/me", headers=_bearer(made["key"])), 401)


async def test_one_users_logout_leaves_the_others_logged_in(cached: AsyncClient) -> None:
    leaving, staying = await register(cached, "leaving"), await register(cached, "staying")
    expect(await cached.post("/auth/logout-all", headers=leaving.auth), 204)
    expect(await cached.get("/users/me", headers=staying.auth), 200)


async def test_the_revocation_endpoints_are_in_the_openapi_document(client: Any) -> None:
    document = expect(await client.get("http://test/openapi.json"), 200)
    for path in ("/api/v1/auth/logout", "/api/v1/auth/logout-all"):
        assert set(document["paths"][path]["post"]["responses"]) >= {"204", "401", "403"}


async def test_a_revocation_whose_announcement_is_lost_still_ends_within_the_cache_second(
    settings: Settings,
) -> None:
    """The broadcast is at-most-once: the auth cache's 1 s lifetime is the bound."""
    application = create_app(settings.model_copy(update={"auth_cache_seconds": 1.0}))
    async with application.router.lifespan_context(application):
        transport = ASGITransport(app=application, client=("198.51.100.81", 8081))
        async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
            person = await register(http, "lost")
            expect(await http.get("/users/me", headers=person.auth), 200)  # cached now
            # Revoked behind the announcement's back, as if its message were lost.
            sql = "DELETE FROM access_tokens WHERE token_hash = ?"
            await db_run(application, sql, hash_secret(person.token))
            started = time.monotonic()
            while (await http.get("/users/me", headers=person.auth)).status_code == 200:
                assert time.monotonic() - started < 1.5
                await asyncio.sleep(0.05)


async def test_the_announcement_names_the_user_and_carries_no_secret(app: Any) -> None:
    heard: list[dict[str, Any]] = []
    app.state.broker.subscribe_revocations(heard.append)
    transport = ASGITransport(app=app, client=("198.51.100.82", 8082))
    async with AsyncClient(transport=transport, base_url="http://test/api/v1") as http:
        person = await register(http, "announced")
        expect(await http.post("/auth/logout", headers=person.auth), 204)
    mine = [m for m in heard if m.get("user_id") == person.id]
    assert mine == [{"kind": "credentials.revoked", "user_id": person.id}]
    assert person.token not in str(heard) and hash_secret(person.token) not in str(heard)

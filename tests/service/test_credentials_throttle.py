"""Login throttling counts failures per (username, address) and per address: a stranger's
wrong guesses never lock the owner out from elsewhere, and spraying usernames from one
address is throttled. The address is the direct peer unless that is a trusted proxy."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest_asyncio
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient, Response

from app.core.settings import Settings
from app.main import create_app
from tests.service.table import PASSWORD, expect, register

WRONG = "not the password at all"


@asynccontextmanager
async def from_address(app: Any, address: str) -> AsyncIterator[AsyncClient]:
    """A client whose requests come from ``address`` (the direct TCP peer)."""
    transport = ASGITransport(app=app, client=(address, 5555))
    async with AsyncClient(transport=transport, base_url="http://test/api/v1") as client:
        yield client


async def _login(
    client: AsyncClient, username: str, password: str = PASSWORD, **kw: Any
) -> Response:
    body = {"username": username, "password": password}
    return await client.post("/auth/token", json=body, **kw)


def _throttled(answer: Response) -> None:
    expect(answer, 429)
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert int(answer.headers["retry-after"]) >= 1


@pytest_asyncio.fixture(loop_scope="session")
async def own_app(settings: Settings) -> AsyncIterator[FastAPI]:
    """An app of the test's own, so its counters start empty."""
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        yield application


async def test_a_strangers_wrong_guesses_never_lock_the_owner_out_elsewhere(own_app: Any) -> None:
    async with from_address(own_app, "198.51.100.7") as owner:
        person = await register(owner, "owner")
    async with from_address(own_app, "203.0.113.66") as stranger:
        for _ in range(5):  # login_max_failures
            expect(await _login(stranger, person.username, WRONG), 401)
        _throttled(await _login(stranger, person.username, WRONG))
        # From the stranger's address, even the right password waits.
        _throttled(await _login(stranger, person.username))
    async with from_address(own_app, "198.51.100.7") as owner:
        expect(await _login(owner, person.username), 200)
    async with from_address(own_app, "192.0.2.77") as travelling:
        expect(await _login(travelling, person.username), 200)


async def test_spraying_many_usernames_from_one_address_is_throttled(own_app: Any) -> None:
    async with from_address(own_app, "203.0.113.99") as sprayer:
        for i in range(20):  # login_address_max_failures
            expect(await _login(sprayer, f"victim_{i}_{secrets.token_hex(3)}", WRONG), 401)
        _throttled(await _login(sprayer, f"victim_x_{secrets.token_hex(3)}", WRONG))
    async with from_address(own_app, "198.51.100.99") as elsewhere:
        person = await register(elsewhere, "sprayed")
        expect(await _login(elsewhere, person.username), 200)


async def test_a_successful_login_clears_the_count_of_that_address(own_app: Any) -> None:
    async with from_address(own_app, "198.51.100.20") as client:
        person = await register(client, "reset")
        for _ in range(2):
            for _ in range(4):
                expect(await _login(client, person.username, WRONG), 401)
            expect(await _login(client, person.username), 200)


async def test_concurrent_failed_logins_all_count_and_never_fail_with_500(own_app: Any) -> None:
    async with from_address(own_app, "198.51.100.30") as client:
        person = await register(client, "racing")
        answers = await asyncio.gather(*(_login(client, person.username, WRONG) for _ in range(8)))
        assert {a.status_code for a in answers} <= {401, 429}, [a.text for a in answers]
        _throttled(await _login(client, person.username))


async def test_a_held_token_keeps_working_while_logging_in_is_throttled(own_app: Any) -> None:
    async with from_address(own_app, "198.51.100.40") as client:
        person = await register(client, "holder")
        for _ in range(5):
            await _login(client, person.username, WRONG)
        _throttled(await _login(client, person.username))
        expect(await client.get("/users/me", headers=person.auth), 200)


async def test_the_forwarded_address_counts_only_behind_a_trusted_proxy(settings: Settings) -> None:
    behind = create_app(settings.model_copy(update={"trusted_proxies": ["10.0.0.0/8"]}))
    async with behind.router.lifespan_context(behind):
        async with from_address(behind, "10.0.0.2") as proxy:
            person = await register(proxy, "proxied")
            stranger = {"X-Forwarded-For": "203.0.113.5"}
            for _ in range(5):
                expect(await _login(proxy, person.username, WRONG, headers=stranger), 401)
            _throttled(await _login(proxy, person.username, headers=stranger))
            # The owner comes through the same proxy from another address.
            owner = {"X-Forwarded-For": "198.51.100.5"}
            expect(await _login(proxy, person.username, headers=owner), 200)
        # A client that is no proxy cannot dodge its count by forging the header.
        async with from_address(behind, "203.0.113.200") as forger:
            for i in range(5):
                forged = {"X-Forwarded-For": f"192.0.2.{i}"}
                expect(await _login(forger, person.username, WRONG, headers=forged), 401)
            _throttled(
                await _login(forger, person.username, headers={"X-Forwarded-For": "1.2.3.4"})
            )

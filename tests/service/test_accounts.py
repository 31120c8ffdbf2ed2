"""Accounts: registering, logging in, tokens that expire, API keys. Throttling, logout and
the password policy have files of their own (test_credentials*.py, test_passwords.py)."""

from __future__ import annotations

import asyncio
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from httpx import ASGITransport, AsyncClient

from app.core.ids import hash_secret
from tests.service.table import PASSWORD, Person, db_run, expect, pages, register

WRONG = "not the password"


def _name(prefix: str = "acct") -> str:
    return f"{prefix}_{secrets.token_hex(4)}"


async def _login(client: AsyncClient, username: str, password: str = PASSWORD) -> Any:
    return await client.post("/auth/token", json={"username": username, "password": password})


async def test_registering_answers_the_user_without_the_password(client: AsyncClient) -> None:
    name = _name()
    user = expect(
        await client.post(
            "/users", json={"username": name, "password": PASSWORD, "display_name": "Ada"}
        ),
        201,
    )
    assert set(user) == {"id", "username", "display_name"}
    assert user["username"] == name and user["display_name"] == "Ada"


async def test_a_username_is_taken_whatever_its_case(client: AsyncClient) -> None:
    name = _name("Case")
    first = expect(await client.post("/users", json={"username": name, "password": PASSWORD}), 201)
    assert first["username"] == name.lower()
    assert first["display_name"] == name
    for other in (name.lower(), name.upper()):
        taken = await client.post("/users", json={"username": other, "password": PASSWORD})
        expect(taken, 409)
        assert taken.headers["content-type"].startswith("application/problem+json")
    # Logging in is case-insensitive too.
    expect(await _login(client, name.upper()), 200)


async def test_bad_registrations_are_refused_with_422(client: AsyncClient) -> None:
    for body in (
        {"username": _name(), "password": "short"},
        {"username": "no spaces allowed", "password": PASSWORD},
        {"username": "ab", "password": PASSWORD},
        {"username": _name(), "password": PASSWORD, "display_name": ""},
        {"username": _name(), "password": PASSWORD, "admin": True},
        {"password": PASSWORD},
    ):
        answer = await client.post("/users", json=body)
        expect(answer, 422)
        assert answer.json()["errors"], body


async def test_logging_in_gives_a_bearer_token_that_reads_me(client: AsyncClient) -> None:
    person = await register(client, "login")
    token = expect(await _login(client, person.username), 200)
    assert token["token_type"] == "bearer"
    expires = datetime.fromisoformat(token["expires_at"].replace("Z", "+00:00"))
    assert expires > datetime.now(UTC) + timedelta(days=6)
    me = expect(
        await client.get("/users/me", headers={"Authorization": f"Bearer {token['access_token']}"}),
        200,
    )
    assert me == {"id": person.id, "username": person.username, "display_name": "Login"}


async def test_a_wrong_password_or_an_unknown_user_gets_401(app: Any) -> None:
    # From an address of its own: failed logins count per address (test_credentials_throttle).
    transport = ASGITransport(app=app, client=("192.0.2.40", 4040))
    async with AsyncClient(transport=transport, base_url="http://test/api/v1") as client:
        person = await register(client, "wrong")
        wrong = await _login(client, person.username, WRONG)
        unknown = await _login(client, _name("ghost"))
    expect(wrong, 401)
    expect(unknown, 401)
    # The two failures read alike: nothing tells whether the account exists.
    assert wrong.json()["detail"] == unknown.json()["detail"]


async def test_an_expired_token_is_refused(app: Any, client: AsyncClient) -> None:
    person = await register(client, "expiry")
    expect(await client.get("/users/me", headers=person.auth), 200)
    past = datetime.now(UTC) - timedelta(seconds=1)
    sql = "UPDATE access_tokens SET expires_at = ? WHERE token_hash = ?"
    await db_run(app, sql, past, hash_secret(person.token))
    refused = await client.get("/users/me", headers=person.auth)
    expect(refused, 401)
    assert refused.headers["www-authenticate"] == "Bearer"
    # A fresh login works again.
    expect(await _login(client, person.username), 200)


async def test_an_api_key_is_shown_once_and_listed_without_it(client: AsyncClient) -> None:
    person = await register(client, "keys")
    made = expect(
        await client.post(
            "/api-keys", json={"name": "dice bot", "scopes": ["roll", "read"]}, headers=person.auth
        ),
        201,
    )
    assert made["key"].startswith("ftk_")
    assert made["scopes"] == ["read", "roll"]
    listed = expect(await client.get("/api-keys", headers=person.auth), 200)
    assert [k["id"] for k in listed["items"]] == [made["id"]]
    assert listed["next_cursor"] is None
    assert "key" not in listed["items"][0]
    assert made["key"] not in str(listed)
    key_auth = {"Authorization": f"Bearer {made['key']}"}
    assert expect(await client.get("/users/me", headers=key_auth), 200)["id"] == person.id


async def test_revoking_a_key_refuses_it_and_removes_it_from_the_list(
    client: AsyncClient,
) -> None:
    person = await register(client, "revoke")
    made = expect(
        await client.post(
            "/api-keys", json={"name": "old", "scopes": ["read"]}, headers=person.auth
        ),
        201,
    )
    expect(await client.delete(f"/api-keys/{made['id']}", headers=person.auth), 204)
    assert expect(await client.get("/api-keys", headers=person.auth), 200) == {
        "items": [],
        "next_cursor": None,
    }
    expect(await client.get("/users/me", headers={"Authorization": f"Bearer {made['key']}"}), 401)
    # Revoking twice, or a key that is not one's own, is a 404.
    expect(await client.delete(f"/api-keys/{made['id']}", headers=person.auth), 404)


async def test_one_cannot_revoke_someone_elses_key(client: AsyncClient) -> None:
    owner = await register(client, "owner")
    thief = await register(client, "thief")
    made = expect(
        await client.post("/api-keys", json={"name": "k", "scopes": ["read"]}, headers=owner.auth),
        201,
    )
    expect(await client.delete(f"/api-keys/{made['id']}", headers=thief.auth), 404)
    expect(await client.get("/users/me", headers={"Authorization": f"Bearer {made['key']}"}), 200)


async def test_bad_api_key_requests_are_refused_with_422(client: AsyncClient) -> None:
    person = await register(client, "badkey")
    for body in (
        {"name": "x", "scopes": []},
        {"name": "x", "scopes": ["admin"]},
        {"name": "", "scopes": ["read"]},
        {"scopes": ["read"]},
    ):
        expect(await client.post("/api-keys", json=body, headers=person.auth), 422)
    assert expect(await client.get("/api-keys", headers=person.auth), 200)["items"] == []


async def _key(client: AsyncClient, person: Person, name: str) -> str:
    body = {"name": name, "scopes": ["read"]}
    made = expect(await client.post("/api-keys", json=body, headers=person.auth), 201)
    # Ids order by the millisecond: keep each key in a millisecond of its own.
    await asyncio.sleep(0.002)
    return str(made["id"])


async def test_api_keys_page_newest_first_without_gaps_or_repeats(client: AsyncClient) -> None:
    person = await register(client, "pages")
    made = [await _key(client, person, f"key {i}") for i in range(5)]
    walked = await pages(client, person, "/api-keys", limit=2)
    for page in walked:
        assert set(page) == {"items", "next_cursor"}
        assert len(page["items"]) <= 2
    seen = [k["id"] for page in walked for k in page["items"]]
    assert len(walked) == 3
    assert seen == list(reversed(made))
    whole = expect(await client.get("/api-keys", headers=person.auth), 200)
    assert [k["id"] for k in whole["items"]] == seen and whole["next_cursor"] is None


async def test_api_keys_pages_skip_revoked_keys(client: AsyncClient) -> None:
    person = await register(client, "skips")
    made = [await _key(client, person, f"key {i}") for i in range(4)]
    for revoked in (made[1], made[2]):
        expect(await client.delete(f"/api-keys/{revoked}", headers=person.auth), 204)
    first = expect(await client.get("/api-keys?limit=1", headers=person.auth), 200)
    assert [k["id"] for k in first["items"]] == [made[3]]
    params = {"limit": 1, "cursor": first["next_cursor"]}
    second = expect(await client.get("/api-keys", params=params, headers=person.auth), 200)
    assert [k["id"] for k in second["items"]] == [made[0]]
    assert second["next_cursor"] is None


async def test_api_keys_list_refuses_bad_limits_and_cursors_with_422(
    client: AsyncClient,
) -> None:
    person = await register(client, "badpage")
    await _key(client, person, "kept")
    before = expect(await client.get("/api-keys", headers=person.auth), 200)
    for params in (
        {"limit": 0},
        {"limit": 201},
        {"limit": "x"},
        {"cursor": "!!"},
        {"cursor": ""},
        {"cursor": "x" * 201},
    ):
        answer = await client.get("/api-keys", params=params, headers=person.auth)
        assert answer.status_code == 422, (params, answer.text)
        assert answer.headers["content-type"] == "application/problem+json"
        assert answer.json()["status"] == 422
    assert expect(await client.get("/api-keys", headers=person.auth), 200) == before

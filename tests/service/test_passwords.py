"""The password policy: 10 characters or more, not the username, not a common password;
a refusal is a 422 problem that says why, on the password field."""

from __future__ import annotations

import secrets

import pytest
from httpx import AsyncClient

from tests.service.table import PASSWORD, expect


def _name() -> str:
    return f"pw_{secrets.token_hex(4)}"


async def _refused(client: AsyncClient, username: str, password: str) -> str:
    answer = await client.post("/users", json={"username": username, "password": password})
    expect(answer, 422)
    assert answer.headers["content-type"] == "application/problem+json"
    body = answer.json()
    (error,) = body["errors"]
    assert error["loc"] == ["body", "password"]
    assert body["detail"].startswith("body.password: ")
    assert password not in body["detail"]  # the answer never echoes the password
    return str(error["msg"])


@pytest.mark.parametrize("password", ["12345678", "short pw", "abcdefghi"])
async def test_fewer_than_ten_characters_are_refused(client: AsyncClient, password: str) -> None:
    msg = await _refused(client, _name(), password)
    assert "10" in msg


@pytest.mark.parametrize(
    "password", ["password123", "1234567890", "qwertyuiop", "iloveyou12", "Password1!"]
)
async def test_common_passwords_are_refused(client: AsyncClient, password: str) -> None:
    msg = await _refused(client, _name(), password)
    assert "common" in msg.lower() or "guess" in msg.lower(), msg


async def test_the_username_is_no_password_nor_part_of_one(client: AsyncClient) -> None:
    name = _name()
    for password in (name, name.upper(), f"{name}2026!", f"my-{name}-pass"):
        msg = await _refused(client, name, password)
        assert "username" in msg


async def test_a_long_uncommon_password_is_accepted(client: AsyncClient) -> None:
    for password in (PASSWORD, "kettle-moss-orbit-17", "Tr0ub4dor&3-horse"):
        body = {"username": _name(), "password": password}
        expect(await client.post("/users", json=body), 201)


async def test_a_refused_registration_creates_no_account(client: AsyncClient) -> None:
    name = _name()
    await _refused(client, name, "password123")
    body = {"username": name, "password": PASSWORD}
    expect(await client.post("/users", json=body), 201)


async def test_a_password_of_the_longest_length_is_judged_not_crashed_on(
    client: AsyncClient,
) -> None:
    strong = secrets.token_urlsafe(150)[:200]
    answer = await client.post("/users", json={"username": _name(), "password": strong})
    expect(answer, 201)
    weak = "password" * 25  # 200 characters, a common word repeated
    assert await _refused(client, _name(), weak)

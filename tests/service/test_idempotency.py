"""Idempotency-Key on POST /campaigns/{cid}/rolls: a retry replays the first answer byte for
byte and never rolls again."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from httpx import AsyncClient, Response

from tests.service.table import (
    SHEET_3D6,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
)


async def _post(
    client: AsyncClient, who: Person, cid: str, key: str | None, **body: Any
) -> Response:
    headers = dict(who.auth)
    if key is not None:
        headers["Idempotency-Key"] = key
    return await client.post(f"/campaigns/{cid}/rolls", json=body, headers=headers)


async def _log(client: AsyncClient, storyteller: Person, cid: str) -> list[dict[str, Any]]:
    page = expect(
        await client.get(f"/campaigns/{cid}/rolls?limit=200", headers=storyteller.auth), 200
    )
    assert page["next_cursor"] is None
    items: list[dict[str, Any]] = page["items"]
    return items


async def _table(client: AsyncClient) -> tuple[Person, Person, str, str]:
    st, player = await register(client, "teller"), await register(client, "player")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    kitten = (await character(client, player, cid, SHEET_3D6))["id"]
    return st, player, cid, kitten


async def test_the_same_key_twice_replays_the_first_answer(client: AsyncClient) -> None:
    st, player, cid, kitten = await _table(client)
    key = secrets.token_hex(8)
    body = {"kind": "test", "character_id": kitten, "trait": "strong", "difficulty": 2}
    first = await _post(client, player, cid, key, **body)
    again = await _post(client, player, cid, key, **body)
    assert first.status_code == again.status_code == 201
    assert again.content == first.content, "byte for byte"
    assert again.headers["content-type"] == first.headers["content-type"]
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["dice"] == first.json()["dice"]
    assert [r["id"] for r in await _log(client, st, cid)] == [first.json()["id"]]

    # Without a key every POST rolls.
    await _post(client, player, cid, None, **body)
    await _post(client, player, cid, None, **body)
    assert len(await _log(client, st, cid)) == 3


async def test_the_same_key_with_another_request_is_refused(client: AsyncClient) -> None:
    st, player, cid, kitten = await _table(client)
    key = secrets.token_hex(8)
    body = {"kind": "test", "character_id": kitten, "trait": "strong", "difficulty": 2}
    first = await _post(client, player, cid, key, **body)
    expect(first, 201)
    other_cid = (await campaign(client, player, "3d6"))["id"]
    for changed, where in (
        ({**body, "difficulty": 3}, cid),
        ({**body, "trait": "clever"}, cid),
        ({**body, "visibility": "private"}, cid),
        ({"kind": "formula", "formula": "1d6"}, cid),
        ({"kind": "formula", "formula": "1d6"}, other_cid),
    ):
        answer = await _post(client, player, where, key, **changed)
        problem = expect(answer, 422)
        assert answer.headers["content-type"].startswith("application/problem+json")
        assert "Idempotency-Key" in problem["detail"]
    assert [r["id"] for r in await _log(client, st, cid)] == [first.json()["id"]]
    assert await _log(client, player, other_cid) == []
    # The original request still replays.
    assert (await _post(client, player, cid, key, **body)).content == first.content


async def test_different_users_use_the_same_key_independently(client: AsyncClient) -> None:
    st, player, cid, _kitten = await _table(client)
    other = await register(client, "other")
    await join(client, st, cid, other)
    key = secrets.token_hex(8)
    body = {"kind": "formula", "formula": "4d6kh3"}
    answers = [await _post(client, who, cid, key, **body) for who in (player, other, st)]
    ids = {expect(a, 201)["id"] for a in answers}
    assert len(ids) == 3
    assert {r["user_id"] for r in await _log(client, st, cid)} == {player.id, other.id, st.id}
    for who, first in zip((player, other, st), answers, strict=True):
        assert (await _post(client, who, cid, key, **body)).content == first.content
    assert len(await _log(client, st, cid)) == 3


async def test_a_refused_request_does_not_use_up_its_key(client: AsyncClient) -> None:
    st, player, cid, kitten = await _table(client)
    key = secrets.token_hex(8)
    bad = {"kind": "test", "character_id": kitten, "trait": "nimble"}
    expect(await _post(client, player, cid, key, **bad), 422)
    good = {"kind": "test", "character_id": kitten, "trait": "strong"}
    first = expect(await _post(client, player, cid, key, **good), 201)
    assert [r["id"] for r in await _log(client, st, cid)] == [first["id"]]


async def test_a_replayed_blind_roll_stays_redacted(client: AsyncClient) -> None:
    _st, player, cid, _kitten = await _table(client)
    key = secrets.token_hex(8)
    body = {"kind": "formula", "formula": "1d20", "visibility": "blind"}
    first = await _post(client, player, cid, key, **body)
    assert expect(first, 201)["redacted"] is True
    again = await _post(client, player, cid, key, **body)
    assert again.content == first.content
    assert again.json()["dice"] == []


async def test_an_overlong_key_is_refused(client: AsyncClient) -> None:
    st, player, cid, _kitten = await _table(client)
    answer = await _post(client, player, cid, "k" * 201, kind="formula", formula="1d6")
    expect(answer, 422)
    assert await _log(client, st, cid) == []


async def test_fifty_concurrent_retries_store_exactly_one_roll(client: AsyncClient) -> None:
    st, player, cid, kitten = await _table(client)
    key = secrets.token_hex(8)
    body = {"kind": "test", "character_id": kitten, "trait": "clever", "rerolls": []}
    answers = await asyncio.gather(*(_post(client, player, cid, key, **body) for _ in range(50)))
    assert {a.status_code for a in answers} == {201}, {a.text for a in answers if a.is_error}
    assert len({a.content for a in answers}) == 1, "every retry answers the first answer"
    stored = await _log(client, st, cid)
    assert len(stored) == 1
    assert stored[0]["id"] == answers[0].json()["id"]
    after = expect(await _post(client, player, cid, None, kind="formula", formula="1d6"), 201)
    assert after["seq"] == stored[0]["seq"] + 1, "the losing requests took no sequence number"

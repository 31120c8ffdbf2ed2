"""GET /campaigns/{cid}/rolls: the log pages newest first, without gap or repeat."""

from __future__ import annotations

import asyncio
import base64
import itertools
from typing import Any

import pytest
from httpx import AsyncClient

from tests.service.table import (
    SHEET_3D6,
    Person,
    campaign,
    character,
    expect,
    join,
    register,
    roll,
)

TOTAL = 1000


async def _page(
    client: AsyncClient, who: Person, cid: str, status: int = 200, **params: Any
) -> Any:
    answer = await client.get(f"/campaigns/{cid}/rolls", params=params, headers=who.auth)
    body = expect(answer, status)
    if status != 200:
        assert answer.headers["content-type"].startswith("application/problem+json")
    return body


async def _walk(
    client: AsyncClient, who: Person, cid: str, limits: list[int], **params: Any
) -> list[dict[str, Any]]:
    """Every item of the log, page by page, cycling through ``limits``."""
    items: list[dict[str, Any]] = []
    cursor = None
    for limit in itertools.cycle(limits):
        query = {"limit": limit, **params}
        if cursor is not None:
            query["cursor"] = cursor
        page = await _page(client, who, cid, **query)
        assert len(page["items"]) <= limit
        items += page["items"]
        cursor = page["next_cursor"]
        if cursor is None:
            return items
        assert len(page["items"]) == limit, "a page is short only at the end"
    raise AssertionError("unreachable")


async def test_the_log_pages_through_a_thousand_rolls(client: AsyncClient) -> None:
    st = await register(client, "teller")
    player = await register(client, "player")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    kitten = (await character(client, player, cid, SHEET_3D6))["id"]

    async def one(i: int) -> dict[str, Any]:
        body: dict[str, Any] = {"kind": "formula", "formula": "1d6"}
        if i % 4 == 0:
            body["character_id"] = kitten
        who = player if i % 2 else st
        return await roll(client, who, cid, **body)

    made: list[dict[str, Any]] = []
    for start in range(0, TOTAL, 100):
        made += await asyncio.gather(*(one(i) for i in range(start, start + 100)))
    base = min(r["seq"] for r in made) - 1  # setting the table took the first seqs
    assert sorted(r["seq"] for r in made) == list(range(base + 1, base + TOTAL + 1))
    by_id = {r["id"]: r for r in made}

    for limits in ([200], [1, 7, 200, 137, 50, 3], [199]):
        items = await _walk(client, player, cid, limits)
        ids = [r["id"] for r in items]
        assert len(ids) == TOTAL and set(ids) == set(by_id), "no gap, no repeat"
        seqs = [r["seq"] for r in items]
        assert seqs == list(range(base + TOTAL, base, -1)), "newest first"
        assert all(r == by_id[r["id"]] for r in items[:: len(items) // 10])

    first = await _page(client, player, cid)
    assert len(first["items"]) == 50, "the default page holds 50"
    assert first["items"][0]["seq"] == base + TOTAL

    mine = await _walk(client, player, cid, [60], character_id=kitten)
    assert [r["seq"] for r in mine] == sorted(
        (r["seq"] for r in made if r["character_id"] == kitten), reverse=True
    )
    assert len(mine) == TOTAL // 4
    assert all(r["character_id"] == kitten for r in mine)


async def test_the_log_filters_by_character(client: AsyncClient) -> None:
    st = await register(client, "teller")
    alice, bob = await register(client, "alice"), await register(client, "bob")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, alice)
    await join(client, st, cid, bob)
    a = (await character(client, alice, cid, SHEET_3D6, name="A"))["id"]
    b = (await character(client, bob, cid, SHEET_3D6, name="B"))["id"]
    npc = (await character(client, st, cid, SHEET_3D6, name="N", npc=True))["id"]
    rolled = {a: [], b: [], npc: []}  # type: dict[str, list[str]]
    for who, char in ((alice, a), (bob, b), (st, npc), (alice, a), (st, npc), (bob, b)):
        answer = await roll(client, who, cid, kind="test", character_id=char, trait="clever")
        rolled[char].append(answer["id"])
    await roll(client, alice, cid, kind="formula", formula="2d6")
    for char, ids in rolled.items():
        page = await _page(client, bob, cid, character_id=char)
        assert [r["id"] for r in page["items"]] == ids[::-1]
        assert page["next_cursor"] is None
    everything = await _page(client, bob, cid)
    assert len(everything["items"]) == 7

    other = await campaign(client, st, "3d6")
    stranger = (await character(client, st, other["id"], SHEET_3D6, npc=True))["id"]
    assert (await _page(client, bob, cid, character_id=stranger))["items"] == []
    assert (await _page(client, bob, cid, character_id="nope"))["items"] == []


async def test_the_log_is_only_for_members(client: AsyncClient) -> None:
    st, outsider = await register(client, "teller"), await register(client, "outsider")
    cid = (await campaign(client, st, "3d6"))["id"]
    await roll(client, st, cid, kind="formula", formula="1d6")
    await _page(client, outsider, cid, 404)
    await _page(client, st, "01NOSUCHCAMPAIGN000000000", 404)
    answer = await client.get(f"/campaigns/{cid}/rolls")
    expect(answer, 401)


def _b64(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


@pytest.mark.parametrize(
    "params",
    [
        {"limit": 0},
        {"limit": 201},
        {"limit": -1},
        {"limit": "ten"},
        {"cursor": "!!!not-base64!!!"},
        {"cursor": "a"},
        {"cursor": ""},
        {"cursor": _b64("-1")},
        {"cursor": _b64("seven")},
        {"cursor": _b64("9" * 40)},
        {"cursor": "x" * 201},
        {"character_id": "c" * 27},
    ],
)
async def test_bad_log_parameters_are_refused(client: AsyncClient, params: dict[str, Any]) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    await roll(client, st, cid, kind="formula", formula="1d6")
    await _page(client, st, cid, 422, **params)


async def test_a_cursor_of_a_non_ascii_digit_is_refused(client: AsyncClient) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    await _page(client, st, cid, 422, cursor=_b64("²"))

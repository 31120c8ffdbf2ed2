"""Many players rolling at once in one campaign: nothing lost, nothing duplicated, the
sequence gap-free, and no 5xx."""

from __future__ import annotations

import asyncio
from typing import Any

from httpx import AsyncClient, Response

from tests.service.table import (
    SHEET_3D6,
    Person,
    campaign,
    character,
    join,
    pages,
    register,
)

PLAYERS = 20
ROLLS_EACH = 25


async def test_twenty_players_rolling_at_once_lose_and_duplicate_nothing(
    client: AsyncClient,
) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    players: list[Person] = list(
        await asyncio.gather(*(register(client, f"p{i}") for i in range(PLAYERS)))
    )
    for player in players:
        await join(client, st, cid, player)
    kittens = [
        (await character(client, p, cid, SHEET_3D6, name=f"Kitten {i}"))["id"]
        for i, p in enumerate(players)
    ]

    async def one(player: Person, kitten: str, n: int) -> Response:
        body: dict[str, Any]
        if n % 3 == 0:
            body = {"kind": "formula", "formula": "2d6+1", "character_id": kitten}
        else:
            body = {"kind": "test", "character_id": kitten, "trait": "strong", "difficulty": 1}
        return await client.post(f"/campaigns/{cid}/rolls", json=body, headers=player.auth)

    answers = await asyncio.gather(
        *(
            one(player, kitten, n)
            for n in range(ROLLS_EACH)
            for player, kitten in zip(players, kittens, strict=True)
        )
    )
    errors = [a.text for a in answers if a.status_code != 201]
    assert not errors, errors[:3]
    made = [a.json() for a in answers]
    total = PLAYERS * ROLLS_EACH
    assert len({r["id"] for r in made}) == total
    # Setting the table (members, characters) took the first seqs; the rolls take the next
    # ``total`` ones, every one of them, once.
    base = min(r["seq"] for r in made) - 1
    assert sorted(r["seq"] for r in made) == list(range(base + 1, base + total + 1))

    walked = await pages(client, st, f"/campaigns/{cid}/rolls", limit=200)
    stored = [r for page in walked for r in page["items"]]
    assert [r["seq"] for r in stored] == list(range(base + total, base, -1))
    assert {r["id"] for r in stored} == {r["id"] for r in made}
    by_id = {r["id"]: r for r in made}
    assert all(r == by_id[r["id"]] for r in stored), "stored as answered"
    for player, kitten in zip(players, kittens, strict=True):
        mine = [r for r in stored if r["user_id"] == player.id]
        assert len(mine) == ROLLS_EACH
        assert {r["character_id"] for r in mine} == {kitten}

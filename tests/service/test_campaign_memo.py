"""The campaign memo: a roll under load reads neither the seat, the character nor the
campaign's counters, which the previous roll's batch left; what another connection changed
meanwhile is read again, and a remembered row never refuses by itself (both databases)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import asyncpg
import pytest_asyncio
from httpx import AsyncClient

from app.core.database import asyncpg_dsn
from tests.service.table import SHEET_3D6, campaign, character, expect, join, register, roll

Execute = Callable[[str, Any, Any], Awaitable[None]]


@pytest_asyncio.fixture
async def elsewhere(app: Any) -> AsyncIterator[Execute]:
    """A connection of its own to the same database: another app instance, or another
    process on the same SQLite file (a ``fairtable`` command, a second worker)."""
    settings = app.state.settings
    if settings.is_sqlite:
        path = app.state.database.path

        async def on_sqlite(sql: str, first: Any, second: Any) -> None:
            conn = sqlite3.connect(path, timeout=10)
            try:
                conn.execute(sql.replace("$1", "?").replace("$2", "?"), (first, second))
                conn.commit()
            finally:
                conn.close()

        yield on_sqlite
        return
    conn = await asyncpg.connect(asyncpg_dsn(settings.database_url))

    async def on_postgres(sql: str, first: Any, second: Any) -> None:
        await conn.execute(sql, first, second)

    try:
        yield on_postgres
    finally:
        await conn.close()


async def test_a_character_changed_by_another_connection_is_read_again(
    client: AsyncClient, elsewhere: Execute
) -> None:
    st = await register(client, "memo")
    cid = (await campaign(client, st, "3d6"))["id"]
    kitten = (await character(client, st, cid, SHEET_3D6))["id"]
    body = {"kind": "test", "character_id": kitten, "trait": "strong"}
    await roll(client, st, cid, **body)  # the memo holds the character now
    sheet = {**SHEET_3D6, "qualities": {"strong": 0, "clever": 5}}
    await elsewhere(
        "UPDATE characters SET sheet = $1, version = version + 1 WHERE id = $2",
        json.dumps(sheet),
        kitten,
    )
    made = await roll(client, st, cid, **body)
    assert all(not die["success"] for die in made["dice"])  # quality 0: no success
    assert made["odds"]["successes"]["0"] == 1.0  # odds of quality 0, whatever the dice
    read = expect(await client.get(f"/characters/{kitten}", headers=st.auth), 200)
    assert read["sheet"]["qualities"]["strong"] == 0


async def test_a_player_promoted_elsewhere_acts_as_storyteller_at_once(
    client: AsyncClient, elsewhere: Execute
) -> None:
    """The memo remembers the player's seat from their roll; a refusal drawn from it is
    checked against the seat as it now is."""
    st = await register(client, "host")
    player = await register(client, "heir")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    kitten = (await character(client, player, cid, SHEET_3D6))["id"]
    await roll(client, player, cid, kind="test", character_id=kitten, trait="strong")
    await elsewhere(
        "UPDATE memberships SET role = 'storyteller' WHERE campaign_id = $1 AND user_id = $2",
        cid,
        player.id,
    )
    renamed = await client.patch(f"/campaigns/{cid}", json={"name": "Heirs"}, headers=player.auth)
    assert expect(renamed, 200)["name"] == "Heirs"


async def test_a_player_removed_elsewhere_rolls_no_more(
    client: AsyncClient, elsewhere: Execute
) -> None:
    st = await register(client, "host")
    player = await register(client, "leaver")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    kitten = (await character(client, player, cid, SHEET_3D6))["id"]
    await roll(client, player, cid, kind="test", character_id=kitten, trait="strong")
    await elsewhere(
        "DELETE FROM memberships WHERE campaign_id = $1 AND user_id = $2", cid, player.id
    )
    body = {"kind": "test", "character_id": kitten, "trait": "strong"}
    refused = await client.post(f"/campaigns/{cid}/rolls", json=body, headers=player.auth)
    assert refused.status_code == 404, refused.text
    log = expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)
    assert len(log["items"]) == 1


async def test_rolls_in_a_row_take_their_seq_and_chain_from_the_memo(
    client: AsyncClient, app: Any
) -> None:
    """Counters taken from the memo are the committed ones: seqs without a gap, every link
    on the one before, as the audit shows them."""
    st = await register(client, "chain")
    cid = (await campaign(client, st, "3d6"))["id"]
    kitten = (await character(client, st, cid, SHEET_3D6))["id"]
    body = {"kind": "test", "character_id": kitten, "trait": "strong"}
    made = [await roll(client, st, cid, **body) for _ in range(5)]
    assert [r["seq"] for r in made] == [2, 3, 4, 5, 6]  # seq 1: the character's event
    audit = expect(await client.get(f"/campaigns/{cid}/audit", headers=st.auth), 200)
    links = audit["audit"]
    hashes = [link["hash"] for link in links]
    assert [link["prev_hash"] for link in links][1:] == hashes[:-1]
    assert hashes[-1] == made[-1]["hash"]

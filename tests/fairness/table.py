"""Builders for fairness tests: a table that has rolled a bit of everything, the audit
bundle as a member sees it, and direct access to the database for tampering."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from httpx import AsyncClient

from app.events import repository as events_repo
from app.rules.verify import Report, verify
from tests.service.table import (
    GIFT,
    ITEM,
    SHEET_3D6,
    Person,
    campaign,
    character,
    db_run,
    expect,
    join,
    register,
    roll,
)


@dataclass
class Table:
    storyteller: Person
    player: Person
    cid: str
    kitten: str


async def table_3d6(client: AsyncClient) -> Table:
    """A 3d6 campaign where any die may be rerolled, so a test can always spend rerolls."""
    st = await register(client, "teller")
    player = await register(client, "player")
    cid = (await campaign(client, st, "3d6", {"reroll_any_die": True}))["id"]
    await join(client, st, cid, player)
    kitten = (await character(client, player, cid, SHEET_3D6, name="Pelote"))["id"]
    return Table(st, player, cid, kitten)


async def play(client: AsyncClient, t: Table) -> list[dict[str, Any]]:
    """A short session: tests with rerolls (the same die twice), formulas, a blind roll."""
    made = []
    first = await roll(
        client, t.player, t.cid, kind="test", character_id=t.kitten, trait="strong",
        difficulty=4, rerolls=[ITEM, GIFT],
    )  # fmt: skip
    made.append(first)
    for _ in range(2):
        answer = await client.post(
            f"/rolls/{first['id']}/reroll", json={"die": 1}, headers=t.player.auth
        )
        expect(answer, 200)
    made.append(await roll(client, t.player, t.cid, kind="formula", formula="4d6kh3+2d20kl1-1"))
    made.append(
        await roll(
            client,
            t.player,
            t.cid,
            kind="test",
            character_id=t.kitten,
            trait="clever",
            advantage=True,
            visibility="blind",
            note="sneaking past the dog",
        )
    )
    made.append(await roll(client, t.storyteller, t.cid, kind="formula", formula="3d6"))
    return made


async def bundle(client: AsyncClient, who: Person, cid: str) -> dict[str, Any]:
    """The whole chain as ``who`` sees it, page by page, as docs/fairness.md says."""
    links: list[dict[str, Any]] = []
    after = 0
    while True:
        page = expect(
            await client.get(f"/campaigns/{cid}/audit?after={after}&limit=3", headers=who.auth),
            200,
        )
        links += page["audit"]
        if page["next_after"] is None:
            return {**page, "audit": links}
        after = page["next_after"]


async def check(client: AsyncClient, who: Person, cid: str) -> Report:
    return verify(await bundle(client, who, cid))


async def rotate(client: AsyncClient, storyteller: Person, cid: str) -> dict[str, Any]:
    answer = await client.post(f"/campaigns/{cid}/fairness/rotate", headers=storyteller.auth)
    return dict(expect(answer, 200))


async def current_seed_hex(app: Any, cid: str) -> str:
    rows = await db_run(
        app,
        "SELECT s.server_seed FROM campaign_seeds s JOIN campaigns c ON c.id = s.campaign_id"
        " AND c.seed_number = s.number WHERE c.id = ?",
        cid,
    )
    return bytes(rows[0][0]).hex()


def as_json(db_value: Any) -> Any:
    """A JSON column's value as read by the driver (text on SQLite, decoded on asyncpg)."""
    return json.loads(db_value) if isinstance(db_value, str) else db_value


async def events_read(
    app: Any, cid: str, fields: tuple[str, ...], where: str = "", *params: Any
) -> list[tuple[Any, ...]]:
    """The campaign's events' ``fields`` as every reader of the app reads them (a compact
    event's data rebuilt from its roll), in seq order; ``where`` narrows them (``e.``)."""
    sql = events_repo.select(fields, f"e.campaign_id = ?{where} ORDER BY e.seq")
    rows = events_repo.with_data(await db_run(app, sql, cid, *params), fields)
    at = fields.index("data") if "data" in fields else None
    if at is None:
        return rows
    return [(*row[:at], as_json(row[at]), *row[at + 1 :]) for row in rows]


async def make_whole(app: Any, cid: str, seq: int) -> None:
    """Store the compact event at ``seq`` whole, as events were stored before they could be
    compact (a campaign written before that)."""
    fields = ("data", "prev_hash", "hash")
    (data, prev_hash, hash_) = (await events_read(app, cid, fields, " AND e.seq = ?", seq))[0]
    sql = (
        "UPDATE events SET data = ?, prev_hash = ?, hash = ?, roll_seq = NULL"
        " WHERE campaign_id = ? AND seq = ?"
    )
    await db_run(app, sql, json.dumps(data), prev_hash, hash_, cid, seq)

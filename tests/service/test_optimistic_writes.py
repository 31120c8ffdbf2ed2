"""PostgreSQL's optimistic write jobs: a job writes without a transaction and its batch
checks the campaign row it read; whatever another instance changed meanwhile makes it run
again, locked, and nothing of the lost attempt is written (app/core/database.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest
import pytest_asyncio
from httpx import AsyncClient, Response

from app.campaigns.ledger import Ledger
from app.core.database import asyncpg_dsn
from app.core.writer import Job
from tests.service.table import SHEET_3D6, campaign, character, db_run, join, register

_SEQS = "SELECT seq, type, data FROM events WHERE campaign_id = ? AND type LIKE 'test.%'"


@pytest_asyncio.fixture
async def other_instance(app: Any) -> AsyncIterator[asyncpg.Connection]:
    """A connection of its own to the same database, as another app instance has."""
    if app.state.settings.is_sqlite:
        pytest.skip("optimistic jobs are PostgreSQL's: SQLite holds its write lock throughout")
    conn = await asyncpg.connect(asyncpg_dsn(app.state.settings.database_url))
    try:
        yield conn
    finally:
        await conn.close()


async def test_a_job_another_instance_wrote_past_runs_again_locked(
    client: AsyncClient, app: Any, other_instance: asyncpg.Connection
) -> None:
    st = await register(client, "racer")
    cid = (await campaign(client, st, "3d6"))["id"]
    locks: list[str] = []

    async def job(job: Job) -> None:
        ledger = await Ledger.open(job, cid)
        locks.append(job.db.lock_rows)
        ledger.record("test.raced", {"attempt": len(locks)})
        if len(locks) == 1:  # another instance writes the campaign between read and close
            await other_instance.execute("UPDATE campaigns SET name = name WHERE id = $1", cid)
        await ledger.close()

    job.optimistic = True  # type: ignore[attr-defined]
    await app.state.writer.run(job)
    assert locks == ["", " FOR UPDATE"]  # optimistic first, then locked
    rows = await db_run(app, _SEQS, cid)
    assert [(type, data) for _, type, data in rows] == [("test.raced", {"attempt": 2})]


async def test_a_player_removed_meanwhile_gets_no_roll_written(
    client: AsyncClient, app: Any, other_instance: asyncpg.Connection
) -> None:
    """Queued jobs pass the seat on to each other; the batch still checks it, so the rolls
    of a player whom another instance removed are refused, never written."""
    st = await register(client, "host")
    player = await register(client, "leaver")
    cid = (await campaign(client, st, "3d6"))["id"]
    await join(client, st, cid, player)
    kitten = (await character(client, player, cid, SHEET_3D6))["id"]
    body = {"kind": "test", "character_id": kitten, "trait": "strong"}

    async def one() -> Response:
        return await client.post(f"/campaigns/{cid}/rolls", json=body, headers=player.auth)

    pending = {asyncio.ensure_future(one()) for _ in range(40)}
    done: set[asyncio.Future[Response]] = set()
    while len(done) < 5:
        finished, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
        done |= finished
    await other_instance.execute(
        "DELETE FROM memberships WHERE campaign_id = $1 AND user_id = $2", cid, player.id
    )
    answers = [f.result() for f in done] + list(await asyncio.gather(*pending))
    assert {a.status_code for a in answers} <= {201, 404}, [a.text for a in answers]
    made = sum(a.status_code == 201 for a in answers)
    stored = await db_run(app, "SELECT count(*) FROM rolls WHERE campaign_id = ?", cid)
    assert stored == [(made,)]
    assert (await one()).status_code == 404

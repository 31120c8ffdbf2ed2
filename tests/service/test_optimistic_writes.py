"""PostgreSQL's optimistic write jobs: a job writes without a transaction and its batch
checks the campaign row it read; whatever another instance changed meanwhile makes it run
again, locked, and nothing of the lost attempt is written (app/core/database.py)."""

from __future__ import annotations

import asyncio
import json
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


async def _queued(locks: Any, cid: str, users: int) -> None:
    """Wait until ``users`` jobs (or the test) hold or wait for the campaign's lock."""
    for _ in range(500):
        entry = locks._entries.get(cid)
        if entry is not None and entry.users >= users:
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"never {users} in the campaign's queue")


async def test_a_remembered_character_another_instance_changed_is_read_again(
    client: AsyncClient, app: Any, other_instance: asyncpg.Connection
) -> None:
    """The next queued roll takes the character its predecessor's batch checked; when
    another instance changed it meanwhile, the batch's version guard refuses the roll and
    it runs again on the character as it now is."""
    st = await register(client, "memo")
    cid = (await campaign(client, st, "3d6"))["id"]
    kitten = (await character(client, st, cid, SHEET_3D6))["id"]
    body = {"kind": "test", "character_id": kitten, "trait": "strong"}
    locks = app.state.database._locks

    def roll() -> asyncio.Task[Response]:
        post = client.post(f"/campaigns/{cid}/rolls", json=body, headers=st.auth)
        return asyncio.ensure_future(post)

    await locks.acquire(cid)  # the test sits in the queue, so the memo outlives each roll
    first = roll()
    await _queued(locks, cid, 2)
    behind = asyncio.ensure_future(locks.acquire(cid))
    await _queued(locks, cid, 3)
    locks.release(cid)
    assert (await first).status_code == 201
    await behind  # the memo now holds the character as the first roll's batch checked it
    memo = app.state.database.memos.get(cid)
    assert memo["checked"][("character", kitten)].sheet["qualities"]["strong"] == 3
    sheet = {**SHEET_3D6, "qualities": {"strong": 0, "clever": 5}}
    await other_instance.execute(
        "UPDATE characters SET sheet = $1::json, version = version + 1 WHERE id = $2",
        json.dumps(sheet),
        kitten,
    )
    second = roll()
    await _queued(locks, cid, 2)
    locks.release(cid)
    made = await second
    assert made.status_code == 201, made.text
    assert all(not die["success"] for die in made.json()["dice"])  # quality 0: no success
    stored = await db_run(app, "SELECT count(*) FROM rolls WHERE campaign_id = ?", cid)
    assert stored == [(2,)]

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
from app.core import postgres
from app.core.database import asyncpg_dsn
from app.core.writer import Job
from app.rules.verify import verify
from tests.service.table import (
    SHEET_3D6,
    Person,
    campaign,
    character,
    db_run,
    join,
    register,
)

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
    # The test waits behind the first roll, so its batch is parked: it is written (and
    # answered) when its job's turn comes again, after the test lets the lock go.
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
    await _queued(locks, cid, 3)  # the test, the parked first roll, the second
    locks.release(cid)
    assert (await first).status_code == 201
    made = await second
    assert made.status_code == 201, made.text
    assert all(not die["success"] for die in made.json()["dice"])  # quality 0: no success
    stored = await db_run(app, "SELECT count(*) FROM rolls WHERE campaign_id = ?", cid)
    assert stored == [(2,)]


class _Statements:
    """Spies on the batches PostgreSQL jobs send: how many jobs each one wrote, and
    whether its guards let it through."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sent: list[tuple[int, bool]] = []
        real = postgres.send_batch

        async def spy(db: Any, batch: Any) -> Any:
            written = await real(db, batch)
            self.sent.append((batch.jobs, written is not None))
            return written

        monkeypatch.setattr(postgres, "send_batch", spy)


async def _rolls_behind_the_test(
    client: AsyncClient, app: Any, name: str, n: int
) -> tuple[Person, str, Any, list[asyncio.Task[Response]]]:
    """A new campaign whose lock the test holds, with ``n`` roll requests queued on it:
    its storyteller, its id, the locks, the requests."""
    st = await register(client, name)
    cid = (await campaign(client, st, "3d6"))["id"]
    locks = app.state.database._locks
    await locks.acquire(cid)
    body = {"kind": "formula", "formula": "3d6"}
    posts = []
    for i in range(n):
        post = client.post(f"/campaigns/{cid}/rolls", json=body, headers=st.auth)
        posts.append(asyncio.ensure_future(post))
        await _queued(locks, cid, 2 + i)
    return st, cid, locks, posts


async def _assert_chained(client: AsyncClient, app: Any, st: Person, cid: str, n: int) -> None:
    """The campaign holds rolls of seqs 1..n, and its audit chain verifies."""
    seqs = await db_run(app, "SELECT seq FROM rolls WHERE campaign_id = ? ORDER BY seq", cid)
    assert [seq for (seq,) in seqs] == list(range(1, n + 1))
    audit = (await client.get(f"/campaigns/{cid}/audit", headers=st.auth)).json()
    assert verify(audit).ok


async def test_rolls_queued_on_one_campaign_go_out_together_each_answered_once_written(
    client: AsyncClient,
    app: Any,
    other_instance: asyncpg.Connection,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A roll whose campaign has another job waiting parks its batch and lets that job
    run; the parked batches are written in one statement, and no roll is answered before
    the statement holding it has committed (another connection already reads it)."""
    statements = _Statements(monkeypatch)
    st, cid, locks, posts = await _rolls_behind_the_test(client, app, "queue", 6)
    locks.release(cid)
    for answered in asyncio.as_completed(posts):
        made = await answered
        assert made.status_code == 201, made.text
        stored = await other_instance.fetchval("SELECT count(*) FROM rolls WHERE id = $1",
                                               made.json()["id"])  # fmt: skip
        assert stored == 1, "answered before it was committed"
    assert max(jobs for jobs, _ in statements.sent) > 1
    assert len(statements.sent) < 6 and all(ok for _, ok in statements.sent)
    await _assert_chained(client, app, st, cid, 6)


async def test_a_parked_batch_another_instance_outran_runs_each_of_its_rolls_again(
    client: AsyncClient,
    app: Any,
    other_instance: asyncpg.Connection,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two rolls parked behind the test; another instance writes the campaign row before
    their statement goes: it is refused whole, and each roll runs again, locked."""
    statements = _Statements(monkeypatch)
    st, cid, locks, posts = await _rolls_behind_the_test(client, app, "outran", 2)
    locks.release(cid)
    await locks.acquire(cid)  # behind both: each parks its batch for a later job
    assert locks.parked(cid).batch.jobs == 2
    await other_instance.execute("UPDATE campaigns SET name = name || '!' WHERE id = $1", cid)
    locks.release(cid)
    answers = await asyncio.gather(*posts)
    assert [a.status_code for a in answers] == [201, 201], [a.text for a in answers]
    assert (2, False) in statements.sent
    await _assert_chained(client, app, st, cid, 2)


async def test_a_job_reading_under_the_lock_reads_the_parked_rolls(
    client: AsyncClient, app: Any, other_instance: asyncpg.Connection
) -> None:
    """A job that reads the campaign's rolls after taking its lock finds the rolls parked
    before it: what is parked is written before its read."""
    _, cid, locks, posts = await _rolls_behind_the_test(client, app, "reader", 2)

    async def count(job: Job) -> int:
        await Ledger.open(job, cid)
        rows = await job.db.fetchall("SELECT count(*) FROM rolls WHERE campaign_id = ?", cid)
        return int(rows[0][0])

    count.optimistic = True  # type: ignore[attr-defined]
    counted = asyncio.ensure_future(app.state.writer.run(count))
    await _queued(locks, cid, 4)
    locks.release(cid)
    assert await counted == 2
    assert [a.status_code for a in await asyncio.gather(*posts)] == [201, 201]

"""The writer: a job's writes are committed before its answer, or not at all."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from httpx import AsyncClient

from app.core.errors import Conflict
from app.core.writer import Job
from tests.service.table import campaign, expect, register, roll

_NEXT_SEQ = "UPDATE campaigns SET last_seq = last_seq + 1 WHERE id = ? RETURNING last_seq"


async def _next_seq(job: Job, cid: str) -> int:
    row = await job.db.fetchone(_NEXT_SEQ, cid)
    assert row is not None
    return int(row[0])


async def _last_seq(app: Any, cid: str) -> int:
    async def read(job: Job) -> int:
        row = await job.db.fetchone("SELECT last_seq FROM campaigns WHERE id = ?", cid)
        assert row is not None
        return int(row[0])

    result: int = await app.state.writer.run(read)
    return result


async def test_a_job_that_fails_after_writing_leaves_nothing_behind(
    client: AsyncClient, app: Any
) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    await roll(client, st, cid, kind="formula", formula="1d6")

    async def half_done(job: Job) -> None:
        await _next_seq(job, cid)
        raise Conflict("changed my mind")

    with pytest.raises(Conflict):
        await app.state.writer.run(half_done)
    assert await _last_seq(app, cid) == 1
    again = await roll(client, st, cid, kind="formula", formula="1d6")
    assert again["seq"] == 2


async def test_one_failing_job_does_not_undo_the_others_of_its_batch(
    client: AsyncClient, app: Any
) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]

    async def take(job: Job) -> int:
        return await _next_seq(job, cid)

    async def take_then_fail(job: Job) -> int:
        await _next_seq(job, cid)
        raise Conflict("no")

    jobs = [take, take_then_fail] * 10
    results = await asyncio.gather(*(app.state.writer.run(j) for j in jobs), return_exceptions=True)
    taken = sorted(r for r in results if isinstance(r, int))
    assert taken == list(range(1, 11))
    assert sum(isinstance(r, Conflict) for r in results) == 10
    assert await _last_seq(app, cid) == 10
    log = expect(await client.get(f"/campaigns/{cid}/rolls", headers=st.auth), 200)
    assert log["items"] == []


async def test_a_batch_is_answered_before_the_next_batch_runs(app: Any) -> None:
    """Requests that arrive while a batch commits form the next batch; the committed one's
    answers must not wait until that one is done too (it doubled the roll latency)."""
    if not app.state.settings.is_sqlite:
        pytest.skip("batches are SQLite's; PostgreSQL runs one transaction per job")
    order: list[str] = []
    first_ran = asyncio.Event()

    async def first(job: Job) -> None:
        order.append("first ran")
        first_ran.set()

    async def second(job: Job) -> None:
        order.append("second ran")

    async def first_client() -> None:
        await app.state.writer.run(first)
        order.append("first answered")

    async def second_client() -> None:
        await first_ran.wait()  # arrives while the first batch is finishing
        await app.state.writer.run(second)
        order.append("second answered")

    await asyncio.gather(first_client(), second_client())
    assert order.index("first answered") < order.index("second ran"), order


async def test_a_job_refused_before_writing_leaves_its_batch_running_once(
    client: AsyncClient, app: Any
) -> None:
    """A refusal that wrote nothing (a 404, a 409, a rules error: the usual failure) needs
    nothing undone: the other jobs of its batch run once, not again in savepoints."""
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    runs = 0

    async def take(job: Job) -> int:
        nonlocal runs
        runs += 1
        return await _next_seq(job, cid)

    async def refuse(job: Job) -> int:
        await job.db.fetchone("SELECT last_seq FROM campaigns WHERE id = ?", cid)
        raise Conflict("no")

    jobs = [take, refuse] * 10
    results = await asyncio.gather(*(app.state.writer.run(j) for j in jobs), return_exceptions=True)
    assert sorted(r for r in results if isinstance(r, int)) == list(range(1, 11))
    assert sum(isinstance(r, Conflict) for r in results) == 10
    assert runs == 10
    assert await _last_seq(app, cid) == 10

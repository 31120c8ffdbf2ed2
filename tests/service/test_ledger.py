"""The campaign ledger as a unit of work: the rows a job adds are written with the
counters when it closes, in one batch (on PostgreSQL one statement); a guard that no
longer holds runs the job again; nothing is sent before ``close``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from httpx import AsyncClient

from app.campaigns.ledger import Ledger
from app.core.database import Accumulator, Db, Row, Statement
from app.core.dbapi import Closing, send_batch
from app.core.errors import Conflict
from app.core.writer import Job
from tests.service.table import campaign, db_run, register

_SEQS = "SELECT seq, type FROM events WHERE campaign_id = ? AND type LIKE 'test.%' ORDER BY seq"


async def _new_campaign(client: AsyncClient) -> str:
    st = await register(client, "ledgerer")
    cid: str = (await campaign(client, st, "3d6"))["id"]
    return cid


class Counting:
    """A ``Db`` that counts what it sends, to see what reaches the database when."""

    def __init__(self, inner: Db) -> None:
        self.inner = inner
        self.lock_rows = inner.lock_rows
        self.row_version = inner.row_version
        self.sent: list[str] = []

    async def hold(self, key: str) -> None:
        await self.inner.hold(key)

    def memo(self, key: str) -> dict[str, Any] | None:
        return self.inner.memo(key)

    def forget_memo(self, key: str) -> None:
        self.inner.forget_memo(key)

    @property
    def deferring(self) -> bool:
        return self.inner.deferring

    def defer(self, key: tuple[str, str], accumulator: Accumulator) -> None:
        self.inner.defer(key, accumulator)

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        self.sent.append(sql)
        return await self.inner.fetchone(sql, *params)

    async def fetchall(self, sql: str, *params: Any) -> list[Row]:
        self.sent.append(sql)
        return await self.inner.fetchall(sql, *params)

    async def execute(self, sql: str, *params: Any) -> None:
        self.sent.append(sql)
        await self.inner.execute(sql, *params)

    async def send_together(self, main: Statement, others: Sequence[Statement]) -> Row | None:
        self.sent.append("together: " + " ; ".join([main[0], *(s for s, _ in others)]))
        return await self.inner.send_together(main, others)

    async def close_batch(self, key: str, batch: Closing) -> Row | None:
        return await send_batch(self, batch)  # through this wrapper's send_together

    def parkable(self, key: str) -> bool:
        return False

    async def park(self, key: str, batch: Closing) -> Row | None:
        raise AssertionError("never parkable")

    def is_unique_violation(self, exc: BaseException, table: str | None = None) -> bool:
        return self.inner.is_unique_violation(exc, table)


async def test_events_a_job_records_are_written_when_its_ledger_closes(
    client: AsyncClient, app: Any
) -> None:
    cid = await _new_campaign(client)

    async def job(job: Job) -> list[str]:
        counted = Counting(job.db)
        unit = Job(counted)
        ledger = await Ledger.open(unit, cid)
        ledger.record("test.one", {"n": 1})
        ledger.record("test.two", {"n": 2})
        before_close = list(counted.sent)
        await ledger.close()
        job.events.extend(unit.events)
        return before_close

    sent_before_close = await app.state.writer.run(job)
    assert len(sent_before_close) == 1 and sent_before_close[0].startswith("SELECT")
    assert await db_run(app, _SEQS, cid) == [(1, "test.one"), (2, "test.two")]
    rows = await db_run(app, "SELECT last_seq FROM campaigns WHERE id = ?", cid)
    assert rows == [(2,)]


async def test_the_ledger_sends_its_batch_as_one_call(client: AsyncClient, app: Any) -> None:
    cid = await _new_campaign(client)
    counted: list[Counting] = []

    async def job(job: Job) -> None:
        db = Counting(job.db)
        counted.append(db)
        ledger = await Ledger.open(Job(db), cid)
        ledger.record("test.one", {"n": 1})
        ledger.record("test.two", {"n": 2})
        await ledger.close()

    await app.state.writer.run(job)
    [db] = counted
    lock, batch = db.sent
    assert "FROM campaigns" in lock
    assert batch.startswith("together: UPDATE campaigns") and "INSERT INTO events" in batch
    if app.state.settings.is_sqlite:
        return
    assert "FOR UPDATE" in lock  # and on PostgreSQL the batch is one statement


async def test_a_guard_that_no_longer_holds_runs_the_job_again(
    client: AsyncClient, app: Any
) -> None:
    cid = await _new_campaign(client)
    attempts: list[int] = []

    async def job(job: Job) -> int:
        attempts.append(1)
        ledger = await Ledger.open(job, cid)
        ledger.record("test.guarded", {"attempt": len(attempts)})
        # The first attempt acts on a read that went stale: its guard fails.
        stale = len(attempts) == 1
        ledger.guard(("1 = ?", (0 if stale else 1,)))
        await ledger.close()
        return len(attempts)

    assert await app.state.writer.run(job) == 2
    rows = await db_run(app, "SELECT data FROM events WHERE campaign_id = ? AND seq = 1", cid)
    assert rows[0][0] == {"attempt": 2}  # only the second attempt's event was written


async def test_a_job_that_keeps_losing_its_race_gives_up(client: AsyncClient, app: Any) -> None:
    cid = await _new_campaign(client)

    async def job(job: Job) -> None:
        ledger = await Ledger.open(job, cid)
        ledger.record("test.never", {})
        ledger.guard(("1 = 0", ()))
        await ledger.close()

    with pytest.raises(Conflict, match="try again"):
        await app.state.writer.run(job)
    assert await db_run(app, _SEQS, cid) == []


async def test_a_failed_job_publishes_none_of_its_events(client: AsyncClient, app: Any) -> None:
    cid = await _new_campaign(client)
    published: list[Any] = []
    writer = app.state.writer
    original = writer._publish
    writer._publish = lambda events: (published.extend(events), original(events))

    async def fails(job: Job) -> None:
        ledger = await Ledger.open(job, cid)
        ledger.record("test.lost", {})
        await ledger.close()
        raise RuntimeError("after the close, before the commit")

    async def succeeds(job: Job) -> None:
        ledger = await Ledger.open(job, cid)
        ledger.record("test.kept", {})
        await ledger.close()

    try:
        with pytest.raises(RuntimeError):
            await writer.run(fails)
        await writer.run(succeeds)
    finally:
        writer._publish = original
    assert [e.type for e in published] == ["test.kept"]
    assert await db_run(app, _SEQS, cid) == [(1, "test.kept")]


async def test_drawing_and_salting_links_send_nothing_of_their_own(
    client: AsyncClient, app: Any
) -> None:
    """The current seed comes with the lock's read (chain v2 salts every link with it), so
    a roll's draws and links cost no round trip."""
    cid = await _new_campaign(client)
    counted: list[Counting] = []

    async def job(job: Job) -> tuple[str, str]:
        db = Counting(job.db)
        counted.append(db)
        ledger = await Ledger.open(Job(db), cid)
        dice, proof = await ledger.draw()
        dice.roll(6, 3)
        roll = {"id": "r", "campaign_id": cid, "seq": 9, "ruleset": "3d6", "kind": "formula",
                "character_id": None, "user_id": "u", "visibility": "blind", "note": None,
                "status": "final", "dice": [], "result": {}, "proof": [proof],
                "created_at": "t", "updated_at": "t"}  # fmt: skip
        first = ledger.link(roll, 9)
        second = ledger.link(roll, 10)
        assert first[1] == second[0] and first[1] != second[1]
        return first

    await app.state.writer.run(job)
    [db] = counted
    [lock] = db.sent  # the job never closed its ledger: nothing else was sent
    assert "JOIN campaign_seeds" in lock
    if not app.state.settings.is_sqlite:
        assert lock.endswith("FOR UPDATE OF c")


class Raced(Counting):
    """The lock's read as PostgreSQL may answer it after waiting for a rotation: the
    joined seed row is not the campaign's current one."""

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        row = await super().fetchone(sql, *params)
        if row is not None and "JOIN campaign_seeds" in sql:
            return (*row[:5], None, None, None, None)
        return row


async def test_a_lock_read_that_raced_a_rotation_reads_the_seed_again(
    client: AsyncClient, app: Any
) -> None:
    cid = await _new_campaign(client)
    seen: list[tuple[Counting, bytes, bytes]] = []

    async def job(job: Job) -> None:
        plain = await Ledger.open(job, cid)
        db = Raced(job.db)
        raced = await Ledger.open(Job(db), cid)
        seen.append((db, plain._seed, raced._seed))

    await app.state.writer.run(job)
    [(db, plain, raced)] = seen
    assert len(db.sent) == 2 and "FROM campaign_seeds" in db.sent[1]
    assert raced == plain and len(raced) == 32

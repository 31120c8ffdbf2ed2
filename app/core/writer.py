"""Where writes run: every write of the service is a job, the one unit of work.

A job is ``async def job(job: Job) -> T``. It reads and writes through ``job.db`` only and
awaits nothing else, so a batch never waits on a client; the events it records go to
``job.events`` and are published after its commit, never before. Its answer is handed back
only after that commit: an answered write is a committed one. A job that raises (bad input,
a conflict) changes nothing. A job that raises ``RetryJob`` (it lost a race it can recover
from, such as two requests with one Idempotency-Key) is rolled back and run again; after
five lost races the client gets a 409 and may try again.

On SQLite, jobs queue and what has gathered runs back to back in one IMMEDIATE transaction
with one commit (grouped commit). A job that fails before writing anything (the usual
refusal: a 404, a 409, a rules error) leaves the transaction as it found it, so the jobs
share it without a savepoint each, which would copy every page a job touches into a
statement journal (about 150 µs of SQLite's time a roll). A job that fails after writing
taints the batch: it is rolled back whole and run again, each job in a savepoint of its
own. On PostgreSQL each
job has a connection of its own from the pool, so jobs of different campaigns run at once;
a job is optimistic first and pessimistic when it runs again (app/core/database.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from app.core import metrics
from app.core.database import (
    Database,
    Db,
    PostgresDatabase,
    RetryJob,
    SqliteDatabase,
    SqliteDb,
)
from app.core.errors import Conflict
from app.core.i18n import msg

log = logging.getLogger("fairtable.writer")

T = TypeVar("T")
Publish = Callable[[list[Any]], None]
RETRIES = 5


class Job:
    """One unit of work: its connection (in its transaction) and the events it recorded."""

    __slots__ = ("db", "events")

    def __init__(self, db: Db) -> None:
        self.db = db
        self.events: list[Any] = []


JobFn = Callable[[Job], Awaitable[T]]


class Writer(Protocol):
    async def run(self, job: JobFn[T]) -> T: ...

    async def close(self) -> None: ...


class PoolWriter:
    """A connection per job, from the pool: PostgreSQL runs many at once. A job whose
    ledger's close is its last write says so (``optimistic = True``, as campaign jobs do):
    its first attempt is then optimistic (``PgJobDb``: autocommit, the ledger checks the
    campaign row's version, so the close is its commit). Any other job, and a job that lost
    a race, runs in a transaction that locks what it reads."""

    def __init__(self, database: PostgresDatabase, publish: Publish) -> None:
        self._database = database
        self._publish = publish

    async def run(self, job: JobFn[T]) -> T:
        for attempt in range(RETRIES):
            try:
                optimistic = attempt == 0 and getattr(job, "optimistic", False)
                with metrics.WRITER_COMMIT.time():
                    async with self._database.job(optimistic) as db:
                        unit = Job(db)
                        value = await job(unit)
            except RetryJob as exc:
                if attempt == RETRIES - 1:
                    raise _too_busy() from exc
                continue
            metrics.WRITER_BATCH.observe(1)
            if unit.events:
                self._publish(unit.events)
            return value
        raise AssertionError("unreachable")

    async def close(self) -> None:
        return None


class BatchWriter:
    """SQLite has one writer at a time anyway: queue the jobs and run what has gathered
    in one IMMEDIATE transaction, so a commit (and its WAL write) serves many requests."""

    def __init__(self, database: SqliteDatabase, publish: Publish, max_batch: int = 64) -> None:
        self._database = database
        self._publish = publish
        self._max_batch = max_batch
        self._queue: asyncio.Queue[tuple[JobFn[Any], asyncio.Future[Any]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    async def run(self, job: JobFn[T]) -> T:
        if self._task is None:
            self._task = asyncio.create_task(self._drain(), name="fairtable-batch-writer")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((job, future))
        return await future

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _drain(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < self._max_batch and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                await self._run_batch(batch)
            except Exception as exc:  # the commit failed: nothing of the batch happened
                log.exception("batch of %d writes failed", len(batch))
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
            await self._database.between_batches()

    async def _run_batch(self, batch: list[tuple[JobFn[Any], asyncio.Future[Any]]]) -> None:
        metrics.WRITER_BATCH.observe(len(batch))
        with metrics.WRITER_COMMIT.time():
            try:
                outcomes, events = await self._run_together(batch, isolated=False)
            except _Tainted:
                outcomes, events = await self._run_together(batch, isolated=True)
        # Answer now, right after the commit: the answers must not wait behind the
        # requests that arrive meanwhile (nor behind the next batch).
        if events:
            self._publish(events)
        for future, ok, value in outcomes:
            if future.done():
                continue
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)

    async def _run_together(
        self, batch: list[tuple[JobFn[Any], asyncio.Future[Any]]], isolated: bool
    ) -> tuple[list[tuple[asyncio.Future[Any], bool, Any]], list[Any]]:
        """The batch's jobs in one transaction, committed. Not ``isolated``: a job that
        fails after writing raises ``_Tainted``, which rolls the transaction back."""
        outcomes: list[tuple[asyncio.Future[Any], bool, Any]] = []
        events: list[Any] = []
        run = _run_in_savepoint if isolated else _run_shared
        async with self._database.transaction() as db:
            db.defer_batch(not isolated)  # shared: the jobs' tallies merged, written once
            try:
                for job, future in batch:
                    if future.cancelled():  # the client left before its turn
                        continue
                    ok, value, recorded = await run(db, job)
                    if ok:
                        events.extend(recorded)
                    outcomes.append((future, ok, value))
                await db.write_deferred()
            finally:
                db.defer_batch(False)
        return outcomes, events


class _Tainted(Exception):
    """A job of a shared batch failed after writing: the batch runs again, isolated."""


async def _run_shared(db: SqliteDb, job: JobFn[Any]) -> tuple[bool, Any, list[Any]]:
    """Run one job of a batch in the batch's transaction, as is: a job that fails without
    having changed a row changed nothing (SQLite undoes a failed statement's own rows)."""
    for attempt in range(RETRIES):
        unit = Job(db)
        changes = db.changes()
        try:
            value = await job(unit)
        except Exception as exc:
            if db.changes() != changes:
                raise _Tainted from exc
            if not isinstance(exc, RetryJob):
                return False, exc, []
            if attempt == RETRIES - 1:
                return False, _too_busy(), []
            continue
        return True, value, unit.events
    raise AssertionError("unreachable")


async def _run_in_savepoint(db: Db, job: JobFn[Any]) -> tuple[bool, Any, list[Any]]:
    """Run one job of a batch; a job that fails is rolled back alone. The savepoint's
    statements are sent directly."""
    for attempt in range(RETRIES):
        unit = Job(db)
        await db.execute("SAVEPOINT job")
        try:
            value = await job(unit)
        except Exception as exc:
            await db.execute("ROLLBACK TO SAVEPOINT job")
            await db.execute("RELEASE SAVEPOINT job")
            if not isinstance(exc, RetryJob):
                return False, exc, []
            if attempt == RETRIES - 1:
                return False, _too_busy(), []
            continue
        await db.execute("RELEASE SAVEPOINT job")
        return True, value, unit.events
    raise AssertionError("unreachable")


def _too_busy() -> Conflict:
    """A job that lost its race every time: the client may try again (nothing happened)."""
    return Conflict(msg("what this request read kept changing while it was written; try again"))


def create_writer(database: Database, publish: Publish) -> Writer:
    """Batches on SQLite (one writer anyway); on PostgreSQL, jobs of different campaigns
    run in parallel (measured: batching there gained little, as each statement is a round
    trip on one connection)."""
    if isinstance(database, SqliteDatabase):
        return BatchWriter(database, publish)
    return PoolWriter(database, publish)

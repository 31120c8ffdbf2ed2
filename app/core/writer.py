"""Where writes run: as jobs on a driver connection, each in a transaction of its own or,
on SQLite, several back to back in one transaction with one commit (grouped commit).

A job is ``async def job(db: Raw) -> T``. It reads and writes through ``db`` only and
awaits nothing else, so a batch never waits on a client. Its answer is handed back only
after the commit that made its writes durable: an answered write is a committed one.
A job that raises (bad input, a conflict) is rolled back to its own savepoint and changes
nothing; the other jobs of the batch are unaffected.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.core.db import session_scope
from app.core.rawsql import Raw, raw
from app.core.sqlite_inline import InlineConnection

log = logging.getLogger("fairtable.writer")

T = TypeVar("T")
Job = Callable[[Raw], Awaitable[T]]


class Writer(Protocol):
    async def run(self, job: Job[T]) -> T: ...

    async def close(self) -> None: ...


Publish = Callable[[list[Any]], None]


class SessionWriter:
    """One transaction per job, from the pool: PostgreSQL runs many at once."""

    def __init__(self, maker: async_sessionmaker[AsyncSession], publish: Publish) -> None:
        self._maker = maker
        self._publish = publish

    async def run(self, job: Job[T]) -> T:
        async with contextlib.asynccontextmanager(session_scope)(
            self._maker, self._publish
        ) as session:
            db = await raw(session)
            db.hold_inserts()  # a job writes through db alone, never the ORM
            value = await job(db)
            await db.flush()
            return value

    async def close(self) -> None:
        return None


class BatchWriter:
    """SQLite has one writer at a time anyway: queue the jobs and run what has gathered
    in one IMMEDIATE transaction, so a commit (and its WAL write) serves many requests."""

    def __init__(self, engine: AsyncEngine, publish: Publish, max_batch: int = 64) -> None:
        self._engine = engine
        self._publish = publish
        self._max_batch = max_batch
        self._queue: asyncio.Queue[tuple[Job[Any], asyncio.Future[Any]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    async def run(self, job: Job[T]) -> T:
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

    async def _run_batch(self, batch: list[tuple[Job[Any], asyncio.Future[Any]]]) -> None:
        async with self._engine.connect() as connection:
            fairy = await connection.get_raw_connection()
            db, commit, rollback = await _begin(fairy.driver_connection, fairy.dbapi_connection)
            db.hold_inserts()
            outcomes: list[tuple[asyncio.Future[Any], bool, Any]] = []
            try:
                for job, future in batch:
                    if future.cancelled():  # the client left before its turn
                        continue
                    await db.execute("SAVEPOINT job")
                    recorded = len(db.events)
                    try:
                        value = await job(db)
                    except Exception as exc:
                        await db.execute("ROLLBACK TO SAVEPOINT job")
                        del db.events[recorded:]  # its events were rolled back too
                        outcomes.append((future, False, exc))
                    else:
                        outcomes.append((future, True, value))
                    await db.execute("RELEASE SAVEPOINT job")
                await db.flush()
                await commit()
            except BaseException:
                await rollback()
                raise
            # Answer now, before the connection goes back to the pool: that release yields
            # to the event loop, and the answers must not wait behind the requests that
            # arrive meanwhile (nor behind the next batch, which starts right after).
            self._publish(db.events)
            for future, ok, value in outcomes:
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)


async def _begin(
    driver: Any, adapter: Any
) -> tuple[Raw, Callable[[], Awaitable[None]], Callable[[], Awaitable[None]]]:
    """Open the batch's transaction on the driver itself (SQLAlchemy stays out of it)."""
    if isinstance(driver, InlineConnection):
        await driver.begin_immediate()
        return Raw(driver._conn, sqlite=True), driver.commit, driver.rollback
    if adapter._transaction is not None:  # never expected: the pool hands out idle connections
        raise RuntimeError("connection already in a transaction")
    transaction = driver.transaction()
    await transaction.start()
    return Raw(driver, sqlite=False), transaction.commit, transaction.rollback


def create_writer(
    engine: AsyncEngine, maker: async_sessionmaker[AsyncSession], publish: Publish
) -> Writer:
    """Batches on SQLite (one writer anyway); on PostgreSQL, jobs of different campaigns
    run in parallel (measured: batching there gained little, as each statement is a round
    trip on one connection)."""
    if engine.dialect.name == "sqlite":
        return BatchWriter(engine, publish)
    return SessionWriter(maker, publish)

"""PostgreSQL behind the ``Db`` protocol: asyncpg, a fixed-size pool, optimistic write
jobs (app/core/database.py); one connection's statements are ``PgDb``'s (app/core/pgdb.py).

A write job is optimistic first (``PgJobDb``): its statements run in autocommit, so a roll
is the ledger's one batch, without BEGIN, a row lock or COMMIT (each a round trip, ~40 µs
of this process's CPU). Jobs of one campaign queue on a lock in this process; the batch
writes only if the campaign row's version is the one the job read, which catches a job of
another instance. A job that lost that race runs again pessimistically: a transaction and
the row locked FOR UPDATE, as SQLite's write lock does. While a job of the campaign waits,
a batch of new rows may be parked and written with the next jobs' (``PgJobDb``). Values:
asyncpg codecs for ``json``/``jsonb``; datetimes, bools and bytes are native.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from typing import Any

import asyncpg
from sqlalchemy.engine import make_url

from app.core import jsontext
from app.core.dbapi import Closing, Db, RetryJob, Row, Statement, send_batch, writes
from app.core.keyed import TURN, KeyedLocks, Memos
from app.core.pgdb import PgDb
from app.core.pgpool import ConnectionPool

__all__ = ["PgDb", "PgJobDb", "PostgresDatabase", "asyncpg_dsn"]


class _Parked:
    """Batches parked on one campaign, merged into one, and the jobs that wait for the
    statement that writes it (each on its place in the campaign's queue, which this wakes
    once the statement is settled); ``version`` is the campaign row's version they read."""

    __slots__ = ("batch", "failed", "settled", "version", "waiting", "written")

    def __init__(self, batch: Closing, version: Any) -> None:
        self.batch = batch
        self.version = version
        self.waiting: list[asyncio.Future[Any]] = []
        self.settled = False
        self.failed = False
        self.written: Row | None = None

    def answer(self, written: Row | None) -> None:
        self.written = written
        self._wake()

    def fail(self) -> None:
        self.failed = True
        self._wake()

    def result(self) -> Row | None:
        if self.failed:
            raise RetryJob("the statement of a parked batch failed")
        return self.written

    def _wake(self) -> None:
        self.settled = True
        for waiting in self.waiting:
            if not waiting.done():
                waiting.set_result(None)


class _Refused(Exception):
    """A parked batch's guard refused it: its savepoint is rolled back."""


MOST_PARKED = 32  # jobs a parked batch takes: a statement of a few thousand parameters


class PgJobDb(PgDb):
    """A write job's connection (see the module doc).

    Optimistic: autocommit, rows read are not locked, and ``row_version`` lets the
    ledger's batch check the campaign row it read. A statement that writes outside that
    batch begins a transaction first; once the job holds a campaign, such a write (a seed
    rotation, a settings change: rare) would change the row the batch checks, so the job
    is run again pessimistically instead (``RetryJob``, before anything was written).
    Pessimistic (``optimistic=False``): a transaction from the start and FOR UPDATE.

    Parked batches: a job of one campaign waits for the one before it, and that one's
    round trip to the server is most of its turn. So an optimistic job whose batch only
    adds rows, with another job waiting, parks it (``park``) and lets the next one run at
    once, on the counters it left in the memo. Whoever comes next writes all that is
    parked in one statement: the next job that closes (its batch merged in), the next
    that reads or writes anything else under the campaign's lock (first, so that it
    reads them), or else the parked job itself when its turn comes again. Each parked
    job answers once that statement has committed (in a pessimistic job's transaction:
    once it commits); if it failed, each runs again (``RetryJob``)."""

    __slots__ = ("_carried", "_held", "_locks", "_memos", "_transaction", "lock_rows",
                 "row_version")  # fmt: skip

    def __init__(self, conn: Any, locks: KeyedLocks, memos: Memos, optimistic: bool) -> None:
        super().__init__(conn)
        self._locks = locks
        self._memos = memos
        self._held: list[str] = []
        self._transaction: Any = None
        self._carried: list[tuple[_Parked, Row | None]] = []  # written in the transaction
        self.lock_rows = "" if optimistic else " FOR UPDATE"
        self.row_version = "xmin::text" if optimistic else None

    async def hold(self, key: str) -> None:
        if key not in self._held:
            await self._locks.acquire(key)
            self._held.append(key)

    def memo(self, key: str) -> dict[str, Any] | None:
        """The memo of ``key``, in an optimistic job only (the batch's guards check what
        it holds against the rows: the campaign row's version, the seat, the character)."""
        return self._memos.get(key) if self.row_version else None

    def forget_memo(self, key: str) -> None:
        self._memos.forget(key)

    def parkable(self, key: str) -> bool:
        if not self.row_version or self._transaction is not None or self._held != [key]:
            return False
        parked: _Parked | None = self._locks.parked(key)
        full = parked is not None and parked.batch.jobs >= MOST_PARKED
        return self._locks.waited_for(key) and not full

    async def park(self, key: str, batch: Closing) -> Row | None:
        parked: _Parked | None = self._locks.parked(key)
        if parked is None:
            memo = self._memos.peek(key)
            parked = _Parked(batch, None if memo is None else memo.get("version"))
            self._locks.park(key, parked)
        else:
            parked.batch.merge(batch)
        # One place in the queue, woken by the turn or by the statement that writes the
        # batch, whichever comes first: a parked job answers as soon as that statement has
        # committed, not when its turn comes round again.
        woken = self._locks.queue(key)
        parked.waiting.append(woken)
        self._held.remove(key)
        self._locks.release(key)  # the next job runs on the counters this one left
        try:
            turn = await woken
        except BaseException:
            self._locks.leave(key, woken)
            raise
        if turn is not TURN:
            self._locks.leave(key, woken)
        else:  # nobody wrote them before this job's turn
            try:
                if not parked.settled:
                    await self._write(key, parked)
            finally:
                self._locks.release(key)
        return parked.result()

    async def close_batch(self, key: str, batch: Closing) -> Row | None:
        parked: _Parked | None = self._locks.parked(key) if key in self._held else None
        if parked is None:
            return await send_batch(self, batch)
        self._locks.park(key, None)
        parked.batch.merge(batch)
        try:
            written = await send_batch(self, parked.batch)
        except BaseException:
            parked.fail()
            raise
        self._settle(key, parked, written, remember=False)  # the closing job remembers
        return written

    async def send_together(self, main: Statement, others: Sequence[Statement]) -> Row | None:
        await self._write_parked()
        return await super().send_together(main, others)

    async def _write_parked(self) -> None:
        """Write what is parked on the keys this job holds, before anything else it sends
        (so that it reads the parked rows)."""
        for key in self._held:
            parked: _Parked | None = self._locks.parked(key)
            if parked is not None:
                await self._write(key, parked)

    async def _write(self, key: str, parked: _Parked) -> None:
        if self._locks.parked(key) is parked:
            self._locks.park(key, None)
        try:
            written = await self._send_parked(parked)
        except Exception:
            parked.fail()
            self._memos.forget(key)
            return
        self._settle(key, parked, written, remember=True)

    async def _send_parked(self, parked: _Parked) -> Row | None:
        """The parked batch's statement; in this job's transaction, in a savepoint, so
        that its failure or refusal leaves the transaction as it was."""
        if self._transaction is None:
            return await send_batch(self, parked.batch)
        try:
            async with self._conn.transaction():
                written = await send_batch(self, parked.batch)
                if written is None:
                    raise _Refused
        except _Refused:
            return None
        return written

    def _settle(self, key: str, parked: _Parked, written: Row | None, remember: bool) -> None:
        """Answer the parked jobs, now or when this job's transaction commits."""
        if written is None:
            self._memos.forget(key)
            parked.fail()
        elif self._transaction is not None:
            self._carried.append((parked, written))
        else:
            memo = self._memos.peek(key) if remember else None
            if memo is not None and memo.get("version") == parked.version:
                memo["version"] = str(written[0])  # the state the parked jobs left, written
            parked.answer(written)

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        await self._before(sql)
        return await super().fetchone(sql, *params)

    async def fetchall(self, sql: str, *params: Any) -> list[Row]:
        await self._before(sql)
        return await super().fetchall(sql, *params)

    async def execute(self, sql: str, *params: Any) -> None:
        await self._before(sql)
        await super().execute(sql, *params)

    async def copy(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        await self._before("INSERT")  # a write: what is parked first, in a transaction
        await super().copy(table, columns, rows)

    async def _before(self, sql: str) -> None:
        await self._write_parked()
        if self._transaction is not None or not writes(sql):
            return
        if self._held and self.row_version:
            raise RetryJob("a write outside the ledger's batch: run again, locked")
        await self.begin()

    async def begin(self) -> None:
        self._transaction = self._conn.transaction()
        await self._transaction.start()

    async def finish(self, ok: bool) -> None:
        """Commit (``ok``) or roll back a transaction begun, then let the next job of each
        held key go: only after the commit, so it reads what this one wrote. A job that
        failed, or ran pessimistically (it may have written anything), leaves no memo.
        Parked batches this job's transaction wrote answer with it."""
        committed = False
        try:
            if self._transaction is not None:
                await (self._transaction.commit() if ok else self._transaction.rollback())
            committed = ok
        finally:
            self._transaction = None
            for parked, written in self._carried:
                if committed:
                    parked.answer(written)
                else:
                    parked.fail()
            self._carried.clear()
            for key in self._held:
                if not (ok and self.row_version):
                    self._memos.forget(key)
                self._locks.release(key)
            self._held.clear()


_RACES = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)
"""Errors of a job that met another one (of another instance) and may simply run again."""


def _pg_json(value: Any) -> bytes:
    """A value for a JSON column; text is taken as JSON already, as SQLite takes it. In
    PostgreSQL's binary format, which ``COPY`` needs (``PgDb.copy``): the text itself."""
    return value.encode() if isinstance(value, str) else jsontext.dumps(value)


def _pg_jsonb(value: Any) -> bytes:
    return b"\x01" + _pg_json(value)  # jsonb's binary format: a version byte, then the text


def _from_jsonb(raw: bytes) -> Any:
    return jsontext.loads(raw[1:])


async def _init_pg(conn: Any) -> None:
    await conn.set_type_codec(
        "json", encoder=_pg_json, decoder=jsontext.loads, schema="pg_catalog", format="binary"
    )
    await conn.set_type_codec(
        "jsonb", encoder=_pg_jsonb, decoder=_from_jsonb, schema="pg_catalog", format="binary"
    )


def asyncpg_dsn(url: str) -> str:
    """``postgresql+asyncpg://…`` (SQLAlchemy's spelling, used by Alembic) for asyncpg."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class PostgresDatabase:
    """A fixed set of connections (app/core/pgpool.py; overflow connections churn under
    load), with no ping on checkout and no reset on release: both cost a round trip a
    request. Every job ends in COMMIT or ROLLBACK and reads run in autocommit."""

    times_as_text = False  # a binary COPY takes datetimes

    def __init__(self, url: str, pool_size: int) -> None:
        self._pool = ConnectionPool(asyncpg_dsn(url), pool_size, _init_pg, timeout=60)
        self._locks = KeyedLocks()
        self.memos = Memos()

    async def start(self) -> None:
        await self._pool.start()

    async def close(self) -> None:
        await self._pool.close()

    @contextlib.asynccontextmanager
    async def read(self) -> AsyncIterator[Db]:
        async with self._pool.acquire() as conn:
            yield PgDb(conn)

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[Db]:
        """Reads that agree with each other: one REPEATABLE READ, read-only transaction."""
        async with (
            self._pool.acquire() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PgDb(conn)

    def stream_snapshot(self) -> contextlib.AbstractAsyncContextManager[Db]:
        """A snapshot for a long streamed read: already a pooled connection of its own."""
        return self.snapshot()

    def connections_in_use(self) -> int:
        """Connections checked out of the pool now (for ``/metrics``)."""
        return self._pool.in_use()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Db]:
        """One transaction, outside the write jobs (restoring a backup)."""
        async with self._pool.acquire() as conn, conn.transaction():
            yield PgDb(conn)

    @contextlib.asynccontextmanager
    async def job(self, optimistic: bool) -> AsyncIterator[PgJobDb]:
        """A write job's connection (see ``PgJobDb``); a race with another instance's job
        becomes ``RetryJob``."""
        async with self._pool.acquire() as conn:
            db = PgJobDb(conn, self._locks, self.memos, optimistic)
            ok = False
            try:
                if not optimistic:
                    await db.begin()
                yield db
                ok = True
            except _RACES as exc:
                raise RetryJob(f"met a concurrent job: {type(exc).__name__}") from exc
            finally:
                await db.finish(ok)

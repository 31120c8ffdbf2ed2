"""PostgreSQL behind the ``Db`` protocol: asyncpg, a fixed-size pool, optimistic write
jobs (app/core/database.py).

A write job is optimistic first (``PgJobDb``): its statements run in autocommit, so a roll
is the ledger's one batch, without BEGIN, a row lock or COMMIT (each a round trip, ~40 µs
of this process's CPU). Jobs of one campaign queue on a lock in this process; the batch
writes only if the campaign row's version is the one the job read, which catches a job of
another instance. A job that lost that race runs again pessimistically: a transaction and
the row locked FOR UPDATE, as SQLite's write lock does. Values: asyncpg codecs for
``json``/``jsonb``; datetimes, bools and bytes are native.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Sequence
from functools import lru_cache
from typing import Any

import asyncpg
from sqlalchemy.engine import make_url

from app.core import jsontext
from app.core.dbapi import Accumulator, Db, RetryJob, Row, Statement, writes
from app.core.keyed import KeyedLocks, Memos

_PLACEHOLDER = re.compile(r"\?")


@lru_cache(maxsize=1024)
def _numbered(sql: str) -> str:
    """``?`` placeholders as asyncpg's ``$1, $2, …``."""
    counter = iter(range(1, 10_000))
    return _PLACEHOLDER.sub(lambda _: f"${next(counter)}", sql)


REFUSED = "fairtable: batch refused"


@lru_cache(maxsize=256)
def _together(main: str, others: tuple[str, ...]) -> str:
    """Several statements as one, all or nothing: every one in a WITH clause, then a check
    that ``main`` matched a row, which otherwise fails the whole statement (a text that is
    no integer), so that nothing of it is written (the WITH clauses run whatever the outer
    SELECT reads: the check must not depend on a row of s0), and the one column ``main``
    returned."""
    clauses = ", ".join(f"s{i} AS ({sql})" for i, sql in enumerate((main, *others)))
    check = f"CASE WHEN EXISTS (SELECT 1 FROM s0) THEN '1' ELSE '{REFUSED}' END"  # noqa: S608
    return _numbered(f"WITH {clauses} SELECT ({check})::int, (SELECT * FROM s0)")  # noqa: S608


class PgDb:
    """``Db`` over one asyncpg connection (reads, and jobs that lock what they read)."""

    __slots__ = ("_conn",)
    lock_rows = " FOR UPDATE"
    row_version: str | None = None

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def hold(self, key: str) -> None:
        return None

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        record = await self._conn.fetchrow(_numbered(sql), *params)
        return None if record is None else tuple(record)

    async def fetchall(self, sql: str, *params: Any) -> list[Row]:
        return [tuple(r) for r in await self._conn.fetch(_numbered(sql), *params)]

    async def execute(self, sql: str, *params: Any) -> None:
        await self._conn.execute(_numbered(sql), *params)

    async def send_together(self, main: Statement, others: Sequence[Statement]) -> Row | None:
        sql = _together(main[0], tuple(s for s, _ in others))
        params = [*main[1], *(value for _, values in others for value in values)]
        try:
            record = await self._conn.fetchrow(sql, *params)
        except asyncpg.InvalidTextRepresentationError as exc:
            if REFUSED in str(exc):
                return None
            raise
        return None if record is None else tuple(record)[1:]

    def memo(self, key: str) -> dict[str, Any] | None:
        return None

    def forget_memo(self, key: str) -> None:
        return None

    deferring = False  # a job is a batch of its own

    def defer(self, key: tuple[str, str], accumulator: Accumulator) -> None:
        raise RuntimeError("PostgreSQL writes each job's accumulators with its batch")

    def is_unique_violation(self, exc: BaseException, table: str | None = None) -> bool:
        if not isinstance(exc, asyncpg.UniqueViolationError):
            return False
        return table is None or getattr(exc, "table_name", None) == table


class PgJobDb(PgDb):
    """A write job's connection (see the module doc).

    Optimistic: autocommit, rows read are not locked, and ``row_version`` lets the
    ledger's batch check the campaign row it read. A statement that writes outside that
    batch begins a transaction first; once the job holds a campaign, such a write (a seed
    rotation, a settings change: rare) would change the row the batch checks, so the job
    is run again pessimistically instead (``RetryJob``, before anything was written).
    Pessimistic (``optimistic=False``): a transaction from the start and FOR UPDATE."""

    __slots__ = ("_held", "_locks", "_memos", "_transaction", "lock_rows", "row_version")

    def __init__(self, conn: Any, locks: KeyedLocks, memos: Memos, optimistic: bool) -> None:
        super().__init__(conn)
        self._locks = locks
        self._memos = memos
        self._held: list[str] = []
        self._transaction: Any = None
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

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        await self._before(sql)
        return await super().fetchone(sql, *params)

    async def fetchall(self, sql: str, *params: Any) -> list[Row]:
        await self._before(sql)
        return await super().fetchall(sql, *params)

    async def execute(self, sql: str, *params: Any) -> None:
        await self._before(sql)
        await super().execute(sql, *params)

    async def _before(self, sql: str) -> None:
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
        failed, or ran pessimistically (it may have written anything), leaves no memo."""
        try:
            if self._transaction is not None:
                await (self._transaction.commit() if ok else self._transaction.rollback())
        finally:
            self._transaction = None
            for key in self._held:
                if not (ok and self.row_version):
                    self._memos.forget(key)
                self._locks.release(key)
            self._held.clear()


_RACES = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)
"""Errors of a job that met another one (of another instance) and may simply run again."""


def _pg_json(value: Any) -> str:
    """A value for a JSON column; text is taken as JSON already, as SQLite takes it."""
    return value if isinstance(value, str) else jsontext.dumps_text(value)


async def _init_pg(conn: Any) -> None:
    for name in ("json", "jsonb"):
        await conn.set_type_codec(
            name, encoder=_pg_json, decoder=jsontext.loads, schema="pg_catalog"
        )


async def _no_reset(conn: Any) -> None:
    """Every job ends in COMMIT or ROLLBACK and reads run in autocommit: the pool's reset
    query on each release would be a wasted round trip."""


def asyncpg_dsn(url: str) -> str:
    """``postgresql+asyncpg://…`` (SQLAlchemy's spelling, used by Alembic) for asyncpg."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class PostgresDatabase:
    """A fixed-size asyncpg pool (overflow connections churn under load), with no ping on
    checkout and no reset on release: both cost a round trip a request."""

    def __init__(self, url: str, pool_size: int) -> None:
        self._dsn = asyncpg_dsn(url)
        self._size = pool_size
        self._pool: Any = None
        self._locks = KeyedLocks()
        self.memos = Memos()

    async def start(self) -> None:
        self._pool = await asyncpg.create_pool(
            self._dsn,
            min_size=self._size,
            max_size=self._size,
            init=_init_pg,
            reset=_no_reset,
            command_timeout=60,
        )

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

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
        if self._pool is None:
            return 0
        return int(self._pool.get_size() - self._pool.get_idle_size())

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

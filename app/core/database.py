"""The one way into the database: a small ``Db`` protocol with two implementations.

Every query of the service runs on a driver connection, never through an ORM session:
SQLAlchemy Core cost ~70 µs per statement here, the drivers ~10 µs (SQLite, inline on the
event loop) or one network round trip (asyncpg). SQL is written once with ``?``
placeholders; values cross as Python values (dicts and lists for JSON columns, aware UTC
datetimes, bools, bytes), converted by converters registered once per driver:

- SQLite: ``sqlite3`` adapters for dict, list and datetime, and converters keyed by the
  declared column type (JSON, DATETIME, BOOLEAN), read with ``PARSE_DECLTYPES``;
- PostgreSQL: asyncpg codecs for ``json``/``jsonb``; datetimes, bools and bytes are native.

A ``Database`` hands out a ``Db`` two ways: ``read()`` for reads outside write jobs
(autocommit, every statement sees what is committed), and ``transaction()`` (SQLite) or
``job()`` (PostgreSQL) for the writer, which is the only place that begins and commits.

On PostgreSQL a write job is optimistic first (``PgJobDb``): its statements run in
autocommit, so a roll is its reads and the ledger's one batch, without BEGIN, a row lock or
COMMIT (each a round trip, ~40 µs of this process's CPU). Jobs of one campaign queue on a
lock in this process; the batch writes only if the campaign row's version is the one the
job read, which catches a job of another instance. A job that lost that race runs again
pessimistically: a transaction and the row locked FOR UPDATE, as SQLite's write lock does.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, Protocol

import asyncpg
from sqlalchemy.engine import make_url

from app.core import jsontext
from app.core.keyed import KeyedLocks, Memos

Row = tuple[Any, ...]
Statement = tuple[str, Sequence[Any]]


class RetryJob(Exception):
    """The job lost a race it recovers from by running again from the start."""


BUSY_DEADLINE_SECONDS = 10.0


class Accumulator(Protocol):
    """Changes a job gathers over its act and writes with its batch, merged per row
    (tallies several rolls add to): ``statements`` is asked for once, when written, and
    ``merge`` adds another's changes (a batch of jobs writes theirs together)."""

    def statements(self) -> list[Statement]: ...

    def merge(self, other: Any) -> None: ...


class Db(Protocol):
    """One driver connection: inside a write job's transaction, or reading in autocommit."""

    lock_rows: str
    """What makes a SELECT lock the rows it reads: ``" FOR UPDATE"`` in a pessimistic
    PostgreSQL job; empty on SQLite, where a write transaction holds the whole database's
    lock already, and in an optimistic job, which checks ``row_version`` instead."""

    row_version: str | None
    """An SQL expression of a row's version (PostgreSQL's ``xmin``, as text) in an
    optimistic job: a write that must find a row unchanged compares it. None when the rows
    read are locked (or SQLite's lock is held)."""

    async def hold(self, key: str) -> None:
        """Queue behind the other jobs of this process holding ``key`` (a campaign id),
        until this job ends. A no-op where the database's own lock serialises the jobs."""
        ...

    async def fetchone(self, sql: str, *params: Any) -> Row | None: ...

    async def fetchall(self, sql: str, *params: Any) -> list[Row]: ...

    async def execute(self, sql: str, *params: Any) -> None: ...

    async def send_together(self, main: Statement, others: Sequence[Statement]) -> Row | None:
        """Run data-modifying statements as one batch, all or nothing, and answer the row
        ``main`` (an UPDATE of one row, RETURNING one column) returned; when it matches no
        row, nothing of the batch is written and the answer is None. PostgreSQL sends them
        as one statement (one round trip, atomic also outside a transaction); SQLite runs
        ``main`` first and the others only if it matched. The statements must not depend
        on each other's effects (one statement sees one snapshot), and none may touch a row
        another one touches."""
        ...

    def memo(self, key: str) -> dict[str, Any] | None:
        """What the write jobs of this process pass on to each other about ``key`` (a
        campaign's counters, seats, characters: app/campaigns/memo.py), or None where
        there is none (a read connection, a pessimistic job). What a job takes from it is
        either exact (SQLite: ``SqliteDb``) or checked by the batch's guards (PostgreSQL)."""
        ...

    def forget_memo(self, key: str) -> None:
        """Drop what is remembered of ``key`` (a batch found it stale)."""
        ...

    @property
    def deferring(self) -> bool:
        """Whether the ledger leaves its accumulators to the whole batch of jobs (SQLite's
        shared batches), through ``defer`` once its own batch is written."""
        ...

    def defer(self, key: tuple[str, str], accumulator: Accumulator) -> None:
        """Write ``accumulator``'s changes with the batch of jobs, merged with the other
        jobs' (only while ``deferring``)."""
        ...

    def is_unique_violation(self, exc: BaseException, table: str | None = None) -> bool: ...


# --- SQLite ------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _sqlite_time(value: datetime) -> str:
    """SQLAlchemy's SQLite text for a timestamp (``YYYY-MM-DD HH:MM:SS.ffffff`` UTC), so
    the schema's rows read the same whoever wrote them; isoformat is twice strftime's speed,
    and memoised, as a write stores its one time in several columns and tallies."""
    utc = value if value.tzinfo is UTC else value.astimezone(UTC)
    return utc.isoformat(" ", "microseconds")[:26]


def _register_sqlite_converters() -> None:
    sqlite3.register_adapter(dict, jsontext.dumps_text)
    sqlite3.register_adapter(list, jsontext.dumps_text)
    sqlite3.register_adapter(datetime, _sqlite_time)
    sqlite3.register_converter("JSON", jsontext.loads)
    sqlite3.register_converter(
        "DATETIME", lambda raw: datetime.fromisoformat(raw.decode()).replace(tzinfo=UTC)
    )
    sqlite3.register_converter("BOOLEAN", lambda raw: raw not in (b"0", b""))


_register_sqlite_converters()


class SqliteDb:
    """``Db`` over a ``sqlite3`` connection, called inline: a statement on a local WAL file
    takes ~10 µs, less than a hop to a worker thread and back.

    The writer's connection keeps the campaign memos (``memos``), and they are exact rather
    than guarded: it is this process's only writer, and what could change a remembered row
    behind it clears them all: a commit of another connection (``PRAGMA data_version``,
    read as each write transaction begins), a statement that writes outside a ledger's batch
    (which may touch anything), a rollback."""

    __slots__ = ("_conn", "_data_version", "_deferred", "memos")
    lock_rows = ""
    row_version: str | None = None

    def __init__(self, conn: sqlite3.Connection, memos: Memos | None = None) -> None:
        self._conn = conn
        self.memos = memos
        self._data_version = -1
        self._deferred: dict[tuple[str, str], Accumulator] | None = None

    async def hold(self, key: str) -> None:
        return None

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        if self.memos is not None and _writes(sql):
            self.memos.clear()
        row: Row | None = self._conn.execute(sql, params).fetchone()
        return row

    async def fetchall(self, sql: str, *params: Any) -> list[Row]:
        if self.memos is not None and _writes(sql):
            self.memos.clear()
        rows: list[Row] = self._conn.execute(sql, params).fetchall()
        return rows

    async def execute(self, sql: str, *params: Any) -> None:
        if self.memos is not None and _writes(sql):
            self.memos.clear()
        self._conn.execute(sql, params)

    async def send_together(self, main: Statement, others: Sequence[Statement]) -> Row | None:
        found: list[Row] = self._conn.execute(main[0], main[1]).fetchall()
        if not found:
            return None
        for sql, params in others:
            self._conn.execute(sql, params)
        return found[0]

    def memo(self, key: str) -> dict[str, Any] | None:
        return None if self.memos is None else self.memos.get(key)

    def forget_memo(self, key: str) -> None:
        if self.memos is not None:
            self.memos.forget(key)

    @property
    def deferring(self) -> bool:
        return self._deferred is not None

    def defer(self, key: tuple[str, str], accumulator: Accumulator) -> None:
        if self._deferred is None:
            raise RuntimeError("not deferring")
        found = self._deferred.get(key)
        if found is None:
            self._deferred[key] = accumulator
        else:
            found.merge(accumulator)

    def defer_batch(self, on: bool) -> None:
        """Start (or stop) taking the accumulators of a batch's jobs (``defer``), dropping
        any taken before."""
        self._deferred = {} if on else None

    async def write_deferred(self) -> None:
        """Write what the batch's jobs deferred: one upsert per table and campaign."""
        deferred, self._deferred = self._deferred or {}, None
        for accumulator in deferred.values():
            for sql, params in accumulator.statements():
                self._conn.execute(sql, params)

    def changes(self) -> int:
        """Rows changed through this connection so far: a job that failed without changing
        any left its batch's transaction as it found it."""
        return self._conn.total_changes

    def is_unique_violation(self, exc: BaseException, table: str | None = None) -> bool:
        text = str(exc)
        if not isinstance(exc, sqlite3.IntegrityError) or "UNIQUE" not in text:
            return False
        return table is None or f" {table}." in text

    async def begin_immediate(self) -> None:
        """Take the write lock now, waiting with ``asyncio.sleep`` (never blocking the loop)
        while another process holds it."""
        deadline = time.monotonic() + BUSY_DEADLINE_SECONDS
        delay = 0.001
        while True:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                break
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                if time.monotonic() >= deadline:
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.05)
        if self.memos is not None:
            version = self._conn.execute("PRAGMA data_version").fetchone()[0]
            if version != self._data_version:  # another connection committed meanwhile
                self.memos.clear()
                self._data_version = version

    def commit(self) -> None:
        self._conn.commit()

    def rollback(self) -> None:
        if self.memos is not None:
            self.memos.clear()
        self._conn.rollback()


def _connect_sqlite(path: str, writer: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(
        path, isolation_level=None, check_same_thread=False, detect_types=sqlite3.PARSE_DECLTYPES
    )
    conn.execute("PRAGMA journal_mode=WAL")
    # NORMAL in WAL mode: a committed transaction survives a crash of the process.
    conn.execute("PRAGMA synchronous=NORMAL")
    # A busy wait blocks the event loop: the writer's BEGIN IMMEDIATE waits with
    # asyncio.sleep instead (``SqliteDb.begin_immediate``); readers wait at most 100 ms.
    conn.execute(f"PRAGMA busy_timeout={0 if writer else 100}")
    conn.execute("PRAGMA foreign_keys=ON")
    # Checkpoints fsync: they run on a thread (``Checkpointer``), never on a commit of the
    # event loop's connection.
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.execute(f"PRAGMA journal_size_limit={WAL_RESTART_BYTES}")
    return conn


class SqliteDatabase:
    """Two connections to one WAL file: the writer's (one writer at a time is all SQLite
    allows) and the readers' (autocommit; WAL lets them read while a batch writes)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._write: SqliteDb | None = None
        self._read: SqliteDb | None = None
        self._checkpointer = Checkpointer(path)

    async def start(self) -> None:
        self._write = SqliteDb(_connect_sqlite(self.path, writer=True), Memos())
        self._read = SqliteDb(_connect_sqlite(self.path))
        self._checkpointer.start()

    async def close(self) -> None:
        for db in (self._write, self._read):
            if db is not None:
                db._conn.close()
        self._write = self._read = None
        await self._checkpointer.stop()

    @property
    def writer_db(self) -> SqliteDb:
        if self._write is None:
            raise RuntimeError("the database is not started")
        return self._write

    @contextlib.asynccontextmanager
    async def read(self) -> AsyncIterator[Db]:
        if self._read is None:
            raise RuntimeError("the database is not started")
        yield self._read

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[Db]:
        """Reads that agree with each other: one read transaction. Safe on the shared read
        connection only because SQLite calls never yield to the event loop in between."""
        if self._read is None:
            raise RuntimeError("the database is not started")
        conn = self._read._conn
        conn.execute("BEGIN")
        try:
            yield self._read
        finally:
            conn.execute("COMMIT")

    @contextlib.asynccontextmanager
    async def stream_snapshot(self) -> AsyncIterator[Db]:
        """A snapshot for a long read that yields the loop between its pages (a streamed
        export): a read transaction on a connection of its own, so the shared readers'
        connection is never held for the stream's duration."""
        conn = _connect_sqlite(self.path)
        try:
            conn.execute("BEGIN")
            yield SqliteDb(conn)
            conn.execute("COMMIT")
        finally:
            conn.close()

    async def between_batches(self) -> None:
        """The writer's pause between two batches: where the WAL may be rewound."""
        await self._checkpointer.restart()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteDb]:
        db = self.writer_db
        await db.begin_immediate()
        try:
            yield db
        except BaseException:
            db.rollback()
            raise
        db.commit()


class Checkpointer:
    """Copies the WAL back into the database file from a worker thread, twice a second.

    PASSIVE checkpoints never block the writer, but they never let the WAL start over
    either: SQLite rewinds it only when a write begins with every frame copied back, which
    under a steady flow of writes never happens, so the file grew by ~30 KB a roll without
    end. So once a PASSIVE checkpoint leaves the file past ``WAL_RESTART_BYTES``, the writer
    runs a RESTART checkpoint at its next pause between batches (``restart``): on a thread,
    while the next batch waits, and short, since the PASSIVE one just copied all but the
    last batch's frames. The next write then rewinds the WAL, and ``journal_size_limit``
    cuts the file back."""

    def __init__(self, path: str, interval: float = 0.5) -> None:
        self._path = path
        self._interval = interval
        self._task: asyncio.Task[None] | None = None
        self._rewind = False

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="fairtable-sqlite-checkpoint")

    async def stop(self) -> None:
        if self._task is None:
            return
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self._task = None
        await asyncio.to_thread(self._checkpoint, "TRUNCATE")

    async def restart(self) -> None:
        """Rewind an oversized WAL; the writer calls it between batches (no write open)."""
        if self._rewind:
            self._rewind = False
            with contextlib.suppress(sqlite3.Error):  # busy: the next PASSIVE asks again
                await asyncio.to_thread(self._checkpoint, "RESTART")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._interval)
            try:
                await asyncio.to_thread(self._checkpoint, "PASSIVE")
            except sqlite3.Error:  # busy or locked: the next round will catch up
                continue
            self._rewind = _size(self._path + "-wal") > WAL_RESTART_BYTES

    def _checkpoint(self, mode: str) -> None:
        conn = sqlite3.connect(self._path, timeout=1.0)
        try:
            conn.execute(f"PRAGMA wal_checkpoint({mode})")
        finally:
            conn.close()


WAL_RESTART_BYTES = 16 * 1024 * 1024


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


# --- PostgreSQL --------------------------------------------------------------------------

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
        if self._transaction is not None or not _writes(sql):
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


@lru_cache(maxsize=1024)
def _writes(sql: str) -> bool:
    """Does a statement write? (Reads are SELECTs; the batch goes through send_together.)"""
    return sql.lstrip()[:6].upper() != "SELECT"


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


Database = SqliteDatabase | PostgresDatabase


def create_database(url: str, pool_size: int = 10) -> Database:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if not parsed.database or parsed.database == ":memory:":
            raise ValueError("Fairtable needs a SQLite file, not an in-memory database")
        return SqliteDatabase(parsed.database)
    return PostgresDatabase(url, pool_size)

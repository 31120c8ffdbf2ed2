"""SQLite behind the ``Db`` protocol: ``sqlite3`` called inline on the event loop (a
statement on a local WAL file takes ~10 µs, less than a hop to a worker thread), one
writer's connection and one readers', a checkpoint thread (app/core/database.py).

Values cross as Python values: ``sqlite3`` adapters for dict, list and datetime, and
converters keyed by the declared column type (JSON, DATETIME, BOOLEAN), read with
``PARSE_DECLTYPES``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from app.core import jsontext
from app.core.dbapi import Accumulator, Closing, Db, Row, Statement, send_batch, writes
from app.core.keyed import Memos

BUSY_DEADLINE_SECONDS = 10.0
BIG_TRANSACTION_ROWS = 10_000


def sqlite_time(value: datetime) -> str:
    """SQLAlchemy's SQLite text for a timestamp (``YYYY-MM-DD HH:MM:SS.ffffff`` UTC), so
    the schema's rows read the same whoever wrote them; isoformat is twice strftime's speed."""
    utc = value if value.tzinfo is UTC else value.astimezone(UTC)
    return utc.isoformat(" ", "microseconds")[:26]


# Memoised: a write stores its one time in several columns and tallies (the adapter; a
# bulk row's columns, ``TableSql.encode``).
cached_sqlite_time = lru_cache(maxsize=256)(sqlite_time)


def _register_sqlite_converters() -> None:
    sqlite3.register_adapter(dict, jsontext.dumps_text)
    sqlite3.register_adapter(list, jsontext.dumps_text)
    sqlite3.register_adapter(datetime, cached_sqlite_time)
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
    statement_rows: int | None = 200

    def __init__(self, conn: sqlite3.Connection, memos: Memos | None = None) -> None:
        self._conn = conn
        self.memos = memos
        self._data_version = -1
        self._deferred: dict[tuple[str, str], Accumulator] | None = None

    async def hold(self, key: str) -> None:
        return None

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        if self.memos is not None and writes(sql):
            self.memos.clear()
        row: Row | None = self._conn.execute(sql, params).fetchone()
        return row

    async def fetchall(self, sql: str, *params: Any) -> list[Row]:
        if self.memos is not None and writes(sql):
            self.memos.clear()
        rows: list[Row] = self._conn.execute(sql, params).fetchall()
        return rows

    async def execute(self, sql: str, *params: Any) -> None:
        if self.memos is not None and writes(sql):
            self.memos.clear()
        self._conn.execute(sql, params)

    async def send_together(self, main: Statement, others: Sequence[Statement]) -> Row | None:
        found: list[Row] = self._conn.execute(main[0], main[1]).fetchall()
        if not found:
            return None
        for sql, params in others:
            self._conn.execute(sql, params)
        return found[0]

    async def close_batch(self, key: str, batch: Closing) -> Row | None:
        return await send_batch(self, batch)

    def parkable(self, key: str) -> bool:
        return False  # one writer: the batch of jobs shares one transaction already

    async def park(self, key: str, batch: Closing) -> Row | None:
        raise RuntimeError("SQLite's jobs share their batch's transaction: none parks")

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

    async def commit(self, rows: int) -> None:
        """Commit a transaction that changed ``rows`` rows: inline, as a batch of rolls
        takes ~100 µs; in a worker thread past ``BIG_TRANSACTION_ROWS`` (an import), whose
        commit takes ~1 ms a thousand rows, which the loop must not wait on. Only the
        writer's task uses this connection, and it awaits the commit."""
        await self._end(self._conn.commit, rows)

    async def rollback(self, rows: int) -> None:
        if self.memos is not None:
            self.memos.clear()
        await self._end(self._conn.rollback, rows)

    async def _end(self, end: Callable[[], None], rows: int) -> None:
        if rows <= BIG_TRANSACTION_ROWS:
            end()
            return
        ending = asyncio.ensure_future(asyncio.to_thread(end))
        try:
            await asyncio.shield(ending)
        except asyncio.CancelledError:  # a shutdown: the connection closes after it ends
            await ending
            raise


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

    times_as_text = True  # bulk rows may carry their times as ``sqlite_time`` made them

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
        before = db.changes()
        try:
            yield db
        except BaseException:
            await db.rollback(db.changes() - before)
            raise
        await db.commit(db.changes() - before)


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

    async def passive(self) -> None:
        """One round: copy what it can back, and ask for a rewind if the file is too big."""
        try:
            await asyncio.to_thread(self._checkpoint, "PASSIVE")
        except sqlite3.Error:  # busy or locked: the next round will catch up
            return
        self._rewind = _size(self._path + "-wal") > WAL_RESTART_BYTES

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._interval)
            await self.passive()

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

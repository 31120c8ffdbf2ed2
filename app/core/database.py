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
(autocommit, every statement sees what is committed), and ``transaction()`` for the writer,
which is the only place that begins and commits.
"""

from __future__ import annotations

import asyncio
import contextlib
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

Row = tuple[Any, ...]
Statement = tuple[str, Sequence[Any]]

BUSY_DEADLINE_SECONDS = 10.0


class Db(Protocol):
    """One driver connection: inside a write job's transaction, or reading in autocommit."""

    lock_rows: str
    """What makes a SELECT lock the rows it reads: ``" FOR UPDATE"`` on PostgreSQL; empty
    on SQLite, where a write transaction holds the whole database's lock already."""

    async def fetchone(self, sql: str, *params: Any) -> Row | None: ...

    async def fetchall(self, sql: str, *params: Any) -> list[Row]: ...

    async def execute(self, sql: str, *params: Any) -> None: ...

    async def send_together(self, main: Statement, others: Sequence[Statement]) -> bool:
        """Run data-modifying statements as one batch, all or nothing: when ``main`` (an
        UPDATE) matches no row, nothing of the batch is written and the answer is False.
        PostgreSQL sends them as one statement (one round trip, atomic also outside a
        transaction); SQLite runs ``main`` first and the others only if it matched. The
        statements must not depend on each other's effects (one statement sees one
        snapshot), and none may touch a row another one touches."""
        ...

    def is_unique_violation(self, exc: BaseException, table: str | None = None) -> bool: ...


# --- SQLite ------------------------------------------------------------------------------


def _sqlite_time(value: datetime) -> str:
    """SQLAlchemy's SQLite text for a timestamp (``YYYY-MM-DD HH:MM:SS.ffffff`` UTC), so
    the schema's rows read the same whoever wrote them; isoformat is twice strftime's speed."""
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
    takes ~10 µs, less than a hop to a worker thread and back."""

    __slots__ = ("_conn",)
    lock_rows = ""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        row: Row | None = self._conn.execute(sql, params).fetchone()
        return row

    async def fetchall(self, sql: str, *params: Any) -> list[Row]:
        rows: list[Row] = self._conn.execute(sql, params).fetchall()
        return rows

    async def execute(self, sql: str, *params: Any) -> None:
        self._conn.execute(sql, params)

    async def send_together(self, main: Statement, others: Sequence[Statement]) -> bool:
        if self._conn.execute(main[0], main[1]).rowcount == 0:
            return False
        for sql, params in others:
            self._conn.execute(sql, params)
        return True

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
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                if time.monotonic() >= deadline:
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.05)

    def commit(self) -> None:
        self._conn.commit()

    def rollback(self) -> None:
        self._conn.rollback()


def _connect_sqlite(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(
        path, isolation_level=None, check_same_thread=False, detect_types=sqlite3.PARSE_DECLTYPES
    )
    conn.execute("PRAGMA journal_mode=WAL")
    # NORMAL in WAL mode: a committed transaction survives a crash of the process.
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA busy_timeout=100")
    conn.execute("PRAGMA foreign_keys=ON")
    # Checkpoints fsync: they run on a thread (``Checkpointer``), never on a commit of the
    # event loop's connection.
    conn.execute("PRAGMA wal_autocheckpoint=0")
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
        self._write = SqliteDb(_connect_sqlite(self.path))
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

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Db]:
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

    PASSIVE checkpoints never block the writer; without them the WAL would grow forever,
    since the connections have automatic checkpoints turned off."""

    def __init__(self, path: str, interval: float = 0.5) -> None:
        self._path = path
        self._interval = interval
        self._task: asyncio.Task[None] | None = None

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

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._interval)
            try:
                await asyncio.to_thread(self._checkpoint, "PASSIVE")
            except sqlite3.Error:  # busy or locked: the next round will catch up
                continue

    def _checkpoint(self, mode: str) -> None:
        conn = sqlite3.connect(self._path, timeout=1.0)
        try:
            conn.execute(f"PRAGMA wal_checkpoint({mode})")
        finally:
            conn.close()


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
    no integer), so that nothing of it is written."""
    parts = (f"{main} RETURNING 1", *others)
    clauses = ", ".join(f"s{i} AS ({sql})" for i, sql in enumerate(parts))
    check = f"CASE WHEN EXISTS (SELECT 1 FROM s0) THEN '1' ELSE '{REFUSED}' END"  # noqa: S608
    return _numbered(f"WITH {clauses} SELECT ({check})::int")


class PgDb:
    """``Db`` over one asyncpg connection."""

    __slots__ = ("_conn",)
    lock_rows = " FOR UPDATE"

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        record = await self._conn.fetchrow(_numbered(sql), *params)
        return None if record is None else tuple(record)

    async def fetchall(self, sql: str, *params: Any) -> list[Row]:
        return [tuple(r) for r in await self._conn.fetch(_numbered(sql), *params)]

    async def execute(self, sql: str, *params: Any) -> None:
        await self._conn.execute(_numbered(sql), *params)

    async def send_together(self, main: Statement, others: Sequence[Statement]) -> bool:
        sql = _together(main[0], tuple(s for s, _ in others))
        params = [*main[1], *(value for _, values in others for value in values)]
        try:
            await self._conn.execute(sql, *params)
        except asyncpg.InvalidTextRepresentationError as exc:
            if REFUSED in str(exc):
                return False
            raise
        return True

    def is_unique_violation(self, exc: BaseException, table: str | None = None) -> bool:
        if not isinstance(exc, asyncpg.UniqueViolationError):
            return False
        return table is None or getattr(exc, "table_name", None) == table


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

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Db]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield PgDb(conn)


Database = SqliteDatabase | PostgresDatabase


def create_database(url: str, pool_size: int = 10) -> Database:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if not parsed.database or parsed.database == ":memory:":
            raise ValueError("Fairtable needs a SQLite file, not an in-memory database")
        return SqliteDatabase(parsed.database)
    return PostgresDatabase(url, pool_size)

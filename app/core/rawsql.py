"""Driver-level statements for the few queries on the hot path of every roll.

SQLAlchemy Core cost ~70 µs per statement here, the drivers ~10 µs (SQLite, inline) or one
network round trip (asyncpg); a roll runs five of them. ``Raw`` runs SQL written once with
``?`` placeholders on the very connection, and so inside the very transaction, that the
request's session holds: the session still begins, commits or rolls back everything.

Values cross as the ORM would store them, so ORM reads see the same rows: JSON as text,
timestamps as SQLite's ``YYYY-MM-DD HH:MM:SS.ffffff`` UTC text or as aware datetimes.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from app.core import jsontext

_PLACEHOLDER = re.compile(r"\?")


@lru_cache(maxsize=256)
def _numbered(sql: str) -> str:
    """``?`` placeholders as asyncpg's ``$1, $2, …``."""
    counter = iter(range(1, 1000))
    return _PLACEHOLDER.sub(lambda _: f"${next(counter)}", sql)


class Raw:
    """One transaction's driver connection, with the conversions each backend needs.

    ``events`` collects the events the transaction records; whoever commits it publishes
    them (after the commit, never before).

    On PostgreSQL, in a write job (``hold_inserts``), ``stage`` holds back INSERTs until the
    next statement and sends them with it as one (a writable CTE): a roll's row and event
    then travel with the campaign row's update, one round trip instead of three while that
    row is locked. Only write jobs hold INSERTs back, because they touch the database
    through this object alone; a request that mixes in ORM statements runs every INSERT at
    once. Whoever commits calls ``flush`` first; a commit or ORM statement with writes
    still held back raises (see ``_refuse_while_staged``)."""

    __slots__ = ("_driver", "_holding", "_staged", "events", "sqlite")

    def __init__(self, driver: Any, sqlite: bool, events: list[Any] | None = None) -> None:
        self._driver = driver
        self.sqlite = sqlite
        self.events: list[Any] = [] if events is None else events
        self._staged: list[tuple[str, tuple[Any, ...]]] = []
        self._holding = False

    def hold_inserts(self) -> None:
        """From now on ``stage`` holds INSERTs back (PostgreSQL): for write jobs only."""
        self._holding = not self.sqlite

    async def fetchone(self, sql: str, *params: Any) -> tuple[Any, ...] | None:
        if self.sqlite:
            row: tuple[Any, ...] | None = self._driver.execute(sql, params).fetchone()
            return row
        await self.flush()
        record = await self._driver.fetchrow(_numbered(sql), *params)
        return None if record is None else tuple(record)

    async def execute(self, sql: str, *params: Any) -> None:
        if self.sqlite:
            self._driver.execute(sql, params)
            return
        if self._staged:
            if sql.startswith("ROLLBACK TO"):  # staged after that savepoint: undone unsent
                self._staged.clear()
            elif sql.startswith(("INSERT", "UPDATE", "DELETE")):
                self._staged.append((sql, params))
                sql, params = self._take_staged()
            else:
                await self.flush()
        await self._driver.execute(_numbered(sql), *params)

    async def stage(self, sql: str, *params: Any) -> None:
        """An INSERT whose row nothing reads before the transaction's next statement:
        held back in a write job on PostgreSQL, run at once anywhere else."""
        if self._holding:
            self._staged.append((sql, params))
        else:
            await self.execute(sql, *params)

    async def flush(self) -> None:
        """Send the staged INSERTs now (before a read, a savepoint or the commit)."""
        if self._staged:
            sql, params = self._take_staged()
            await self._driver.execute(_numbered(sql), *params)

    @property
    def staged(self) -> bool:
        return bool(self._staged)

    def _take_staged(self) -> tuple[str, tuple[Any, ...]]:
        """The staged statements as one: every one but the last in a WITH clause."""
        *first, (last_sql, last_params) = self._staged
        self._staged = []
        if not first:
            return last_sql, last_params
        clauses = ", ".join(f"s{i} AS ({sql})" for i, (sql, _) in enumerate(first))
        params = tuple(value for _, values in first for value in values)
        return f"WITH {clauses} {last_sql}", params + last_params

    async def fetchall(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        if self.sqlite:
            rows: list[tuple[Any, ...]] = self._driver.execute(sql, params).fetchall()
            return rows
        await self.flush()
        return [tuple(r) for r in await self._driver.fetch(_numbered(sql), *params)]

    def is_unique_violation(self, exc: BaseException) -> bool:
        if self.sqlite:
            return isinstance(exc, sqlite3.IntegrityError) and "UNIQUE" in str(exc)
        return type(exc).__name__ == "UniqueViolationError"

    def json_in(self, value: Any) -> str:
        return jsontext.dumps_text(value)

    def json_out(self, value: Any) -> Any:
        return jsontext.loads(value) if self.sqlite else value  # asyncpg's codec decodes

    def time_in(self, value: datetime) -> Any:
        if self.sqlite:  # "YYYY-MM-DD HH:MM:SS.ffffff"; isoformat is twice strftime's speed
            utc = value if value.tzinfo is UTC else value.astimezone(UTC)
            return utc.isoformat(" ", "microseconds")[:26]
        return value

    def time_out(self, value: Any) -> datetime:
        if self.sqlite:
            return datetime.fromisoformat(value).replace(tzinfo=UTC)
        result: datetime = value
        return result

    def bool_out(self, value: Any) -> bool:
        return bool(value)


_KEY = "fairtable.raw"


async def raw(session: AsyncSession) -> Raw:
    """The driver connection of ``session``'s transaction (begun if it was not yet).

    Memoised in ``session.info`` for the transaction: ``AsyncSession.connection()`` alone
    cost as much as a statement. The memo dies with the transaction (see ``_forget``)."""
    found: Raw | None = session.info.get(_KEY)
    if found is not None:
        return found
    connection = await session.connection()
    fairy = await connection.get_raw_connection()
    driver = fairy.driver_connection
    sqlite = connection.dialect.name == "sqlite"
    if sqlite:
        # BEGIN IMMEDIATE was issued by the engine's "begin" hook; use sqlite3 directly.
        found = Raw(driver._conn, sqlite=True, events=pending_events(session))
    else:
        # SQLAlchemy's asyncpg adapter sends BEGIN lazily, with its first statement; ours
        # bypass it, so start that transaction now or they would each autocommit.
        adapter = fairy.dbapi_connection
        if adapter._transaction is None:
            await adapter._start_transaction()
        found = Raw(driver, sqlite=False, events=pending_events(session))
    session.info[_KEY] = found
    return found


_EVENTS = "fairtable.events"


def pending_events(session: AsyncSession | Session) -> list[Any]:
    """Events recorded in ``session``'s transaction, published by ``session_scope``."""
    events: list[Any] = session.info.setdefault(_EVENTS, [])
    return events


def take_events(session: AsyncSession) -> list[Any]:
    events: list[Any] = session.info.pop(_EVENTS, [])
    return events


def staged_writes(session: AsyncSession | Session) -> Raw | None:
    """``session``'s ``Raw`` if it holds staged writes: they must be flushed first."""
    found: Raw | None = session.info.get(_KEY)
    return found if found is not None and found.staged else None


@event.listens_for(Session, "before_commit")
@event.listens_for(Session, "do_orm_execute")
def _refuse_while_staged(session_or_state: Any, *_: Any) -> None:
    """A statement or commit behind Raw's back would skip the staged INSERTs: a bug."""
    session = getattr(session_or_state, "session", session_or_state)
    if staged_writes(session) is not None:
        raise RuntimeError("staged writes not flushed before an ORM statement or commit")


@event.listens_for(Session, "after_transaction_end")
def _forget(session: Session, _transaction: Any) -> None:
    """After a commit or rollback the connection goes back to the pool: never reuse it."""
    session.info.pop(_KEY, None)

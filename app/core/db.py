"""Database engine, sessions and the one commit point.

SQLite is the embedded default: WAL journal, a busy timeout, and every transaction begun
``IMMEDIATE`` so a read that later writes never dies with "database is locked". PostgreSQL
(asyncpg) gets a fixed-size pool, because overflow connections churn under load.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, MetaData, event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.types import TypeDecorator
from sqlalchemy.util import await_

from app.core import sqlite_inline
from app.core.rawsql import staged_writes, take_events

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class UTCDateTime(TypeDecorator[datetime]):
    """Timestamps stored as UTC and always read back timezone-aware (SQLite drops the zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def utcnow() -> datetime:
    return datetime.now(UTC)


def rfc3339(value: datetime) -> str:
    """A UTC time as every answer spells it: ``2026-01-01T12:00:00.123456Z``."""
    return value.isoformat().replace("+00:00", "Z")


def _begin_immediate(engine: AsyncEngine) -> None:
    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Any) -> None:
        # Straight to the driver: this runs on every request, and the full execution
        # machinery of exec_driver_sql cost more than the statement itself.
        driver: sqlite_inline.InlineConnection = conn.connection.driver_connection
        await_(driver.begin_immediate())


def create_engine(url: str, *, pool_size: int = 10) -> AsyncEngine:
    """Build the engine for ``url`` with the settings each backend needs."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if not parsed.database or parsed.database == ":memory:":
            raise ValueError("Fairtable needs a SQLite file, not an in-memory database")
        # One writer at a time is all SQLite allows; a single pooled connection queues
        # requests in order instead of letting them spin on the busy handler.
        engine = create_async_engine(
            url,
            async_creator=sqlite_inline.creator(parsed.database),
            pool_size=1,
            max_overflow=0,
            pool_timeout=60,
            # Every session ends in COMMIT or ROLLBACK (session_scope); a second
            # rollback when the connection returns to the pool would be wasted work.
            pool_reset_on_return=None,
        )
        _begin_immediate(engine)
        return engine
    return create_async_engine(
        url, pool_size=pool_size, max_overflow=0, pool_pre_ping=True, pool_timeout=30
    )


def sqlite_checkpointer(url: str) -> sqlite_inline.Checkpointer | None:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    return sqlite_inline.Checkpointer(parsed.database)


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=False)


async def session_scope(
    maker: async_sessionmaker[AsyncSession],
    publish: Callable[[list[Any]], None] | None = None,
) -> AsyncIterator[AsyncSession]:
    """The one commit point: commit when the request succeeded, roll back otherwise.

    Events recorded in the transaction are handed to ``publish`` after the commit only."""
    async with maker() as session:
        try:
            yield session
            if (staged := staged_writes(session)) is not None:
                await staged.flush()
            await session.commit()
        except BaseException:
            await session.rollback()
            take_events(session)
            raise
        events = take_events(session)
        if publish is not None and events:
            publish(events)

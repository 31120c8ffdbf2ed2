"""The models' shared base and column types, and how times are spelled.

The models define the schema (Alembic migrates it, ``app.core.tables`` builds the SQL of
the repositories from it); the service itself reaches the database through
``app.core.database`` only, never through an ORM session.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import DateTime, MetaData
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.types import TypeDecorator

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


@lru_cache(maxsize=256)
def rfc3339(value: datetime) -> str:
    """A UTC time as every answer spells it: ``2026-01-01T12:00:00.123456Z``. Memoised: a
    write spells its one time several times (``isoformat`` costs ~3 µs, a hit 0.1). Equal
    instants are one key, so any zone is spelled in UTC."""
    if value.tzinfo is not None and value.tzinfo is not UTC:
        value = value.astimezone(UTC)
    return value.isoformat().replace("+00:00", "Z")


def rfc3339_of_text(stored: str) -> str:
    """``rfc3339`` of a time as SQLite stores it (``YYYY-MM-DD HH:MM:SS.ffffff``, UTC,
    app/core/sqlite.py), spelled from the text: a streamed export reads three times a
    roll, and making each a datetime first cost a fifth of its CPU. Any other spelling
    goes the datetime's way, as the column's converter reads it."""
    if len(stored) == 26 and stored[10] == " " and stored[19] == ".":
        if stored.endswith("000000"):  # isoformat leaves out zero microseconds
            return f"{stored[:10]}T{stored[11:19]}Z"
        return f"{stored[:10]}T{stored[11:]}Z"
    return rfc3339(datetime.fromisoformat(stored).replace(tzinfo=UTC))


def api_time(value: datetime | str) -> str:
    """A time as the API spells it, from a datetime or from that spelling already."""
    return value if isinstance(value, str) else rfc3339(value)

"""``Idempotency-Key``: a keyed POST runs once; every retry gets the first answer, byte for
byte. The record is written in the same transaction as the change it answers for, so a
committed change always has its answer stored and a rolled-back one never does."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow
from app.core.errors import Unprocessable
from app.core.rawsql import Raw

Answer = tuple[int, bytes]


class IdempotencyRecord(Base):
    """The first answer to a keyed POST, replayed to any retry by the same user."""

    __tablename__ = "idempotency_records"

    user_id: Mapped[str] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    request_hash: Mapped[str] = mapped_column(String(64))
    status_code: Mapped[int] = mapped_column(Integer)
    body: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


def fingerprint(*parts: Any) -> str:
    """A digest of what the request asked for (path parameters and the parsed body)."""
    canonical = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


_SELECT = (
    "SELECT request_hash, status_code, body FROM idempotency_records WHERE user_id = ? AND key = ?"
)
_INSERT = (
    "INSERT INTO idempotency_records (user_id, key, request_hash, status_code, body, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)


async def _replay(db: Raw, user_id: str, key: str, digest: str) -> Answer | None:
    row = await db.fetchone(_SELECT, user_id, key)
    if row is None:
        return None
    request_hash, status, body = row
    if request_hash != digest:
        raise Unprocessable("Idempotency-Key was already used with a different request")
    return status, bytes(body)


async def once(
    db: Raw,
    user_id: str,
    key: str | None,
    digest: str,
    produce: Callable[[], Awaitable[Answer]],
) -> Answer:
    """Run ``produce`` unless ``key`` already has an answer; store its answer under ``key``.

    Two concurrent requests with one key (PostgreSQL): the second blocks on the primary key
    until the first commits, then rolls its own work back to the savepoint and replays the
    first answer. Within one SQLite batch the second simply finds the first's record."""
    if key is None:
        return await produce()
    found = await _replay(db, user_id, key, digest)
    if found is not None:
        return found
    await db.execute("SAVEPOINT idempotency")
    try:
        status, body = await produce()
        await db.execute(_INSERT, user_id, key, digest, status, body, db.time_in(utcnow()))
    except BaseException as exc:
        await db.execute("ROLLBACK TO idempotency")
        await db.execute("RELEASE idempotency")
        if not db.is_unique_violation(exc):
            raise
        found = await _replay(db, user_id, key, digest)
        if found is None:
            raise
        return found
    await db.execute("RELEASE idempotency")
    return status, body

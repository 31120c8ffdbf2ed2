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
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow
from app.core.errors import Unprocessable

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


async def _replay(session: AsyncSession, user_id: str, key: str, digest: str) -> Answer | None:
    record = await session.get(IdempotencyRecord, (user_id, key))
    if record is None:
        return None
    if record.request_hash != digest:
        raise Unprocessable("Idempotency-Key was already used with a different request")
    return record.status_code, record.body


async def once(
    session: AsyncSession,
    user_id: str,
    key: str | None,
    digest: str,
    produce: Callable[[], Awaitable[Answer]],
) -> Answer:
    """Run ``produce`` unless ``key`` already has an answer; store its answer under ``key``.

    Two concurrent requests with one key: the second blocks on the primary key until the
    first commits, fails, rolls back its own work and replays the first answer."""
    if key is None:
        return await produce()
    found = await _replay(session, user_id, key, digest)
    if found is not None:
        return found
    status, body = await produce()
    session.add(
        IdempotencyRecord(
            user_id=user_id, key=key, request_hash=digest, status_code=status, body=body
        )
    )
    try:
        await session.flush()
    except IntegrityError:
        await session.rollback()
        found = await _replay(session, user_id, key, digest)
        if found is None:
            raise
        return found
    return status, body

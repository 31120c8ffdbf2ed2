"""``Idempotency-Key``: a keyed POST runs once; every retry gets the first answer, byte for
byte. The record is written in the same batch as the change it answers for (the campaign
ledger's), so a committed change always has its answer stored and a rolled-back one never
does.

Two concurrent requests with one key (PostgreSQL): the second blocks on the record's
primary key until the first commits, fails on it, and is run again (``RetryJob``), which
replays the first answer. Within one SQLite batch the second simply finds the first's
record."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.database import Db
from app.core.db import Base, UTCDateTime, utcnow
from app.core.errors import Unprocessable
from app.core.tables import TableSql

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


RECORDS = TableSql(IdempotencyRecord)
_SELECT = (
    "SELECT request_hash, status_code, body FROM idempotency_records"
    ' WHERE user_id = ? AND "key" = ?'
)


def fingerprint(*parts: Any) -> str:
    """A digest of what the request asked for (path parameters and the parsed body)."""
    canonical = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


async def replay(db: Db, user_id: str, key: str, digest: str) -> Answer | None:
    """The first answer under ``key``; 422 when the key was used for another request."""
    row = await db.fetchone(_SELECT, user_id, key)
    if row is None:
        return None
    request_hash, status, body = row
    if request_hash != digest:
        raise Unprocessable("Idempotency-Key was already used with a different request")
    return int(status), bytes(body)


def record(user_id: str, key: str, digest: str, answer: Answer) -> dict[str, Any]:
    """The row that stores ``answer`` under ``key``."""
    status, body = answer
    return {
        "user_id": user_id,
        "key": key,
        "request_hash": digest,
        "status_code": status,
        "body": body,
        "created_at": utcnow(),
    }

"""``Idempotency-Key``: a keyed POST runs once; every retry gets the first answer, byte for
byte. The record is written in the same batch as the change it answers for (the campaign
ledger's), so a committed change always has its answer stored and a rolled-back one never
does.

Two concurrent requests with one key (PostgreSQL): the second blocks on the record's
primary key until the first commits, fails on it, and is run again (``RetryJob``), which
replays the first answer. Within one SQLite batch the second simply finds the first's
record.

Erasure: a record whose answer held what must leave the database (a deleted chat message's
text) is rewritten by the job that deletes it (``erase``): its answer becomes the new one
(the tombstone) and its request digest that of the operation alone (``erased_digest``: what
was sent to which campaign, without the body), since a digest of a short text is found by
trying candidates. An erased record replays its answer to any retry of that operation under
its key, and a request of any other kind under the key is refused like any other reuse.

Retention: a record answers retries for ``VTT_IDEMPOTENCY_TTL_SECONDS`` (24 h by default,
as Stripe does); after that the key is free and a retry is a new request. ``replay`` checks
the record's age itself (an expired record not yet purged is deleted in the job's own
transaction and not replayed), so the purge only reclaims space: ``run_purger`` deletes
expired records in small batches, each its own short writer job, so it never holds the
writer (on SQLite, every table's) for long."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ForeignKey, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core import periodic
from app.core.database import Db, Statement
from app.core.db import Base, UTCDateTime, utcnow
from app.core.errors import Unprocessable
from app.core.i18n import msg
from app.core.tables import TableSql
from app.core.writer import Job, Writer

Answer = tuple[int, bytes]
log = logging.getLogger("fairtable.idempotency")
DEFAULT_TTL = timedelta(hours=24)


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
    # Indexed for the purge, which deletes the oldest first.
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)


RECORDS = TableSql(IdempotencyRecord)
_SELECT = (
    "SELECT request_hash, status_code, body, created_at FROM idempotency_records"
    ' WHERE user_id = ? AND "key" = ?'
)
_ERASE = 'UPDATE idempotency_records SET request_hash = ?, body = ? WHERE user_id = ? AND "key" = ?'
_FORGET = 'DELETE FROM idempotency_records WHERE user_id = ? AND "key" = ? AND created_at < ?'
_PURGE = (
    'DELETE FROM idempotency_records WHERE (user_id, "key") IN (SELECT user_id, "key"'
    " FROM idempotency_records WHERE created_at < ? ORDER BY created_at LIMIT ?)"
    " RETURNING user_id"
)


class Retention(periodic.Retention):
    """How long a record answers retries (``VTT_IDEMPOTENCY_TTL_SECONDS``)."""

    keep = DEFAULT_TTL


def configure(ttl_seconds: float, clock: Callable[[], datetime] | None = None) -> None:
    Retention.configure(timedelta(seconds=ttl_seconds), clock)


def fingerprint(*parts: Any) -> str:
    """A digest of what the request asked for (path parameters and the parsed body)."""
    canonical = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


async def replay(
    db: Db, user_id: str, key: str, digest: str, erased: str | None = None
) -> Answer | None:
    """The first answer under ``key``; 422 when the key was used for another request.
    ``erased`` is the ``erased_digest`` of this request's operation, for those that can be
    erased."""
    row = await db.fetchone(_SELECT, user_id, key)
    if row is None:
        return None
    request_hash, status, body, created_at = row
    cutoff = Retention.cutoff()
    if created_at < cutoff:
        # Expired, not yet purged: the key is free again. The delete is part of this job's
        # transaction, so the new record can take the key (or nothing changes on rollback).
        await db.execute(_FORGET, user_id, key, cutoff)
        return None
    if request_hash != digest and (erased is None or request_hash != erased):
        raise Unprocessable(msg("Idempotency-Key was already used with a different request"))
    return int(status), bytes(body)


def erased_digest(*operation: Any) -> str:
    """The request digest an erased record keeps: that of ``operation`` (its kind and path
    parameters), marked so that it never equals a whole request's digest."""
    return fingerprint("erased", *operation)


def erase(user_id: str, key: str, body: bytes, operation: str) -> Statement:
    """The ledger's statement rewriting the record under ``key`` (if it is still kept):
    ``body`` instead of its answer, and ``operation`` (an ``erased_digest``) instead of the
    request's digest (see the module doc)."""
    return _ERASE, (operation, body, user_id, key)


def record(user_id: str, key: str, digest: str, answer: Answer) -> dict[str, Any]:
    """The row that stores ``answer`` under ``key``."""
    status, body = answer
    return {
        "user_id": user_id,
        "key": key,
        "request_hash": digest,
        "status_code": status,
        "body": body,
        "created_at": Retention.clock(),
    }


async def purge_expired(writer: Writer, batch: int = 500) -> int:
    """Delete every expired record, ``batch`` at a time (one short writer job each, with
    the event loop free in between); answer how many went."""
    total = 0
    while True:
        cutoff = Retention.cutoff()

        async def job(job: Job, cutoff: datetime = cutoff) -> int:
            return len(await job.db.fetchall(_PURGE, cutoff, batch))

        deleted = await writer.run(job)
        total += deleted
        if deleted < batch:
            return total
        await asyncio.sleep(0)


def start_purger(writer: Writer, every_seconds: float, batch: int = 500) -> asyncio.Task[None]:
    """The background purge, started by the app's lifespan: every few minutes."""
    return periodic.start(
        "fairtable-idempotency-purge",
        lambda: purge_expired(writer, batch),
        every_seconds,
        log,
        "purged expired idempotency records",
    )


stop_purger = periodic.stop

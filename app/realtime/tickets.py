"""Issuing and consuming websocket tickets (see app/realtime/models.py for why).

A ticket is 256 random bits from ``secrets``; only its SHA-256 is stored. Consuming is
one atomic ``UPDATE … WHERE used = false … RETURNING``: of two instances racing on the
same ticket, exactly one gets the user back.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from app.core.database import Db
from app.core.db import utcnow
from app.core.ids import hash_secret, new_secret
from app.core.writer import Job, Writer

TICKET_PREFIX = "ftw"
TICKET_TTL_SECONDS = 60

_INSERT = (
    "INSERT INTO ws_tickets (hash, user_id, campaign_id, expires_at, used, credential_hash)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)
_PURGE = "DELETE FROM ws_tickets WHERE expires_at <= ?"
_CONSUME = (
    "UPDATE ws_tickets SET used = ? WHERE hash = ? AND campaign_id = ? AND used = ?"
    " AND expires_at > ? RETURNING user_id, credential_hash"
)


async def issue(
    writer: Writer,
    user_id: str,
    campaign_id: str,
    ttl_seconds: int = TICKET_TTL_SECONDS,
    credential_hash: str | None = None,
) -> tuple[str, datetime]:
    """A new ticket for ``user_id`` at ``campaign_id``, and when it expires. Expired
    tickets are purged on the way, so the table stays as small as the last minute.
    ``credential_hash`` names the credential that asked: the socket lives as long as it."""
    ticket = new_secret(TICKET_PREFIX)

    async def job(job: Job) -> datetime:
        now = utcnow()
        await job.db.execute(_PURGE, now)
        expires_at = now + timedelta(seconds=ttl_seconds)
        await job.db.execute(
            _INSERT, hash_secret(ticket), user_id, campaign_id, expires_at, False, credential_hash
        )
        return expires_at

    return ticket, await writer.run(job)


async def consume(db: Db, ticket: str, campaign_id: str) -> tuple[str, str | None] | None:
    """(the user, the credential hash) the ticket was issued to, if it is unused, unexpired
    and for this campaign; it is then used up. ``None`` otherwise (the caller answers 4401)."""
    if not ticket.startswith(TICKET_PREFIX + "_") or len(ticket) > 100:
        return None
    row = await db.fetchone(_CONSUME, True, hash_secret(ticket), campaign_id, False, utcnow())
    return None if row is None else (str(row[0]), row[1])

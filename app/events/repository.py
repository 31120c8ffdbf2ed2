"""Every query of the events feature. Events are written only by a campaign's ledger
(app/campaigns/ledger.py), with the rows of the job that records them."""

from __future__ import annotations

from app.core.database import Db, Row
from app.core.tables import TableSql
from app.events.models import Event

EVENTS = TableSql(Event)

_FIELDS = "campaign_id, seq, type, at, data, visibility, user_id, prev_hash, hash"
_AFTER = f"SELECT {_FIELDS} FROM events WHERE campaign_id = ? AND seq > ? ORDER BY seq LIMIT ?"  # noqa: S608


async def after(db: Db, campaign_id: str, after_seq: int, limit: int) -> list[Row]:
    """Rows in ``EventOut``'s field order, oldest first: one page of a campaign's history."""
    return await db.fetchall(_AFTER, campaign_id, after_seq, limit)

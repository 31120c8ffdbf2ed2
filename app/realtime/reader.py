"""The hub's reads of the record, each on a read connection taken for that read only: a
socket lives for hours and must never hold a connection while it waits."""

from __future__ import annotations

from app.core.database import Database
from app.events.service import EventOut, after_seq

PAGE = 500
_LAST_SEQ = "SELECT last_seq FROM campaigns WHERE id = ?"


async def after(database: Database, campaign_id: str, after: int) -> list[EventOut]:
    """Up to ``PAGE`` committed events after seq ``after``, in seq order."""
    async with database.read() as db:
        return await after_seq(db, campaign_id, after, PAGE)


async def last_seq(database: Database, campaign_id: str) -> int:
    """The campaign's last committed seq (0 for a campaign that is gone)."""
    async with database.read() as db:
        row = await db.fetchone(_LAST_SEQ, campaign_id)
    return int(row[0]) if row is not None else 0

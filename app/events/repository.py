"""Every query of the events feature (driver level: they run inside write jobs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.rawsql import Raw

if TYPE_CHECKING:
    from app.events.service import EventOut

_INSERT = (
    "INSERT INTO events (campaign_id, seq, type, at, visibility, user_id, data, prev_hash, hash)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_AFTER = (
    "SELECT campaign_id, seq, type, at, data, visibility, user_id, prev_hash, hash FROM events"
    " WHERE campaign_id = ? AND seq > ? ORDER BY seq LIMIT ?"
)


async def insert(db: Raw, e: EventOut) -> None:
    """Staged: sent with the transaction's next statement (often the campaign's update)."""
    await db.stage(
        _INSERT,
        *(e.campaign_id, e.seq, e.type, db.time_in(e.at), e.visibility, e.user_id),
        *(db.json_in(e.data), e.prev_hash, e.hash),
    )


async def after(db: Raw, campaign_id: str, after_seq: int, limit: int) -> list[EventOut]:
    from app.events.service import EventOut

    rows = await db.fetchall(_AFTER, campaign_id, after_seq, limit)
    return [
        EventOut(cid, seq, type_, db.time_out(at), db.json_out(data), vis, uid, prev, hash_)
        for cid, seq, type_, at, data, vis, uid, prev, hash_ in rows
    ]

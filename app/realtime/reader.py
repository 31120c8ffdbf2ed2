"""The hub's reads of the record, each in a short session of its own: a socket lives for
hours and must never hold a session (or SQLite's single connection) while it waits."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.core.rawsql import raw
from app.events import repository as events_repo
from app.events.service import EventOut

PAGE = 500
_LAST_SEQ = "SELECT last_seq FROM campaigns WHERE id = ?"


async def after(
    maker: async_sessionmaker[AsyncSession], campaign_id: str, after_seq: int
) -> list[EventOut]:
    """Up to ``PAGE`` committed events after ``after_seq``, in seq order."""
    async with maker() as session:
        return await events_repo.after(await raw(session), campaign_id, after_seq, PAGE)


async def last_seq(maker: async_sessionmaker[AsyncSession], campaign_id: str) -> int:
    """The campaign's last committed seq (0 for a campaign that is gone)."""
    async with maker() as session:
        row = await (await raw(session)).fetchone(_LAST_SEQ, campaign_id)
    return int(row[0]) if row is not None else 0

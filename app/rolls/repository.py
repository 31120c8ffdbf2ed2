"""Every query of the rolls feature."""

from __future__ import annotations

from sqlalchemy import ColumnElement, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.rolls.models import Roll


async def get(session: AsyncSession, roll_id: str, *, for_update: bool = False) -> Roll | None:
    query = select(Roll).where(Roll.id == roll_id)
    if for_update:
        query = query.with_for_update()
    return await session.scalar(query)


async def log(
    session: AsyncSession,
    campaign_id: str,
    visible: ColumnElement[bool],
    limit: int,
    before_seq: int | None,
    character_id: str | None,
) -> list[Roll]:
    query = select(Roll).where(Roll.campaign_id == campaign_id, visible)
    if character_id is not None:
        query = query.where(Roll.character_id == character_id)
    if before_seq is not None:
        query = query.where(Roll.seq < before_seq)
    return list(await session.scalars(query.order_by(Roll.seq.desc()).limit(limit)))

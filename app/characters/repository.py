"""Every query of the characters feature."""

from __future__ import annotations

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.characters.models import Character


async def get(session: AsyncSession, character_id: str) -> Character | None:
    return await session.get(Character, character_id)


async def of_campaign(
    session: AsyncSession, campaign_id: str, limit: int, before_id: str | None
) -> list[Character]:
    query = select(Character).where(Character.campaign_id == campaign_id)
    if before_id is not None:
        query = query.where(Character.id < before_id)
    return list(await session.scalars(query.order_by(Character.id.desc()).limit(limit)))


async def bump_version(session: AsyncSession, character: Character, expected: int) -> bool:
    """Compare-and-set on ``version``: False when someone else saved first."""
    result = await session.execute(
        update(Character)
        .where(Character.id == character.id, Character.version == expected)
        .values(version=expected + 1)
    )
    return bool(result.rowcount)  # type: ignore[attr-defined]


async def remove(session: AsyncSession, character_id: str) -> None:
    await session.execute(delete(Character).where(Character.id == character_id))

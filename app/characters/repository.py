"""Every query of the characters feature."""

from __future__ import annotations

from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.characters.models import Character
from app.core.rawsql import Raw


class CharacterView(NamedTuple):
    """What a roll needs of its character, read without the ORM."""

    id: str
    campaign_id: str
    owner_id: str | None
    npc: bool
    sheet: dict[str, Any]
    version: int


class CharacterRow(NamedTuple):
    """A whole character read without the ORM, for write jobs that answer with it."""

    id: str
    campaign_id: str
    owner_id: str | None
    name: str
    npc: bool
    sheet: dict[str, Any]
    version: int


_READ = "SELECT id, campaign_id, owner_id, name, npc, sheet, version FROM characters WHERE id = ?"
_ROLL_VIEW = "SELECT id, campaign_id, owner_id, npc, sheet, version FROM characters WHERE id = ?"
_SET_SHEET = (
    "UPDATE characters SET sheet = ?, version = ?, updated_at = ? WHERE id = ? AND version = ?"
    " RETURNING version"
)


async def get(session: AsyncSession, character_id: str) -> Character | None:
    return await session.get(Character, character_id)


async def roll_view(db: Raw, character_id: str) -> CharacterView | None:
    row = await db.fetchone(_ROLL_VIEW, character_id)
    if row is None:
        return None
    cid, campaign_id, owner_id, npc, sheet, version = row
    return CharacterView(cid, campaign_id, owner_id, db.bool_out(npc), db.json_out(sheet), version)


async def read(db: Raw, character_id: str) -> CharacterRow | None:
    row = await db.fetchone(_READ, character_id)
    if row is None:
        return None
    cid, campaign_id, owner_id, name, npc, sheet, version = row
    return CharacterRow(
        cid, campaign_id, owner_id, name, db.bool_out(npc), db.json_out(sheet), version
    )


async def set_sheet(
    db: Raw, character_id: str, expected: int, sheet: dict[str, Any], now: datetime
) -> bool:
    """Compare-and-set of a sheet changed by a roll; False when the version moved on."""
    row = await db.fetchone(
        _SET_SHEET, db.json_in(sheet), expected + 1, db.time_in(now), character_id, expected
    )
    return row is not None


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

"""Every query of the characters feature."""

from __future__ import annotations

from datetime import datetime
from typing import Any, NamedTuple

from app.characters.models import Character
from app.core.database import Db, Statement
from app.core.tables import TableSql

CHARACTERS = TableSql(Character)


class CharacterRow(NamedTuple):
    """A character as answers show it (its times stay in the database)."""

    id: str
    campaign_id: str
    owner_id: str | None
    name: str
    npc: bool
    sheet: dict[str, Any]
    version: int


CharacterView = CharacterRow  # what a roll reads of its character: all of it

_FIELDS = ", ".join(CharacterRow._fields)
_READ = f"SELECT {_FIELDS} FROM characters WHERE id = ?"  # noqa: S608 - names from the model
_OF_CAMPAIGN = f"SELECT {_FIELDS} FROM characters WHERE campaign_id = ?"  # noqa: S608
_SET_SHEET = "UPDATE characters SET sheet = ?, version = ?, updated_at = ? WHERE id = ?"
_UPDATE = (
    "UPDATE characters SET name = ?, npc = ?, owner_id = ?, sheet = ?, version = ?,"
    " updated_at = ? WHERE id = ?"
)
_DELETE = "DELETE FROM characters WHERE id = ?"


def _row(record: tuple[Any, ...]) -> CharacterRow:
    cid, campaign_id, owner_id, name, npc, sheet, version = record
    return CharacterRow(cid, campaign_id, owner_id, name, bool(npc), sheet, int(version))


async def read(db: Db, character_id: str) -> CharacterRow | None:
    if "\x00" in character_id:  # names nothing (and PostgreSQL refuses it as a parameter)
        return None
    record = await db.fetchone(_READ, character_id)
    return None if record is None else _row(record)


roll_view = read


async def of_campaign(
    db: Db, campaign_id: str, limit: int, before_id: str | None
) -> list[CharacterRow]:
    """Newest first (ids sort by creation time)."""
    if before_id is None:
        records = await db.fetchall(_OF_CAMPAIGN + " ORDER BY id DESC LIMIT ?", campaign_id, limit)
    else:
        sql = _OF_CAMPAIGN + " AND id < ? ORDER BY id DESC LIMIT ?"
        records = await db.fetchall(sql, campaign_id, before_id, limit)
    return [_row(r) for r in records]


def new_row(character: CharacterRow, now: datetime) -> dict[str, Any]:
    return {**character._asdict(), "created_at": now, "updated_at": now}


def unchanged(character: CharacterRow) -> Statement:
    """A ledger guard: the character is still at the version it was read at."""
    sql = "EXISTS (SELECT 1 FROM characters WHERE id = ? AND version = ?)"
    return sql, (character.id, character.version)


def set_sheet(character: CharacterRow, sheet: dict[str, Any], now: datetime) -> Statement:
    """A sheet changed by a roll or a hit, at the next version (guard the read with
    ``unchanged``)."""
    return _SET_SHEET, (sheet, character.version + 1, now, character.id)


def save(character: CharacterRow, now: datetime) -> Statement:
    """Every editable field of ``character`` as it is now (its version already bumped)."""
    c = character
    return _UPDATE, (c.name, c.npc, c.owner_id, c.sheet, c.version, now, c.id)


def remove(character_id: str) -> Statement:
    return _DELETE, (character_id,)

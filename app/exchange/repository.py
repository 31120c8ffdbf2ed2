"""Every query of campaign export and import: an import is one write job, and an export
reads inside one snapshot (``Database.snapshot``) so its parts agree."""

from __future__ import annotations

from typing import Any

from app.core.database import Db
from app.core.db import rfc3339
from app.core.tables import TableSql
from app.table.repository import Table as FlowTable

_CAMPAIGN = "SELECT id, name, ruleset, settings, created_at FROM campaigns WHERE id = ?"
_MEMBERS = (
    "SELECT m.user_id, u.username, u.display_name, m.role, m.joined_at FROM memberships m"
    " JOIN users u ON u.id = m.user_id WHERE m.campaign_id = ? ORDER BY m.joined_at, m.user_id"
)
_CHARACTERS = (
    "SELECT id, name, npc, owner_id, version, sheet, created_at, updated_at FROM characters"
    " WHERE campaign_id = ? ORDER BY created_at, id"
)
_ROLL_COLUMNS = (
    "id", "campaign_id", "seq", "ruleset", "kind", "character_id", "user_id", "visibility",
    "note", "status", "dice", "result", "odds", "state", "proof", "prev_hash", "hash",
    "created_at", "updated_at",
)  # fmt: skip
_ROLLS = f"SELECT {', '.join(_ROLL_COLUMNS)} FROM rolls WHERE campaign_id = ? ORDER BY seq"  # noqa: S608
_EVENTS = (
    "SELECT seq, type, at, visibility, user_id, data, prev_hash, hash FROM events"
    " WHERE campaign_id = ? ORDER BY seq"
)
_FLOW_COLUMNS = ("id", "campaign_id", "status", "data", "created_by", "created_at", "updated_at")
_FLOWS = {
    table: f"SELECT {', '.join(_FLOW_COLUMNS)} FROM {table}"  # noqa: S608
    " WHERE campaign_id = ? ORDER BY created_at, id"
    for table in ("contests", "group_rolls", "tasks")
}
_USER = "SELECT username FROM users WHERE id = ?"


async def campaign(db: Db, campaign_id: str) -> dict[str, Any] | None:
    row = await db.fetchone(_CAMPAIGN, campaign_id)
    if row is None:
        return None
    cid, name, ruleset, settings, created_at = row
    return {
        "id": cid,
        "name": name,
        "ruleset": ruleset,
        "settings": (settings),
        "created_at": rfc3339(created_at),
    }


async def members(db: Db, campaign_id: str) -> list[dict[str, Any]]:
    return [
        {
            "user_id": user_id,
            "username": username,
            "display_name": display_name,
            "role": role,
            "joined_at": rfc3339(joined_at),
        }
        for user_id, username, display_name, role, joined_at in await db.fetchall(
            _MEMBERS, campaign_id
        )
    ]


async def characters(db: Db, campaign_id: str) -> list[dict[str, Any]]:
    return [
        {
            "id": cid,
            "name": name,
            "npc": (npc),
            "owner_id": owner_id,
            "version": version,
            "sheet": (sheet),
            "created_at": rfc3339(created_at),
            "updated_at": rfc3339(updated_at),
        }
        for cid, name, npc, owner_id, version, sheet, created_at, updated_at in await db.fetchall(
            _CHARACTERS, campaign_id
        )
    ]


async def rolls(db: Db, campaign_id: str) -> list[dict[str, Any]]:
    """Whole rolls in seq order, times as the API and the hash chain write them."""
    found = []
    for row in await db.fetchall(_ROLLS, campaign_id):
        values = dict(zip(_ROLL_COLUMNS, row, strict=True))
        for name in ("dice", "result", "odds", "state", "proof"):
            values[name] = values[name]
        for name in ("created_at", "updated_at"):
            values[name] = rfc3339(values[name])
        found.append(values)
    return found


async def events(db: Db, campaign_id: str) -> list[dict[str, Any]]:
    return [
        {
            "seq": seq,
            "type": type_,
            "at": rfc3339(at),
            "visibility": visibility,
            "user_id": user_id,
            "data": (data),
            "prev_hash": prev_hash,
            "hash": hash_,
        }
        for seq, type_, at, visibility, user_id, data, prev_hash, hash_ in await db.fetchall(
            _EVENTS, campaign_id
        )
    ]


async def flows(db: Db, table: FlowTable, campaign_id: str) -> list[dict[str, Any]]:
    """Contests, group rolls or tasks (``app.table``) as stored, oldest first."""
    found = []
    for row in await db.fetchall(_FLOWS[table], campaign_id):
        values = dict(zip(_FLOW_COLUMNS, row, strict=True))
        values["data"] = values["data"]
        for name in ("created_at", "updated_at"):
            values[name] = rfc3339(values[name])
        found.append(values)
    return found


async def username_of(db: Db, user_id: str) -> str | None:
    row = await db.fetchone(_USER, user_id)
    return None if row is None else str(row[0])


# --- import -----------------------------------------------------------------------------------


async def insert(db: Db, table: TableSql, row: dict[str, Any]) -> None:
    """One row of an imported campaign; columns it lacks take the model's defaults."""
    await db.execute(table.insert, *table.values(row))

"""Every query of campaign export and import, at the driver level (``Raw``): an import
is one write job, and an export reads inside one transaction so its parts agree."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.core.db import rfc3339
from app.core.rawsql import Raw
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


async def campaign(db: Raw, campaign_id: str) -> dict[str, Any] | None:
    row = await db.fetchone(_CAMPAIGN, campaign_id)
    if row is None:
        return None
    cid, name, ruleset, settings, created_at = row
    return {
        "id": cid,
        "name": name,
        "ruleset": ruleset,
        "settings": db.json_out(settings),
        "created_at": rfc3339(db.time_out(created_at)),
    }


async def members(db: Raw, campaign_id: str) -> list[dict[str, Any]]:
    return [
        {
            "user_id": user_id,
            "username": username,
            "display_name": display_name,
            "role": role,
            "joined_at": rfc3339(db.time_out(joined_at)),
        }
        for user_id, username, display_name, role, joined_at in await db.fetchall(
            _MEMBERS, campaign_id
        )
    ]


async def characters(db: Raw, campaign_id: str) -> list[dict[str, Any]]:
    return [
        {
            "id": cid,
            "name": name,
            "npc": db.bool_out(npc),
            "owner_id": owner_id,
            "version": version,
            "sheet": db.json_out(sheet),
            "created_at": rfc3339(db.time_out(created_at)),
            "updated_at": rfc3339(db.time_out(updated_at)),
        }
        for cid, name, npc, owner_id, version, sheet, created_at, updated_at in await db.fetchall(
            _CHARACTERS, campaign_id
        )
    ]


async def rolls(db: Raw, campaign_id: str) -> list[dict[str, Any]]:
    """Whole rolls in seq order, times as the API and the hash chain write them."""
    found = []
    for row in await db.fetchall(_ROLLS, campaign_id):
        values = dict(zip(_ROLL_COLUMNS, row, strict=True))
        for name in ("dice", "result", "odds", "state", "proof"):
            values[name] = db.json_out(values[name])
        for name in ("created_at", "updated_at"):
            values[name] = rfc3339(db.time_out(values[name]))
        found.append(values)
    return found


async def events(db: Raw, campaign_id: str) -> list[dict[str, Any]]:
    return [
        {
            "seq": seq,
            "type": type_,
            "at": rfc3339(db.time_out(at)),
            "visibility": visibility,
            "user_id": user_id,
            "data": db.json_out(data),
            "prev_hash": prev_hash,
            "hash": hash_,
        }
        for seq, type_, at, visibility, user_id, data, prev_hash, hash_ in await db.fetchall(
            _EVENTS, campaign_id
        )
    ]


async def flows(db: Raw, table: FlowTable, campaign_id: str) -> list[dict[str, Any]]:
    """Contests, group rolls or tasks (``app.table``) as stored, oldest first."""
    found = []
    for row in await db.fetchall(_FLOWS[table], campaign_id):
        values = dict(zip(_FLOW_COLUMNS, row, strict=True))
        values["data"] = db.json_out(values["data"])
        for name in ("created_at", "updated_at"):
            values[name] = rfc3339(db.time_out(values[name]))
        found.append(values)
    return found


async def username_of(db: Raw, user_id: str) -> str | None:
    row = await db.fetchone(_USER, user_id)
    return None if row is None else str(row[0])


# --- import -----------------------------------------------------------------------------------

_INSERT_CAMPAIGN = (
    "INSERT INTO campaigns (id, name, ruleset, settings, last_seq, seed_number, client_seed,"
    " next_nonce, last_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_MEMBER = (
    "INSERT INTO memberships (campaign_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)"
)
_INSERT_SEED = (
    "INSERT INTO campaign_seeds (campaign_id, number, server_seed, commitment, client_seed,"
    " first_nonce, end_nonce, created_at, revealed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_CHARACTER = (
    "INSERT INTO characters (id, campaign_id, owner_id, name, npc, sheet, version, created_at,"
    " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_EVENT = (
    "INSERT INTO events (campaign_id, seq, type, at, visibility, user_id, data, prev_hash, hash)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


async def insert_campaign(db: Raw, c: dict[str, Any]) -> None:
    await db.execute(
        _INSERT_CAMPAIGN,
        *(c["id"], c["name"], c["ruleset"], db.json_in(c["settings"]), c["last_seq"]),
        *(c["seed_number"], c["client_seed"], c["next_nonce"], c["last_hash"]),
        db.time_in(c["created_at"]),
    )


async def insert_member(
    db: Raw, campaign_id: str, user_id: str, role: str, joined_at: datetime
) -> None:
    await db.execute(_INSERT_MEMBER, campaign_id, user_id, role, db.time_in(joined_at))


async def insert_seed(db: Raw, campaign_id: str, s: dict[str, Any]) -> None:
    revealed_at = s["revealed_at"]
    await db.execute(
        _INSERT_SEED,
        *(campaign_id, s["number"], s["server_seed"], s["commitment"], s["client_seed"]),
        *(s["first_nonce"], s["end_nonce"], db.time_in(s["created_at"])),
        None if revealed_at is None else db.time_in(revealed_at),
    )


async def insert_character(db: Raw, campaign_id: str, c: dict[str, Any]) -> None:
    await db.execute(
        _INSERT_CHARACTER,
        *(c["id"], campaign_id, c["owner_id"], c["name"], c["npc"], db.json_in(c["sheet"])),
        *(c["version"], db.time_in(c["created_at"]), db.time_in(c["updated_at"])),
    )


async def insert_event(db: Raw, campaign_id: str, e: dict[str, Any]) -> None:
    await db.execute(
        _INSERT_EVENT,
        *(campaign_id, e["seq"], e["type"], db.time_in(e["at"]), e["visibility"], e["user_id"]),
        *(db.json_in(e["data"]), e["prev_hash"], e["hash"]),
    )

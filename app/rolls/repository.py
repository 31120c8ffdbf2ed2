"""Every query of the rolls feature."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.rawsql import Raw
from app.rolls.models import Roll

_INSERT = (
    "INSERT INTO rolls (id, campaign_id, seq, ruleset, kind, character_id, user_id, visibility,"
    " note, status, dice, result, odds, state, proof, prev_hash, hash, created_at, updated_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


async def insert(db: Raw, v: dict[str, Any]) -> None:
    """Store a new roll with one driver-level INSERT (the hot path of every roll), staged
    to travel with the transaction's next statement."""
    await db.stage(
        _INSERT,
        *(v["id"], v["campaign_id"], v["seq"], v["ruleset"], v["kind"], v["character_id"]),
        *(v["user_id"], v["visibility"], v["note"], v["status"]),
        *(db.json_in(v["dice"]), db.json_in(v["result"]), db.json_in(v["odds"])),
        *(db.json_in(v["state"]), db.json_in(v["proof"]), v["prev_hash"], v["hash"]),
        *(db.time_in(v["created_at"]), db.time_in(v["updated_at"])),
    )


_COLUMNS = (
    "id, campaign_id, seq, ruleset, kind, character_id, user_id, visibility, note, status,"
    " dice, result, odds, state, proof, prev_hash, hash, created_at, updated_at"
)
_FOR_STEP = f"SELECT {_COLUMNS} FROM rolls WHERE id = ?"  # noqa: S608 - constant columns
_UPDATE_STEP = (
    "UPDATE rolls SET dice = ?, result = ?, state = ?, status = ?, proof = ?, prev_hash = ?,"
    " hash = ?, updated_at = ? WHERE id = ?"
)
_JSON = ("dice", "result", "odds", "state", "proof")


async def for_step(db: Raw, roll_id: str, *, lock: bool = True) -> dict[str, Any] | None:
    """A roll about to take a step, locked against concurrent steps (the row lock on
    PostgreSQL; SQLite's write transaction is exclusive already). ``lock=False`` only reads
    it: a job already holding the campaign's lock must not wait on a roll's."""
    sql = _FOR_STEP if db.sqlite or not lock else _FOR_STEP + " FOR UPDATE"
    row = await db.fetchone(sql, roll_id)
    if row is None:
        return None
    values = dict(zip(_COLUMNS.replace(" ", "").split(","), row, strict=True))
    for name in _JSON:
        values[name] = db.json_out(values[name])
    values["created_at"] = db.time_out(values["created_at"])
    values["updated_at"] = db.time_out(values["updated_at"])
    return values


async def save_step(db: Raw, v: dict[str, Any]) -> None:
    await db.execute(
        _UPDATE_STEP,
        db.json_in(v["dice"]),
        db.json_in(v["result"]),
        db.json_in(v["state"]),
        v["status"],
        db.json_in(v["proof"]),
        v["prev_hash"],
        v["hash"],
        db.time_in(v["updated_at"]),
        v["id"],
    )


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

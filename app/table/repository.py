"""Every query of the table flow. The three tables share one shape (id, campaign_id,
status, data, created_by, created_at, updated_at), so the statements are written once per
table from constant names; they run at driver level, inside write jobs or a read session.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.rawsql import Raw
from app.rolls.models import Roll

Table = Literal["contests", "group_rolls", "tasks"]
_TABLES: tuple[Table, ...] = ("contests", "group_rolls", "tasks")
_FIELDS = ("id", "campaign_id", "status", "data", "created_by", "created_at", "updated_at")
_COLUMNS = ", ".join(_FIELDS)


def _statements(table: Table) -> dict[str, str]:
    # Constant table and column names only; every value is a bound parameter.
    return {
        "campaign": f"SELECT campaign_id FROM {table} WHERE id = ?",  # noqa: S608
        "get": f"SELECT {_COLUMNS} FROM {table} WHERE id = ?",  # noqa: S608
        "insert": f"INSERT INTO {table} ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",  # noqa: S608
        "update": f"UPDATE {table} SET status = ?, data = ?, updated_at = ? WHERE id = ?",  # noqa: S608
        "page": f"SELECT {_COLUMNS} FROM {table} WHERE campaign_id = ?",  # noqa: S608
    }


_SQL = {table: _statements(table) for table in _TABLES}


def _row(db: Raw, row: Sequence[Any]) -> dict[str, Any]:
    values = dict(zip(_FIELDS, row, strict=True))
    values["data"] = db.json_out(values["data"])
    values["created_at"] = db.time_out(values["created_at"])
    values["updated_at"] = db.time_out(values["updated_at"])
    return values


async def campaign_of(db: Raw, table: Table, item_id: str) -> str | None:
    """The campaign an item belongs to: what the caller's seat is checked against."""
    row = await db.fetchone(_SQL[table]["campaign"], item_id)
    return None if row is None else str(row[0])


async def get(db: Raw, table: Table, item_id: str) -> dict[str, Any] | None:
    """One item. Read it after ``Ledger.open`` in a write job: the campaign row's lock is
    what serialises the steps of one contest or task, so the read sees the last one."""
    row = await db.fetchone(_SQL[table]["get"], item_id)
    return None if row is None else _row(db, row)


async def insert(db: Raw, table: Table, v: dict[str, Any]) -> None:
    await db.execute(
        _SQL[table]["insert"],
        *(v["id"], v["campaign_id"], v["status"], db.json_in(v["data"]), v["created_by"]),
        *(db.time_in(v["created_at"]), db.time_in(v["updated_at"])),
    )


async def update(db: Raw, table: Table, v: dict[str, Any]) -> None:
    await db.execute(
        _SQL[table]["update"],
        *(v["status"], db.json_in(v["data"]), db.time_in(v["updated_at"]), v["id"]),
    )


async def page(
    db: Raw,
    table: Table,
    campaign_id: str,
    limit: int,
    before_id: str | None,
    status: str | None,
) -> list[dict[str, Any]]:
    """Newest first (ids sort by creation time), optionally of one status."""
    sql, params = _SQL[table]["page"], [campaign_id]
    if status is not None:
        sql, params = sql + " AND status = ?", [*params, status]
    if before_id is not None:
        sql, params = sql + " AND id < ?", [*params, before_id]
    rows = await db.fetchall(sql + " ORDER BY id DESC LIMIT ?", *params, limit)
    return [_row(db, row) for row in rows]


async def rolls(session: AsyncSession, roll_ids: Sequence[str]) -> list[Roll]:
    """The stored rolls of a group action, in the order of ``roll_ids``."""
    if not roll_ids:
        return []
    found = {r.id: r for r in await session.scalars(select(Roll).where(Roll.id.in_(roll_ids)))}
    return [found[i] for i in roll_ids if i in found]

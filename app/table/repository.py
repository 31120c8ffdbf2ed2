"""Every query of the table flow. The three tables share one shape (id, campaign_id,
status, data, created_by, created_at, updated_at), so the statements are written once per
table from constant names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from app.core.database import Db, Statement

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


def _row(db: Db, row: Sequence[Any]) -> dict[str, Any]:
    values = dict(zip(_FIELDS, row, strict=True))
    values["data"] = values["data"]
    values["created_at"] = values["created_at"]
    values["updated_at"] = values["updated_at"]
    return values


async def campaign_of(db: Db, table: Table, item_id: str) -> str | None:
    """The campaign an item belongs to: what the caller's seat is checked against."""
    row = await db.fetchone(_SQL[table]["campaign"], item_id)
    return None if row is None else str(row[0])


async def get(db: Db, table: Table, item_id: str) -> dict[str, Any] | None:
    """One item. Read it after ``Ledger.open`` in a write job: the campaign row's lock is
    what serialises the steps of one contest or task, so the read sees the last one."""
    row = await db.fetchone(_SQL[table]["get"], item_id)
    return None if row is None else _row(db, row)


def insert(table: Table, v: dict[str, Any]) -> Statement:
    """A new item, for its job's ledger."""
    params = (v["id"], v["campaign_id"], v["status"], v["data"], v["created_by"],
              v["created_at"], v["updated_at"])  # fmt: skip
    return _SQL[table]["insert"], params


def update(table: Table, v: dict[str, Any]) -> Statement:
    """An item's new state, for its job's ledger."""
    return _SQL[table]["update"], (v["status"], v["data"], v["updated_at"], v["id"])


async def page(
    db: Db,
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

"""Every query of the table flow: contests, group actions and long tasks. The three tables
share one shape (``_FlowRecord``: id, campaign_id, status, data, created_by, created_at,
updated_at), so each statement is built once per table from its model."""

from __future__ import annotations

from typing import Any, Literal

from app.core.database import Db, Statement
from app.core.tables import TableSql
from app.table.models import Contest, GroupRoll, Task

Table = Literal["contests", "group_rolls", "tasks"]
TABLES: dict[Table, TableSql] = {
    "contests": TableSql(Contest),
    "group_rolls": TableSql(GroupRoll),
    "tasks": TableSql(Task),
}


def _statements(table: TableSql) -> dict[str, str]:
    # Names from the model only; every value is a bound parameter.
    return {
        "campaign": f"SELECT campaign_id FROM {table.name} WHERE id = ?",  # noqa: S608
        "get": f"{table.select} WHERE id = ?",
        "update": f"UPDATE {table.name} SET status = ?, data = ?, updated_at = ? WHERE id = ?",  # noqa: S608
        "page": f"{table.select} WHERE campaign_id = ?",
        "all": f"{table.select} WHERE campaign_id = ? ORDER BY created_at, id",
    }


_SQL = {name: _statements(table) for name, table in TABLES.items()}


async def campaign_of(db: Db, table: Table, item_id: str) -> str | None:
    """The campaign an item belongs to: what the caller's seat is checked against."""
    row = await db.fetchone(_SQL[table]["campaign"], item_id)
    return None if row is None else str(row[0])


async def get(db: Db, table: Table, item_id: str) -> dict[str, Any] | None:
    """One item. Read it after ``Ledger.open`` in a write job: the campaign row's lock is
    what serialises the steps of one contest or task, so the read sees the last one."""
    row = await db.fetchone(_SQL[table]["get"], item_id)
    return None if row is None else TABLES[table].row(row)


def insert(table: Table, v: dict[str, Any]) -> Statement:
    """A new item, for its job's ledger."""
    return TABLES[table].insert, TABLES[table].values(v)


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
    return [TABLES[table].row(row) for row in rows]


async def of_campaign(db: Db, table: Table, campaign_id: str) -> list[dict[str, Any]]:
    """Every item of a campaign as stored, oldest first (for the export)."""
    rows = await db.fetchall(_SQL[table]["all"], campaign_id)
    return [TABLES[table].row(row) for row in rows]

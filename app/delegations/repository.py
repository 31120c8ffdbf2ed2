"""Every query of the delegations feature. A new delegation and its characters are rows of
their job's ledger; a revocation is a statement of the same ledger."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.core.database import Db, Statement
from app.core.tables import TableSql
from app.delegations.models import Delegation, DelegationCharacter

DELEGATIONS = TableSql(Delegation)
COVERS = TableSql(DelegationCharacter)

_COLUMNS = ", ".join(f"d.{name}" for name in DELEGATIONS.columns)
_BY_ID = f"SELECT {_COLUMNS} FROM delegations d WHERE d.id = ?"  # noqa: S608 - model's names
_PAGE = f"SELECT {_COLUMNS} FROM delegations d WHERE d.campaign_id = ?"  # noqa: S608
_OF_BOT = " AND d.bot_user_id = ?"
_LIVE_OF = _PAGE + " AND d.user_id = ? AND d.revoked_at IS NULL"
_CAMPAIGN = "SELECT campaign_id FROM delegations WHERE id = ?"
_REVOKE = (
    "UPDATE delegations SET revoked_at = ?, revoked_by = ? WHERE id = ? AND revoked_at IS NULL"
)


@dataclass(slots=True)
class Held:
    """A delegation as stored, with the characters it still covers (sorted by id)."""

    row: dict[str, Any]
    character_ids: list[str]

    @property
    def id(self) -> str:
        return str(self.row["id"])

    @property
    def live(self) -> bool:
        return self.row["revoked_at"] is None


async def _with_characters(db: Db, records: Sequence[Sequence[Any]]) -> list[Held]:
    rows = [DELEGATIONS.row(record) for record in records]
    if not rows:
        return []
    ids = [row["id"] for row in rows]
    marks = ", ".join("?" for _ in ids)
    # Only "?" marks are formatted in; the ids travel as parameters.
    sql = (
        "SELECT delegation_id, character_id FROM delegation_characters"  # noqa: S608
        f" WHERE delegation_id IN ({marks}) ORDER BY delegation_id, character_id"
    )
    covered: dict[str, list[str]] = {i: [] for i in ids}
    for delegation_id, character_id in await db.fetchall(sql, *ids):
        covered[delegation_id].append(character_id)
    return [Held(row, covered[row["id"]]) for row in rows]


async def get(db: Db, delegation_id: str) -> Held | None:
    if "\x00" in delegation_id:  # names nothing (and PostgreSQL refuses it as a parameter)
        return None
    record = await db.fetchone(_BY_ID, delegation_id)
    return None if record is None else (await _with_characters(db, [record]))[0]


async def campaign_of(db: Db, delegation_id: str) -> str | None:
    """The campaign a delegation belongs to: what the caller's seat is checked against."""
    if "\x00" in delegation_id:
        return None
    record = await db.fetchone(_CAMPAIGN, delegation_id)
    return None if record is None else str(record[0])


async def held_by(db: Db, campaign_id: str, bot_user_id: str) -> list[Held]:
    """Every delegation made to the bot in the campaign, live or revoked, newest first:
    what a request of the bot looks up (few rows, on their index)."""
    if "\x00" in campaign_id:  # names nothing (and PostgreSQL refuses it as a parameter)
        return []
    sql = _PAGE + _OF_BOT + " ORDER BY d.id DESC"
    return await _with_characters(db, await db.fetchall(sql, campaign_id, bot_user_id))


async def live_of(db: Db, campaign_id: str, user_id: str) -> list[Held]:
    """The live delegations a member made in the campaign (those their leaving revokes)."""
    return await _with_characters(db, await db.fetchall(_LIVE_OF, campaign_id, user_id))


async def page(
    db: Db, campaign_id: str, bot_user_id: str | None, limit: int, before_id: str | None
) -> list[Held]:
    """Newest first (ids sort by creation time); ``bot_user_id``: only those made to it."""
    sql, params = _PAGE, list[Any]([campaign_id])
    if bot_user_id is not None:
        sql, params = sql + _OF_BOT, [*params, bot_user_id]
    if before_id is not None:
        sql, params = sql + " AND d.id < ?", [*params, before_id]
    records = await db.fetchall(sql + " ORDER BY d.id DESC LIMIT ?", *params, limit)
    return await _with_characters(db, records)


def revoke(delegation_id: str, by: str, now: datetime) -> Statement:
    """End a live delegation (a revoked one stays as it was)."""
    return _REVOKE, (now, by, delegation_id)


def live(delegation_id: str) -> Statement:
    """A ledger guard: the delegation a bot acts through is still live when the batch is
    written, so a revocation that commits first stops the bot's write (it runs again and
    is refused)."""
    sql = "EXISTS (SELECT 1 FROM delegations WHERE id = ? AND revoked_at IS NULL)"
    return sql, (delegation_id,)

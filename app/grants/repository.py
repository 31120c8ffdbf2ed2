"""Every query of the grants feature. A new grant is a row of its job's ledger
(``GRANTS``); using one up is a statement of the roll's job."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.core.database import Db, Statement
from app.core.tables import TableSql
from app.grants.models import Grant

GRANTS = TableSql(Grant)
_OPEN = GRANTS.select + (
    " WHERE campaign_id = ? AND character_id = ? AND status = 'open' ORDER BY created_at, id"
)
_PAGE = GRANTS.select + (  # noqa: S608 - no value is formatted in, only "?" marks
    " WHERE campaign_id = ? AND id > ?"
    " AND character_id IN (SELECT id FROM characters WHERE campaign_id = ?) ORDER BY id LIMIT ?"
)
_USE = (
    "UPDATE grants SET status = 'used', roll_id = ?, used_at = ? WHERE id = ? AND status = 'open'"
)


async def open_of(db: Db, campaign_id: str, character_id: str) -> list[dict[str, Any]]:
    """The character's open grants, oldest first. Read under the campaign's lock by a job
    that uses one up: the lock orders every write of the campaign, so none is taken twice."""
    rows = await db.fetchall(_OPEN, campaign_id, character_id)
    return [GRANTS.row(row) for row in rows]


def use(grant_id: str, roll_id: str, at: datetime) -> Statement:
    """The grant, used up by ``roll_id``, for the roll's ledger."""
    return _USE, (roll_id, at, grant_id)


async def page_of(db: Db, campaign_id: str, after: str, limit: int) -> list[dict[str, Any]]:
    """The next ``limit`` grants of the campaign's characters after the id ``after`` (""
    for the first), in id order (ids are time-ordered): a streamed export's keyset page, as
    stored. A deleted character's grants are left out: no one reads them any more (their
    history stays in their events), and an import refuses a grant of a missing character."""
    rows = await db.fetchall(_PAGE, campaign_id, after, campaign_id, limit)
    return [GRANTS.row(row) for row in rows]

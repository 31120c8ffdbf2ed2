"""Every query of webhooks: the targets a storyteller manages, the delivery log, and the
delivery worker's lease, cursor and retry statements (each an UPDATE of one target row,
guarded by the lease, sent with the attempt's log row as one batch: ``Db.send_together``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.core.database import Db, Statement
from app.core.tables import TableSql
from app.webhooks.models import Webhook, WebhookDelivery

WEBHOOKS = TableSql(Webhook)
DELIVERIES = TableSql(WebhookDelivery)
MAX_PER_CAMPAIGN = 10

_READ = f"{WEBHOOKS.select} WHERE id = ?"
_OF_CAMPAIGN = f"{WEBHOOKS.select} WHERE campaign_id = ? ORDER BY id"
_COUNT = "SELECT COUNT(*) FROM webhooks WHERE campaign_id = ?"
_DELIVERIES = f"{DELIVERIES.select} WHERE webhook_id = ?"
_DELETE = "DELETE FROM webhooks WHERE id = ?"

# Targets with an event after their cursor, due, and leased by nobody (or a lapsed lease).
_DUE = (
    "SELECT w.id FROM webhooks w JOIN campaigns c ON c.id = w.campaign_id"
    " WHERE w.enabled = TRUE AND c.last_seq > w.delivered_seq"
    " AND (w.next_attempt_at IS NULL OR w.next_attempt_at <= ?)"
    " AND (w.lease_until IS NULL OR w.lease_until < ?) ORDER BY w.id LIMIT ?"
)
_WATCHED = "SELECT DISTINCT campaign_id FROM webhooks WHERE enabled = TRUE"
_CLAIM = (
    "UPDATE webhooks SET lease_owner = ?, lease_until = ? WHERE id = ? AND enabled = TRUE"
    " AND (lease_until IS NULL OR lease_until < ? OR lease_owner = ?) RETURNING delivered_seq"
)
_MINE = " WHERE id = ? AND lease_owner = ? RETURNING delivered_seq"
_RENEW = "UPDATE webhooks SET lease_until = ?" + _MINE  # noqa: S608
_RELEASE = "UPDATE webhooks SET lease_owner = NULL, lease_until = NULL" + _MINE  # noqa: S608
_PASS = "UPDATE webhooks SET delivered_seq = ?, lease_until = ?" + _MINE  # noqa: S608
_DELIVERED = (
    "UPDATE webhooks SET delivered_seq = ?, failures = 0, failing_since = NULL,"
    " next_attempt_at = NULL, lease_until = ? WHERE id = ? AND lease_owner = ?"
    " RETURNING delivered_seq"
)
_FAILED = (
    "UPDATE webhooks SET failures = ?, failing_since = ?, next_attempt_at = ?,"
    " lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?"
    " RETURNING delivered_seq"
)
_DISABLE = (
    "UPDATE webhooks SET enabled = FALSE, disabled_reason = ?, failures = ?,"
    " failing_since = ?, next_attempt_at = NULL, lease_owner = NULL, lease_until = NULL,"
    " updated_at = ? WHERE id = ?"
)
_LEASED_BY = "EXISTS (SELECT 1 FROM webhooks WHERE id = ? AND enabled = TRUE AND lease_owner = ?)"
_VIEW = (
    "SELECT c.settings, m.role FROM campaigns c LEFT JOIN memberships m"
    " ON m.campaign_id = c.id AND m.user_id = ? WHERE c.id = ?"
)
_PURGE = (
    "DELETE FROM webhook_deliveries WHERE id IN"
    " (SELECT id FROM webhook_deliveries WHERE at < ? LIMIT ?)"
)


def _marks(count: int) -> str:
    return ", ".join("?" for _ in range(count))


async def read(db: Db, webhook_id: str) -> dict[str, Any] | None:
    row = await db.fetchone(_READ, webhook_id)
    return None if row is None else WEBHOOKS.row(row)


async def of_campaign(db: Db, campaign_id: str) -> list[dict[str, Any]]:
    return [WEBHOOKS.row(r) for r in await db.fetchall(_OF_CAMPAIGN, campaign_id)]


async def count(db: Db, campaign_id: str) -> int:
    row = await db.fetchone(_COUNT, campaign_id)
    return int(row[0]) if row else 0


def update(webhook_id: str, changes: dict[str, Any]) -> Statement:
    """An UPDATE of the named columns (names from the schema's fields, never input)."""
    columns = ", ".join(f"{name} = ?" for name in changes)
    return f"UPDATE webhooks SET {columns} WHERE id = ?", (*changes.values(), webhook_id)  # noqa: S608


def delete(webhook_id: str) -> Statement:
    return _DELETE, (webhook_id,)


async def deliveries(
    db: Db, webhook_id: str, limit: int, before_id: str | None
) -> list[dict[str, Any]]:
    """Attempts, newest first (ids are time-ordered)."""
    sql, params = _DELIVERIES, [webhook_id]
    if before_id is not None:
        sql += " AND id < ?"
        params.append(before_id)
    rows = await db.fetchall(sql + " ORDER BY id DESC LIMIT ?", *params, limit)
    return [DELIVERIES.row(r) for r in rows]


# --- the delivery worker ---------------------------------------------------------------


async def due(db: Db, now: datetime, limit: int) -> list[str]:
    return [str(r[0]) for r in await db.fetchall(_DUE, now, now, limit)]


async def watched(db: Db) -> set[str]:
    """Campaigns with an enabled target: their events wake the worker up."""
    return {str(r[0]) for r in await db.fetchall(_WATCHED)}


def claim(webhook_id: str, owner: str, now: datetime, until: datetime) -> Statement:
    return _CLAIM, (owner, until, webhook_id, now, owner)


def renew(webhook_id: str, owner: str, until: datetime) -> Statement:
    return _RENEW, (until, webhook_id, owner)


def release(webhook_id: str, owner: str) -> Statement:
    return _RELEASE, (webhook_id, owner)


def passed(webhook_id: str, owner: str, seq: int, until: datetime) -> Statement:
    """The cursor moves over events this target does not carry."""
    return _PASS, (seq, until, webhook_id, owner)


def delivered(webhook_id: str, owner: str, seq: int, until: datetime) -> Statement:
    return _DELIVERED, (seq, until, webhook_id, owner)


def failed(
    webhook_id: str, owner: str, failures: int, since: datetime, next_at: datetime
) -> Statement:
    """A failed attempt: the retry's time, and the lease let go until then."""
    return _FAILED, (failures, since, next_at, webhook_id, owner)


def disable(
    webhook_id: str, reason: str, failures: int, since: datetime | None, now: datetime
) -> Statement:
    return _DISABLE, (reason, failures, since, now, webhook_id)


def leased_by(webhook_id: str, owner: str) -> Statement:
    """A ledger guard: the target is enabled and this instance holds its lease."""
    return _LEASED_BY, (webhook_id, owner)


def log_row(values: dict[str, Any]) -> Statement:
    """One attempt's row, as a statement of a batch."""
    return DELIVERIES.insert, DELIVERIES.values(values)


def log_rows(rows: list[dict[str, Any]]) -> Statement:
    """Attempts' rows, as one statement of a batch."""
    values = [value for row in rows for value in DELIVERIES.values(row)]
    return DELIVERIES.insert_rows(len(rows)), values


async def campaign_view(
    db: Db, campaign_id: str, owner_id: str
) -> tuple[dict[str, Any], str | None] | None:
    """The campaign's settings and its target owner's role now (None: not a member);
    None when the campaign is gone."""
    row = await db.fetchone(_VIEW, owner_id, campaign_id)
    return None if row is None else (row[0] or {}, row[1])


async def user_names(db: Db, user_ids: list[str]) -> dict[str, str]:
    if not user_ids:
        return {}
    sql = f"SELECT id, display_name FROM users WHERE id IN ({_marks(len(user_ids))})"  # noqa: S608
    return {str(r[0]): str(r[1]) for r in await db.fetchall(sql, *user_ids)}


async def character_names(db: Db, character_ids: list[str]) -> dict[str, str]:
    if not character_ids:
        return {}
    sql = f"SELECT id, name FROM characters WHERE id IN ({_marks(len(character_ids))})"  # noqa: S608
    return {str(r[0]): str(r[1]) for r in await db.fetchall(sql, *character_ids)}


def purge(before: datetime, limit: int) -> Statement:
    return _PURGE, (before, limit)

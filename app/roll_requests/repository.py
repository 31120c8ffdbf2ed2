"""Every query of roll requests. A new request and its targets are rows of their job's
ledger; an answer, a cancel or an expiry changes them with statements of the same ledger.

Read a request for a write after ``Ledger.open``: the campaign row's lock serialises the
answers, cancels and expiries of one campaign, so the read sees the last of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.core.database import Db, Statement
from app.core.tables import TableSql
from app.roll_requests.models import RollRequest, RollRequestTarget

REQUESTS = TableSql(RollRequest)
TARGETS = TableSql(RollRequestTarget)

# The targets with their character's owner now, and that owner's role at the table (null
# for a deleted character, an NPC without owner, or an owner who left).
_TARGETS = (
    "SELECT t.request_id, t.character_id, t.position, t.status, t.roll_id, t.at, c.owner_id,"
    " m.role FROM roll_request_targets t LEFT JOIN characters c ON c.id = t.character_id"
    " LEFT JOIN memberships m ON m.campaign_id = c.campaign_id AND m.user_id = c.owner_id"
)
_BY_ID = REQUESTS.select + " WHERE id = ?"
_CAMPAIGN = "SELECT campaign_id FROM roll_requests WHERE id = ?"
_PAGE = REQUESTS.select + " WHERE campaign_id = ?"
# A request a member who is no storyteller may read: a public one, or one addressed to a
# character they own.
_SEEN_BY_OTHERS = (
    " AND (visibility = 'public' OR EXISTS (SELECT 1 FROM roll_request_targets t"
    " JOIN characters c ON c.id = t.character_id WHERE t.request_id = roll_requests.id"
    " AND c.owner_id = ?))"
)
# A request addressed to one of some characters (a bot's: app/delegations); the caller
# formats in one "?" per character.
_ADDRESSING = (
    " AND EXISTS (SELECT 1 FROM roll_request_targets t WHERE t.request_id = roll_requests.id"
    " AND t.character_id IN ({marks}))"
)
# ``?status=`` as a reader sees it: an open request past its deadline reads as expired.
_STATUS = {
    "open": " AND status = 'open' AND (expires_at IS NULL OR expires_at > ?)",
    "expired": " AND (status = 'expired' OR (status = 'open' AND expires_at <= ?))",
    "answered": " AND status = 'answered'",
    "cancelled": " AND status = 'cancelled'",
}
_ALL = REQUESTS.select + " WHERE campaign_id = ? ORDER BY id"
_DUE_CAMPAIGNS = (
    "SELECT DISTINCT campaign_id FROM roll_requests WHERE status = 'open'"
    " AND expires_at IS NOT NULL AND expires_at <= ? LIMIT ?"
)
_DUE = (
    "SELECT id FROM roll_requests WHERE campaign_id = ? AND status = 'open'"
    " AND expires_at IS NOT NULL AND expires_at <= ? ORDER BY id"
)
_SET_REQUEST = (
    "UPDATE roll_requests SET status = ?, cancelled_by = ?, cancelled_at = ?, prev_hash = ?,"
    " hash = ?, updated_at = ? WHERE id = ?"
)
_SET_TARGETS = (
    "UPDATE roll_request_targets SET status = ?, at = ? WHERE request_id = ? AND status = ?"
)
_ANSWER = (
    "UPDATE roll_request_targets SET status = 'rolled', roll_id = ?, at = ?"
    " WHERE request_id = ? AND character_id = ?"
)


@dataclass(slots=True)
class Target:
    """One addressed character as stored, with its owner and the owner's role now."""

    character_id: str
    position: int
    status: str
    roll_id: str | None
    at: datetime | None
    owner_id: str | None
    owner_role: str | None

    def row(self, request_id: str) -> dict[str, Any]:
        return {"request_id": request_id, "character_id": self.character_id,
                "position": self.position, "status": self.status, "roll_id": self.roll_id,
                "at": self.at}  # fmt: skip


@dataclass(slots=True)
class Asked:
    """A request and its targets, in the order the request named them."""

    row: dict[str, Any]
    targets: list[Target]

    @property
    def id(self) -> str:
        return str(self.row["id"])


def _target(record: Sequence[Any]) -> Target:
    _, character_id, position, status, roll_id, at, owner_id, role = record
    return Target(character_id, int(position), status, roll_id, at, owner_id, role)


async def _targets_of(db: Db, request_ids: Sequence[str]) -> dict[str, list[Target]]:
    if not request_ids:
        return {}
    marks = ", ".join("?" for _ in request_ids)
    # Only "?" marks are formatted in; the ids travel as parameters.
    sql = f"{_TARGETS} WHERE t.request_id IN ({marks}) ORDER BY t.request_id, t.position"
    found: dict[str, list[Target]] = {i: [] for i in request_ids}
    for record in await db.fetchall(sql, *request_ids):
        found[record[0]].append(_target(record))
    return found


async def campaign_of(db: Db, request_id: str) -> str | None:
    """The campaign a request belongs to: what the caller's seat is checked against."""
    record = await db.fetchone(_CAMPAIGN, request_id)
    return None if record is None else str(record[0])


async def get(db: Db, request_id: str) -> Asked | None:
    if "\x00" in request_id:  # names nothing (and PostgreSQL refuses it as a parameter)
        return None
    record = await db.fetchone(_BY_ID, request_id)
    if record is None:
        return None
    targets = await _targets_of(db, [request_id])
    return Asked(REQUESTS.row(record), targets[request_id])


async def page(
    db: Db,
    campaign_id: str,
    viewer_id: str | None,
    limit: int,
    before_id: str | None,
    status: str | None,
    now: datetime,
    addressing: Sequence[str] | None = None,
) -> list[Asked]:
    """Newest first (ids sort by creation time); ``viewer_id`` None: every request (a
    storyteller's list), else those that member may read; ``addressing``: only those
    addressed to one of these characters."""
    sql, params = _PAGE, list[Any]([campaign_id])
    if viewer_id is not None:
        sql, params = sql + _SEEN_BY_OTHERS, [*params, viewer_id]
    if addressing is not None:
        marks = ", ".join("?" for _ in addressing) or "NULL"
        sql, params = sql + _ADDRESSING.format(marks=marks), [*params, *addressing]
    if status is not None:
        sql += _STATUS[status]
        if status in ("open", "expired"):
            params = [*params, now]
    if before_id is not None:
        sql, params = sql + " AND id < ?", [*params, before_id]
    records = await db.fetchall(sql + " ORDER BY id DESC LIMIT ?", *params, limit)
    rows = [REQUESTS.row(r) for r in records]
    targets = await _targets_of(db, [r["id"] for r in rows])
    return [Asked(row, targets[row["id"]]) for row in rows]


async def of_campaign(db: Db, campaign_id: str) -> list[Asked]:
    """Every request of a campaign with its targets, oldest first."""
    rows = [REQUESTS.row(r) for r in await db.fetchall(_ALL, campaign_id)]
    targets = await _targets_of(db, [r["id"] for r in rows])
    return [Asked(row, targets[row["id"]]) for row in rows]


async def by_ids(db: Db, request_ids: Sequence[str]) -> list[Asked]:
    """The requests among ``request_ids`` (the others are not requests), with targets."""
    if not request_ids:
        return []
    marks = ", ".join("?" for _ in request_ids)
    records = await db.fetchall(f"{REQUESTS.select} WHERE id IN ({marks})", *request_ids)
    rows = [REQUESTS.row(r) for r in records]
    targets = await _targets_of(db, [r["id"] for r in rows])
    return [Asked(row, targets[row["id"]]) for row in rows]


async def due_campaigns(db: Db, now: datetime, limit: int) -> list[str]:
    """Campaigns with an open request past its deadline (the sweep's work)."""
    return [str(r[0]) for r in await db.fetchall(_DUE_CAMPAIGNS, now, limit)]


async def due(db: Db, campaign_id: str, now: datetime) -> list[str]:
    return [str(r[0]) for r in await db.fetchall(_DUE, campaign_id, now)]


def close(asked: Asked, status: str, now: datetime) -> Statement:
    """The request's new status (and, for a cancel, who and when, and its new link)."""
    r = asked.row
    params = (status, r["cancelled_by"], r["cancelled_at"], r["prev_hash"], r["hash"], now,
              r["id"])  # fmt: skip
    return _SET_REQUEST, params


def close_waiting(request_id: str, status: str, now: datetime) -> Statement:
    """Every target still waiting becomes ``status`` (expired or cancelled)."""
    return _SET_TARGETS, (status, now, request_id, "waiting")


def answer(request_id: str, character_id: str, roll_id: str, at: datetime) -> Statement:
    return _ANSWER, (roll_id, at, request_id, character_id)

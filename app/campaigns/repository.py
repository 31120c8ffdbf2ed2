"""Every query of the campaigns feature."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.accounts.models import User
from app.campaigns.models import Campaign, Invite, Membership
from app.core.database import Db, Row, Statement
from app.core.tables import TableSql

CAMPAIGNS = TableSql(Campaign)
MEMBERSHIPS = TableSql(Membership)
INVITES = TableSql(Invite)

_SEAT = (
    "SELECT c.id, c.name, c.ruleset, c.settings, c.created_at, m.role FROM campaigns c"
    " JOIN memberships m ON m.campaign_id = c.id WHERE c.id = ? AND m.user_id = ?"
)
_OF_USER = (
    "SELECT c.id, c.name, c.ruleset, c.settings, c.created_at, m.role FROM campaigns c"
    " JOIN memberships m ON m.campaign_id = c.id WHERE m.user_id = ?"
)
_SEATED = (
    "SELECT m.user_id, u.display_name, m.role, m.joined_at FROM memberships m"  # noqa: S608
    f" JOIN {User.__tablename__} u ON u.id = m.user_id WHERE m.campaign_id = ?"
)
_JOIN_ORDER = " ORDER BY m.joined_at, m.user_id"
_AFTER = " AND (m.joined_at > ? OR (m.joined_at = ? AND m.user_id > ?))"
_ROLE = "SELECT role FROM memberships WHERE campaign_id = ? AND user_id = ?"
_STORYTELLERS = "SELECT count(*) FROM memberships WHERE campaign_id = ? AND role = 'storyteller'"
_INVITE = "SELECT campaign_id, role, expires_at FROM invites WHERE code_hash = ?"
_SETTINGS = "SELECT name, ruleset, settings FROM campaigns WHERE id = ?"
_UPDATE = "UPDATE campaigns SET name = ?, settings = ? WHERE id = ?"
_SET_ROLE = "UPDATE memberships SET role = ? WHERE campaign_id = ? AND user_id = ?"
_LEAVE = "DELETE FROM memberships WHERE campaign_id = ? AND user_id = ?"
_DELETE = "DELETE FROM campaigns WHERE id = ?"
_LAST_SEQ = "SELECT last_seq FROM campaigns WHERE id = ?"


async def seat(db: Db, campaign_id: str, user_id: str) -> Row | None:
    """(id, name, ruleset, settings, created_at, role) of the caller's seat, if any: the
    query of every request that names a campaign."""
    return await db.fetchone(_SEAT, campaign_id, user_id)


async def last_seq(db: Db, campaign_id: str) -> int:
    """The seq of the campaign's latest event (0 before any)."""
    record = await db.fetchone(_LAST_SEQ, campaign_id)
    return 0 if record is None else int(record[0])


def seat_guard(row: Row, user_id: str) -> Statement:
    """A batch's guard (PostgreSQL, on the campaign row): the seat ``row`` (as ``seat``
    reads it) of ``user_id`` still holds: the user sits in that role, the campaign has that name and
    those settings (compared as jsonb: equal values, whatever their text)."""
    campaign_id, name, _, settings, _, role = row
    sql = (
        "EXISTS (SELECT 1 FROM memberships WHERE campaign_id = ? AND user_id = ? AND role = ?)"
        " AND name = ? AND settings::jsonb = ?::jsonb"
    )
    return sql, (campaign_id, user_id, role, name, settings)


async def campaigns_of(db: Db, user_id: str, limit: int, before_id: str | None) -> list[Row]:
    """The caller's seats, as ``seat`` answers them, newest campaign first."""
    if before_id is None:
        return await db.fetchall(_OF_USER + " ORDER BY c.id DESC LIMIT ?", user_id, limit)
    sql = _OF_USER + " AND c.id < ? ORDER BY c.id DESC LIMIT ?"
    return await db.fetchall(sql, user_id, before_id, limit)


async def role_of(db: Db, campaign_id: str, user_id: str) -> str | None:
    row = await db.fetchone(_ROLE, campaign_id, user_id)
    return None if row is None else str(row[0])


async def members(db: Db, campaign_id: str) -> list[Row]:
    """(user_id, display_name, role, joined_at) of everyone seated, in the order they
    joined."""
    return await db.fetchall(_SEATED + _JOIN_ORDER, campaign_id)


async def members_page(
    db: Db, campaign_id: str, limit: int, after: tuple[datetime, str] | None
) -> list[Row]:
    """``members``, ``limit`` of them from just after ``after`` (joined_at, user_id)."""
    if after is None:
        return await db.fetchall(_SEATED + _JOIN_ORDER + " LIMIT ?", campaign_id, limit)
    joined, user_id = after
    sql = _SEATED + _AFTER + _JOIN_ORDER + " LIMIT ?"
    return await db.fetchall(sql, campaign_id, joined, joined, user_id, limit)


async def storyteller_count(db: Db, campaign_id: str) -> int:
    row = await db.fetchone(_STORYTELLERS, campaign_id)
    return 0 if row is None else int(row[0])


async def invite(db: Db, code_hash: str) -> tuple[str, str, datetime] | None:
    """(campaign_id, role, expires_at) of an invite."""
    row = await db.fetchone(_INVITE, code_hash)
    return None if row is None else (str(row[0]), str(row[1]), row[2])


async def settings(db: Db, campaign_id: str) -> tuple[str, str, dict[str, Any]] | None:
    """(name, ruleset, settings) of a campaign."""
    row = await db.fetchone(_SETTINGS, campaign_id)
    return None if row is None else (str(row[0]), str(row[1]), row[2])


def update(campaign_id: str, name: str, settings: dict[str, Any]) -> Statement:
    return _UPDATE, (name, settings, campaign_id)


def set_role(campaign_id: str, user_id: str, role: str) -> Statement:
    return _SET_ROLE, (role, campaign_id, user_id)


def leave(campaign_id: str, user_id: str) -> Statement:
    return _LEAVE, (campaign_id, user_id)


async def delete_campaign(db: Db, campaign_id: str) -> None:
    await db.execute(_DELETE, campaign_id)

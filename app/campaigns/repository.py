"""Every query of the campaigns feature."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import User
from app.campaigns.models import Campaign, Invite, Membership
from app.core.rawsql import Raw

_SEAT = (
    "SELECT c.id, c.name, c.ruleset, c.settings, c.created_at, m.role FROM campaigns c"
    " JOIN memberships m ON m.campaign_id = c.id WHERE c.id = ? AND m.user_id = ?"
)
_NEXT_SEQ = "UPDATE campaigns SET last_seq = last_seq + 1 WHERE id = ? RETURNING last_seq"


async def seat(db: Raw, campaign_id: str, user_id: str) -> tuple[Any, ...] | None:
    """(id, name, ruleset, settings, created_at, role) of the caller's seat, if any.

    Runs on every request that names a campaign, hence at the driver level (core/rawsql)."""
    row = await db.fetchone(_SEAT, campaign_id, user_id)
    if row is None:
        return None
    cid, name, ruleset, settings, created_at, role = row
    return cid, name, ruleset, db.json_out(settings), db.time_out(created_at), role


async def get(session: AsyncSession, campaign_id: str) -> Campaign | None:
    return await session.get(Campaign, campaign_id)


async def campaigns_of(
    session: AsyncSession, user_id: str, limit: int, before_id: str | None
) -> list[tuple[Campaign, Membership]]:
    query = (
        select(Campaign, Membership)
        .join(Membership, Membership.campaign_id == Campaign.id)
        .where(Membership.user_id == user_id)
    )
    if before_id is not None:
        query = query.where(Campaign.id < before_id)
    rows = await session.execute(query.order_by(Campaign.id.desc()).limit(limit))
    return [(c, m) for c, m in rows]


async def membership(session: AsyncSession, campaign_id: str, user_id: str) -> Membership | None:
    return await session.get(Membership, (campaign_id, user_id))


async def members(session: AsyncSession, campaign_id: str) -> list[tuple[Membership, User]]:
    rows = await session.execute(
        select(Membership, User)
        .join(User, User.id == Membership.user_id)
        .where(Membership.campaign_id == campaign_id)
        .order_by(Membership.joined_at, Membership.user_id)
    )
    return [(m, u) for m, u in rows]


async def storyteller_count(session: AsyncSession, campaign_id: str) -> int:
    count = await session.scalar(
        select(func.count())
        .select_from(Membership)
        .where(Membership.campaign_id == campaign_id, Membership.role == "storyteller")
    )
    return int(count or 0)


async def invite(session: AsyncSession, code_hash: str) -> Invite | None:
    return await session.get(Invite, code_hash)


async def next_seq(db: Raw, campaign_id: str) -> int:
    """Take the campaign's next sequence number under its row lock (gap-free, no duplicate)."""
    row = await db.fetchone(_NEXT_SEQ, campaign_id)
    if row is None:  # the campaign was deleted under us
        raise LookupError(campaign_id)
    return int(row[0])


async def delete_campaign(session: AsyncSession, campaign_id: str) -> None:
    await session.execute(delete(Campaign).where(Campaign.id == campaign_id))


async def delete_membership(session: AsyncSession, campaign_id: str, user_id: str) -> None:
    await session.execute(
        delete(Membership).where(
            Membership.campaign_id == campaign_id, Membership.user_id == user_id
        )
    )

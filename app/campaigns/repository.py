"""Every query of the campaigns feature."""

from __future__ import annotations

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import User
from app.campaigns.models import Campaign, Invite, Membership


async def seat(
    session: AsyncSession, campaign_id: str, user_id: str
) -> tuple[Campaign, Membership] | None:
    row = (
        await session.execute(
            select(Campaign, Membership)
            .join(Membership, Membership.campaign_id == Campaign.id)
            .where(Campaign.id == campaign_id, Membership.user_id == user_id)
        )
    ).first()
    return (row[0], row[1]) if row else None


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


async def next_seq(session: AsyncSession, campaign_id: str) -> int:
    """Take the campaign's next sequence number under its row lock (gap-free, no duplicate)."""
    value = await session.scalar(
        update(Campaign)
        .where(Campaign.id == campaign_id)
        .values(last_seq=Campaign.last_seq + 1)
        .returning(Campaign.last_seq)
    )
    if value is None:  # the campaign was deleted under us
        raise LookupError(campaign_id)
    return int(value)


async def delete_campaign(session: AsyncSession, campaign_id: str) -> None:
    await session.execute(delete(Campaign).where(Campaign.id == campaign_id))


async def delete_membership(session: AsyncSession, campaign_id: str, user_id: str) -> None:
    await session.execute(
        delete(Membership).where(
            Membership.campaign_id == campaign_id, Membership.user_id == user_id
        )
    )

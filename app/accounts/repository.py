"""Every query of the accounts feature."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import AccessToken, ApiKey, LoginThrottle, User


async def user_by_username(session: AsyncSession, username: str) -> User | None:
    return await session.scalar(select(User).where(User.username == username))


async def user_by_id(session: AsyncSession, user_id: str) -> User | None:
    return await session.get(User, user_id)


async def token_owner(
    session: AsyncSession, token_hash: str, now: datetime
) -> tuple[User, AccessToken] | None:
    row = (
        await session.execute(
            select(User, AccessToken)
            .join(AccessToken, AccessToken.user_id == User.id)
            .where(AccessToken.token_hash == token_hash, AccessToken.expires_at > now)
        )
    ).first()
    return (row[0], row[1]) if row else None


async def api_key_owner(session: AsyncSession, key_hash: str) -> tuple[User, ApiKey] | None:
    row = (
        await session.execute(
            select(User, ApiKey)
            .join(ApiKey, ApiKey.user_id == User.id)
            .where(ApiKey.key_hash == key_hash, ApiKey.revoked_at.is_(None))
        )
    ).first()
    return (row[0], row[1]) if row else None


async def api_keys_of(session: AsyncSession, user_id: str) -> list[ApiKey]:
    rows = await session.scalars(
        select(ApiKey)
        .where(ApiKey.user_id == user_id, ApiKey.revoked_at.is_(None))
        .order_by(ApiKey.id.desc())
    )
    return list(rows)


async def api_key_of(session: AsyncSession, user_id: str, key_id: str) -> ApiKey | None:
    return await session.scalar(
        select(ApiKey).where(
            ApiKey.id == key_id, ApiKey.user_id == user_id, ApiKey.revoked_at.is_(None)
        )
    )


async def delete_expired_tokens(session: AsyncSession, user_id: str, now: datetime) -> None:
    await session.execute(
        delete(AccessToken).where(AccessToken.user_id == user_id, AccessToken.expires_at <= now)
    )


async def throttle_of(session: AsyncSession, username: str) -> LoginThrottle | None:
    return await session.get(LoginThrottle, username)


async def reset_throttle(session: AsyncSession, username: str) -> None:
    await session.execute(
        update(LoginThrottle)
        .where(LoginThrottle.username == username)
        .values(failures=0, locked_until=None)
    )

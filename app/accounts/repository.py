"""Every query of the accounts feature."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
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


async def api_keys_of(
    session: AsyncSession, user_id: str, limit: int, before_id: str | None
) -> list[ApiKey]:
    """The user's live keys, newest first, from just before ``before_id`` when given."""
    query = select(ApiKey).where(ApiKey.user_id == user_id, ApiKey.revoked_at.is_(None))
    if before_id is not None:
        query = query.where(ApiKey.id < before_id)
    rows = await session.scalars(query.order_by(ApiKey.id.desc()).limit(limit))
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


async def add_failure(session: AsyncSession, username: str, now: datetime) -> int:
    """Count one failed login in a single upsert, so concurrent failures all count and
    never collide on the first insert; answer the new total."""
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    statement = insert(LoginThrottle).values(username=username, failures=1, updated_at=now)
    statement = statement.on_conflict_do_update(
        index_elements=[LoginThrottle.username],
        set_={"failures": LoginThrottle.failures + 1, "updated_at": now},
    )
    failures = await session.scalar(statement.returning(LoginThrottle.failures))
    return int(failures or 0)


async def lock_login(session: AsyncSession, username: str, until: datetime) -> None:
    await session.execute(
        update(LoginThrottle).where(LoginThrottle.username == username).values(locked_until=until)
    )


async def reset_throttle(session: AsyncSession, username: str) -> None:
    await session.execute(
        update(LoginThrottle)
        .where(LoginThrottle.username == username)
        .values(failures=0, locked_until=None)
    )

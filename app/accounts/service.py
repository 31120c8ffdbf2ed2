"""Accounts use cases: register, log in (throttled), authenticate, manage API keys."""

from __future__ import annotations

import math
from datetime import timedelta

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts import repository as repo
from app.accounts.models import AccessToken, ApiKey, LoginThrottle, User
from app.core.db import utcnow
from app.core.errors import Conflict, NotFound, TooManyRequests, Unauthorized
from app.core.ids import hash_secret, new_secret
from app.core.security import SCOPES, AuthCache, Principal, hash_password, verify_password
from app.core.settings import Settings

TOKEN_PREFIX = "ftt"  # noqa: S105 - a public prefix, not a secret
API_KEY_PREFIX = "ftk"
MAX_LOCKOUT_SECONDS = 15 * 60


async def register(
    session: AsyncSession, username: str, password: str, display_name: str | None
) -> User:
    name = username.lower()
    if await repo.user_by_username(session, name) is not None:
        raise Conflict(f"the username '{name}' is taken")
    user = User(username=name, display_name=display_name or username, password_hash="")
    user.password_hash = hash_password(password)
    session.add(user)
    try:
        await session.flush()
    except IntegrityError as exc:  # a concurrent registration won the race
        raise Conflict(f"the username '{name}' is taken") from exc
    return user


async def _refuse_if_locked(session: AsyncSession, username: str) -> LoginThrottle | None:
    throttle = await repo.throttle_of(session, username)
    if throttle and throttle.locked_until and throttle.locked_until > utcnow():
        wait = math.ceil((throttle.locked_until - utcnow()).total_seconds())
        raise TooManyRequests(
            f"too many failed logins for '{username}'; retry in {wait} s",
            headers={"Retry-After": str(max(wait, 1))},
        )
    return throttle


async def _record_failure(session: AsyncSession, settings: Settings, username: str) -> None:
    failures = await repo.add_failure(session, username, utcnow())
    over = failures - settings.login_max_failures
    if over >= 0:
        seconds = min(settings.login_lockout_seconds * 2**over, MAX_LOCKOUT_SECONDS)
        await repo.lock_login(session, username, utcnow() + timedelta(seconds=seconds))
    # The 401 that follows would roll the request back; the failure must outlive it.
    await session.commit()


async def login(
    session: AsyncSession, settings: Settings, username: str, password: str
) -> tuple[str, AccessToken]:
    name = username.lower()
    throttle = await _refuse_if_locked(session, name)
    user = await repo.user_by_username(session, name)
    if not verify_password(user.password_hash if user else None, password) or user is None:
        await _record_failure(session, settings, name)
        raise Unauthorized("wrong username or password")
    if throttle is not None and throttle.failures:
        await repo.reset_throttle(session, name)
    now = utcnow()
    await repo.delete_expired_tokens(session, user.id, now)
    secret = new_secret(TOKEN_PREFIX)
    token = AccessToken(
        user_id=user.id,
        token_hash=hash_secret(secret),
        expires_at=now + timedelta(seconds=settings.token_ttl_seconds),
    )
    session.add(token)
    await session.flush()
    return secret, token


def cached_principal(cache: AuthCache, secret: str) -> Principal | None:
    return cache.get(hash_secret(secret))


async def authenticate(session: AsyncSession, cache: AuthCache, secret: str) -> Principal:
    """Resolve a bearer secret (login token or API key) to the caller, or refuse."""
    secret_hash = hash_secret(secret)
    principal = cache.get(secret_hash)
    if principal is not None:
        return principal
    now = utcnow()
    if secret.startswith(TOKEN_PREFIX + "_"):
        found = await repo.token_owner(session, secret_hash, now)
        if found is None:
            raise Unauthorized("the token is invalid or has expired")
        user, token = found
        principal = Principal(
            user.id, user.username, user.display_name, frozenset(SCOPES), False,
            token.expires_at.timestamp(),
        )  # fmt: skip
    elif secret.startswith(API_KEY_PREFIX + "_"):
        key_found = await repo.api_key_owner(session, secret_hash)
        if key_found is None:
            raise Unauthorized("the API key is invalid or has been revoked")
        user, key = key_found
        principal = Principal(
            user.id, user.username, user.display_name, frozenset(key.scopes.split()), True,
            math.inf,
        )  # fmt: skip
    else:
        raise Unauthorized("unrecognised credential")
    cache.put(secret_hash, principal)
    return principal


async def create_api_key(
    session: AsyncSession, user_id: str, name: str, scopes: list[str]
) -> tuple[str, ApiKey]:
    ordered = " ".join(s for s in SCOPES if s in set(scopes))
    secret = new_secret(API_KEY_PREFIX)
    key = ApiKey(user_id=user_id, name=name, scopes=ordered, key_hash=hash_secret(secret))
    session.add(key)
    await session.flush()
    return secret, key


async def list_api_keys(
    session: AsyncSession, user_id: str, limit: int, before_id: str | None
) -> list[ApiKey]:
    return await repo.api_keys_of(session, user_id, limit, before_id)


async def revoke_api_key(
    session: AsyncSession, cache: AuthCache, user_id: str, key_id: str
) -> None:
    key = await repo.api_key_of(session, user_id, key_id)
    if key is None:
        raise NotFound("no such API key")
    key.revoked_at = utcnow()
    cache.evict_user(user_id)
    await session.flush()

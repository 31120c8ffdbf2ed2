"""Accounts use cases: register, log in (throttled), authenticate, manage API keys.

Password hashes are computed and checked outside write jobs: Argon2 takes tens of
milliseconds by design, and a job must never hold the writer (on SQLite, every table's)
that long."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime, timedelta

from app.accounts import repository as repo
from app.accounts.repository import KeyRow, UserRow
from app.core import tables
from app.core.database import Database, Db
from app.core.db import utcnow
from app.core.errors import Conflict, NotFound, TooManyRequests, Unauthorized
from app.core.ids import hash_secret, new_id, new_secret
from app.core.security import SCOPES, AuthCache, Principal, hash_password, verify_password
from app.core.settings import Settings
from app.core.writer import Job, Writer

TOKEN_PREFIX = "ftt"  # noqa: S105 - a public prefix, not a secret
API_KEY_PREFIX = "ftk"
MAX_LOCKOUT_SECONDS = 15 * 60


async def register(
    writer: Writer, username: str, password: str, display_name: str | None
) -> UserRow:
    name = username.lower()
    user = UserRow(new_id(), name, display_name or username, hash_password(password))

    async def job(job: Job) -> UserRow:
        if await repo.user_by_username(job.db, name) is not None:
            raise Conflict(f"the username '{name}' is taken")
        try:
            await tables.insert(job.db, repo.USERS, {**user._asdict(), "created_at": utcnow()})
        except Exception as exc:  # a concurrent registration won the race
            if job.db.is_unique_violation(exc, "users"):
                raise Conflict(f"the username '{name}' is taken") from exc
            raise
        return user

    return await writer.run(job)


def _refuse_if_locked(username: str, throttle: tuple[int, datetime | None] | None) -> None:
    locked_until = throttle[1] if throttle is not None else None
    if locked_until is not None and locked_until > utcnow():
        wait = math.ceil((locked_until - utcnow()).total_seconds())
        raise TooManyRequests(
            f"too many failed logins for '{username}'; retry in {wait} s",
            headers={"Retry-After": str(max(wait, 1))},
        )


async def login(
    database: Database, writer: Writer, settings: Settings, username: str, password: str
) -> tuple[str, datetime]:
    """A new login token and when it expires. A failure is counted (committed) before the
    401, so it outlives the refused request."""
    name = username.lower()
    async with database.read() as db:
        throttle = await repo.throttle_of(db, name)
        _refuse_if_locked(name, throttle)
        user = await repo.user_by_username(db, name)
    if not verify_password(user.password_hash if user else None, password) or user is None:
        await writer.run(_failure(settings, name))
        raise Unauthorized("wrong username or password")
    secret = new_secret(TOKEN_PREFIX)
    now = utcnow()
    expires_at = now + timedelta(seconds=settings.token_ttl_seconds)
    token = {"id": new_id(), "user_id": user.id, "token_hash": hash_secret(secret),
             "expires_at": expires_at, "created_at": now}  # fmt: skip

    async def job(job: Job) -> None:
        if throttle is not None and throttle[0]:
            await repo.reset_throttle(job.db, name)
        await repo.delete_expired_tokens(job.db, user.id, now)
        await tables.insert(job.db, repo.TOKENS, token)

    await writer.run(job)
    return secret, expires_at


def _failure(settings: Settings, username: str):  # type: ignore[no-untyped-def]
    async def job(job: Job) -> None:
        now = utcnow()
        failures = await repo.add_failure(job.db, username, now)
        over = failures - settings.login_max_failures
        if over >= 0:
            seconds = min(settings.login_lockout_seconds * 2**over, MAX_LOCKOUT_SECONDS)
            await repo.lock_login(job.db, username, now + timedelta(seconds=seconds))

    return job


def cached_principal(cache: AuthCache, secret: str) -> Principal | None:
    return cache.get(hash_secret(secret))


async def authenticate(db: Db, cache: AuthCache, secret: str) -> Principal:
    """Resolve a bearer secret (login token or API key) to the caller, or refuse."""
    secret_hash = hash_secret(secret)
    principal = cache.get(secret_hash)
    if principal is not None:
        return principal
    if secret.startswith(TOKEN_PREFIX + "_"):
        found = await repo.token_owner(db, secret_hash, utcnow())
        if found is None:
            raise Unauthorized("the token is invalid or has expired")
        user_id, username, display_name, expires_at = found
        principal = Principal(
            user_id, username, display_name, frozenset(SCOPES), False, expires_at.timestamp()
        )
    elif secret.startswith(API_KEY_PREFIX + "_"):
        key_found = await repo.api_key_owner(db, secret_hash)
        if key_found is None:
            raise Unauthorized("the API key is invalid or has been revoked")
        user_id, username, display_name, scopes = key_found
        principal = Principal(
            user_id, username, display_name, frozenset(scopes.split()), True, math.inf
        )
    else:
        raise Unauthorized("unrecognised credential")
    cache.put(secret_hash, principal)
    return principal


async def create_api_key(
    writer: Writer, user_id: str, name: str, scopes: Sequence[str]
) -> tuple[str, KeyRow]:
    ordered = " ".join(s for s in SCOPES if s in set(scopes))
    secret = new_secret(API_KEY_PREFIX)
    key = KeyRow(new_id(), name, ordered, utcnow())

    async def job(job: Job) -> None:
        row = {**key._asdict(), "user_id": user_id, "key_hash": hash_secret(secret)}
        await tables.insert(job.db, repo.API_KEYS, row)

    await writer.run(job)
    return secret, key


async def list_api_keys(db: Db, user_id: str, limit: int, before_id: str | None) -> list[KeyRow]:
    return await repo.api_keys_of(db, user_id, limit, before_id)


async def revoke_api_key(writer: Writer, cache: AuthCache, user_id: str, key_id: str) -> None:
    async def job(job: Job) -> bool:
        return await repo.revoke_api_key(job.db, user_id, key_id, utcnow())

    if "\x00" in key_id or not await writer.run(job):
        raise NotFound("no such API key")
    cache.evict_user(user_id)

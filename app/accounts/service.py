"""Accounts use cases: register, log in (throttled), authenticate, manage API keys.

Password hashes are computed and checked outside write jobs: Argon2 takes tens of
milliseconds by design, and a job must never hold the writer (on SQLite, every table's)
that long."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime, timedelta

from app.accounts import repository as repo
from app.accounts.passwords import check_password
from app.accounts.repository import KeyRow, UserRow
from app.accounts.throttle import LoginThrottle
from app.core import tables
from app.core.database import Database, Db
from app.core.db import utcnow
from app.core.errors import Conflict, NotFound, Unauthorized
from app.core.i18n import msg
from app.core.ids import hash_secret, new_id, new_secret
from app.core.security import SCOPES, AuthCache, Principal, hash_password, verify_password
from app.core.settings import Settings
from app.core.writer import Job, Writer

TOKEN_PREFIX = "ftt"  # noqa: S105 - a public prefix, not a secret
API_KEY_PREFIX = "ftk"


async def register(
    writer: Writer, settings: Settings, username: str, password: str, display_name: str | None
) -> UserRow:
    """A new account; a weak password is refused (422, saying why) before anything."""
    name = username.lower()
    check_password(password, name, settings.password_min_length, settings.password_min_score)
    user = UserRow(new_id(), name, display_name or username, hash_password(password))

    async def job(job: Job) -> UserRow:
        if await repo.user_by_username(job.db, name) is not None:
            raise Conflict(msg("the username '{name}' is taken", name=name))
        try:
            await tables.insert(job.db, repo.USERS, {**user._asdict(), "created_at": utcnow()})
        except Exception as exc:  # a concurrent registration won the race
            if job.db.is_unique_violation(exc, "users"):
                raise Conflict(msg("the username '{name}' is taken", name=name)) from exc
            raise
        return user

    return await writer.run(job)


async def login(
    database: Database,
    writer: Writer,
    settings: Settings,
    throttle: LoginThrottle,
    credentials: tuple[str, str, str],
) -> tuple[str, datetime]:
    """A new login token and when it expires, for ``(username, password, address)``. A
    failure is counted before the 401, so it outlives the refused request."""
    username, password, address = credentials
    name = username.lower()
    await throttle.check(name, address)
    async with database.read() as db:
        user = await repo.user_by_username(db, name)
    if not verify_password(user.password_hash if user else None, password) or user is None:
        await throttle.failed(name, address)
        raise Unauthorized(msg("wrong username or password"))
    await throttle.succeeded(name, address)
    secret = new_secret(TOKEN_PREFIX)
    now = utcnow()
    expires_at = now + timedelta(seconds=settings.token_ttl_seconds)
    token = {"id": new_id(), "user_id": user.id, "token_hash": hash_secret(secret),
             "expires_at": expires_at, "created_at": now}  # fmt: skip

    async def job(job: Job) -> None:
        await repo.delete_expired_tokens(job.db, user.id, now)
        await tables.insert(job.db, repo.TOKENS, token)

    await writer.run(job)
    return secret, expires_at


async def logout(writer: Writer, secret: str) -> str | None:
    """Revoke the login token ``secret``; answer its owner (``None``: it was gone)."""

    async def job(job: Job) -> str | None:
        return await repo.delete_token(job.db, hash_secret(secret))

    return await writer.run(job)


async def logout_all(writer: Writer, user_id: str) -> None:
    """Revoke every login token of the user. API keys are not touched: each is revoked
    with its own ``DELETE /api-keys/{id}``, so a bot keeps working after a logout."""

    async def job(job: Job) -> None:
        await repo.delete_tokens_of(job.db, user_id)

    await writer.run(job)


async def credential_expiry(database: Database, secret_hash: str) -> float | None:
    """When the credential with this hash stops working (``inf``: never by itself), or
    ``None`` when it is dead already: what the websocket hub checks on a revocation."""
    async with database.read() as db:
        return await repo.credential_expiry(db, secret_hash, utcnow())


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
            raise Unauthorized(msg("the token is invalid or has expired"))
        user_id, username, display_name, expires_at = found
        principal = Principal(
            user_id, username, display_name, frozenset(SCOPES), False, expires_at.timestamp()
        )
    elif secret.startswith(API_KEY_PREFIX + "_"):
        key_found = await repo.api_key_owner(db, secret_hash)
        if key_found is None:
            raise Unauthorized(msg("the API key is invalid or has been revoked"))
        user_id, username, display_name, scopes = key_found
        principal = Principal(
            user_id, username, display_name, frozenset(scopes.split()), True, math.inf
        )
    else:
        raise Unauthorized(msg("unrecognised credential"))
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


async def revoke_api_key(writer: Writer, user_id: str, key_id: str) -> None:
    """Revoke one key of the user; the caller announces it (``announce_revoked``)."""

    async def job(job: Job) -> bool:
        return await repo.revoke_api_key(job.db, user_id, key_id, utcnow())

    if "\x00" in key_id or not await writer.run(job):
        raise NotFound(msg("no such API key"))

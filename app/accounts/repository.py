"""Every query of the accounts feature."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any, NamedTuple

from app.accounts.models import AccessToken, ApiKey, User
from app.core.database import Db
from app.core.tables import TableSql

USERS = TableSql(User)
TOKENS = TableSql(AccessToken)
API_KEYS = TableSql(ApiKey)


class UserRow(NamedTuple):
    id: str
    username: str
    display_name: str
    password_hash: str


class KeyRow(NamedTuple):
    id: str
    name: str
    scopes: str
    created_at: datetime


_USER_BY_NAME = "SELECT id, username, display_name, password_hash FROM users WHERE username = ?"
_USER_EXISTS = "SELECT 1 FROM users WHERE id = ?"
_LOGIN_OWNER = (
    "SELECT u.id, u.username, u.display_name, t.expires_at FROM users u"
    " JOIN access_tokens t ON t.user_id = u.id WHERE t.token_hash = ? AND t.expires_at > ?"
)
_KEY_OWNER = (
    "SELECT u.id, u.username, u.display_name, k.scopes FROM users u"
    " JOIN api_keys k ON k.user_id = u.id WHERE k.key_hash = ? AND k.revoked_at IS NULL"
)
_KEYS_OF = (
    "SELECT id, name, scopes, created_at FROM api_keys WHERE user_id = ? AND revoked_at IS NULL"
)
_REVOKE = (
    "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL"
    " RETURNING id"
)
_PURGE_TOKENS = "DELETE FROM access_tokens WHERE user_id = ? AND expires_at <= ?"
_DELETE_LOGIN = "DELETE FROM access_tokens WHERE token_hash = ? RETURNING user_id"
_DELETE_LOGINS = "DELETE FROM access_tokens WHERE user_id = ?"
_LIVE_LOGIN = "SELECT expires_at FROM access_tokens WHERE token_hash = ? AND expires_at > ?"
_LIVE_KEY = "SELECT 1 FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL"


async def user_by_username(db: Db, username: str) -> UserRow | None:
    row = await db.fetchone(_USER_BY_NAME, username)
    return None if row is None else UserRow(*row)


async def user_exists(db: Db, user_id: str) -> bool:
    if "\x00" in user_id:  # names nobody (and PostgreSQL refuses it as a parameter)
        return False
    return await db.fetchone(_USER_EXISTS, user_id) is not None


async def token_owner(db: Db, token_hash: str, now: datetime) -> tuple[Any, ...] | None:
    """(user id, username, display name, expires_at) of a live login token."""
    return await db.fetchone(_LOGIN_OWNER, token_hash, now)


async def api_key_owner(db: Db, key_hash: str) -> tuple[Any, ...] | None:
    """(user id, username, display name, scopes) of a key that is not revoked."""
    return await db.fetchone(_KEY_OWNER, key_hash)


async def api_keys_of(db: Db, user_id: str, limit: int, before_id: str | None) -> list[KeyRow]:
    """The user's live keys, newest first, from just before ``before_id`` when given."""
    if before_id is None:
        rows = await db.fetchall(_KEYS_OF + " ORDER BY id DESC LIMIT ?", user_id, limit)
    else:
        sql = _KEYS_OF + " AND id < ? ORDER BY id DESC LIMIT ?"
        rows = await db.fetchall(sql, user_id, before_id, limit)
    return [KeyRow(*row) for row in rows]


async def revoke_api_key(db: Db, user_id: str, key_id: str, now: datetime) -> bool:
    return await db.fetchone(_REVOKE, now, key_id, user_id) is not None


async def delete_expired_tokens(db: Db, user_id: str, now: datetime) -> None:
    await db.execute(_PURGE_TOKENS, user_id, now)


async def delete_token(db: Db, token_hash: str) -> str | None:
    """Revoke one login token; answer its owner, or ``None`` if it was gone already."""
    row = await db.fetchone(_DELETE_LOGIN, token_hash)
    return None if row is None else str(row[0])


async def delete_tokens_of(db: Db, user_id: str) -> None:
    await db.execute(_DELETE_LOGINS, user_id)


async def credential_expiry(db: Db, secret_hash: str, now: datetime) -> float | None:
    """When a credential stops authenticating (epoch seconds; ``inf`` for an API key),
    or ``None`` when the hash names nothing live any more (revoked, deleted, expired)."""
    row = await db.fetchone(_LIVE_LOGIN, secret_hash, now)
    if row is not None:
        expires_at: datetime = row[0]
        return expires_at.timestamp()
    return math.inf if await db.fetchone(_LIVE_KEY, secret_hash) is not None else None

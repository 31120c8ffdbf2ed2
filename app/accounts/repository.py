"""Every query of the accounts feature."""

from __future__ import annotations

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
_THROTTLE = "SELECT failures, locked_until FROM login_throttle WHERE username = ?"
_ADD_FAILURE = (
    "INSERT INTO login_throttle (username, failures, locked_until, updated_at)"
    " VALUES (?, 1, NULL, ?) ON CONFLICT (username) DO UPDATE"
    " SET failures = login_throttle.failures + 1, updated_at = excluded.updated_at"
    " RETURNING failures"
)
_LOCK = "UPDATE login_throttle SET locked_until = ? WHERE username = ?"
_RESET = "UPDATE login_throttle SET failures = 0, locked_until = NULL WHERE username = ?"


async def user_by_username(db: Db, username: str) -> UserRow | None:
    row = await db.fetchone(_USER_BY_NAME, username)
    return None if row is None else UserRow(*row)


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


async def throttle_of(db: Db, username: str) -> tuple[int, datetime | None] | None:
    """(failures, locked_until) of a username's failed logins."""
    row = await db.fetchone(_THROTTLE, username)
    return None if row is None else (int(row[0]), row[1])


async def add_failure(db: Db, username: str, now: datetime) -> int:
    """Count one failed login in a single upsert, so concurrent failures all count and
    never collide on the first insert; answer the new total."""
    row = await db.fetchone(_ADD_FAILURE, username, now)
    return 0 if row is None else int(row[0])


async def lock_login(db: Db, username: str, until: datetime) -> None:
    await db.execute(_LOCK, until, username)


async def reset_throttle(db: Db, username: str) -> None:
    await db.execute(_RESET, username)

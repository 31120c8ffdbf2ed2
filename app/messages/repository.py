"""Every query of the table chat. A new message is rows of its job's ledger (``MESSAGES``,
``READERS``); a deletion is statements of the deleting job's ledger. Who may read a
message is the rule of app/rolls/visibility.py (``can_read``), said here in SQL."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.core.database import Db, Statement
from app.core.tables import TableSql
from app.messages.models import Message, MessageReader

MESSAGES = TableSql(Message)
READERS = TableSql(MessageReader)

_COLUMNS = ", ".join(f"m.{name}" for name in MESSAGES.columns)
_READ = f"SELECT {_COLUMNS} FROM messages m WHERE m.id = ?"  # noqa: S608 - names from the model
_IS_READER = "EXISTS (SELECT 1 FROM message_readers r WHERE r.message_id = m.id AND r.user_id = ?)"
_SEEN_BY_OTHERS = f" AND (m.visibility = 'public' OR {_IS_READER})"
_SEEN_BY_STORYTELLER = f" AND (m.visibility IN ('public', 'whisper') OR {_IS_READER})"
_PAGE = f"SELECT {_COLUMNS} FROM messages m WHERE m.campaign_id = ?"  # noqa: S608
_READERS_OF = "SELECT user_id FROM message_readers WHERE message_id = ?"
_MEMBERS = "SELECT user_id FROM memberships WHERE campaign_id = ?"
_DELETE = (
    "UPDATE messages SET text = NULL, deleted_by = ?, deleted_at = ?"
    " WHERE id = ? AND deleted_at IS NULL"
)
_EVENT_DATA = "UPDATE events SET data = ? WHERE campaign_id = ? AND seq = ?"


async def read(db: Db, message_id: str) -> dict[str, Any] | None:
    """The stored message, whoever may read it (the caller decides)."""
    row = await db.fetchone(_READ, message_id)
    return None if row is None else MESSAGES.row(row)


async def readers(db: Db, message_id: str) -> list[str]:
    """A whisper's audience (its sender and recipients); none for a public message."""
    return [str(r[0]) for r in await db.fetchall(_READERS_OF, message_id)]


async def member_ids(db: Db, campaign_id: str) -> set[str]:
    return {str(r[0]) for r in await db.fetchall(_MEMBERS, campaign_id)}


async def page(
    db: Db,
    campaign_id: str,
    viewer_id: str,
    viewer_is_storyteller: bool,
    limit: int,
    before_seq: int | None,
    since: datetime | None,
    until: datetime | None,
    user_id: str | None,
) -> list[dict[str, Any]]:
    """The messages the viewer may read, newest first, tombstones included."""
    sql = _PAGE + (_SEEN_BY_STORYTELLER if viewer_is_storyteller else _SEEN_BY_OTHERS)
    params: list[Any] = [campaign_id, viewer_id]
    for condition, value in (
        (" AND m.seq < ?", before_seq),
        (" AND m.created_at >= ?", since),
        (" AND m.created_at < ?", until),
        (" AND m.user_id = ?", user_id),
    ):
        if value is not None:
            sql += condition
            params.append(value)
    rows = await db.fetchall(sql + " ORDER BY m.seq DESC LIMIT ?", *params, limit)
    return [MESSAGES.row(row) for row in rows]


def delete(message_id: str, by: str, at: datetime) -> Statement:
    """The message's text gone, who and when kept: its tombstone."""
    return _DELETE, (by, at, message_id)


def event_data(campaign_id: str, seq: int, data: dict[str, Any]) -> Statement:
    """The message's ``message.created`` event rewritten as its tombstone (no text)."""
    return _EVENT_DATA, (data, campaign_id, seq)


def still_there(message_id: str) -> Statement:
    """A ledger guard: the message is not deleted yet (by a job of another instance)."""
    return "EXISTS (SELECT 1 FROM messages WHERE id = ? AND deleted_at IS NULL)", (message_id,)

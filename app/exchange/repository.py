"""The export's queries: one campaign's whole record, read inside one snapshot
(``Database.snapshot``) so its parts agree. An import writes with ``app.core.tables``."""

from __future__ import annotations

from typing import Any, cast

import orjson
from sqlalchemy import JSON, Table

from app.core.database import Db, PgDb
from app.core.db import rfc3339, rfc3339_of_text
from app.core.jsontext import loads
from app.events import repository as events_repo
from app.grants import repository as grants_repo
from app.messages.repository import MESSAGES
from app.roll_requests import repository as requests_repo
from app.roll_requests.records import stored
from app.rolls.models import Roll
from app.rolls.repository import ROLLS
from app.table import repository as table_repo
from app.table.repository import Table as FlowTable

_CAMPAIGN = "SELECT id, name, ruleset, settings, created_at FROM campaigns WHERE id = ?"
_MEMBERS = (
    "SELECT m.user_id, u.username, u.display_name, m.role, m.joined_at FROM memberships m"
    " JOIN users u ON u.id = m.user_id WHERE m.campaign_id = ? ORDER BY m.joined_at, m.user_id"
)
_CHARACTERS = (
    "SELECT id, name, npc, owner_id, version, sheet, created_at, updated_at FROM characters"
    " WHERE campaign_id = ? ORDER BY created_at, id"
)
_EVENT_FIELDS = ("seq", "type", "at", "visibility", "user_id", "data", "prev_hash", "hash",
                 "audience")  # fmt: skip
_USER = "SELECT username FROM users WHERE id = ?"

# An export page joins each compact event (its roll's latest state) to its roll's row, so
# a roll is read once; the roll's JSON columns come as their stored text, which the export
# embeds as is (``orjson.Fragment``): it carries them, it has nothing to decode them for.
# On SQLite the times come as their stored text too, spelled for the API from the text
# (``rfc3339_of_text``: 20 % of the export's CPU, measured); asyncpg decodes datetimes in C.
_JSON_COLUMNS = frozenset(
    c.name for c in cast(Table, Roll.__table__).columns if isinstance(c.type, JSON)
)
_TIMES = frozenset({"at", "created_at", "updated_at"})


def _export_page(times_as_text: bool) -> str:
    def column(table: str, name: str) -> str:
        as_text = name in _JSON_COLUMNS or (times_as_text and name in _TIMES)
        return f'CAST({table}."{name}" AS TEXT)' if as_text else f'{table}."{name}"'

    listed = ", ".join(
        [*(column("e", f) for f in _EVENT_FIELDS), "e.campaign_id", "e.roll_seq",
         *(column("r", c) for c in ROLLS.columns)]
    )  # fmt: skip
    return (
        f"SELECT {listed} FROM events e"  # noqa: S608 - names from the models
        " LEFT JOIN rolls r ON r.campaign_id = e.campaign_id AND r.seq = e.roll_seq"
        " WHERE e.campaign_id = ? AND e.seq > ? AND e.seq <= ? ORDER BY e.seq"
    )


_EXPORT_PAGE = {False: _export_page(False), True: _export_page(True)}
_EVENT_WIDTH = len(_EVENT_FIELDS)
_LINK = ROLLS.columns.index("prev_hash"), ROLLS.columns.index("hash")


async def campaign(db: Db, campaign_id: str) -> dict[str, Any] | None:
    row = await db.fetchone(_CAMPAIGN, campaign_id)
    if row is None:
        return None
    cid, name, ruleset, settings, created_at = row
    return {
        "id": cid,
        "name": name,
        "ruleset": ruleset,
        "settings": settings,
        "created_at": rfc3339(created_at),
    }


async def members(db: Db, campaign_id: str) -> list[dict[str, Any]]:
    return [
        {
            "user_id": user_id,
            "username": username,
            "display_name": display_name,
            "role": role,
            "joined_at": rfc3339(joined_at),
        }
        for user_id, username, display_name, role, joined_at in await db.fetchall(
            _MEMBERS, campaign_id
        )
    ]


async def characters(db: Db, campaign_id: str) -> list[dict[str, Any]]:
    return [
        {
            "id": cid,
            "name": name,
            "npc": npc,
            "owner_id": owner_id,
            "version": version,
            "sheet": sheet,
            "created_at": rfc3339(created_at),
            "updated_at": rfc3339(updated_at),
        }
        for cid, name, npc, owner_id, version, sheet, created_at, updated_at in await db.fetchall(
            _CHARACTERS, campaign_id
        )
    ]


async def export_page(
    db: Db, campaign_id: str, after: int, upto: int
) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """The events of seq ``after`` (excluded) to ``upto``, each with its roll when the
    event is that roll's latest state (times as the API writes them); as the events' and the
    rolls' own queries would give them (``events_repo.with_data``: a lost roll's link is
    empty), but for the JSON of the roll, carried as text, and the ``data`` of an event
    that comes with its roll, left None (``events_repo.roll_body`` of that roll)."""
    found: list[tuple[dict[str, Any], dict[str, Any] | None]] = []
    as_text = not isinstance(db, PgDb)
    spell = rfc3339_of_text if as_text else rfc3339
    for row in await db.fetchall(_EXPORT_PAGE[as_text], campaign_id, after, upto):
        seq, type_, at, visibility, user_id, data, prev_hash, hash_, audience = row[:_EVENT_WIDTH]
        roll: dict[str, Any] | None = None
        _, roll_seq, *columns = row[_EVENT_WIDTH:]
        if data is None:
            if columns[0] is None:
                data = events_repo.lost_body(campaign_id, roll_seq, visibility, user_id)
            else:
                roll = _carried(ROLLS.row(columns))
                roll["created_at"] = spell(roll["created_at"])
                roll["updated_at"] = spell(roll["updated_at"])
        if hash_ is None and roll_seq is not None:  # compact: the link is the roll's too
            prev_hash, hash_ = (columns[i] or "" for i in _LINK)
        event = {"seq": seq, "type": type_, "at": spell(at), "visibility": visibility,
                 "user_id": user_id, "data": data, "prev_hash": prev_hash,
                 "hash": hash_}  # fmt: skip
        if audience is not None:
            event["audience"] = audience
        found.append((event, roll))
    return found


def _carried(roll: dict[str, Any]) -> dict[str, Any]:
    """A roll's row with its JSON as stored text, embedded unparsed; its ``state`` is
    parsed (a rebuilt event carries its effects)."""
    for name in _JSON_COLUMNS:
        text = roll[name]
        if text is not None:
            roll[name] = loads(text) if name == "state" else orjson.Fragment(text)
    return roll


async def messages_by_id(db: Db, ids: list[str]) -> dict[str, dict[str, Any]]:
    """The chat messages among ``ids`` (one export page's), by id, as stored but for the
    idempotency key (this instance's own), times as the API writes them."""
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    # Only "?" marks are formatted in; the ids travel as parameters.
    rows = await db.fetchall(f"{MESSAGES.select} WHERE id IN ({marks})", *ids)
    found: dict[str, dict[str, Any]] = {}
    for row in rows:
        message = MESSAGES.row(row)
        del message["idempotency_key"]
        message["created_at"] = rfc3339(message["created_at"])
        deleted = message["deleted_at"]
        message["deleted_at"] = None if deleted is None else rfc3339(deleted)
        found[message["id"]] = message
    return found


async def rolls_by_id(db: Db, roll_ids: list[str]) -> dict[str, dict[str, Any]]:
    """Whole rolls of ``roll_ids`` (one export page's), by id, times as the API writes them."""
    if not roll_ids:
        return {}
    marks = ", ".join("?" for _ in roll_ids)
    # Only "?" marks are formatted in; the ids travel as parameters.
    rows = await db.fetchall(f"{ROLLS.select} WHERE id IN ({marks})", *roll_ids)
    found = (_api_times(ROLLS.row(row)) for row in rows)
    return {roll["id"]: roll for roll in found}


async def requests_by_id(db: Db, ids: list[str]) -> dict[str, dict[str, Any]]:
    """The roll requests among ``ids`` (one export page's links), by id, as stored: every
    column, times as the API writes them, and their ``targets`` in order."""
    return {asked.id: stored(asked) for asked in await requests_repo.by_ids(db, ids)}


async def flows(db: Db, table: FlowTable, campaign_id: str) -> list[dict[str, Any]]:
    """Contests, group rolls or tasks (``app.table``) as stored, oldest first."""
    return [_api_times(row) for row in await table_repo.of_campaign(db, table, campaign_id)]


async def grants_page(db: Db, campaign_id: str, after: str, limit: int) -> list[dict[str, Any]]:
    """The next page of the campaign's grants (``app.grants``) in id order, as stored, times
    as the API writes them."""
    found = await grants_repo.page_of(db, campaign_id, after, limit)
    for grant in found:
        grant["created_at"] = rfc3339(grant["created_at"])
        grant["used_at"] = None if grant["used_at"] is None else rfc3339(grant["used_at"])
    return found


def _api_times(values: dict[str, Any]) -> dict[str, Any]:
    values["created_at"] = rfc3339(values["created_at"])
    values["updated_at"] = rfc3339(values["updated_at"])
    return values


async def username_of(db: Db, user_id: str) -> str | None:
    row = await db.fetchone(_USER, user_id)
    return None if row is None else str(row[0])

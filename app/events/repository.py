"""Every query of the events feature. Events are written only by a campaign's ledger
(app/campaigns/ledger.py), with the rows of the job that records them.

A compact event (``data``, ``prev_hash`` and ``hash`` NULL, app/events/models.py) is its
roll's latest state, which the roll's row holds. Every reader of events goes through
``select`` and ``with_data``: the roll is joined by (campaign_id, roll_seq), on the rolls'
unique index, and the data and link rebuilt as they were recorded (``roll_body``, the
roll's own link), so no reader can tell a compact event from a full one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.core.database import Db, Row, Statement
from app.core.db import api_time
from app.core.tables import TableSql
from app.events.models import Event
from app.rules.chain import ROLL_DATA_FIELDS, roll_event_data

EVENTS = TableSql(Event)

# What ``select`` adds after the event's own fields: the event's facts a lost body keeps,
# then the roll's columns a body is rebuilt from.
_EVENT = ("campaign_id", "roll_seq", "visibility", "user_id")
_ROLL = (*ROLL_DATA_FIELDS, "state", "created_at", "updated_at", "hash", "prev_hash")
_TAIL = ", ".join([*(f"e.{name}" for name in _EVENT), *(f"r.{name}" for name in _ROLL)])
_JOIN = " FROM events e LEFT JOIN rolls r ON r.campaign_id = e.campaign_id AND r.seq = e.roll_seq"

FIELDS = ("campaign_id", "seq", "type", "at", "data", "visibility", "user_id", "prev_hash", "hash",
          "audience")  # fmt: skip
"""``EventOut``'s fields, in its order."""

_FILL = (
    "UPDATE events SET data = ?, prev_hash = ?, hash = ?, roll_seq = NULL"
    " WHERE campaign_id = ? AND roll_seq = ?"
)


def roll_body(roll: Mapping[str, Any]) -> dict[str, Any]:
    """The data of a roll state's event: the whole roll as its roller (or a storyteller)
    reads it, from the roll's values as stored (times as datetimes, or already spelled
    as the API spells them): ``roll_event_data``, its times spelled."""
    body = roll_event_data(roll)
    body["created_at"] = api_time(roll["created_at"])
    body["updated_at"] = api_time(roll["updated_at"])
    return body


def lost_body(
    campaign_id: str, roll_seq: int, visibility: str, user_id: str | None
) -> dict[str, Any]:
    """The data of a compact event whose roll row is gone (deleted behind the server's
    back): a body of the roll's shape holding nothing of it, so that every reader goes on
    and the link, which no longer hashes, fails the audit at its seq."""
    return {
        "id": "", "campaign_id": campaign_id, "seq": roll_seq, "ruleset": "", "kind": "",
        "character_id": None, "user_id": user_id or "", "acted_by": None,
        "visibility": visibility, "note": None, "status": "lost", "dice": [], "result": {},
        "odds": {}, "proof": [], "effects": [], "created_at": "", "updated_at": "", "hash": "",
        "redacted": False,
    }  # fmt: skip


def select(fields: Sequence[str], where: str) -> str:
    """A SELECT of the events' ``fields`` (``data`` among them), then ``where`` (its
    columns named ``e.``, with any ORDER BY and LIMIT); ``with_data`` completes its rows."""
    own = ", ".join(f"e.{name}" for name in fields)
    return f"SELECT {own}, {_TAIL}{_JOIN} WHERE {where}"


def with_data(rows: Sequence[Row], fields: Sequence[str]) -> list[Row]:
    """Rows of ``select(fields, …)`` as the events' ``fields`` alone, the data and link of
    each compact event rebuilt from its roll (a lost roll's link: empty, which no check
    passes)."""
    width, at = len(fields), fields.index("data")
    links = [(i, name) for i, name in enumerate(fields) if name in ("prev_hash", "hash")]
    out: list[Row] = []
    for row in rows:
        own = row[:width]
        if row[width + 1] is not None:  # roll_seq: compact, what it does not store is its roll's
            campaign_id, roll_seq, visibility, user_id, *roll = row[width:]
            stored = dict(zip(_ROLL, roll, strict=True)) if roll[0] is not None else None
            rebuilt = list(own)
            if own[at] is None:
                rebuilt[at] = (
                    lost_body(campaign_id, roll_seq, visibility, user_id)
                    if stored is None
                    else roll_body(stored)
                )
            for i, name in links:
                if own[i] is None:
                    rebuilt[i] = "" if stored is None else stored[name]
            own = tuple(rebuilt)
        out.append(own)
    return out


_AFTER = select(FIELDS, "e.campaign_id = ? AND e.seq > ? ORDER BY e.seq LIMIT ?")


async def after(db: Db, campaign_id: str, after_seq: int, limit: int) -> list[Row]:
    """Rows in ``EventOut``'s field order, oldest first: one page of a campaign's history."""
    return with_data(await db.fetchall(_AFTER, campaign_id, after_seq, limit), FIELDS)


def fill(campaign_id: str, previous: Mapping[str, Any]) -> Statement:
    """The ledger's statement giving the compact event of the roll ``previous`` (as its row
    held it) its data and link back: the roll's state it carries, which the roll's row is
    about to replace. It matches no row when that event is full already (written before
    events were compact, or imported so)."""
    values = (roll_body(previous), previous["prev_hash"], previous["hash"])
    return _FILL, (*values, campaign_id, previous["seq"])

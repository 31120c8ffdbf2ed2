"""Recording events in the transaction of the change, and reading them back per viewer."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.campaigns import repository as campaigns_repo
from app.core.db import rfc3339, utcnow
from app.core.rawsql import Raw
from app.events import repository as repo
from app.rolls.visibility import can_see


@dataclass(frozen=True, slots=True)
class EventOut:
    """An event as published after commit; ``visibility``/``user_id`` decide who gets it."""

    campaign_id: str
    seq: int
    type: str
    at: datetime
    data: dict[str, Any]
    visibility: str = "public"
    user_id: str | None = None
    prev_hash: str | None = field(default=None, compare=False)
    hash: str | None = field(default=None, compare=False)

    def visible_to(self, viewer_id: str, viewer_is_storyteller: bool) -> bool:
        return can_see(self.visibility, self.user_id or "", viewer_id, viewer_is_storyteller)

    def message(self) -> dict[str, Any]:
        """The websocket/REST shape of API.md: {seq, type, campaign_id, at, data}."""
        return {
            "seq": self.seq,
            "type": self.type,
            "campaign_id": self.campaign_id,
            "at": rfc3339(self.at),
            "data": self.data,
        }


async def record(
    db: Raw,
    campaign_id: str,
    type: str,
    data: dict[str, Any],
    *,
    visibility: str = "public",
    user_id: str | None = None,
    seq: int | None = None,
    prev_hash: str | None = None,
    hash: str | None = None,
) -> EventOut:
    """Write one event in ``db``'s transaction and queue it for publishing after commit.

    ``seq`` is the campaign's next sequence number unless the caller already took one
    (a roll's seq is the seq of its ``roll.created`` event)."""
    if seq is None:
        seq = await campaigns_repo.next_seq(db, campaign_id)
    event = EventOut(campaign_id, seq, type, utcnow(), data, visibility, user_id, prev_hash, hash)
    await repo.insert(db, event)
    db.events.append(event)
    return event


async def visible_after(
    db: Raw,
    campaign_id: str,
    after: int,
    viewer_id: str,
    viewer_is_storyteller: bool,
    limit: int = 500,
) -> tuple[list[EventOut], int]:
    """Events after ``after`` that the viewer may see, and the last seq examined (so a
    reader never asks twice for events it was not allowed to see)."""
    events = await repo.after(db, campaign_id, after, limit)
    last = events[-1].seq if events else after
    return [e for e in events if e.visible_to(viewer_id, viewer_is_storyteller)], last

"""Events as published after commit, and read back per viewer. An event is recorded only
through a campaign's ledger (``Ledger.record``), which gives it the next seq."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.core.database import Db
from app.core.db import rfc3339
from app.events import repository as repo
from app.rolls.visibility import can_read


@dataclass(frozen=True, slots=True)
class EventOut:
    """An event as published after commit; ``visibility``/``user_id`` (and a whisper's
    ``audience``) decide who gets it."""

    campaign_id: str
    seq: int
    type: str
    at: datetime
    data: dict[str, Any]
    visibility: str = "public"
    user_id: str | None = None
    prev_hash: str | None = field(default=None, compare=False)
    hash: str | None = field(default=None, compare=False)
    audience: list[str] | None = None

    def visible_to(self, viewer_id: str, viewer_is_storyteller: bool) -> bool:
        return can_read(
            self.visibility, self.user_id or "", self.audience, viewer_id, viewer_is_storyteller
        )

    def message(self) -> dict[str, Any]:
        """The websocket/REST shape: {seq, type, campaign_id, at, data}."""
        return {
            "seq": self.seq,
            "type": self.type,
            "campaign_id": self.campaign_id,
            "at": rfc3339(self.at),
            "data": self.data,
        }

    def row(self, roll_seq: int | None = None) -> dict[str, Any]:
        """The event as the events table stores it; with ``roll_seq``, compact: its data and
        link are the current state of the roll of that seq, which the roll's row holds."""
        whole = roll_seq is None
        return stored_row(
            campaign_id=self.campaign_id, seq=self.seq, type=self.type, at=self.at,
            visibility=self.visibility, user_id=self.user_id,
            data=self.data if whole else None, prev_hash=self.prev_hash if whole else None,
            hash=self.hash if whole else None, roll_seq=roll_seq, audience=self.audience,
        )  # fmt: skip


def stored_row(
    *,
    campaign_id: str,
    seq: int,
    type: str,
    at: datetime,
    visibility: str,
    user_id: str | None,
    data: dict[str, Any] | None,
    prev_hash: str | None,
    hash: str | None,
    roll_seq: int | None,
    audience: list[str] | None,
) -> dict[str, Any]:
    """An event's row in the events table (``EventOut.row``; the bulk generator calls it
    without building an ``EventOut``)."""
    return {
        "campaign_id": campaign_id,
        "seq": seq,
        "type": type,
        "at": at,
        "visibility": visibility,
        "user_id": user_id,
        "data": data,
        "prev_hash": prev_hash,
        "hash": hash,
        "roll_seq": roll_seq,
        "audience": audience,
    }


async def visible_after(
    db: Db,
    campaign_id: str,
    after: int,
    viewer_id: str,
    viewer_is_storyteller: bool,
    limit: int = 500,
) -> tuple[list[EventOut], int]:
    """Events after ``after`` that the viewer may see, and the last seq examined (so a
    reader never asks twice for events it was not allowed to see)."""
    events = await after_seq(db, campaign_id, after, limit)
    last = events[-1].seq if events else after
    return [e for e in events if e.visible_to(viewer_id, viewer_is_storyteller)], last


async def after_seq(db: Db, campaign_id: str, after: int, limit: int) -> list[EventOut]:
    """Up to ``limit`` committed events after seq ``after``, in seq order."""
    return [EventOut(*row) for row in await repo.after(db, campaign_id, after, limit)]

"""What an event looks like on the wire (websocket messages and GET /events)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field


class EventRead(BaseModel):
    seq: int
    type: str
    campaign_id: str
    at: datetime
    data: dict[str, Any]


class EventList(BaseModel):
    items: list[EventRead]
    next_after: int | None = Field(
        description="The last seq examined, to pass back as `after`; null at the end."
    )
    next_cursor: str | None = Field(
        description="The same position as an opaque `cursor`; null exactly when `next_after` is."
    )

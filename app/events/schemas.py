"""What an event looks like on the wire (websocket messages and GET /events)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel


class EventRead(BaseModel):
    seq: int
    type: str
    campaign_id: str
    at: datetime
    data: dict[str, Any]


class EventList(BaseModel):
    items: list[EventRead]
    next_after: int | None

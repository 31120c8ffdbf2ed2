"""What an event looks like on the wire (websocket messages and GET /events)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, Field

from app.core.openapi import one_of
from app.events.shapes import EVENT_TYPES, EVENTS, OtherEvent


class EventRead(BaseModel):
    seq: int
    type: str
    campaign_id: str
    at: datetime
    data: dict[str, Any]


# The document shows an event as the shape of its type (app/events/shapes.py).
Event = Annotated[
    EventRead,
    one_of(
        *EVENTS,
        OtherEvent,
        description="One event; its `type` says the shape of its `data`. Ignore a type you"
        " do not know.",
        discriminator=("type", EVENT_TYPES),
    ),
]


class EventList(BaseModel):
    items: list[Event]
    next_after: int | None = Field(
        description="The last seq examined, to pass back as `after`; null at the end."
    )
    next_cursor: str | None = Field(
        description="The same position as an opaque `cursor`; null exactly when `next_after` is."
    )

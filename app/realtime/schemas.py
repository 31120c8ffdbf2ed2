"""Answers of the realtime endpoints, and the messages of the websocket that are not events
(docs/asyncapi.yaml)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from app.core.openapi import Shape


class TicketRead(BaseModel):
    ticket: str
    expires_at: datetime


class PresenceChange(Shape):
    user_id: str
    online: bool = Field(
        description="True: the member's first socket opened; false: the last closed."
    )


class PresenceMessage(Shape):
    """A member came online or went offline; right after connecting, one `online: true` for
    each member already at the table. No `seq`: never replayed."""

    type: Literal["presence"]
    campaign_id: str
    at: datetime
    data: PresenceChange


class Pong(Shape):
    """The answer to a ping: everything queued before it was sent."""

    type: Literal["pong"]


class Ping(Shape):
    """The one message a client may send (4 KiB at most; anything else is ignored)."""

    type: Literal["ping"]

"""Answers of the realtime endpoints."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel


class TicketRead(BaseModel):
    ticket: str
    expires_at: datetime

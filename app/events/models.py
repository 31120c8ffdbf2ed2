"""Events: every state change of a campaign, as an append-only fact with a gap-free seq.

An event row is written in the same transaction as the change it records, so the events
table is the record a reconnecting client resumes from; pub/sub only wakes sockets up.
Roll events also carry the roll's link in the campaign's hash chain (prev_hash, hash).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime


class Event(Base):
    __tablename__ = "events"

    campaign_id: Mapped[str] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    type: Mapped[str] = mapped_column(String(40))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    # Who may receive it: the rule of app/rolls/visibility.py, with user_id as the roller.
    visibility: Mapped[str] = mapped_column(String(12), default="public")
    user_id: Mapped[str | None] = mapped_column(String(26), nullable=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    prev_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    hash: Mapped[str | None] = mapped_column(String(64), nullable=True)

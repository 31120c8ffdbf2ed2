"""Grants as stored: one row per reroll a storyteller granted a character ahead of a roll."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow
from app.core.ids import new_id


class Grant(Base):
    """``open`` until a roll cites it, then ``used`` by that roll (``roll_id``)."""

    __tablename__ = "grants"
    __table_args__ = (
        # The open grants of one character, read by every roll that cites one.
        Index("ix_grants_campaign_character_status", "campaign_id", "character_id", "status"),
    )

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"))
    # No foreign key, as for rolls: a grant outlives nothing, but its history stays readable.
    character_id: Mapped[str] = mapped_column(String(26))
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    status: Mapped[str] = mapped_column(String(8), default="open")
    granted_by: Mapped[str] = mapped_column(String(26))
    roll_id: Mapped[str | None] = mapped_column(String(26), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)

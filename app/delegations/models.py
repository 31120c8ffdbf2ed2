"""Delegations as stored: who lets which bot act for which of their characters, and when
that ended.

A delegation is a row of ``delegations`` (the delegating player, the bot, the scopes, and
``revoked_at``/``revoked_by`` once it ends: the row stays, so a bot whose delegation ended
is told why it is refused); its characters are rows of ``delegation_characters``, deleted
with their character, so a deleted character leaves every delegation at once.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow
from app.core.ids import new_id


class Delegation(Base):
    __tablename__ = "delegations"
    __table_args__ = (
        # What a bot's request looks up: its delegations in one campaign.
        Index("ix_delegations_campaign_bot", "campaign_id", "bot_user_id"),
    )

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"))
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    bot_user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    scopes: Mapped[list[str]] = mapped_column(JSON)  # among "read", "roll"
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    revoked_by: Mapped[str | None] = mapped_column(String(26), nullable=True)


class DelegationCharacter(Base):
    """One character a delegation covers, while its delegating player owns it."""

    __tablename__ = "delegation_characters"

    delegation_id: Mapped[str] = mapped_column(
        ForeignKey("delegations.id", ondelete="CASCADE"), primary_key=True
    )
    character_id: Mapped[str] = mapped_column(
        ForeignKey("characters.id", ondelete="CASCADE"), primary_key=True, index=True
    )

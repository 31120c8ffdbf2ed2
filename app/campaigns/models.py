"""Campaigns, who sits at them, and the invites that let people in."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow
from app.core.ids import new_id


class Campaign(Base):
    __tablename__ = "campaigns"

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    name: Mapped[str] = mapped_column(String(120))
    ruleset: Mapped[str] = mapped_column(String(10))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # The per-campaign sequence: every roll (and later every event) takes the next value
    # under this row's lock, which is what makes ``seq`` gap-free under concurrent writers.
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    # Fairness: the current committed seed, the next draw's nonce, the chain's last link.
    seed_number: Mapped[int] = mapped_column(Integer, default=1)
    client_seed: Mapped[str] = mapped_column(String(64), default="")
    next_nonce: Mapped[int] = mapped_column(Integer, default=0)
    last_hash: Mapped[str] = mapped_column(String(64), default="0" * 64)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Membership(Base):
    __tablename__ = "memberships"

    campaign_id: Mapped[str] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[str] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    role: Mapped[str] = mapped_column(String(12))
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Invite(Base):
    """An expiring code that admits anyone holding it with one role; stored hashed."""

    __tablename__ = "invites"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    campaign_id: Mapped[str] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), index=True
    )
    role: Mapped[str] = mapped_column(String(12))
    created_by: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

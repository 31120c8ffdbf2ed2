"""Roll requests as stored: the request (what the roll will be, who asked, until when) and
one row per addressed character (its state, and the roll that answered it).

The request's terms are columns of their own or one small JSON ``terms`` (difficulty,
advantage, disadvantage, condition), read back as the request's link of the hash chain
(``app.roll_requests.records``): the stored row is what answers are rolled from, so the
audit compares it with its latest link. ``status`` is the stored one; an ``open`` request
past ``expires_at`` reads as ``expired`` until the sweep writes it so.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, text
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow
from app.core.ids import new_id

_OPEN_WITH_DEADLINE = text("status = 'open' AND expires_at IS NOT NULL")


class RollRequest(Base):
    __tablename__ = "roll_requests"
    __table_args__ = (
        Index("ix_roll_requests_campaign_id_id", "campaign_id", "id"),
        # What the expiry sweep looks for: the open requests that have a deadline.
        Index(
            "ix_roll_requests_due",
            "expires_at",
            sqlite_where=_OPEN_WITH_DEADLINE,
            postgresql_where=_OPEN_WITH_DEADLINE,
        ),
    )

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)  # the seq of its roll_request.created link
    ruleset: Mapped[str] = mapped_column(String(10))
    kind: Mapped[str] = mapped_column(String(10))  # the roll it asks for: test or save
    trait: Mapped[str] = mapped_column(String(40))
    # {difficulty, advantage, disadvantage, condition}: null where the request leaves it.
    terms: Mapped[dict[str, Any]] = mapped_column(JSON)
    visibility: Mapped[str] = mapped_column(String(12))
    note: Mapped[str | None] = mapped_column(String(500), nullable=True)
    status: Mapped[str] = mapped_column(String(10))  # open, answered, expired, cancelled
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    created_by: Mapped[str] = mapped_column(String(26))
    cancelled_by: Mapped[str | None] = mapped_column(String(26), nullable=True)
    cancelled_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # The request's latest link of the campaign's hash chain (its creation, or its cancel).
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class RollRequestTarget(Base):
    """One addressed character. No foreign key to the character: the request is history,
    and a deleted character's entry stays (it cannot be answered any more)."""

    __tablename__ = "roll_request_targets"

    request_id: Mapped[str] = mapped_column(
        ForeignKey("roll_requests.id", ondelete="CASCADE"), primary_key=True
    )
    character_id: Mapped[str] = mapped_column(String(26), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)  # its place in the request's character_ids
    status: Mapped[str] = mapped_column(String(10))  # waiting, rolled, expired, cancelled
    roll_id: Mapped[str | None] = mapped_column(String(26), nullable=True)
    at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)

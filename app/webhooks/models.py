"""Webhook targets and their delivery log.

There is no outbox of its own: the events table is it (every change is an event with a
per-campaign ``seq``, written in the change's own transaction). A target keeps how far it
got — ``delivered_seq``, the last event delivered to it or passed over (another type, a
hidden event it may not carry) — and the state of its retries; whichever instance holds
the target's lease (``lease_owner`` until ``lease_until``) is the only one delivering it
(app/webhooks/delivery.py). ``secret`` is the Standard Webhooks signing secret
(``whsec_…``): kept as is, since the server signs with it; shown once, at creation.

Each attempt at a delivery is a row of ``webhook_deliveries`` (kept
``VTT_WEBHOOK_LOG_SECONDS``), listed newest first by its time-ordered id.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow
from app.core.ids import new_id


class Webhook(Base):
    __tablename__ = "webhooks"

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    campaign_id: Mapped[str] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), index=True
    )
    # The storyteller who made it: a target with ``include_hidden`` is theirs alone and
    # carries what they may read.
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    url: Mapped[str] = mapped_column(String(2048))
    format: Mapped[str] = mapped_column(String(10))  # standard, discord
    events: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)  # NULL: every type
    include_hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    disabled_reason: Mapped[str | None] = mapped_column(String(20), nullable=True)
    secret: Mapped[str] = mapped_column(String(100))
    delivered_seq: Mapped[int] = mapped_column(Integer, default=0)
    # Failed attempts in a row at the event after delivered_seq, since when, and the next.
    failures: Mapped[int] = mapped_column(Integer, default=0)
    failing_since: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    next_attempt_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    lease_owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class WebhookDelivery(Base):
    """One attempt to deliver one event to one target."""

    __tablename__ = "webhook_deliveries"
    __table_args__ = (Index("ix_webhook_deliveries_webhook", "webhook_id", "id"),)

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    webhook_id: Mapped[str] = mapped_column(ForeignKey("webhooks.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(40))
    attempt: Mapped[int] = mapped_column(Integer)  # 1 for the first try of this event
    outcome: Mapped[str] = mapped_column(String(12))  # delivered, rejected, unreachable, refused
    status_code: Mapped[int | None] = mapped_column(Integer, nullable=True)
    error: Mapped[str | None] = mapped_column(String(300), nullable=True)
    duration_ms: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)

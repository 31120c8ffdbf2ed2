"""Websocket tickets: single-use, short-lived credentials for browsers, which cannot set
an ``Authorization`` header on a websocket. Stored in the database (hashed), not in an
instance's memory, so a ticket issued by one instance is accepted by any other behind the
load balancer, and consumed at most once across all of them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime


class WsTicket(Base):
    __tablename__ = "ws_tickets"

    hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    campaign_id: Mapped[str] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), index=True
    )
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    used: Mapped[bool] = mapped_column(Boolean, default=False)
    # The bearer secret the ticket was issued with (its keyed hash): the socket opened
    # with the ticket lives only as long as that credential (NULL: issued before 0004).
    credential_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)

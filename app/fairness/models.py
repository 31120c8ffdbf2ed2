"""Committed server seeds: one current per campaign, the past ones revealed."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow


class CampaignSeed(Base):
    """A server seed and its commitment (SHA-256 of the seed's 32 bytes, in hex).

    The seed is secret while it is current (``revealed_at`` is null) and published once the
    campaign rotates to a new one; ``first_nonce``..``end_nonce`` (exclusive) are the draws
    it served.

    ``links_from`` is the first seq of the chain links this seed salts (chain v2): it salts
    every link from there until the next seed's ``links_from``. It is null for a seed made
    before chain v2 (its links are v1 and unsalted)."""

    __tablename__ = "campaign_seeds"

    campaign_id: Mapped[str] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    server_seed: Mapped[bytes] = mapped_column(LargeBinary(32))
    commitment: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(64))
    first_nonce: Mapped[int] = mapped_column(Integer)
    end_nonce: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    revealed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    links_from: Mapped[int | None] = mapped_column(Integer, nullable=True)

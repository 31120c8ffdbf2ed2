"""Rolls as stored: the whole answer, plus the engine state a pending roll resumes from."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow
from app.core.ids import new_id


class Roll(Base):
    __tablename__ = "rolls"
    __table_args__ = (
        UniqueConstraint("campaign_id", "seq"),
        # A character's rolls: the rolls made without one (formulas, often) stay out of it.
        Index(
            "ix_rolls_campaign_character_seq",
            "campaign_id",
            "character_id",
            "seq",
            sqlite_where=text("character_id IS NOT NULL"),
            postgresql_where=text("character_id IS NOT NULL"),
        ),
        # The log's filters (GET /campaigns/{cid}/rolls?user_id=&kind=&since=&until=).
        Index("ix_rolls_campaign_user_seq", "campaign_id", "user_id", "seq"),
        Index("ix_rolls_campaign_kind_seq", "campaign_id", "kind", "seq"),
        Index("ix_rolls_campaign_created", "campaign_id", "created_at"),
        # The pending rolls alone (few at any time): the overview and ?status=pending.
        Index(
            "ix_rolls_pending",
            "campaign_id",
            "seq",
            sqlite_where=text("status = 'pending'"),
            postgresql_where=text("status = 'pending'"),
        ),
        # The hidden rolls alone, where held sheet effects are looked up on every
        # character read (app/characters/held.py): a read never walks the public log.
        Index(
            "ix_rolls_hidden",
            "campaign_id",
            "character_id",
            "seq",
            sqlite_where=text("visibility <> 'public'"),
            postgresql_where=text("visibility <> 'public'"),
        ),
    )

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    ruleset: Mapped[str] = mapped_column(String(10))
    kind: Mapped[str] = mapped_column(String(10))
    character_id: Mapped[str | None] = mapped_column(String(26), nullable=True)
    user_id: Mapped[str] = mapped_column(String(26))
    visibility: Mapped[str] = mapped_column(String(12))
    note: Mapped[str | None] = mapped_column(String(500), nullable=True)
    status: Mapped[str] = mapped_column(String(8))
    dice: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    odds: Mapped[dict[str, Any]] = mapped_column(JSON)
    # What the engine needs to continue a pending roll (score, sources left…).
    state: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # How every die was drawn: [{nonce, seed, commitment, client_seed, rolls}] per draw.
    proof: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    # The roll's latest link in the campaign's hash chain (app/rules/chain.py).
    prev_hash: Mapped[str] = mapped_column(String(64), default="0" * 64)
    hash: Mapped[str] = mapped_column(String(64), default="0" * 64)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # The bot that made the roll for ``user_id``, the character's player, through their
    # delegation (app/delegations); NULL for a roll its roller made themself.
    acted_by: Mapped[str | None] = mapped_column(String(26), nullable=True)

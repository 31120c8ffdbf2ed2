"""Events: every state change of a campaign, as an append-only fact with a gap-free seq.

An event row is written in the same transaction as the change it records, so the events
table is the record a reconnecting client resumes from; pub/sub only wakes sockets up.
Roll events also carry the roll's link in the campaign's hash chain (prev_hash, hash).

A roll event does not store a second copy of a body or a link its roll already holds:
while it is its roll's latest state, its ``data``, ``prev_hash`` and ``hash`` are NULL and
``roll_seq`` names the roll (by its seq), whose row holds that very body and link; readers
rebuild them (app/events/repository.py). When the roll gets a new state, the job that
writes it gives the event its body and link back.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, text
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime


class Event(Base):
    __tablename__ = "events"
    __table_args__ = (
        # The compact events alone (one per roll at most): where a roll's new state finds
        # the event of its previous one to fill in.
        Index(
            "ix_events_compact",
            "campaign_id",
            "roll_seq",
            sqlite_where=text("roll_seq IS NOT NULL"),
            postgresql_where=text("roll_seq IS NOT NULL"),
        ),
    )

    campaign_id: Mapped[str] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    type: Mapped[str] = mapped_column(String(40))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    # Who may receive it: the rule of app/rolls/visibility.py, with user_id as the roller.
    visibility: Mapped[str] = mapped_column(String(12), default="public")
    user_id: Mapped[str | None] = mapped_column(String(26), nullable=True)
    # A whisper's readers (its sender and recipients), with visibility whisper or sealed:
    # app/messages/visibility.py. NULL for every other event.
    audience: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    # NULL while the event is compact (see the module doc), as are its link's hashes.
    data: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    prev_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Set exactly while ``data`` is NULL: the seq of the roll whose row holds the data.
    roll_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)

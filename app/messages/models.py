"""Messages as stored: the table chat's words, public or whispered, beside the rolls.

A message row holds what its answer says (``recipients`` is the answer's ``to``) and who may
read it, decided when it was written: ``visibility`` is ``public`` (the whole table),
``whisper`` (its readers and the campaign's storytellers) or ``sealed`` (its readers only,
when ``storyteller_reads_whispers`` was off). A whisper's readers (its sender and its
recipients) are rows of ``message_readers``, so that every list filters in SQL.

A deleted message keeps its row as a tombstone: ``text`` is NULL, ``deleted_by`` and
``deleted_at`` say who and when. ``idempotency_key`` names the stored answer (if the post
had a key) that the deletion rewrites, so the text leaves that table too.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow
from app.core.ids import new_id


class Message(Base):
    __tablename__ = "messages"
    __table_args__ = (UniqueConstraint("campaign_id", "seq"),)

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)  # the seq of its message.created event
    user_id: Mapped[str] = mapped_column(String(26))
    character_id: Mapped[str | None] = mapped_column(String(26), nullable=True)
    in_character: Mapped[bool] = mapped_column(Boolean, default=False)
    # The answer's ``to``: NULL for the whole table, else the recipients in the sender's order.
    recipients: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    visibility: Mapped[str] = mapped_column(String(12))  # public, whisper, sealed
    text: Mapped[str | None] = mapped_column(String(2000), nullable=True)  # NULL once deleted
    idempotency_key: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    deleted_by: Mapped[str | None] = mapped_column(String(26), nullable=True)
    deleted_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class MessageReader(Base):
    """One reader of a whisper (its sender or a recipient); public messages have none."""

    __tablename__ = "message_readers"

    message_id: Mapped[str] = mapped_column(
        ForeignKey("messages.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[str] = mapped_column(String(26), primary_key=True)

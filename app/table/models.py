"""Contests, group actions and long tasks as stored.

Each row keeps the state of its engine value (``app.rules.threed6_flow``) in one JSON
``data`` column: the service rebuilds the immutable value, applies one step and writes it
back, so the stored shape is the answer's shape. ``status`` is a column of its own where a
flow has one, so a list can be filtered by it without reading the JSON.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime, utcnow
from app.core.ids import new_id


class _FlowRecord:
    """The columns every table-flow record shares; its state lives in ``data``."""

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"))
    status: Mapped[str] = mapped_column(String(10))
    created_by: Mapped[str] = mapped_column(String(26))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Contest(_FlowRecord, Base):
    """An opposed action between two characters, played to 1..3 won rounds."""

    __tablename__ = "contests"
    __table_args__ = (Index("ix_contests_campaign_id_id", "campaign_id", "id"),)

    # {a, b, rounds_to_win, rounds: [{…, roll_a, roll_b}], winner, wins_a, wins_b}
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class GroupRoll(_FlowRecord, Base):
    """A group action: one test per member against one difficulty, rolled at once."""

    __tablename__ = "group_rolls"
    __table_args__ = (Index("ix_group_rolls_campaign_id_id", "campaign_id", "id"),)

    # status is "succeeded" or "failed": a group action is final
    # {quality, difficulty, members: [{character_id, roll_id, successes, success}], …}
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class Task(_FlowRecord, Base):
    """A long task pooling the successes of its participants' rolls against a target."""

    __tablename__ = "tasks"
    __table_args__ = (Index("ix_tasks_campaign_id_id", "campaign_id", "id"),)

    # {name, quality, participants, engine state, rolled_this_period, rolls: […]}
    data: Mapped[dict[str, Any]] = mapped_column(JSON)

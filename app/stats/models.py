"""Luck statistics, tallied as rolls become final: one row per (campaign, roller,
character, visibility, hour), another per minute, and one per face drawn in each, so that
``GET /campaigns/{cid}/stats`` sums a few rows instead of walking the log
(app/stats/service.py): the hours of a window from the hour rows, its edges from the
minute rows. ``span`` is the row's length in minutes (60 or 1), ``starts_at`` its start.
The hour rows are kept for the campaign's life, the minute rows for
``VTT_STATS_MINUTE_TALLY_DAYS`` (7): app/stats/retention.py.

The visibility and the roller are kept as the rolls table keeps them, so the visibility
rule of app/rolls/visibility.py applies to a tally row with the very SQL condition the log
uses (``app.rolls.repository.seen_by``). ``character_key`` is the roll's character, or ``''``
for a roll without one (a key column cannot be NULL).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Index, Integer, String, text
from sqlalchemy.orm import Mapped, mapped_column

from app.core.db import Base, UTCDateTime

# The minute rows by age, for their purge (app/stats/retention.py): the hour rows, kept
# for the campaign's life, stay out of it.
MINUTES = text("span = 1")


class RollTally(Base):
    __tablename__ = "roll_tallies"
    __table_args__ = (
        Index(
            "ix_roll_tallies_minutes", "starts_at", sqlite_where=MINUTES, postgresql_where=MINUTES
        ),
    )

    campaign_id: Mapped[str] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[str] = mapped_column(String(26), primary_key=True)
    character_key: Mapped[str] = mapped_column(String(26), primary_key=True)
    visibility: Mapped[str] = mapped_column(String(12), primary_key=True)
    span: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    starts_at: Mapped[datetime] = mapped_column(UTCDateTime(), primary_key=True)
    # Every final roll counted; of them, the tests and saves (successes) and the rolls
    # whose total has a known distribution (formulas, damage).
    rolls: Mapped[int] = mapped_column(Integer, default=0)
    tests: Mapped[int] = mapped_column(Integer, default=0)
    observed: Mapped[float] = mapped_column(Float, default=0.0)
    expected: Mapped[float] = mapped_column(Float, default=0.0)
    variance: Mapped[float] = mapped_column(Float, default=0.0)
    totals: Mapped[int] = mapped_column(Integer, default=0)
    total_observed: Mapped[float] = mapped_column(Float, default=0.0)
    total_expected: Mapped[float] = mapped_column(Float, default=0.0)
    total_variance: Mapped[float] = mapped_column(Float, default=0.0)


class FaceTally(Base):
    __tablename__ = "face_tallies"
    __table_args__ = (
        Index(
            "ix_face_tallies_minutes", "starts_at", sqlite_where=MINUTES, postgresql_where=MINUTES
        ),
    )

    campaign_id: Mapped[str] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[str] = mapped_column(String(26), primary_key=True)
    character_key: Mapped[str] = mapped_column(String(26), primary_key=True)
    visibility: Mapped[str] = mapped_column(String(12), primary_key=True)
    span: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    starts_at: Mapped[datetime] = mapped_column(UTCDateTime(), primary_key=True)
    sides: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    face: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    n: Mapped[int] = mapped_column(Integer, default=0)


class MinuteTallyFloor(Base):
    """One row (``id`` 1) once a purge has run: minute rows starting before ``floor`` may be
    gone. Reads trust the minute rows from the later of this and the retention's cutoff, so
    raising ``VTT_STATS_MINUTE_TALLY_DAYS`` never makes them count on rows already purged."""

    __tablename__ = "minute_tally_floor"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    floor: Mapped[datetime] = mapped_column(UTCDateTime())

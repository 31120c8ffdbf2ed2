"""How long the luck tallies' minute rows are kept, and their purge.

A final roll counts in an hour row and a minute row (app/stats/tally.py). The hour rows
are few (one per roller, character, visibility and hour, and one per face drawn in it)
and kept for the campaign's life; the minute rows are nearly one set per roll once rolls
fall in minutes of their own, as a campaign played over years does, and would store about
1 KB more a roll than the roll itself. They serve one purpose, the exact edges of a recent
window, so they are kept ``VTT_STATS_MINUTE_TALLY_DAYS`` (7) and then purged in the
background, oldest first, in small writer jobs, like the idempotency records.

A window whose edge is older than that reads the edge's part of an hour from the rolls
themselves (app/stats/service.py), so the answer stays exact: only its cost changes, at
most an hour of rolls a cut edge instead of a minute. Reads take the minute rows only from
``horizon(db)``: an hour after the later of the retention's ``cutoff()`` and the floor a
purge leaves in the database (``minute_tally_floor``, raised before it deletes). The hour
covers a purge running meanwhile, or on an instance whose clock runs a little ahead; the
floor covers a retention made longer after a purge (or longer on this instance than on
another), when the cutoff alone would trust minute rows already gone."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import cast

from sqlalchemy import Table

from app.core import periodic
from app.core.database import Db
from app.core.writer import Job, Writer
from app.stats.models import FaceTally, RollTally

log = logging.getLogger("fairtable.stats")
DEFAULT_DAYS = 7.0
PURGE_SECONDS = 600.0  # a round every ten minutes
PURGE_BATCH = 500  # rows a writer job
_MARGIN = timedelta(hours=1)


class MinuteRetention(periodic.Retention):
    """How long minute rows are kept (``VTT_STATS_MINUTE_TALLY_DAYS``)."""

    keep = timedelta(days=DEFAULT_DAYS)


def configure(days: float, clock: Callable[[], datetime] | None = None) -> None:
    MinuteRetention.configure(timedelta(days=days), clock)


_FLOOR = "SELECT floor FROM minute_tally_floor WHERE id = 1"
_RAISE = (
    "INSERT INTO minute_tally_floor (id, floor) VALUES (1, ?) ON CONFLICT (id) DO UPDATE"
    " SET floor = excluded.floor WHERE excluded.floor > minute_tally_floor.floor"
)


async def horizon(db: Db) -> datetime:
    """Minute rows starting at or after this are all there for a read to sum."""
    cutoff = MinuteRetention.cutoff()
    row = await db.fetchone(_FLOOR)
    floor: datetime | None = None if row is None else row[0]
    return (cutoff if floor is None else max(cutoff, floor)) + _MARGIN


def _purge_sql(table: str, key: list[str]) -> str:
    columns = ", ".join(key)
    return (
        f"DELETE FROM {table} WHERE ({columns}) IN (SELECT {columns} FROM {table}"  # noqa: S608
        " WHERE span = 1 AND starts_at < ? ORDER BY starts_at LIMIT ?) RETURNING span"
    )  # ``span = 1`` as a literal: the partial index's own condition


_PURGES = tuple(
    _purge_sql(table.name, [column.name for column in table.primary_key.columns])
    for table in (cast(Table, RollTally.__table__), cast(Table, FaceTally.__table__))
)


async def raise_floor_in(db: Db) -> datetime:
    """Record that minute rows before the retention's cutoff may go, and answer the
    cutoff: a purge's first step, and a bulk write's (the generator, an import), which
    then leaves those rows out. In a transaction of its own, committed before any row
    goes or is left out (a long import holding the one row would stall the others)."""
    cutoff = MinuteRetention.cutoff()
    await db.execute(_RAISE, cutoff)
    return cutoff


async def raise_floor(writer: Writer) -> datetime:
    """``raise_floor_in`` as a writer job of its own."""

    async def job(job: Job) -> datetime:
        return await raise_floor_in(job.db)

    return await writer.run(job)


async def purge_old_minutes(writer: Writer, batch: int = PURGE_BATCH) -> int:
    """Delete every minute row older than the retention, ``batch`` at a time (one short
    writer job each, the event loop free in between); answer how many went."""
    cutoff = await raise_floor(writer)  # committed before any row goes
    total = 0
    for sql in _PURGES:
        while True:

            async def job(job: Job, sql: str = sql, cutoff: datetime = cutoff) -> int:
                return len(await job.db.fetchall(sql, cutoff, batch))

            deleted = await writer.run(job)
            total += deleted
            if not deleted:  # (a short batch may be another instance's purge taking rows)
                break
            await asyncio.sleep(0)
    return total


def start_purger(
    writer: Writer, every_seconds: float = PURGE_SECONDS, batch: int = PURGE_BATCH
) -> asyncio.Task[None]:
    return periodic.start(
        "fairtable-minute-tally-purge",
        lambda: purge_old_minutes(writer, batch),
        every_seconds,
        log,
        "purged minute tally rows past their retention",
    )


stop_purger = periodic.stop

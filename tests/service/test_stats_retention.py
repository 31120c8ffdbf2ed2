"""The luck tallies' minute rows are kept ``VTT_STATS_MINUTE_TALLY_DAYS`` (7) and then
purged in the background; the hour rows stay, and a window whose edges are older than the
minute rows answers exactly as before, its edges read from the rolls (docs/operations.md).
The clock is injected."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from app.stats import repository as stats_repository
from app.stats import retention
from tests.roll_requests.conftest import Table, TableOf, table_of
from tests.service.table import db_run
from tests.service.test_retention import Clock
from tests.service.test_stats import check_windows, session

__all__ = ["table_of"]

DAYS = timedelta(days=retention.DEFAULT_DAYS)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(retention.MinuteRetention, "clock", staticmethod(fake))
    return fake


async def _rows(t: Table, span: int) -> tuple[int, int]:
    """How many of the campaign's roll and face tally rows are of ``span``."""
    counts = []
    for table in ("roll_tallies", "face_tallies"):
        sql = f"SELECT COUNT(*) FROM {table} WHERE campaign_id = ? AND span = ?"  # noqa: S608
        counts.append(int((await db_run(t.app, sql, t.cid, span))[0][0]))
    return counts[0], counts[1]


async def test_minute_rows_within_the_retention_are_kept(table_of: TableOf, clock: Clock) -> None:
    t = await table_of("3d6")
    await session(t)
    minutes = await _rows(t, 1)
    assert all(minutes), "a final roll counts in a minute row and its faces"
    clock.offset = DAYS - timedelta(minutes=5)
    await retention.purge_old_minutes(t.app.state.writer)  # (other tests' may go)
    assert await _rows(t, 1) == minutes


async def test_old_minute_rows_go_and_every_window_stays_exact(
    table_of: TableOf, clock: Clock
) -> None:
    t = await table_of("3d6")
    made = await session(t)
    minutes, hours = await _rows(t, 1), await _rows(t, 60)
    clock.offset = DAYS + timedelta(hours=2)
    # Two a job; another app's background purge (the clock is every app's) may take some.
    await retention.purge_old_minutes(t.app.state.writer, batch=2)
    assert all(minutes)
    assert await _rows(t, 1) == (0, 0)
    assert await _rows(t, 60) == hours, "the hour rows stay"
    await check_windows(t, made)


async def test_an_old_edge_is_read_from_the_log_in_pages(
    table_of: TableOf, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An old edge may be an hour of a busy table: it is read a page at a time (here two
    rolls a page), the loop given back between pages, with the same answers."""
    monkeypatch.setattr(stats_repository, "EDGE_PAGE", 2)
    t = await table_of("3d6")
    made = await session(t)
    clock.offset = DAYS + timedelta(hours=2)
    await retention.purge_old_minutes(t.app.state.writer)
    await check_windows(t, made)


async def test_a_longer_retention_after_a_purge_never_counts_on_rows_it_took(
    table_of: TableOf, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The purge leaves its floor in the database: with the setting raised to 30 days
    afterwards, the purged minutes are still read from the rolls."""
    t = await table_of("3d6")
    made = await session(t)
    clock.offset = DAYS + timedelta(hours=2)
    await retention.purge_old_minutes(t.app.state.writer)
    assert await _rows(t, 1) == (0, 0)
    monkeypatch.setattr(retention.MinuteRetention, "keep", timedelta(days=30))
    await check_windows(t, made)


async def test_an_edge_past_the_horizon_is_read_from_the_rolls_before_any_purge(
    table_of: TableOf, clock: Clock
) -> None:
    """Between the purge's cutoff and the horizon reads keep to (an hour later), a read
    does not count on minute rows a purge may be taking: here they are all still there,
    and the answers are the same."""
    t = await table_of("3d6")
    made = await session(t)
    clock.offset = DAYS - timedelta(minutes=30)
    await check_windows(t, made)
    assert all(await _rows(t, 1))


async def test_the_background_purge_takes_them(table_of: TableOf, clock: Clock) -> None:
    t = await table_of("3d6")
    await session(t)
    clock.offset = DAYS + timedelta(hours=2)
    task = retention.start_purger(t.app.state.writer, every_seconds=0.01, batch=100)
    try:
        for _ in range(500):
            if await _rows(t, 1) == (0, 0):
                break
            await asyncio.sleep(0.01)
        assert await _rows(t, 1) == (0, 0)
    finally:
        await retention.stop_purger(task)

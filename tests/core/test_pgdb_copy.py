"""``PgDb.copy``, the bulk writes' binary ``COPY`` on PostgreSQL: every row in order, the
event loop turning as the driver encodes them, and no round trip for no rows."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest
from asyncpg.connection import Connection
from sqlalchemy import make_url

from app.core import pgdb
from app.core.pgdb import PgDb
from tests.conftest import PG_ENV
from tests.core.loop_turns import LoopTurns, watch_copies


@pytest.fixture
async def conn() -> AsyncIterator[Any]:
    server = os.environ.get(PG_ENV)
    if not server:
        pytest.skip(f"needs PostgreSQL: set {PG_ENV} (as .ci/run does)")
    url = make_url(server).set(drivername="postgresql").render_as_string(hide_password=False)
    connection = await asyncpg.connect(url)
    try:  # a temporary table: gone with the connection
        await connection.execute("CREATE TEMPORARY TABLE copied (n integer, word text)")
        yield connection
    finally:
        await connection.close()


async def test_a_copy_writes_every_row_in_order_across_its_slices(
    conn: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pgdb, "COPY_PACE", 7)
    rows = [(n, f"w{n}") for n in range(50)]  # slices of 7: the last one short
    await PgDb(conn).copy("copied", ("n", "word"), rows)
    assert [tuple(r) for r in await conn.fetch("SELECT n, word FROM copied")] == rows


async def test_a_copy_lets_the_loop_turn_between_its_slices(
    conn: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pgdb, "COPY_PACE", 10)
    async with LoopTurns() as turns:
        copies = watch_copies(monkeypatch, turns)
        await PgDb(conn).copy("copied", ("n", "word"), [(n, "w") for n in range(30)])
    taken = copies[0].rows  # the loop's turns when the driver took each row
    assert len(set(taken[:10])) == 1  # a slice is encoded at once
    assert taken[0] < taken[10] < taken[20]  # the loop turned between slices


async def test_a_copy_of_no_rows_sends_nothing(conn: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[str] = []

    async def watched(self: Connection, name: str, **options: Any) -> None:
        sent.append(name)

    monkeypatch.setattr(Connection, "copy_records_to_table", watched)
    await PgDb(conn).copy("copied", ("n", "word"), [])
    assert sent == []

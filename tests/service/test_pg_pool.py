"""PostgreSQL's connections: a fixed set lent one at a time, a connection lost or cut off
mid-statement replaced rather than lent again (app/core/pgpool.py), and what a client sees
when the database drops them: 503, never 500."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest
import pytest_asyncio

from app.core.database import asyncpg_dsn
from app.core.pgpool import ConnectionPool, connection_lost
from tests.conftest import Scripted
from tests.service.table import SHEET_3D6, campaign, character, register


async def _no_setup(conn: Any) -> None:
    return None


@pytest_asyncio.fixture
async def pool(settings: Any) -> AsyncIterator[ConnectionPool]:
    if settings.is_sqlite:
        pytest.skip("the connection pool is PostgreSQL's: SQLite has one writer connection")
    lent = ConnectionPool(asyncpg_dsn(settings.database_url), 2, _no_setup, timeout=60)
    await lent.start()
    try:
        yield lent
    finally:
        await lent.close()


async def _backend(pool: ConnectionPool) -> int:
    async with pool.acquire() as conn:
        return int(await conn.fetchval("SELECT pg_backend_pid()"))


async def test_a_third_borrower_waits_for_one_of_two_connections(pool: ConnectionPool) -> None:
    async with pool.acquire() as first, pool.acquire() as second:
        assert pool.in_use() == 2
        third = asyncio.ensure_future(_backend(pool))
        await asyncio.sleep(0.05)
        assert not third.done()
        pids = {await first.fetchval("SELECT pg_backend_pid()")}
        pids.add(await second.fetchval("SELECT pg_backend_pid()"))
    assert await third in pids  # handed one of the two as they came back
    assert pool.in_use() == 0


async def test_a_connection_the_server_closed_is_replaced_on_its_next_loan(
    pool: ConnectionPool, settings: Any
) -> None:
    async with pool.acquire() as a, pool.acquire() as b:
        pids = [await c.fetchval("SELECT pg_backend_pid()") for c in (a, b)]
    admin = await asyncpg.connect(asyncpg_dsn(settings.database_url))
    try:
        await admin.execute("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) pid", pids)
    finally:
        await admin.close()
    async with pool.acquire() as conn:
        try:  # a loss not yet seen shows on the first statement
            await conn.fetchval("SELECT 1")
        except Exception as exc:
            assert connection_lost(exc), exc
    assert await _backend(pool) not in pids
    assert await _backend(pool) not in pids


async def test_a_statement_cut_off_by_a_cancellation_leaves_no_busy_connection(
    pool: ConnectionPool,
) -> None:
    async def sleeper() -> None:
        async with pool.acquire() as conn:
            await conn.execute("SELECT pg_sleep(10)")

    for _ in range(2):  # both connections
        task = asyncio.ensure_future(sleeper())
        await asyncio.sleep(0.1)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    for _ in range(3):
        async with pool.acquire() as conn:
            assert await asyncio.wait_for(conn.fetchval("SELECT 7"), 5) == 7


async def test_a_transaction_left_open_by_an_error_is_rolled_back_on_return(
    pool: ConnectionPool,
) -> None:
    with pytest.raises(ZeroDivisionError):
        async with pool.acquire() as conn:
            await conn.execute("BEGIN")
            await conn.execute("SET LOCAL statement_timeout = 1234")
            raise ZeroDivisionError
    for _ in range(2):
        async with pool.acquire() as conn:
            assert not conn.is_in_transaction()
            assert await conn.fetchval("SHOW statement_timeout") != "1234ms"


async def test_a_borrower_cancelled_while_waiting_takes_no_connection(
    pool: ConnectionPool,
) -> None:
    async with pool.acquire(), pool.acquire():
        waiting = asyncio.ensure_future(_backend(pool))
        await asyncio.sleep(0.05)
        waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert pool.in_use() == 0
    async with pool.acquire(), pool.acquire():
        assert pool.in_use() == 2


async def test_a_closed_pool_refuses_loans_and_those_who_wait(settings: Any) -> None:
    if settings.is_sqlite:
        pytest.skip("the connection pool is PostgreSQL's: SQLite has one writer connection")
    lent = ConnectionPool(asyncpg_dsn(settings.database_url), 1, _no_setup, timeout=60)
    with pytest.raises(asyncpg.InterfaceError):  # not started yet
        await _backend(lent)
    await lent.start()
    closing: asyncio.Future[None] | None = None
    async with lent.acquire() as conn:
        waiting = asyncio.ensure_future(_backend(lent))
        await asyncio.sleep(0.05)
        closing = asyncio.ensure_future(lent.close())
        with pytest.raises(asyncpg.InterfaceError):
            await waiting
        await asyncio.sleep(0.1)
        assert not closing.done()  # it waits for the connection lent…
        assert await conn.fetchval("SELECT 1") == 1  # …which finishes its work
    await closing
    assert conn.is_closed()
    with pytest.raises(asyncpg.InterfaceError):
        await _backend(lent)


async def test_a_request_whose_connection_the_database_dropped_answers_503_and_its_retry_201(
    scripted: Scripted, settings: Any
) -> None:
    """The server ends the app's connections (a restart, a failover) while a roll holds
    one, waiting for its campaign's turn: that roll answers 503 with Retry-After, never
    500; sent again with its Idempotency-Key it is made, once, on a new connection."""
    if settings.is_sqlite:
        pytest.skip("SQLite has no server to drop the connection")
    client, database = scripted.http, scripted.app.state.database  # an app of its own
    st = await register(client, "dropped")
    cid = (await campaign(client, st, "3d6"))["id"]
    kitten = (await character(client, st, cid, SHEET_3D6))["id"]
    body = {"kind": "test", "character_id": kitten, "trait": "strong"}
    path, headers = f"/campaigns/{cid}/rolls", {**st.auth, "Idempotency-Key": "drop-1"}
    await database._locks.acquire(cid)  # the roll waits with its connection lent
    rolling = asyncio.ensure_future(client.post(path, json=body, headers=headers))
    for _ in range(500):
        if database._locks.waited_for(cid):
            break
        await asyncio.sleep(0.01)
    else:
        pytest.fail("the roll never queued for its campaign")
    pids = [c.get_server_pid() for c in database._pool._all]
    admin = await asyncpg.connect(asyncpg_dsn(settings.database_url))
    try:
        await admin.execute("SELECT pg_terminate_backend(p) FROM unnest($1::int[]) p", pids)
        gone = "SELECT count(*) = 0 FROM pg_stat_activity WHERE pid = ANY($1::int[])"
        for _ in range(500):  # until the backends have exited
            if await admin.fetchval(gone, pids):
                break
            await asyncio.sleep(0.01)
        else:
            pytest.fail("the terminated backends did not exit")
    finally:
        await admin.close()
    database._locks.release(cid)
    dropped = await rolling
    assert dropped.status_code == 503, dropped.text
    assert dropped.headers["retry-after"] == "1"
    assert dropped.json()["title"] == "Unavailable"
    again = await client.post(path, json=body, headers=headers)
    assert again.status_code == 201, again.text
    assert (await client.post(path, json=body, headers=headers)).json() == again.json()
    log = await client.get(f"/campaigns/{cid}/rolls", headers=st.auth)
    assert [r["id"] for r in log.json()["items"]] == [again.json()["id"]]

"""A transaction that changed many rows (an import) ends in a worker thread: its commit
or rollback takes about a millisecond a thousand rows, which every other request would
wait on if the event loop ran it. A roll's small batch still ends inline."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.core import sqlite
from app.core.database import SqliteDatabase


@pytest.fixture
def threaded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of what the database ran in a worker thread."""
    ran: list[str] = []
    original = asyncio.to_thread

    async def to_thread(function: Callable[..., Any], *args: Any) -> Any:
        if function.__name__ in ("commit", "rollback"):
            ran.append(function.__name__)
        return await original(function, *args)

    monkeypatch.setattr(sqlite, "BIG_TRANSACTION_ROWS", 100)
    monkeypatch.setattr(sqlite.asyncio, "to_thread", to_thread)
    return ran


async def _insert(db: SqliteDatabase, rows: int, fail: bool = False) -> None:
    async with db.transaction() as tx:
        for n in range(rows):
            await tx.execute("INSERT INTO t (body) VALUES (?)", f"row {n}")
        if fail:
            raise RuntimeError("refused")


async def test_a_big_transaction_ends_off_the_loop_and_a_small_one_on_it(
    tmp_path: Path, threaded: list[str]
) -> None:
    db = SqliteDatabase(str(tmp_path / "big.db"))
    await db.start()
    try:
        async with db.transaction() as tx:
            await tx.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
        await _insert(db, 50)
        assert threaded == []
        await _insert(db, 500)
        assert threaded == ["commit"]
        with pytest.raises(RuntimeError):
            await _insert(db, 500, fail=True)
        assert threaded == ["commit", "rollback"]
        async with db.read() as reader:
            assert await reader.fetchone("SELECT count(*) FROM t") == (550,)
    finally:
        await db.close()

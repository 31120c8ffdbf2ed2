"""SQLite's write-ahead log stays bounded under a steady flow of writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core import sqlite
from app.core.database import Checkpointer, SqliteDatabase


async def test_the_wal_starts_over_under_a_steady_flow_of_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PASSIVE checkpoints alone never let a busy WAL rewind (it grew ~30 KB a roll); past
    its limit a RESTART checkpoint makes the next write rewind it and cut the file back."""
    limit = 256 * 1024
    monkeypatch.setattr(sqlite, "WAL_RESTART_BYTES", limit)
    path = str(tmp_path / "wal.db")
    db = SqliteDatabase(path)
    # The rounds are the test's, every 16 writes, each while a write is under way as under
    # load (so never all copied back), not a thread's: a loaded machine delays the
    # thread's rounds and the log grows by what comes in meanwhile, not by the rule.
    db._checkpointer = checkpointer = Checkpointer(path, interval=3600)
    await db.start()
    try:
        async with db.transaction() as tx:
            await tx.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
        biggest = 0
        for n in range(6_000):  # 24 MB through the log, back to back
            async with db.transaction() as tx:
                await tx.execute("INSERT INTO t (body) VALUES (?)", "x" * 4_000)
                if n % 16 == 15:
                    await checkpointer.passive()
            await db.between_batches()  # as the writer does
            biggest = max(biggest, sqlite._size(path + "-wal"))
        # Without the rewinds the log grows to the size of everything written (> 24 MB);
        # with them, to its limit and the writes between two rounds.
        assert biggest < 2 * limit, biggest
        async with db.read() as reader:
            assert await reader.fetchone("SELECT count(*) FROM t") == (6_000,)
    finally:
        await db.close()
    assert sqlite._size(path + "-wal") == 0  # checkpointed and removed at shutdown

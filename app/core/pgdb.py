"""One asyncpg connection behind the ``Db`` protocol (``PgDb``): reads, and the statements
of a batch sent as one (``send_together``). The pool and the write jobs that use it are in
app/core/postgres.py.
"""

from __future__ import annotations

import asyncio
import itertools
import re
from collections.abc import AsyncIterator, Sequence
from functools import lru_cache
from typing import Any

import asyncpg

from app.core.dbapi import Accumulator, Closing, Row, Statement, send_batch

_PLACEHOLDER = re.compile(r"\?")


@lru_cache(maxsize=1024)
def _numbered(sql: str) -> str:
    """``?`` placeholders as asyncpg's ``$1, $2, …``."""
    counter = itertools.count(1)  # asyncpg takes up to 32,767 (a tally upsert: 15,000)
    return _PLACEHOLDER.sub(lambda _: f"${next(counter)}", sql)


REFUSED = "fairtable: batch refused"

# Rows a ``COPY`` encodes between two turns of the event loop: asyncpg encodes them on the
# loop, never letting it go within a ``COPY`` (20,000 tally rows held it 30-35 ms, 2,000
# about 5 ms).
COPY_PACE = 500


@lru_cache(maxsize=256)
def _together(main: str, others: tuple[str, ...]) -> str:
    """Several statements as one, all or nothing: every one in a WITH clause, then a check
    that ``main`` matched a row, which otherwise fails the whole statement (a text that is
    no integer), so that nothing of it is written (the WITH clauses run whatever the outer
    SELECT reads: the check must not depend on a row of s0), and the one column ``main``
    returned."""
    clauses = ", ".join(f"s{i} AS ({sql})" for i, sql in enumerate((main, *others)))
    check = f"CASE WHEN EXISTS (SELECT 1 FROM s0) THEN '1' ELSE '{REFUSED}' END"  # noqa: S608
    return _numbered(f"WITH {clauses} SELECT ({check})::int, (SELECT * FROM s0)")  # noqa: S608


async def _paced(rows: Sequence[Sequence[Any]]) -> AsyncIterator[Sequence[Any]]:
    """``rows`` for asyncpg to encode as they come, the loop given back between slices."""
    for start in range(0, len(rows), COPY_PACE):
        for row in rows[start : start + COPY_PACE]:
            yield row
        await asyncio.sleep(0)


class PgDb:
    """``Db`` over one asyncpg connection (reads, and jobs that lock what they read)."""

    __slots__ = ("_conn",)
    lock_rows = " FOR UPDATE"
    row_version: str | None = None
    statement_rows: int | None = None

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def hold(self, key: str) -> None:
        return None

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        record = await self._conn.fetchrow(_numbered(sql), *params)
        return None if record is None else tuple(record)

    async def fetchall(self, sql: str, *params: Any) -> list[Row]:
        return [tuple(r) for r in await self._conn.fetch(_numbered(sql), *params)]

    async def execute(self, sql: str, *params: Any) -> None:
        await self._conn.execute(_numbered(sql), *params)

    async def copy(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Rows into ``table`` by binary ``COPY``, the bulk writes' way (an import's pass 2,
        the generator): the database server takes them for less work than ``INSERT``
        spread by ``unnest`` (measured in docs/export.md). Any number of rows: the loop
        turns every ``COPY_PACE`` of them; none sends nothing (a round trip saved)."""
        if not rows:
            return
        await self._conn.copy_records_to_table(table, records=_paced(rows), columns=list(columns))

    async def send_together(self, main: Statement, others: Sequence[Statement]) -> Row | None:
        sql = _together(main[0], tuple(s for s, _ in others))
        params = [*main[1], *(value for _, values in others for value in values)]
        try:
            record = await self._conn.fetchrow(sql, *params)
        except asyncpg.InvalidTextRepresentationError as exc:
            if REFUSED in str(exc):
                return None
            raise
        return None if record is None else tuple(record)[1:]

    async def close_batch(self, key: str, batch: Closing) -> Row | None:
        return await send_batch(self, batch)

    def parkable(self, key: str) -> bool:
        return False

    async def park(self, key: str, batch: Closing) -> Row | None:
        raise RuntimeError("only an optimistic job parks its batch")

    def memo(self, key: str) -> dict[str, Any] | None:
        return None

    def forget_memo(self, key: str) -> None:
        return None

    deferring = False  # a job is a batch of its own

    def defer(self, key: tuple[str, str], accumulator: Accumulator) -> None:
        raise RuntimeError("PostgreSQL writes each job's accumulators with its batch")

    def is_unique_violation(self, exc: BaseException, table: str | None = None) -> bool:
        if not isinstance(exc, asyncpg.UniqueViolationError):
            return False
        return table is None or getattr(exc, "table_name", None) == table

"""Watching the event loop turn while code runs, to tell whether it gives the loop back
between its steps: ``LoopTurns`` counts the turns, ``watch_copies`` notes the count as
asyncpg takes each row of every ``COPY`` (it reads an asynchronous iterable of records as
it encodes them, so that is when the row is encoded)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

import pytest
from asyncpg.connection import Connection


class LoopTurns:
    """``async with LoopTurns() as turns``: ``turns.count`` goes up at each turn of the loop."""

    def __init__(self) -> None:
        self.count = 0
        self._task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        while True:
            self.count += 1
            await asyncio.sleep(0)

    async def __aenter__(self) -> LoopTurns:
        self._task = asyncio.create_task(self._tick())
        await asyncio.sleep(0)
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._task is not None:
            self._task.cancel()


@dataclass
class Copied:
    """One ``COPY``: its table, the count when it was called, and at each of its rows."""

    table: str
    called: int
    rows: list[int] = field(default_factory=list)


def watch_copies(monkeypatch: pytest.MonkeyPatch, turns: LoopTurns) -> list[Copied]:
    """Every ``COPY`` from now on, in order, as ``Copied``; the rows still go to the
    database."""
    copies: list[Copied] = []
    copy_records = Connection.copy_records_to_table

    async def watched(self: Connection, name: str, *, records: Any, **options: Any) -> Any:
        copied = Copied(name, turns.count)
        rows = []
        async for row in records:  # as the driver takes them (a plain list fails here)
            rows.append(row)
            copied.rows.append(turns.count)
        copies.append(copied)
        return await copy_records(self, name, records=rows, **options)

    monkeypatch.setattr(Connection, "copy_records_to_table", watched)
    return copies

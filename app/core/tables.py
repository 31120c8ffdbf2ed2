"""SQL text built once, at import time, from the models' tables: the models are the one
place a column is named, so the statements of the repositories can never drift from the
schema that Alembic migrates."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from itertools import chain
from operator import itemgetter
from typing import Any, cast

from sqlalchemy import JSON, DateTime, Table

from app.core.database import Db, PgDb
from app.core.db import Base, UTCDateTime
from app.core.jsontext import dumps_text
from app.core.sqlite import cached_sqlite_time


def _quote(name: str) -> str:
    return f'"{name}"'


@dataclass(frozen=True, slots=True)
class RowsFor:
    """What a bulk write's rows (an import's, the generator's) are made for, as the
    database they go to decides: ``times_as_text``, their times as SQLite's text
    (``Database.times_as_text``, ``TableSql.encode``); and ``minutes_from``, the first
    minute whose luck tally row is kept (the purge's floor, raised before the write:
    app/stats/retention.py), the rolls before it counted in their hour only, as the purge
    would leave them; None: every minute row."""

    times_as_text: bool = False
    minutes_from: datetime | None = None


PLAIN_ROWS = RowsFor()  # times as datetimes (PostgreSQL's COPY takes them), every minute row


class TableSql:
    """The statements every table shares, and its rows as dicts keyed by column name."""

    __slots__ = ("_defaults", "_get", "_json", "_times", "columns", "insert", "name", "select")

    def __init__(self, model: type[Base]) -> None:
        table = cast(Table, model.__table__)
        self.name = table.name
        self.columns: tuple[str, ...] = tuple(c.name for c in table.columns)
        listed = ", ".join(_quote(c) for c in self.columns)
        self.select = f"SELECT {listed} FROM {self.name}"  # noqa: S608 - names from the model
        self.insert = self.insert_rows(1)
        self._get = itemgetter(*self.columns)
        self._defaults: dict[str, Any] = {
            c.name: c.default for c in table.columns if c.default is not None
        }
        self._json = tuple(i for i, c in enumerate(table.columns) if isinstance(c.type, JSON))
        self._times = tuple(
            i for i, c in enumerate(table.columns) if isinstance(c.type, DateTime | UTCDateTime)
        )

    def encode(self, row: tuple[Any, ...], times_as_text: bool = False) -> tuple[Any, ...]:
        """A row's values (``values``) with its JSON columns as text, as the database
        adapters would write them (both databases take text as JSON): for ``insert_many``.
        ``times_as_text``: its times too, as SQLite's adapter would (``sqlite_time``), for a
        SQLite database (``Database.times_as_text``): an import makes its rows in worker
        processes, and the database's one writer then has that much less to do."""
        out = list(row)
        for i in self._json:
            if out[i] is not None:
                out[i] = dumps_text(out[i])
        if times_as_text:
            for i in self._times:
                if out[i] is not None:
                    out[i] = cached_sqlite_time(out[i])
        return tuple(out)

    async def insert_many(self, db: Db, rows: Sequence[Sequence[Any]]) -> None:
        """Encoded rows (``encode``) in one statement. On SQLite a multi-row ``INSERT``; on
        PostgreSQL a binary ``COPY``: any number of rows, no statement to parse, and less
        of the database server's time than ``INSERT … SELECT unnest(…)`` took (a
        ``VALUES`` list of thousands of placeholders cost it twice as much again)."""
        if isinstance(db, PgDb):
            await db.copy(self.name, self.columns, rows)
        else:
            await db.execute(self.insert_rows(len(rows)), *chain.from_iterable(rows))

    def insert_rows(self, count: int) -> str:
        """``INSERT`` of ``count`` rows in one statement (cached per count)."""
        return _insert_rows(self.name, self.columns, count)

    def values(self, row: Mapping[str, Any]) -> tuple[Any, ...]:
        """The row's values in column order; a column it lacks takes the model's default."""
        try:
            found = self._get(row)
            return found if len(self.columns) > 1 else (found,)
        except KeyError:
            return tuple(row[c] if c in row else self._default(c) for c in self.columns)

    def _default(self, column: str) -> Any:
        default = self._defaults.get(column)
        if default is None:
            return None
        if default.is_callable:
            return default.arg(None)
        return default.arg

    def row(self, record: Iterable[Any]) -> dict[str, Any]:
        return dict(zip(self.columns, record, strict=True))


async def insert(db: Db, table: TableSql, row: Mapping[str, Any]) -> None:
    """One row now (a write that needs no ledger: an account, a new campaign, an import)."""
    await db.execute(table.insert, *table.values(row))


@lru_cache(maxsize=256)
def _insert_rows(name: str, columns: tuple[str, ...], count: int) -> str:
    listed = ", ".join(_quote(c) for c in columns)
    marks = "(" + ", ".join("?" for _ in columns) + ")"
    return f"INSERT INTO {name} ({listed}) VALUES {', '.join([marks] * count)}"  # noqa: S608

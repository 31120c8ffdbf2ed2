"""SQL text built once, at import time, from the models' tables: the models are the one
place a column is named, so the statements of the repositories can never drift from the
schema that Alembic migrates."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from operator import itemgetter
from typing import Any, cast

from sqlalchemy import Table

from app.core.database import Db
from app.core.db import Base


def _quote(name: str) -> str:
    return f'"{name}"'


class TableSql:
    """The statements every table shares, and its rows as dicts keyed by column name."""

    __slots__ = ("_defaults", "_get", "columns", "insert", "name", "select")

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

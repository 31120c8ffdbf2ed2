"""The luck tallies of a bulk write (an import's pass 2, the generator's batch), gathered in
the database and added to the tally tables once, at the end of its transaction.

A bulk write makes tally changes faster than it may hold them: an import of a campaign
played over months adds a few hundred thousand tally rows, which it writes as it goes
(``Tallies`` of at most a few MB at a time) and in which one hour's row can come back
from one flush to the next. Upserts of a thousand rows a statement cost PostgreSQL about
as much as the rolls and events of the import together (a 100,000-roll import: 2.4 s of
the server's CPU in tallies, 2.2 s in the rest). So on PostgreSQL each flush is a binary
``COPY`` into a temporary table of the transaction, and ``finish`` sums those rows per key
into the tally tables in one ``INSERT … SELECT … GROUP BY … ON CONFLICT`` a table: the
database adds them up where they are. On SQLite the upserts cost little: each flush is
written as ``Tallies.statements`` says, as before.

Only additions are staged (new rolls: ``add_new``); a change that takes a roll out of its
tallies goes through a ledger."""

from __future__ import annotations

import asyncio

from app.core.database import Db, PgDb
from app.stats.tally import FACE_KEY, ROLL_KEY, SUMS, Tallies

__all__ = ["StagedTallies"]

_TABLES = (
    ("roll_tallies", ROLL_KEY, SUMS),
    ("face_tallies", FACE_KEY, ("n",)),
)


def _staged(table: str) -> str:
    return f"staged_{table}"


def _create(table: str) -> str:
    # No index, no constraint, dropped at the end of the transaction (or its rollback).
    return f"CREATE TEMPORARY TABLE {_staged(table)} (LIKE {table}) ON COMMIT DROP"


def _add_up(table: str, key: tuple[str, ...], sums: tuple[str, ...]) -> str:
    keys = ", ".join(key)
    totals = ", ".join(f"SUM({name})" for name in sums)
    adds = ", ".join(f"{name} = {table}.{name} + excluded.{name}" for name in sums)
    return (
        f"INSERT INTO {table} ({keys}, {', '.join(sums)})"  # noqa: S608 - names of the model
        f" SELECT {keys}, {totals} FROM {_staged(table)} GROUP BY {keys}"
        f" ON CONFLICT ({keys}) DO UPDATE SET {adds}"
    )


class StagedTallies:
    """``add`` each flush of a bulk write's ``Tallies``; ``finish`` before it commits."""

    __slots__ = ("_db", "_staging")

    def __init__(self, db: Db) -> None:
        self._db = db
        self._staging = False  # the temporary tables exist (PostgreSQL)

    async def add(self, tallies: Tallies) -> None:
        db = self._db
        if not isinstance(db, PgDb):
            for sql, params in tallies.statements():  # of up to 1,000 rows each
                await db.execute(sql, *params)
                await asyncio.sleep(0)  # SQLite's driver runs inline: the loop between them
            return
        if not self._staging:
            for table, _, _ in _TABLES:
                await db.execute(_create(table))
            self._staging = True
        for (table, key, sums), rows in zip(
            _TABLES, (tallies.roll_rows(), tallies.face_rows()), strict=True
        ):
            await db.copy(_staged(table), (*key, *sums), rows)  # paced: the loop turns

    async def finish(self) -> None:
        if not self._staging:
            return
        for table, key, sums in _TABLES:
            await self._db.execute(_add_up(table, key, sums))
            await self._db.execute(f"DROP TABLE {_staged(table)}")
        self._staging = False

"""The ``Db`` protocol every query of the service runs on, and what crosses it.

``app.core.database`` is where a connection comes from (``create_database``); the two
implementations are ``app.core.sqlite`` and ``app.core.postgres``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

Row = tuple[Any, ...]
Statement = tuple[str, Sequence[Any]]


class RetryJob(Exception):
    """The job lost a race it recovers from by running again from the start."""


class Accumulator(Protocol):
    """Changes a job gathers over its act and writes with its batch, merged per row
    (tallies several rolls add to): ``statements`` is asked for once, when written, and
    ``merge`` adds another's changes (a batch of jobs writes theirs together)."""

    def statements(self) -> list[Statement]: ...

    def merge(self, other: Any) -> None: ...


class Closing(Protocol):
    """A ledger's batch (app/campaigns/batch.py): the statements it writes, and the later
    batches of its campaign it can take in (several jobs written as one)."""

    jobs: int

    def merge(self, later: Any) -> None: ...

    def sql(self, db: Db) -> tuple[Statement, list[Statement]]: ...


class Db(Protocol):
    """One driver connection: inside a write job's transaction, or reading in autocommit."""

    lock_rows: str
    """What makes a SELECT lock the rows it reads: ``" FOR UPDATE"`` in a pessimistic
    PostgreSQL job; empty on SQLite, where a write transaction holds the whole database's
    lock already, and in an optimistic job, which checks ``row_version`` instead."""

    row_version: str | None
    """An SQL expression of a row's version (PostgreSQL's ``xmin``, as text) in an
    optimistic job: a write that must find a row unchanged compares it. None when the rows
    read are locked (or SQLite's lock is held)."""

    statement_rows: int | None
    """Rows a bulk write (``TableSql.insert_many``) should carry at most, the loop given
    back between them: 200 on SQLite, whose inline driver holds the event loop for each
    statement; None on PostgreSQL, where a ``COPY`` takes any number without holding it."""

    async def hold(self, key: str) -> None:
        """Queue behind the other jobs of this process holding ``key`` (a campaign id),
        until this job ends. A no-op where the database's own lock serialises the jobs."""
        ...

    async def fetchone(self, sql: str, *params: Any) -> Row | None: ...

    async def fetchall(self, sql: str, *params: Any) -> list[Row]: ...

    async def execute(self, sql: str, *params: Any) -> None: ...

    async def send_together(self, main: Statement, others: Sequence[Statement]) -> Row | None:
        """Run data-modifying statements as one batch, all or nothing, and answer the row
        ``main`` (an UPDATE of one row, RETURNING one column) returned; when it matches no
        row, nothing of the batch is written and the answer is None. PostgreSQL sends them
        as one statement (one round trip, atomic also outside a transaction); SQLite runs
        ``main`` first and the others only if it matched. The statements must not depend
        on each other's effects (one statement sees one snapshot), and none may touch a row
        another one touches."""
        ...

    async def close_batch(self, key: str, batch: Closing) -> Row | None:
        """Write a ledger's ``batch`` on campaign ``key`` as ``send_together`` does, with
        the batches parked on ``key`` before it, if any (PostgreSQL)."""
        ...

    def parkable(self, key: str) -> bool:
        """Whether a ledger of ``key`` may ``park`` its batch rather than write it now:
        another job of this process waits for ``key``. Only PostgreSQL's optimistic jobs
        park; elsewhere False."""
        ...

    async def park(self, key: str, batch: Closing) -> Row | None:
        """Leave ``batch`` to go out with the batches of the jobs that follow on ``key``,
        let the next of them run, and answer as ``send_together`` once the statement that
        wrote them all has (``RetryJob`` when it failed: each job then runs again)."""
        ...

    def memo(self, key: str) -> dict[str, Any] | None:
        """What the write jobs of this process pass on to each other about ``key`` (a
        campaign's counters, seats, characters: app/campaigns/memo.py), or None where
        there is none (a read connection, a pessimistic job). What a job takes from it is
        either exact (SQLite: ``SqliteDb``) or checked by the batch's guards (PostgreSQL)."""
        ...

    def forget_memo(self, key: str) -> None:
        """Drop what is remembered of ``key`` (a batch found it stale)."""
        ...

    @property
    def deferring(self) -> bool:
        """Whether the ledger leaves its accumulators to the whole batch of jobs (SQLite's
        shared batches), through ``defer`` once its own batch is written."""
        ...

    def defer(self, key: tuple[str, str], accumulator: Accumulator) -> None:
        """Write ``accumulator``'s changes with the batch of jobs, merged with the other
        jobs' (only while ``deferring``)."""
        ...

    def is_unique_violation(self, exc: BaseException, table: str | None = None) -> bool: ...


@lru_cache(maxsize=1024)
def writes(sql: str) -> bool:
    """Does a statement write? (Reads are SELECTs; the batch goes through send_together.)"""
    return sql.lstrip()[:6].upper() != "SELECT"


async def send_batch(db: Db, batch: Closing) -> Row | None:
    """``close_batch`` where nothing is parked: the batch's statements, sent together."""
    main, others = batch.sql(db)
    return await db.send_together(main, others)

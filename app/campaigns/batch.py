"""What a ledger writes when it closes, as one value: the campaign's counters, the rows,
the statements, the accumulators and the guards of one job, or of several jobs of one
campaign merged (``merge``), which PostgreSQL then writes as one statement
(app/core/postgres.py, "Parked batches").

Merging keeps each row once and in order, adds accumulators row by row (two jobs' tallies
of one hour are one upsert: one statement must not touch a row twice), takes each guard
once, and keeps the later job's counters, which count the earlier job's draws and links.
"""

from __future__ import annotations

from typing import Any

from app.core.database import Accumulator, Db, Statement
from app.core.tables import TableSql

_CLOSE = "UPDATE campaigns SET last_seq = ?, next_nonce = ?, last_hash = ? WHERE id = ?"


class Batch:
    __slots__ = ("accumulators", "counters", "guards", "jobs", "rows", "statements")

    def __init__(
        self,
        counters: tuple[int, int, str, str],
        rows: dict[str, tuple[TableSql, list[tuple[Any, ...]]]],
        statements: list[Statement],
        accumulators: dict[str, Accumulator],
        guards: list[Statement],
    ) -> None:
        self.counters = counters  # last_seq, next_nonce, last_hash, campaign id
        self.rows = rows
        self.statements = statements
        self.accumulators = accumulators
        self.guards = guards
        self.jobs = 1

    def merge(self, later: Batch) -> None:
        """Add ``later``, a batch of the job that ran after this one's on the same campaign
        and took its counters from it."""
        for name, (table, rows) in later.rows.items():
            mine = self.rows.get(name)
            if mine is None:
                self.rows[name] = (table, list(rows))
            else:
                mine[1].extend(rows)
        self.statements.extend(later.statements)
        for name, accumulator in later.accumulators.items():
            found = self.accumulators.get(name)
            if found is None:
                self.accumulators[name] = accumulator
            else:
                found.merge(accumulator)
        for guard in later.guards:
            if guard not in self.guards:
                self.guards.append(guard)
        self.counters = later.counters
        self.jobs += later.jobs

    def sql(self, db: Db) -> tuple[Statement, list[Statement]]:
        """For ``db.send_together``: the counters' write-back under the guards, returning
        the row's version, and the rest. Accumulators stay out while ``db.deferring``
        (SQLite's batch of jobs writes them, merged, once)."""
        others: list[Statement] = list(self.statements)
        if not db.deferring:
            for accumulator in self.accumulators.values():
                others.extend(accumulator.statements())
        for table, rows in self.rows.values():
            values = [value for row in rows for value in row]
            others.append((table.insert_rows(len(rows)), values))
        guards = "".join(f" AND ({condition})" for condition, _ in self.guards)
        guard_params = [value for _, params in self.guards for value in params]
        returning = f" RETURNING {db.row_version or 'last_seq'}"
        return (_CLOSE + guards + returning, (*self.counters, *guard_params)), others

"""The campaign's ledger for one write job: the event seq, the nonce of the next dice draw
from the committed seed, the last link of the roll hash chain, and the rows the job adds.

The counters are read once under the campaign row's lock and written back once. The rows
and updates the job makes (rolls, events, an idempotency record, a sheet…) are collected
and written with that write-back when the ledger closes, in one batch, all or nothing
(``Db.send_together``: on PostgreSQL one statement, so one round trip while the row is
locked). Nothing is sent behind anyone's back: a row added to the ledger is not in the
database until ``close``, so a job never reads back a row it added.

A job that read something before taking the lock (a character's sheet, a roll's state)
adds a ``guard``: the write-back then happens only if that row is unchanged, and a job
whose read went stale is run again (``RetryJob``) instead of acting on it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.campaigns.models import Campaign
from app.core.database import Db, Statement
from app.core.db import utcnow
from app.core.errors import NotFound
from app.core.tables import TableSql
from app.core.writer import Job, RetryJob
from app.events.repository import EVENTS
from app.events.service import EventOut
from app.fairness import repository as seeds_repo
from app.rules import DiceSource, SeededDice
from app.rules.chain import chain_record, link_hash

_COUNTERS = ("last_seq", "next_nonce", "seed_number", "client_seed", "last_hash")
_OPEN = f"SELECT {', '.join(_COUNTERS)} FROM {Campaign.__tablename__} WHERE id = ?"  # noqa: S608
_CLOSE = "UPDATE campaigns SET last_seq = ?, next_nonce = ?, last_hash = ? WHERE id = ?"


class RecordingDice:
    """A dice source that writes down every roll of one draw, for the roll's proof."""

    __slots__ = ("_inner", "rolls")

    def __init__(self, inner: DiceSource, rolls: list[dict[str, Any]]) -> None:
        self._inner = inner
        self.rolls = rolls

    def roll(self, sides: int, count: int = 1) -> list[int]:
        faces = self._inner.roll(sides, count)
        self.rolls.append({"sides": sides, "faces": faces})
        return faces


class Ledger:
    __slots__ = (
        "_guards",
        "_override",
        "_rows",
        "_statements",
        "campaign_id",
        "client_seed",
        "job",
        "last_hash",
        "last_seq",
        "next_nonce",
        "seed_number",
    )

    def __init__(
        self, job: Job, campaign_id: str, row: Sequence[Any], override: DiceSource | None
    ) -> None:
        self.job = job
        self._override = override
        self.campaign_id = campaign_id
        self.last_seq: int = row[0]
        self.next_nonce: int = row[1]
        self.seed_number: int = row[2]
        self.client_seed: str = row[3]
        self.last_hash: str = row[4]
        self._rows: dict[str, tuple[TableSql, list[tuple[Any, ...]]]] = {}
        self._statements: list[Statement] = []
        self._guards: list[Statement] = []

    @classmethod
    async def open(cls, job: Job, campaign_id: str, override: DiceSource | None = None) -> Ledger:
        """Lock the campaign row until the commit (FOR UPDATE on PostgreSQL; SQLite's write
        lock is held anyway) and read its counters."""
        row = await job.db.fetchone(_OPEN + job.db.lock_rows, campaign_id)
        if row is None:
            raise NotFound("no such campaign")
        return cls(job, campaign_id, row, override)

    @property
    def db(self) -> Db:
        return self.job.db

    def next_seq(self) -> int:
        self.last_seq += 1
        return self.last_seq

    async def draw(self) -> tuple[RecordingDice, dict[str, Any]]:
        """A dice source for one draw (an initial roll, a reroll, a check) and its proof
        entry, which fills in as dice are rolled. Each draw takes the next nonce."""
        nonce = self.next_nonce
        self.next_nonce += 1
        seed, commitment = await seeds_repo.current_secret(
            self.job.db, self.campaign_id, self.seed_number
        )
        entry: dict[str, Any] = {
            "nonce": nonce,
            "seed": self.seed_number,
            "commitment": commitment,
            "client_seed": self.client_seed,
            "rolls": [],
        }
        source = self._override or SeededDice(seed, self.client_seed, nonce)
        return RecordingDice(source, entry["rolls"]), entry

    def link(self, roll: Mapping[str, Any], link_seq: int) -> tuple[str, str]:
        """Chain one state of a roll: (prev_hash, hash)."""
        prev = self.last_hash
        self.last_hash = link_hash(prev, chain_record(roll, link_seq))
        return prev, self.last_hash

    def add(self, table: TableSql, row: Mapping[str, Any]) -> None:
        """A new row, written when the ledger closes."""
        found = self._rows.get(table.name)
        if found is None:
            found = self._rows[table.name] = (table, [])
        found[1].append(table.values(row))

    def write(self, statement: Statement) -> None:
        """An UPDATE or DELETE, sent with the rows when the ledger closes. It must not
        touch a row another statement of the batch touches (they see one snapshot), nor
        the campaign row (the write-back's)."""
        self._statements.append(statement)

    def guard(self, condition: Statement) -> None:
        """Close only if ``condition`` (an SQL boolean and its parameters) still holds
        when the batch is written. The same condition twice counts once."""
        if condition not in self._guards:
            self._guards.append(condition)

    def record(
        self,
        type: str,
        data: dict[str, Any],
        *,
        visibility: str = "public",
        user_id: str | None = None,
        seq: int | None = None,
        prev_hash: str | None = None,
        hash: str | None = None,
    ) -> EventOut:
        """An event with the next seq (or ``seq``, one the caller took for a roll whose
        seq is its event's), published after the commit."""
        event = EventOut(
            self.campaign_id,
            self.next_seq() if seq is None else seq,
            type,
            utcnow(),
            data,
            visibility,
            user_id,
            prev_hash,
            hash,
        )
        self.add(EVENTS, event.row())
        self.job.events.append(event)
        return event

    async def close(self) -> None:
        """Write the counters back with every row and statement of the job, in one batch;
        ``RetryJob`` when a guard no longer holds (nothing of the batch then counts)."""
        others: list[Statement] = list(self._statements)
        for table, rows in self._rows.values():
            values = [value for row in rows for value in row]
            others.append((table.insert_rows(len(rows)), values))
        guards = "".join(f" AND ({condition})" for condition, _ in self._guards)
        guard_params = [value for _, params in self._guards for value in params]
        counters = (self.last_seq, self.next_nonce, self.last_hash, self.campaign_id)
        main = (_CLOSE + guards, (*counters, *guard_params))
        if not await self.job.db.send_together(main, others):
            raise RetryJob("a row read before the campaign's lock changed meanwhile")

"""The campaign's ledger for one write job: the event seq, the nonce of the next dice draw
from the committed seed, the last link of the roll hash chain, and the rows the job adds.

The counters are read once under the campaign's lock and written back once. The lock is
the campaign row's (FOR UPDATE on PostgreSQL when a job runs again, SQLite's write lock) or,
in an optimistic PostgreSQL job, a lock in this process plus the row's version: the
write-back then happens only if no other instance wrote the campaign since it was read. The rows
and updates the job makes (rolls, events, an idempotency record, a sheet…) are collected
and written with that write-back when the ledger closes, in one batch, all or nothing
(``Db.send_together``: on PostgreSQL one statement, so one round trip while the row is
locked). Nothing is sent behind anyone's back: a row added to the ledger is not in the
database until ``close``, so a job never reads back a row it added.

The lock's read also brings the current seed (its secret, commitment and whether it
salts the chain), joined in the same statement: drawing dice and salting links (chain v2,
docs/fairness.md) then need no round trip of their own, and ``link`` stays synchronous.

A job that read something before taking the lock (a character's sheet, a roll's state)
adds a ``guard``: the write-back then happens only if that row is unchanged, and a job
whose read went stale is run again (``RetryJob``) instead of acting on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from app.campaigns import memo
from app.campaigns.batch import Batch
from app.campaigns.models import Campaign
from app.core import fastjson
from app.core.database import Accumulator, Db, RetryJob, Statement
from app.core.db import utcnow
from app.core.errors import NotFound
from app.core.i18n import msg
from app.core.tables import TableSql
from app.core.writer import Job
from app.events import repository as events_repo
from app.events.repository import EVENTS
from app.events.service import EventOut
from app.fairness import repository as seeds_repo
from app.fairness.models import CampaignSeed
from app.rules import DiceSource, SeededDice
from app.rules.chain import Encode, chain_record, hash_of, link_salt

_COUNTERS = ("last_seq", "next_nonce", "seed_number", "client_seed", "last_hash")
_SEED = ("number", "server_seed", "commitment", "links_from")
# LEFT JOIN, and the lock on the campaign row only (PostgreSQL refuses FOR UPDATE on the
# nullable side): after waiting for a rotation the joined seed may be the old one or
# missing, which ``open`` notices and reads again.
_OPEN = (
    f"SELECT {', '.join('c.' + name for name in _COUNTERS)}, "  # noqa: S608
    f"{', '.join('s.' + name for name in _SEED)} FROM {Campaign.__tablename__} c"
    f" LEFT JOIN {CampaignSeed.__tablename__} s"
    " ON s.campaign_id = c.id AND s.number = c.seed_number WHERE c.id = ?"
)


@lru_cache(maxsize=4)
def _open_sql(lock_rows: str, row_version: str | None) -> str:
    """The lock's read: with ``lock_rows`` it locks the campaign row; with ``row_version``
    it also reads the row's version (the last column)."""
    version = f", c.{row_version}" if row_version else ""
    head, tail = _OPEN.split(" FROM ", 1)
    return f"{head}{version} FROM {tail}{lock_rows and lock_rows + ' OF c'}"


A = TypeVar("A", bound=Accumulator)


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


def _entry(nonce: int, seed_number: int, commitment: str, client_seed: str) -> dict[str, Any]:
    """A draw's proof entry; its ``rolls`` fill in as the dice are rolled."""
    return {
        "nonce": nonce,
        "seed": seed_number,
        "commitment": commitment,
        "client_seed": client_seed,
        "rolls": [],
    }


def _seeded_draw(
    secret: bytes, nonce: int, seed_number: int, commitment: str, client_seed: str
) -> tuple[RecordingDice, dict[str, Any]]:
    entry = _entry(nonce, seed_number, commitment, client_seed)
    return RecordingDice(SeededDice(secret, client_seed, nonce), entry["rolls"]), entry


@dataclass(frozen=True, slots=True)
class Reserved:
    """A run of draws and seqs taken at once (``Ledger.reserve``): what the rolls of the
    run need of the ledger, and no more, so that another process can make them."""

    campaign_id: str
    secret: bytes
    client_seed: str
    seed_number: int
    commitment: str
    salting: bool
    nonce: int  # the run's first
    seq: int  # the run's first

    def draw(self, i: int) -> tuple[RecordingDice, dict[str, Any]]:
        """Roll ``i``'s draw, as ``Ledger.draw`` would have made it."""
        return _seeded_draw(
            self.secret, self.nonce + i, self.seed_number, self.commitment, self.client_seed
        )

    def salt(self, seq: int) -> str | None:
        """The salt of the link at ``seq`` (None: a chain v1 seed's link has none)."""
        return link_salt(self.secret, self.campaign_id, seq) if self.salting else None


class Ledger:
    __slots__ = (
        "_accumulators",
        "_checked",
        "_guards",
        "_links_from",
        "_override",
        "_rows",
        "_salting",
        "_seed",
        "_statements",
        "_states",
        "campaign_id",
        "client_seed",
        "commitment",
        "job",
        "last_hash",
        "last_seq",
        "memo",
        "next_nonce",
        "read_version",
        "seed_number",
    )

    def __init__(
        self,
        job: Job,
        campaign_id: str,
        row: Sequence[Any],
        override: DiceSource | None,
        seed: tuple[bytes, str, int | None],
    ) -> None:
        self.job = job
        self._override = override
        self.campaign_id = campaign_id
        self.last_seq: int = row[0]
        self.next_nonce: int = row[1]
        self.seed_number: int = row[2]
        self.client_seed: str = row[3]
        self.last_hash: str = row[4]
        self._seed, self.commitment, self._links_from = seed
        self._salting = self._links_from is not None  # a seed made before chain v2 does not
        self._rows: dict[str, tuple[TableSql, list[tuple[Any, ...]]]] = {}
        self._statements: list[Statement] = []
        self._guards: list[Statement] = []
        self.read_version: str | None = None
        self.memo: dict[str, Any] | None = None  # the campaign's, taken at open
        self._checked: dict[tuple[str, str], Any] = {}
        self._accumulators: dict[str, Accumulator] = {}
        # roll seq -> (index among the batch's event rows, event) of a roll state recorded
        self._states: dict[int, tuple[int, EventOut]] = {}

    @classmethod
    async def open(cls, job: Job, campaign_id: str, override: DiceSource | None = None) -> Ledger:
        """Take the campaign's lock until the job ends (see the module doc) and read its
        counters, unless the previous job of this process left them (app/campaigns/memo.py)."""
        db = job.db
        await db.hold(campaign_id)
        kept = memo.ledger_state(db, campaign_id)
        version: str | None
        if kept is not None:
            (counters, seed), version = kept
        else:
            row = await db.fetchone(_open_sql(db.lock_rows, db.row_version), campaign_id)
            if row is None:
                raise NotFound(msg("no such campaign"))
            counters, version = row[:5], (str(row[9]) if db.row_version else None)
            if row[5] == row[2] and row[6] is not None:
                seed = (bytes(row[6]), str(row[7]), None if row[8] is None else int(row[8]))
            else:  # the read raced a rotation (PostgreSQL): the seed row as now committed
                seed = await seeds_repo.current_seed(job.db, campaign_id, row[2])
        ledger = cls(job, campaign_id, counters, override, seed)
        ledger.read_version = version
        ledger.memo = db.memo(campaign_id)
        if version is not None:  # the write-back finds the row as read, or the job runs again
            ledger.guard((f"{db.row_version} = ?", (version,)))
        return ledger

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
        if self._override is not None:
            entry = _entry(nonce, self.seed_number, self.commitment, self.client_seed)
            return RecordingDice(self._override, entry["rolls"]), entry
        return _seeded_draw(self._seed, nonce, self.seed_number, self.commitment, self.client_seed)

    def reserve(self, count: int) -> Reserved:
        """``count`` draws and as many seqs taken at once, for rolls made away from the
        ledger (the bulk generator's worker processes): roll ``i`` of the run takes one
        draw, nonce ``nonce + i``, and one seq, ``seq + i``. Their links join the chain
        here, in order (``attach``)."""
        if self._override is not None:
            raise AssertionError("dice given in advance are drawn one at a time (draw)")
        reserved = Reserved(
            self.campaign_id,
            self._seed,
            self.client_seed,
            self.seed_number,
            self.commitment,
            self._salting,
            self.next_nonce,
            self.last_seq + 1,
        )
        self.next_nonce += count
        self.last_seq += count
        return reserved

    def link(
        self, roll: Mapping[str, Any], link_seq: int, encode: Encode = fastjson.canonical
    ) -> tuple[str, str]:
        """Chain one state of a roll: (prev_hash, hash). The link is v2, salted by the
        current seed, unless that seed predates chain v2 (then v1, as its links before).
        ``encode`` writes the record's canonical bytes (``app.rules.chain.canonical``'s):
        orjson's where they agree, or the bulk generator's own (app/rolls/bulk_make.py)."""
        salt = link_salt(self._seed, self.campaign_id, link_seq) if self._salting else None
        return self.attach(encode(chain_record(roll, link_seq)), salt)

    def attach(self, body: bytes, salt: str | None) -> tuple[str, str]:
        """Chain a record already encoded (``body``) with its salt (``Reserved.salt``):
        (prev_hash, hash)."""
        prev = self.last_hash
        self.last_hash = hash_of(prev, body, salt)
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

    def accumulate(self, name: str, make: Callable[[], A]) -> A:
        """This job's accumulator ``name`` (made by ``make`` the first time): its
        statements travel with the batch. They change no row a guard or the memo checks
        (seats, characters, rolls), so unlike ``write`` they keep the memo."""
        found = self._accumulators.get(name)
        if found is None:
            found = self._accumulators[name] = make()
        return found  # type: ignore[return-value]

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
        roll_seq: int | None = None,
        replaces: Mapping[str, Any] | None = None,
        audience: list[str] | None = None,
    ) -> EventOut:
        """An event with the next seq (or ``seq``, one the caller took for a roll whose
        seq is its event's), published after the commit.

        With ``roll_seq``, ``data`` is the new state of the roll of that seq, whose row the
        batch writes with it: the event is stored compact (app/events/models.py), and the
        event of the roll's previous state gets its data and link back from ``replaces``,
        the roll's row as it was."""
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
            audience,
        )
        if roll_seq is None:
            self.add(EVENTS, event.row())
        else:
            self._add_state(event, roll_seq, replaces)
        self.job.events.append(event)
        return event

    def _add_state(
        self, event: EventOut, roll_seq: int, replaces: Mapping[str, Any] | None
    ) -> None:
        rows = self._rows.setdefault(EVENTS.name, (EVENTS, []))[1]
        earlier = self._states.get(roll_seq)
        if earlier is not None:  # the previous state is a row of this batch: stored whole
            rows[earlier[0]] = EVENTS.values(earlier[1].row())
        elif replaces is not None:
            self.write(events_repo.fill(self.campaign_id, replaces))
        self._states[roll_seq] = (len(rows), event)
        rows.append(EVENTS.values(event.row(roll_seq)))

    async def close(self) -> None:
        """Write the counters back with every row and statement of the job, in one batch;
        ``RetryJob`` when a guard no longer holds (nothing of the batch then counts).

        On PostgreSQL, a batch of new rows only (no UPDATE or DELETE) whose campaign has
        another job of this process waiting may be parked instead: the next job runs at
        once on the counters this one leaves, and the parked batches go out as one
        statement (app/core/postgres.py); this returns once that statement has."""
        db = self.job.db
        counters = (self.last_seq, self.next_nonce, self.last_hash, self.campaign_id)
        batch = Batch(counters, self._rows, self._statements, self._accumulators, self._guards)
        parking = self.memo is not None and not self._statements and db.parkable(self.campaign_id)
        if parking:
            self._remember(self.read_version)  # the next job's, while the row is unwritten
            written = await db.park(self.campaign_id, batch)
        else:
            written = await db.close_batch(self.campaign_id, batch)
        if written is None:
            db.forget_memo(self.campaign_id)
            raise RetryJob("a row read before the campaign's lock changed meanwhile")
        if db.deferring:  # the batch of jobs writes them, merged, once this is
            for name, accumulator in self._accumulators.items():
                db.defer((name, self.campaign_id), accumulator)
        if not parking:  # (a parked batch's version is left by the statement that wrote it)
            self._remember(str(written[0]) if db.row_version else None)

    def _remember(self, version: str | None) -> None:
        """Leave the next job of this process the counters and the rows checked."""
        if self.memo is None:
            return
        state = (
            (self.last_seq, self.next_nonce, self.seed_number, self.client_seed, self.last_hash),
            (self._seed, self.commitment, self._links_from),
        )
        memo.after_close(self.memo, version, state, None if self._statements else self._checked)

    def checked(self, kind: str, key: str, row: Any) -> None:
        """``row`` was read before the lock and a guard of this batch checks it: if the
        batch changes no row, the next job of this process may take it without reading
        (app/campaigns/memo.py)."""
        if self.memo is not None:
            self._checked[(kind, key)] = row

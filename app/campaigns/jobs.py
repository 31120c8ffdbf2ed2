"""``campaign_job``: the one skeleton every write to a campaign's record runs as.

    seat → Idempotency-Key replay → prepare (reads before the lock) → Ledger.open (the lock)
    → act → answer → idempotency record → Ledger.close (one batch) → commit → events

Rolls and their steps, contests, group actions, long tasks, damage, conditions, fairness,
characters, members and settings are each an ``act`` inside it. An ``act`` gets one
``CampaignJob``: the connection, the caller's seat and the campaign's ledger; it records
events through the ledger only, so every event takes its seq from there.

A write may name a ``delegate``: where its caller's own seat refuses it (a 404 or 403, at
the seat or in ``prepare``), the seat of the player who delegated the character to the
caller, a bot (app/delegations), narrowed to that character. The Idempotency-Key is the
caller's own whichever seat it acts from.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from app.campaigns import repository as repo
from app.campaigns.ledger import Ledger
from app.campaigns.seats import ROLES, Seat, seat_row, take_seat
from app.core import idempotency
from app.core.database import Db, RetryJob
from app.core.errors import AppError, Forbidden, NotFound
from app.core.i18n import msg
from app.core.jsontext import dumps
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.rules import DiceSource

P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class CampaignJob:
    """A write job on one campaign, under its lock."""

    job: Job
    seat: Seat
    ledger: Ledger

    @property
    def db(self) -> Db:
        return self.job.db


Locate = Callable[[Db], Awaitable[str | None]]
"""Finds the campaign an item belongs to (``None``: no such item)."""
Prepare = Callable[[Job, Seat], Awaitable[P]]
Act = Callable[[CampaignJob, P], Awaitable[tuple[int, Any]]]
Delegate = Callable[[Db, Principal, str, AppError], Awaitable[Seat]]
"""The seat a write acts from when the caller's own refuses it with the given error (a 404
or a 403): a delegating player's, for a bot. It raises that error when the caller holds no
delegation there, or a 403 naming why the one it holds does not serve."""


@dataclass(frozen=True, slots=True)
class Idempotent:
    """The request's Idempotency-Key (or None) and the digest of what it asked for; for an
    operation whose answer can later be erased, the digest its erased record keeps."""

    key: str | None
    digest: str
    erased: str | None = None


async def _nothing(job: Job, seat: Seat) -> None:
    return None


@dataclass(frozen=True, slots=True)
class CampaignWrite(Generic[P]):
    """What one write asks for; calling it (the writer does) runs the skeleton above."""

    principal: Principal
    where: str | Locate
    scope: str
    act: Act[P]
    prepare: Prepare[P]
    roles: tuple[str, ...] = ROLES
    what: str = "campaign"
    once: Idempotent | None = None
    override: DiceSource | None = None
    delegate: Delegate | None = None
    optimistic: ClassVar[bool] = True
    """The ledger's close is the last write of this job: on PostgreSQL its first attempt
    may run without a transaction, the close being its commit (app/core/writer.py)."""

    async def __call__(self, job: Job) -> tuple[int, bytes]:
        db = job.db
        campaign_id = self.where if isinstance(self.where, str) else await self.where(db)
        if campaign_id is None:
            raise NotFound(msg("no such {what}", what=self.what))
        seat = await self._seat(db, campaign_id)
        caller = self.principal.user_id  # the keys are the caller's, whichever seat it takes
        key = self.once.key if self.once is not None else None
        if self.once is not None and key is not None:
            found = await idempotency.replay(db, caller, key, self.once.digest, self.once.erased)
            if found is not None:
                return found
        try:
            prepared = await self.prepare(job, seat)
        except Forbidden as refused:  # a seated bot, for a character it does not own
            if self.delegate is None or seat.principal.acted_by is not None:
                raise
            seat = await self.delegate(db, self.principal, campaign_id, refused)
            prepared = await self.prepare(job, seat)
        ledger = await Ledger.open(job, campaign_id, self.override)
        if ledger.memo is not None:  # the next job may take the seat from the memo
            row = seat_row(seat)
            if ledger.read_version is not None:  # optimistic: the seat must still hold
                ledger.guard(repo.seat_guard(row, seat.user_id))
            ledger.checked("seat", seat.user_id, row)
        status, answer = await self.act(CampaignJob(job, seat, ledger), prepared)
        body = dumps(answer)
        if self.once is not None and key is not None:
            record = idempotency.record(caller, key, self.once.digest, (status, body))
            ledger.add(idempotency.RECORDS, record)
        try:
            await ledger.close()
        except Exception as exc:
            if db.is_unique_violation(exc, idempotency.RECORDS.name):
                raise RetryJob("a concurrent request with this key committed first") from exc
            raise
        return status, body

    async def _seat(self, db: Db, campaign_id: str) -> Seat:
        """The caller's own seat, else the delegate's, else the refusal (404 for
        non-members: not even ``what`` is said to exist)."""
        try:
            return await take_seat(db, self.principal, campaign_id, self.scope, self.roles)
        except NotFound:
            refused: AppError = NotFound(msg("no such {what}", what=self.what))
        except Forbidden as exc:
            refused = exc
        if self.delegate is None:
            raise refused
        return await self.delegate(db, self.principal, campaign_id, refused)


async def campaign_job(
    writer: Writer,
    principal: Principal,
    where: str | Locate,
    act: Act[P],
    *,
    scope: str,
    roles: tuple[str, ...] = ROLES,
    what: str = "campaign",
    prepare: Prepare[P] | None = None,
    once: Idempotent | None = None,
    override: DiceSource | None = None,
    delegate: Delegate | None = None,
) -> tuple[int, bytes]:
    """Run ``act`` on the campaign ``where`` names (an id, or a lookup of an item's
    campaign) as one write job; answer (status, body). A non-member learns nothing, not
    even that ``what`` exists (404). A keyed retry replays the first answer; an act that
    raises changes nothing."""
    write: CampaignWrite[P] = CampaignWrite(
        principal,
        where,
        scope,
        act,
        prepare if prepare is not None else _nothing,  # type: ignore[arg-type]
        roles,
        what,
        once,
        override,
        delegate,
    )
    return await writer.run(write)

"""The delivery worker: every enabled target gets the events after its cursor, in seq
order, each once, whichever instance delivers it.

The events table is the outbox. Nothing is added to the write path of a roll: a target
only keeps ``delivered_seq`` (the last event delivered, or passed over: another type, or
one it may not carry). Each instance runs one worker (started in the app's lifespan):

- **Wake-up.** Every committed event published on the broker (from any instance) wakes it
  when its campaign has a target; it also looks every ``VTT_WEBHOOK_POLL_SECONDS``, so a
  lost wake-up only delays. A round reads the targets that have events after their cursor,
  are due (no retry scheduled later) and are leased by nobody.
- **Lease.** A target is delivered by one instance at a time: a guarded UPDATE sets
  ``lease_owner`` (this worker's id) and ``lease_until``, and matches no row while another
  holds a lease that has not lapsed. Every write the worker makes about the target (the
  cursor, a failure) is guarded by ``lease_owner`` and renews the lease, and the lease is
  renewed before an attempt whenever less than the attempt's timeout and a margin remain,
  so a lease never lapses during an attempt of the live owner. An instance that dies
  loses its lease within ``lease_seconds``; another takes the target from its cursor.
- **Order and exactly once.** Events are sent one at a time, in seq order; the cursor
  moves past an event only after a 2xx (one statement with the attempt's log row), and a
  failure stops the target until its retry. At shutdown the attempt under way finishes and
  is recorded before the worker lets its leases go, so a restart sends nothing twice. (An
  instance frozen longer than its lease, or killed between a 2xx and its write, may send
  that one event again: receivers deduplicate on ``webhook-id``, as the specification
  asks.)
- **Retries.** After the n-th failure in a row, the next attempt waits a random time in
  ``[0, min(max, base * 2**(n-1))]`` (exponential backoff, full jitter), or the receiver's
  ``Retry-After`` if longer. The target is disabled — with a ``webhook.disabled`` event in
  the campaign's log, through the campaign's ledger — once the event it is stuck on has
  failed ``VTT_WEBHOOK_MAX_FAILURES`` times over at least ``VTT_WEBHOOK_RETRY_SECONDS``
  (so retries span 24 h by default), or at once when the receiver answers 410 Gone.
- **Giving way.** The worker shares the event loop with the API. While the process answers
  4 requests or more at once (it is saturated), a session rests after each attempt so that
  deliveries take at most 5 % of the time, and catch up once the rush is over; otherwise
  it delivers as fast as the receiver answers.
- **Who sees what.** A target without ``include_hidden`` carries only events the whole
  table reads (``public``, no whisper). One with it carries what its storyteller reads now
  (``app.rolls.visibility.can_read``, with their current role); if they are no longer a
  storyteller it carries only public events, and if they left, it is disabled.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from app.campaigns.ledger import Ledger
from app.core import metrics, observe
from app.core.database import Database, Row, Statement
from app.core.db import rfc3339, utcnow
from app.core.errors import NotFound
from app.core.i18n import campaign_language
from app.core.ids import new_id
from app.core.jsontext import dumps
from app.core.settings import Settings
from app.core.writer import Job, Writer
from app.events import service as events
from app.events.service import EventOut
from app.rolls.visibility import can_read
from app.webhooks import client, discord, signing
from app.webhooks import repository as repo

log = logging.getLogger("fairtable.webhooks")

PAGE = 200  # events read at a time for one target
ROUND = 100  # targets looked at per round
SESSIONS = 32  # targets one instance delivers at once
MIN_GAP_SECONDS = 0.05  # between two rounds, however many wake-ups
BODY_CAP = 1024  # bytes of an answer read (its start goes to the log on a failure)
# Delivered events' records wait this long to share a write (measured: waiting 10 ms saved
# no CPU on an idle server and slowed a drain; under load they share the writer's batches).
RECORD_DELAY_SECONDS = 0.0
PURGE_EVERY_SECONDS = 600.0
PURGE_BATCH = 2000
MARGIN_SECONDS = 10.0
# Deliveries give way to requests: while this process answers BUSY_REQUESTS requests or
# more at once (it is saturated), a session rests after each attempt so that deliveries
# take at most BUSY_SHARE of the time; otherwise it delivers as fast as the receiver answers.
BUSY_REQUESTS = 4
BUSY_SHARE = 0.05
_random = secrets.SystemRandom()


def instance_id() -> str:
    """This process's name as a lease owner: host, pid and a random part."""
    return f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(4)}"


def backoff(failures: int, base: float, cap: float, retry_after: float | None) -> float:
    """Seconds before the next attempt after ``failures`` failures in a row."""
    delay = _random.uniform(0, min(cap, base * 2 ** min(failures - 1, 60)))
    if retry_after is not None:
        delay = max(delay, min(retry_after, cap))
    return delay


def standard_body(event: EventOut) -> bytes:
    """The Standard Webhooks payload: ``type``, ``timestamp`` (the event's) and ``data``,
    with the event's campaign and seq beside them."""
    return dumps(
        {
            "type": event.type,
            "timestamp": rfc3339(event.at),
            "campaign_id": event.campaign_id,
            "seq": event.seq,
            "data": event.data,
        }
    )


def _retry_after(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return max(0.0, float(value.strip()))
    except ValueError:
        return None


class _Target:
    """A target as one session delivers it, and the records of its deliveries on their way
    to the database: written behind the sends, in order, several to a batch, so that the
    next event goes out as soon as the receiver answered (a round trip to the writer per
    event would bound a target to the writer's latency)."""

    __slots__ = ("failing_since", "failures", "lease_until", "lost", "pending", "row",
                 "storyteller", "writing")  # fmt: skip

    def __init__(self, row: dict[str, Any], lease_until: datetime) -> None:
        self.row = row
        self.failures: int = row["failures"]
        self.failing_since: datetime | None = row["failing_since"]
        self.lease_until = lease_until
        self.storyteller = False
        self.pending: list[dict[str, Any]] = []
        self.writing: asyncio.Task[None] | None = None
        self.lost = False  # a record found the lease gone: stop

    @property
    def id(self) -> str:
        return str(self.row["id"])

    def refresh(self, row: dict[str, Any]) -> None:
        self.row = row
        self.failures, self.failing_since = row["failures"], row["failing_since"]

    def carries(self, event: EventOut) -> bool:
        """Whether this target sends ``event`` (its type, and who may read it)."""
        types = self.row["events"]
        if types is not None and event.type not in types:
            return False
        if self.row["include_hidden"] and self.storyteller:
            return can_read(
                event.visibility, event.user_id or "", event.audience, self.row["user_id"], True
            )
        return event.visibility == "public" and event.audience is None

    def record(self, worker: DeliveryWorker, logged: dict[str, Any]) -> None:
        """A delivered event's record: the cursor moves to it, with its log row."""
        self.pending.append(logged)
        if self.writing is None or self.writing.done():
            self.writing = asyncio.create_task(self._flush(worker), name="fairtable-webhook-log")

    async def _flush(self, worker: DeliveryWorker) -> None:
        try:
            await asyncio.sleep(RECORD_DELAY_SECONDS)  # those sent meanwhile share the batch
            while self.pending and not self.lost:
                rows, self.pending = self.pending, []
                until = worker.lease()
                cursor = repo.delivered(self.id, worker.owner, rows[-1]["seq"], until)
                if await worker.write(cursor, [repo.log_rows(rows)]) is None:
                    self.lost = True  # the lease went elsewhere
                    return
                self.lease_until = until
        except Exception:
            self.lost = True
            log.exception("recording deliveries of webhook %s failed", self.id)

    async def settle(self) -> bool:
        """Every record written; False when the lease was lost meanwhile."""
        if self.writing is not None:
            await self.writing
        return not self.lost


class Attempt:
    __slots__ = ("duration_ms", "error", "outcome", "retry_after", "status")

    def __init__(
        self,
        outcome: str,
        status: int | None,
        error: str | None,
        duration_ms: int,
        retry_after: float | None = None,
    ) -> None:
        self.outcome, self.status, self.error = outcome, status, error
        self.duration_ms, self.retry_after = duration_ms, retry_after


class DeliveryWorker:
    def __init__(self, database: Database, writer: Writer, settings: Settings) -> None:
        self.database = database
        self.writer = writer
        self.settings = settings
        self.owner = instance_id()
        self.lease_seconds = 30.0 + 3 * settings.webhook_timeout_seconds
        self.sender = client.Sender(
            settings.webhook_allow_private, settings.webhook_timeout_seconds, BODY_CAP
        )
        self._wake = asyncio.Event()
        self._watched: set[str] = set()
        self._sessions: dict[str, asyncio.Task[None]] = {}
        self._stopping = False
        self._task: asyncio.Task[None] | None = None

    # -- lifecycle ------------------------------------------------------------------------

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="fairtable-webhooks")

    def notify(self, published: Sequence[Any]) -> None:
        """The broker's subscriber: committed events of any instance (cheap: no I/O)."""
        watched = self._watched
        for event in published:
            if getattr(event, "campaign_id", None) in watched:
                self._wake.set()
                return

    def watch(self, campaign_id: str) -> None:
        """A target was just made for ``campaign_id`` here: wake for its events now."""
        self._watched.add(campaign_id)

    async def stop(self) -> None:
        """Let the attempts under way finish and be recorded, then let the leases go."""
        self._stopping = True
        self._wake.set()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(self._task, 1.0)
        sessions = list(self._sessions.values())
        if sessions:
            _, pending = await asyncio.wait(
                sessions, timeout=self.settings.webhook_timeout_seconds + 5
            )
            for task in pending:
                task.cancel()
            for task in pending:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.sender.close()

    async def _run(self) -> None:
        purged_at = 0.0
        last = 0.0
        while not self._stopping:
            gap = MIN_GAP_SECONDS - (time.monotonic() - last)
            if gap > 0:
                await asyncio.sleep(gap)
            last = time.monotonic()
            try:
                await self._round()
                if last - purged_at >= PURGE_EVERY_SECONDS:
                    purged_at = last
                    await self._purge()
            except Exception:
                log.exception("a round of webhook deliveries failed")
            if self._stopping:
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.settings.webhook_poll_seconds)
            self._wake.clear()

    async def _round(self) -> None:
        now = utcnow()
        async with self.database.read() as db:
            self._watched = await repo.watched(db)
            due = await repo.due(db, now, ROUND)
        for webhook_id in due:
            if webhook_id in self._sessions or len(self._sessions) >= SESSIONS:
                continue
            task = asyncio.create_task(self._session(webhook_id), name="fairtable-webhook")
            self._sessions[webhook_id] = task
            task.add_done_callback(self._ended(webhook_id))

    def _ended(self, webhook_id: str) -> Any:
        def forget(_: asyncio.Task[None]) -> None:
            self._sessions.pop(webhook_id, None)

        return forget

    async def _purge(self) -> None:
        """Delivery attempts older than ``VTT_WEBHOOK_LOG_SECONDS`` leave the log."""
        before = utcnow() - timedelta(seconds=self.settings.webhook_log_seconds)
        sql, params = repo.purge(before, PURGE_BATCH)

        async def job(job: Job) -> int:
            return len(await job.db.fetchall(sql + " RETURNING id", *params))

        for _ in range(100):  # at most 100 batches a round; the next round goes on
            if self._stopping or await self.writer.run(job) < PURGE_BATCH:
                return

    # -- one target -----------------------------------------------------------------------

    async def write(self, main: Statement, others: Sequence[Statement] = ()) -> Row | None:
        """A batch about one target: one round trip on PostgreSQL (no transaction: the
        batch is atomic on its own), a job of the grouped commit on SQLite."""

        async def job(job: Job) -> Row | None:
            return await job.db.send_together(main, others)

        job.optimistic = True  # type: ignore[attr-defined]
        return await self.writer.run(job)

    def lease(self) -> datetime:
        return utcnow() + timedelta(seconds=self.lease_seconds)

    async def _session(self, webhook_id: str) -> None:
        now = utcnow()
        until = self.lease()
        if await self.write(repo.claim(webhook_id, self.owner, now, until)) is None:
            return  # another instance holds it
        target: _Target | None = None
        try:
            target = await self._deliver(webhook_id, until)
        except Exception:
            log.exception("delivering webhook %s failed", webhook_id)
        finally:
            with contextlib.suppress(Exception):
                if target is not None:
                    await target.settle()
                await self.write(repo.release(webhook_id, self.owner))

    async def _deliver(self, webhook_id: str, until: datetime) -> _Target | None:
        """Pages of events after the cursor, until none is left, one fails, the target is
        disabled or changed hands, or the worker stops. Each page starts from the cursor as
        written: the page before it settled its records first."""
        target: _Target | None = None
        while not self._stopping:
            async with self.database.read() as db:
                row = await repo.read(db, webhook_id)
                if row is None or not row["enabled"] or row["lease_owner"] != self.owner:
                    return target
                due = row["next_attempt_at"]
                if due is not None and due > utcnow():
                    return target
                view = await repo.campaign_view(db, row["campaign_id"], row["user_id"])
                if view is None:
                    return target
                settings, role = view
                page = await events.after_seq(db, row["campaign_id"], row["delivered_seq"], PAGE)
                names = await self._names(db, page) if row["format"] == "discord" else None
            if target is None:
                target = _Target(row, until)
            target.refresh(row)
            target.storyteller = role == "storyteller"
            if not page:
                return target
            if row["include_hidden"] and role is None:
                await self._disable(target, "owner_left", None, page[0])
                return target
            language = campaign_language(settings)
            if not await self._page(target, page, names, language):
                return target
        return target

    async def _page(
        self,
        target: _Target,
        page: list[EventOut],
        names: discord.Names | None,
        language: str,
    ) -> bool:
        """Send the page's events this target carries; True when all went through (and
        their records are written)."""
        passed: int | None = None
        owner_id = target.row["user_id"]
        storyteller_now = target.storyteller
        for event in page:
            if self._stopping or target.lost:
                break
            if event.type in ("member.updated", "member.left") and (
                event.data.get("user_id") == owner_id
            ):  # a step down takes effect at its seq (never beyond the role they hold now)
                target.storyteller = storyteller_now and (
                    event.type == "member.updated" and event.data.get("role") == "storyteller"
                )
            if not target.carries(event):
                passed = event.seq
                continue
            if not await self._send(target, event, names, language):
                return False
            passed = None
        if not await target.settle():
            return False
        if passed is not None:
            until = self.lease()
            if await self.write(repo.passed(target.id, self.owner, passed, until)) is None:
                return False
            target.lease_until = until
        return not self._stopping

    async def _send(
        self,
        target: _Target,
        event: EventOut,
        names: discord.Names | None,
        language: str,
    ) -> bool:
        """One attempt at ``event``, recorded; True when it was delivered."""
        row = target.row
        margin = self.settings.webhook_timeout_seconds + MARGIN_SECONDS
        if target.lease_until - utcnow() < timedelta(seconds=margin):
            until = self.lease()
            if await self.write(repo.renew(target.id, self.owner, until)) is None:
                return False
            target.lease_until = until
        if row["format"] == "discord":
            body = dumps(discord.render(event, names or discord.Names({}, {}), language))
        else:
            body = standard_body(event)
        msg_id = signing.message_id(event.campaign_id, event.seq)
        headers = signing.headers(row["secret"], msg_id, int(time.time()), body)
        headers["content-type"] = "application/json"
        started = time.perf_counter()
        attempt = await self._post(row["url"], body, headers)
        metrics.WEBHOOK_DELIVERIES.labels(row["format"], attempt.outcome).inc()
        now = utcnow()
        logged = {
            "id": new_id(),
            "webhook_id": target.id,
            "seq": event.seq,
            "type": event.type,
            "attempt": target.failures + 1,
            "outcome": attempt.outcome,
            "status_code": attempt.status,
            "error": attempt.error,
            "duration_ms": attempt.duration_ms,
            "at": now,
        }
        if attempt.outcome == "delivered":
            target.failures, target.failing_since = 0, None
            target.record(self, logged)
            await self._give_way(time.perf_counter() - started)
            return True
        if not await target.settle():  # the failure's write lets the lease go: records first
            return False
        failures = target.failures + 1
        since = target.failing_since or now
        settings = self.settings
        stuck = now - since >= timedelta(seconds=settings.webhook_retry_seconds)
        if attempt.status == 410:
            await self._disable(target, "gone", logged, event, failures, since)
        elif failures >= settings.webhook_max_failures and stuck:
            await self._disable(target, "failures", logged, event, failures, since)
        else:
            delay = backoff(
                failures,
                settings.webhook_backoff_base_seconds,
                settings.webhook_backoff_max_seconds,
                attempt.retry_after,
            )
            retry_at = now + timedelta(seconds=delay)
            await self.write(
                repo.failed(target.id, self.owner, failures, since, retry_at),
                [repo.log_row(logged)],
            )
            self._wake_at(delay)
        return False

    async def _give_way(self, spent: float) -> None:
        """Rest after an attempt that took ``spent`` seconds if requests are waiting: the
        roll path keeps the loop, and a saturated server's deliveries catch up later."""
        if observe.in_flight() >= BUSY_REQUESTS:
            await asyncio.sleep(spent * (1 / BUSY_SHARE - 1))

    def _wake_at(self, delay: float) -> None:
        """A retry sooner than the next poll wakes the worker in time."""
        if delay < self.settings.webhook_poll_seconds:
            asyncio.get_running_loop().call_later(delay + 0.001, self._wake.set)

    async def _post(self, url: str, body: bytes, headers: dict[str, str]) -> Attempt:
        start = time.perf_counter()

        def took() -> int:
            return int((time.perf_counter() - start) * 1000)

        try:
            answer = await self.sender.post(url, body, headers)
        except client.Refused as exc:
            return Attempt("refused", None, str(exc)[:300], took())
        except client.Unreachable as exc:
            return Attempt("unreachable", None, str(exc)[:300], took())
        status = answer.status
        if 200 <= status < 300:
            return Attempt("delivered", status, None, took())
        text = answer.excerpt.decode("utf-8", "replace").strip()
        error = f"HTTP {status}" + (f": {text}" if text else "")
        retry = _retry_after(answer.headers.get("retry-after"))
        return Attempt("rejected", status, error[:300], took(), retry)

    async def _names(self, db: Any, page: list[EventOut]) -> discord.Names:
        users = {str(e.data["user_id"]) for e in page if e.data.get("user_id")}
        characters = {str(e.data["character_id"]) for e in page if e.data.get("character_id")}
        return discord.Names(
            await repo.user_names(db, sorted(users)),
            await repo.character_names(db, sorted(characters)),
        )

    async def _disable(
        self,
        target: _Target,
        reason: str,
        logged: dict[str, Any] | None,
        event: EventOut,
        failures: int | None = None,
        since: datetime | None = None,
    ) -> None:
        """Disable the target and say so in the campaign's log (a ``webhook.disabled``
        event for the storytellers; for an ``include_hidden`` target, for its owner only),
        under the campaign's lock, if this worker still holds the target."""
        row, owner = target.row, self.owner
        campaign_id = str(row["campaign_id"])

        async def job(job: Job) -> bool:
            try:
                ledger = await Ledger.open(job, campaign_id)
            except NotFound:
                return False
            now_row = await repo.read(job.db, target.id)
            if now_row is None or not now_row["enabled"] or now_row["lease_owner"] != owner:
                return False
            ledger.guard(repo.leased_by(target.id, owner))
            now = utcnow()
            count = target.failures if failures is None else failures
            ledger.write(repo.disable(target.id, reason, count, since, now))
            if logged is not None:
                ledger.add(repo.DELIVERIES, logged)
            data = {
                "webhook_id": target.id,
                "reason": reason,
                "failures": count,
                "failing_since": None if since is None else rfc3339(since),
                "seq": event.seq,
                "error": None if logged is None else logged["error"],
            }
            hidden = bool(row["include_hidden"])
            visibility = "private" if hidden else "blind"
            ledger.record("webhook.disabled", data, visibility=visibility, user_id=row["user_id"])
            await ledger.close()
            return True

        if await self.writer.run(job):
            log.warning("webhook %s disabled: %s", target.id, reason)


def start_worker(state: Any, settings: Settings) -> DeliveryWorker:
    """The worker on ``state`` (app.state), woken by the broker's events."""
    worker = DeliveryWorker(state.database, state.writer, settings)
    state.broker.subscribe(worker.notify)
    worker.start()
    state.webhooks = worker
    return worker

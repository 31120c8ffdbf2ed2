"""The bulk generator: a new 3d6 campaign filled with N genuine rolls, for benchmarks,
demos and tests (``fairtable demo --rolls N``; ``bench/growth_bench.py`` prints its rate).

Every roll is made as a request's is (``add_roll``): a draw of the committed seed's next
nonce, the rules engine's roll, the next seq, a link of the hash chain, the row and its
event. So the campaign verifies as one made over HTTP does (``GET /campaigns/{cid}/audit``,
``fairtable verify``), and its rows are the ones ``add_roll`` would write for the same
draws (tests/service/test_demo.py holds them to it). What a request must do for each roll
and the plan needs once is done once a batch: the seats and characters are read and
guarded once.

A batch of ``BATCH`` rolls is one writer job with one ``Ledger``: one lock, the counters
read and written back once, one transaction and one commit. Its rolls are made ``CHUNK`` at
a time by worker processes (app/rolls/bulk_make.py: each chunk's draws and seqs reserved in
advance, so the chunks are made side by side); this process chains each chunk as it comes
back, in order, and inserts it while the next ones are made.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from app.accounts import service as accounts
from app.campaigns import repository as campaigns_repo
from app.campaigns import service as campaigns
from app.campaigns.ledger import Ledger
from app.campaigns.seats import PLAYING, Seat, take_seat
from app.characters import repository as characters_repo
from app.characters import service as characters
from app.core import tables
from app.core.database import Database, Db
from app.core.db import utcnow
from app.core.errors import NotFound
from app.core.heap import tune_garbage_collector
from app.core.i18n import msg
from app.core.jsontext import loads
from app.core.security import SCOPES, Principal
from app.core.settings import Settings
from app.core.tables import RowsFor
from app.core.writer import Job, Writer, create_writer
from app.events.repository import EVENTS
from app.rolls import bulk_make
from app.rolls.bulk_make import Chunk, Order, Turn
from app.rolls.repository import ROLLS
from app.rolls.schemas import FormulaBody, TestBody
from app.rolls.service import RollBody
from app.stats import retention, tally
from app.stats.staging import StagedTallies

BATCH = 50_000  # rolls a job: one transaction
CHUNK = 500  # rolls an order and a statement: 9,500 placeholders on SQLite (at most 32,766)
MOST_SPREAD = 10 * 366 * 86400  # seconds a campaign may be spread over: ten years
SHEET = {"qualities": {"strong": 3, "clever": 5}, "items": ["ball of yarn"], "gifts": []}


@dataclass(frozen=True, slots=True)
class Demo:
    """What was made: the campaign, an API key for each member (all scopes; the
    storyteller's first), and how long the rolls took."""

    campaign_id: str
    keys: dict[str, str]
    rolls: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.rolls / self.seconds if self.seconds else math.inf


@dataclass(frozen=True, slots=True)
class _Player:
    principal: Principal
    character_id: str | None  # the storyteller rolls formulas only


def _principal(user_id: str, username: str) -> Principal:
    return Principal(user_id, username, username, frozenset(SCOPES), False, math.inf)


def _plan() -> list[tuple[int, RollBody | None]]:
    """The cycle the rolls follow: (member index, body; None: that member's 3d6 test).
    Mostly public tests, a few formulas seen by the storytellers only or blind."""
    st_formula = FormulaBody(kind="formula", formula="2d6+1", visibility="storyteller")
    blind = FormulaBody(kind="formula", formula="1d20", visibility="blind")
    public = FormulaBody(kind="formula", formula="4d6kh3")
    return [(1, None), (2, None), (1, None), (2, None), (0, st_formula),
            (1, None), (2, blind), (2, None), (1, public), (0, public)]  # fmt: skip


async def _members(writer: Writer, settings: Settings, name: str) -> tuple[str, list[_Player]]:
    """A storyteller and two players (no one knows their passwords: the demo hands out API
    keys), the players each with a character."""
    tag = secrets.token_hex(4)
    users = []
    for role in ("storyteller", "player1", "player2"):
        username = f"demo-{role}-{tag}"
        password = secrets.token_urlsafe(24)
        user = await accounts.register(writer, settings, username, password, username)
        users.append(_principal(user.id, username))
    campaign = await campaigns.create(writer, users[0].user_id, name, "3d6", None)

    async def seat_players(job: Job) -> None:
        for player in users[1:]:
            row = {"campaign_id": campaign.id, "user_id": player.user_id, "role": "player"}
            await tables.insert(job.db, campaigns_repo.MEMBERSHIPS, {**row, "joined_at": utcnow()})

    await writer.run(seat_players)
    members = [_Player(users[0], None)]
    for number, player in enumerate(users[1:], start=1):
        made = await characters.create(
            writer, player, campaign.id, f"Cat {number}", False, None, SHEET
        )
        members.append(_Player(player, str(loads(made)["id"])))
    return campaign.id, members


def _bodies(members: list[_Player]) -> list[RollBody]:
    """Each member's own roll of the plan: the storyteller's 3d6, the players' tests."""
    return [
        FormulaBody(kind="formula", formula="3d6"),
        *(
            TestBody(kind="test", character_id=m.character_id, trait="strong")
            for m in members[1:]
            if m.character_id is not None
        ),
    ]


async def _turns(
    job: Job, ledger: Ledger, campaign_id: str, members: list[_Player], bodies: list[RollBody]
) -> tuple[Turn, ...]:
    """The plan's turns, with the seats and characters read once for the batch, and the
    characters guarded as ``add_roll`` guards them."""
    seats: list[Seat] = []
    sheets: list[dict[str, Any] | None] = []
    for member in members:
        seats.append(await take_seat(job.db, member.principal, campaign_id, "roll", PLAYING))
        sheet = None
        if member.character_id is not None:
            row = await characters_repo.read(job.db, member.character_id)
            if row is None or row.campaign_id != campaign_id:
                raise NotFound(
                    msg(
                        "no character {member_character_id} in this campaign",
                        member_character_id=member.character_id,
                    )
                )
            ledger.guard(characters_repo.unchanged(row))
            sheet = row.sheet
        sheets.append(sheet)
    turns = []
    for who, planned in _plan():
        seat, body = seats[who], planned or bodies[who]
        any_die = bool(seat.campaign.settings.get("reroll_any_die", False))
        turns.append(Turn(body, sheets[who], seat.campaign.ruleset, any_die, _fixed(seat, body)))
    return tuple(turns)


def _fixed(seat: Seat, body: RollBody) -> dict[str, Any]:
    return {
        "campaign_id": seat.campaign.id,
        "ruleset": seat.campaign.ruleset,
        "kind": body.kind,
        "character_id": body.character_id,
        "user_id": seat.user_id,
        "acted_by": seat.principal.acted_by,
        "visibility": body.visibility,
        "note": body.note,
    }


class _Millis:
    """Each order's millisecond: now, or the one after the last order's if that is later
    (``bulk_make``: ids and times then increase from one order to the next). With
    ``every`` microseconds between rolls, the ``rolls`` rolls are spread over the past
    instead, the last one about now: the order of roll ``first`` starts ``first`` steps
    after the first roll."""

    __slots__ = ("base", "every", "last")

    def __init__(self, rolls: int = 0, every: int = 0) -> None:
        self.last = 0
        self.every = every
        self.base = time.time_ns() // 1_000_000 - rolls * every // 1000

    def next(self, first: int) -> int:
        at = self.base + first * self.every // 1000 if self.every else time.time_ns() // 1_000_000
        self.last = max(at, self.last + 1)
        return self.last

    @property
    def step(self) -> int:
        return max(1, self.every)


class _Makers:
    """Where orders are made: a pool of worker processes, or this one (``workers`` 0).
    At most ``ahead`` orders are out at a time, their chunks taken back in order."""

    def __init__(self, workers: int) -> None:
        self._pool: ProcessPoolExecutor | None = None
        if workers > 0:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["app.rolls.bulk_make"])
            self._pool = ProcessPoolExecutor(
                workers, mp_context=context, initializer=tune_garbage_collector
            )
        self.ahead = 2 * workers

    async def chunks(self, orders: Iterator[Order]) -> AsyncIterator[Chunk]:
        if self._pool is None:
            for order in orders:
                yield bulk_make.make(order)
                await asyncio.sleep(0)  # the insert on its way runs meanwhile
            return
        loop = asyncio.get_running_loop()
        window: deque[asyncio.Future[Chunk]] = deque()
        try:
            for order in orders:
                window.append(loop.run_in_executor(self._pool, bulk_make.make, order))
                if len(window) >= self.ahead:
                    yield await window.popleft()
            while window:
                yield await window.popleft()
        finally:
            for future in window:
                future.cancel()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)


async def _insert(db: Db, rolls: list[list[Any]], events: list[list[Any]]) -> None:
    await ROLLS.insert_many(db, rolls)
    await EVENTS.insert_many(db, events)


async def _roll_batch(
    job: Job,
    makers: _Makers,
    millis: _Millis,
    campaign_id: str,
    members: list[_Player],
    bodies: list[RollBody],
    start: int,
    n: int,
    rows_for: RowsFor,
) -> None:
    """``n`` rolls in one ledger: one lock, one transaction, one commit. They are ordered
    ``CHUNK`` at a time from ``makers``; each chunk, once chained, is inserted while the
    next ones are made (on PostgreSQL the server writes one while the workers roll). The
    counters go back when the ledger closes, after the last chunk, and the luck tallies
    just before, in statements of their own (a campaign spread over months has far more
    tally rows than one statement of the ledger's batch may bind: app/stats/staging.py).
    The workers make the rows for the database (``rows_for``: no minute tally row the
    purge would take at once)."""
    ledger = await Ledger.open(job, campaign_id)
    turns = await _turns(job, ledger, campaign_id, members, bodies)
    stats = tally.Tallies(campaign_id)

    def orders() -> Iterator[Order]:
        for first in range(start, start + n, CHUNK):
            count = min(CHUNK, start + n - first)
            reserved, at = ledger.reserve(count), millis.next(first)
            yield Order(reserved, turns, first, count, at, millis.step, rows_for)

    sending: asyncio.Future[None] | None = None
    try:
        async for chunk in makers.chunks(orders()):
            chunk.chain(ledger.attach)
            stats.merge(chunk.tallies)
            if sending is not None:
                await sending  # one statement at a time on the job's connection
            sending = asyncio.ensure_future(_insert(job.db, chunk.rolls, chunk.events))
            await asyncio.sleep(0)  # let it reach the server before taking the next chunk
    finally:
        if sending is not None:
            await sending
    staged = StagedTallies(job.db)
    await staged.add(stats)
    await staged.finish()
    await ledger.close()


async def generate(
    database: Database,
    settings: Settings,
    rolls: int,
    *,
    name: str = "Demo campaign",
    batch: int = BATCH,
    workers: int = 0,
    progress: Callable[[int], None] | None = None,
    writer: Writer | None = None,
    every: float = 0.0,
) -> Demo:
    """Make a new 3d6 campaign on ``database`` (migrated) and roll ``rolls`` times in it,
    ``batch`` rolls a job, made by ``workers`` processes (0: by this one). A running app
    passes its ``writer`` (one writer per SQLite database); the command line has one of
    its own, whose events nobody hears. ``every``: seconds between two rolls, the last
    about now (0: all now), as a campaign played over months; the luck tallies' minute
    rows older than their retention are then left out, as their purge would take them
    (app/stats/retention.py)."""
    if not 0 <= every * rolls <= MOST_SPREAD:
        raise ValueError(f"rolls x every must span 0 to {MOST_SPREAD} seconds (ten years)")
    own = writer is None
    writer = writer or create_writer(database, lambda events: None)
    makers = _Makers(workers)
    millis = _Millis(rolls, round(every * 1_000_000))
    try:
        floor = await retention.raise_floor(writer) if every else None
        rows_for = RowsFor(database.times_as_text, floor)
        campaign_id, members = await _members(writer, settings, name)
        keys = {}
        for member in members:
            secret, _ = await accounts.create_api_key(
                writer, member.principal.user_id, "demo", SCOPES
            )
            keys[member.principal.username] = secret
        bodies = _bodies(members)
        started = time.perf_counter()
        done = 0
        while done < rolls:
            n = min(batch, rolls - done)

            async def job(job: Job, start: int = done, n: int = n) -> None:
                await _roll_batch(
                    job, makers, millis, campaign_id, members, bodies, start, n, rows_for
                )

            await writer.run(job)
            done += n
            if progress is not None:
                progress(done)
        return Demo(campaign_id, keys, rolls, time.perf_counter() - started)
    finally:
        makers.close()
        if own:
            await writer.close()

"""The bulk generator: a new 3d6 campaign filled with N genuine rolls, for benchmarks,
demos and tests (``fairtable demo --rolls N``).

Every roll goes the way a request's does (``add_roll``: the engine, a draw from the
committed seed's next nonce, a link of the hash chain, the row and its event), only many
of them share one writer job and one ``Ledger``: the counters are read and written back
once per batch instead of once per roll, and the batch travels as one ``send_together``.
So the campaign verifies as one made over HTTP does (``GET /campaigns/{cid}/audit``,
``fairtable verify``), at tens of thousands of rolls a second instead of a few hundred.

A batch is sized so that its statements stay within the drivers' parameter limits: on
PostgreSQL the whole batch is one statement (numbered up to 10,000 placeholders, and a
roll with its event takes about thirty), on SQLite each table's insert is one (32,766).
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from app.accounts import service as accounts
from app.campaigns import repository as campaigns_repo
from app.campaigns import service as campaigns
from app.campaigns.ledger import Ledger
from app.campaigns.seats import PLAYING, Seat, take_seat
from app.characters import repository as characters_repo
from app.characters import service as characters
from app.core import tables
from app.core.database import Database, PostgresDatabase
from app.core.db import utcnow
from app.core.jsontext import loads
from app.core.security import SCOPES, Principal
from app.core.settings import Settings
from app.core.writer import Job, Writer, create_writer
from app.events.repository import EVENTS
from app.rolls.repository import ROLLS
from app.rolls.schemas import FormulaBody, TestBody
from app.rolls.service import RollBody, RollFor, add_roll

SQLITE_BATCH = 1000
_PG_PARAMETERS = 9_000  # under app/core/database.py's 10,000 numbered placeholders
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


async def _roll_batch(
    job: Job, campaign_id: str, members: list[_Player], bodies: list[RollBody], start: int, n: int
) -> None:
    """``n`` rolls in one ledger: one lock, one batch, one commit."""
    plan = _plan()
    seats: list[Seat] = []
    named: list[RollFor] = []
    for member in members:
        seats.append(await take_seat(job.db, member.principal, campaign_id, "roll", PLAYING))
        row = None
        if member.character_id is not None:
            row = await characters_repo.read(job.db, member.character_id)
        named.append(RollFor(row, None))
    ledger = await Ledger.open(job, campaign_id)
    for i in range(start, start + n):
        who, body = plan[i % len(plan)]
        await add_roll(ledger, seats[who], body or bodies[who], named[who])
    job.events.clear()  # nobody listens to a campaign being made; keep no copies
    await ledger.close()


async def generate(
    database: Database,
    settings: Settings,
    rolls: int,
    *,
    name: str = "Demo campaign",
    batch: int | None = None,
    progress: Callable[[int], None] | None = None,
    writer: Writer | None = None,
) -> Demo:
    """Make a new 3d6 campaign on ``database`` (migrated) and roll ``rolls`` times in it.
    A running app passes its ``writer`` (one writer per SQLite database); the command
    line has one of its own, whose events nobody hears."""
    own = writer is None
    if batch is None:
        per_roll = len(ROLLS.columns) + len(EVENTS.columns)
        pg = isinstance(database, PostgresDatabase)
        batch = _PG_PARAMETERS // per_roll if pg else SQLITE_BATCH
    writer = writer or create_writer(database, lambda events: None)
    try:
        campaign_id, members = await _members(writer, settings, name)
        keys = {}
        for member in members:
            secret, _ = await accounts.create_api_key(
                writer, member.principal.user_id, "demo", SCOPES
            )
            keys[member.principal.username] = secret
        bodies: list[RollBody] = [
            FormulaBody(kind="formula", formula="3d6"),
            *(
                TestBody(kind="test", character_id=m.character_id, trait="strong")
                for m in members[1:]
                if m.character_id is not None
            ),
        ]
        started = time.perf_counter()
        done = 0
        while done < rolls:
            n = min(batch, rolls - done)

            async def job(job: Job, start: int = done, n: int = n) -> None:
                await _roll_batch(job, campaign_id, members, bodies, start, n)

            await writer.run(job)
            done += n
            if progress is not None:
                progress(done)
        return Demo(campaign_id, keys, rolls, time.perf_counter() - started)
    finally:
        if own:
            await writer.close()

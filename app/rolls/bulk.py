"""The bulk generator: a new 3d6 campaign filled with N genuine rolls, for benchmarks,
demos and tests (``fairtable demo --rolls N``): about 12,000 rolls a second on SQLite
and 8,000 on PostgreSQL on a 2-core machine, short of the 20,000 aimed at
(``bench/growth_bench.py`` prints it).

Every roll is made as a request's is (``add_roll``): a draw from the ledger (the committed
seed's next nonce), the rules engine's roll, the next seq, a link of the hash chain, the
row and its event. So the campaign verifies as one made over HTTP does (``GET
/campaigns/{cid}/audit``, ``fairtable verify``), and its rows are the ones ``add_roll``
would write for the same draws (tests/service/test_demo.py holds them to it). What a
request must do for each roll and the plan needs once is done once a batch: the seats and
characters are read and guarded once, the sheets parsed once; and each row is encoded as
soon as it is made, so a batch holds text, not dicts for the cyclic collector to rescan.

A batch of ``BATCH`` rolls is one writer job with one ``Ledger``: one lock, the counters
read and written back once, one transaction and one commit. Its rows do not wait in the
ledger: they go ``CHUNK`` at a time, each chunk's insert on its way while the next one
is made, so on PostgreSQL the server writes while this process rolls (two cores: about
as fast as the slower of the two alone). The chain's canonical bytes are orjson's, which
are ``json``'s for these records (``_canonical``).
"""

from __future__ import annotations

import asyncio
import math
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy.dialects.postgresql.base import PGDialect

from app.accounts import service as accounts
from app.campaigns import repository as campaigns_repo
from app.campaigns import service as campaigns
from app.campaigns.ledger import Ledger
from app.campaigns.seats import PLAYING, Seat, take_seat
from app.characters import repository as characters_repo
from app.characters import service as characters
from app.core import tables
from app.core.database import Database, Db
from app.core.db import rfc3339, utcnow
from app.core.errors import NotFound
from app.core.i18n import msg
from app.core.ids import new_id
from app.core.jsontext import loads
from app.core.security import SCOPES, Principal
from app.core.settings import Settings
from app.core.writer import Job, Writer, create_writer
from app.events.repository import EVENTS
from app.events.service import EventOut
from app.rolls import kinds
from app.rolls.repository import ROLLS, RollRow
from app.rolls.schemas import FormulaBody, TestBody
from app.rolls.service import RollBody, result_of
from app.rules import DiceSource, threed6
from app.stats import tally

BATCH = 50_000  # rolls a job: one transaction
CHUNK = 500  # rolls a statement: 9,500 placeholders on SQLite (at most 32,766)
YIELD_EVERY = 25  # rolls made between two turns of the event loop while a chunk is sent
_PG = PGDialect()  # type: ignore[no-untyped-call]  # to spell the column types
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


def _canonical(record: Mapping[str, Any]) -> bytes:
    """``chain.canonical``'s bytes for the bulk's records in 1 µs instead of 10 (a roll takes
    about 45 in all). Their values are text, integers, booleans and null only (ids, hashes,
    names of kinds and outcomes, faces, nonces: no float, no note), for which orjson writes
    what ``json`` writes, key order included (app/core/fastjson.py, held to it on every
    code point); ``fairtable verify`` checks each link with ``json`` itself."""
    return orjson.dumps(record, option=orjson.OPT_SORT_KEYS)


@dataclass(frozen=True, slots=True)
class _Turn:
    """One roll of the plan as a batch makes it: the engine call for its body, and the
    columns every roll of this turn shares."""

    resolve: Callable[[DiceSource], kinds.Resolved]
    fixed: dict[str, Any]


async def _turns(
    job: Job, ledger: Ledger, campaign_id: str, members: list[_Player], bodies: list[RollBody]
) -> list[_Turn]:
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
        turns.append(_Turn(_resolver(seat, body, sheets[who]), _fixed(seat, body)))
    return turns


def _resolver(
    seat: Seat, body: RollBody, sheet: dict[str, Any] | None
) -> Callable[[DiceSource], kinds.Resolved]:
    """The engine's call for one turn. A formula goes as ``add_roll`` sends it; a 3d6 test
    as ``kinds.threed6_test`` makes it, with what does not change from roll to roll (the
    parsed sheet, the score, the reroll sources: none) worked out once per batch."""
    if isinstance(body, FormulaBody):
        return lambda dice: kinds.formula_roll(body, dice)
    if not isinstance(body, TestBody) or sheet is None or body.rerolls:
        raise AssertionError("the plan rolls formulas, and 3d6 tests of a character")
    if seat.campaign.ruleset != "3d6" or kinds.settles_when_rolled(body):
        raise AssertionError("the plan's tests are 3d6 ones that wait for their choices")
    parsed = threed6.parse_sheet(sheet)
    score = parsed.score(body.trait)
    sources = threed6.check_reroll_sources(parsed, ())
    difficulty = threed6.parse_difficulty(body.difficulty)
    any_die = bool(seat.campaign.settings.get("reroll_any_die", False))
    advantage = body.advantage or body.helper_id is not None

    def resolve(dice: DiceSource) -> kinds.Resolved:
        roll = threed6.roll_test(
            dice,
            score,
            difficulty=difficulty,
            advantage=advantage,
            disadvantage=body.disadvantage,
            rerolls=sources,
            reroll_any_die=any_die,
        )
        state = {"trait": body.trait, "helper_id": body.helper_id, **kinds.threed6_state(roll)}
        return kinds.Resolved(roll, roll.status, state)

    return resolve


def _fixed(seat: Seat, body: RollBody) -> dict[str, Any]:
    return {
        "campaign_id": seat.campaign.id,
        "ruleset": seat.campaign.ruleset,
        "kind": body.kind,
        "character_id": body.character_id,
        "user_id": seat.user_id,
        "visibility": body.visibility,
        "note": body.note,
    }


async def _roll(ledger: Ledger, turn: _Turn) -> RollRow:
    """One roll as ``add_roll`` and ``store_roll`` make it for the plan's bodies: a draw
    from the ledger, the engine, the next seq and a link of the chain."""
    dice, draw = await ledger.draw()
    resolved = turn.resolve(dice)
    roll, state = resolved.roll, resolved.state or {}
    seq = ledger.next_seq()
    now = utcnow()
    values: RollRow = {
        **turn.fixed,  # type: ignore[typeddict-item]
        "id": new_id(),
        "seq": seq,
        "status": resolved.status,
        "dice": [die.to_dict() for die in roll.dice],
        "result": result_of(roll, state),
        "odds": roll.odds_dict(),
        "state": state,
        "proof": [draw],
        "created_at": now,
        "updated_at": now,
    }
    stamp = rfc3339(now)  # ``chain_view``, with one spelling for both times
    view = {**values, "created_at": stamp, "updated_at": stamp}
    values["prev_hash"], values["hash"] = ledger.link(view, seq, _canonical)
    return values


def _event_row(values: RollRow) -> tuple[Any, ...]:
    """The roll's ``roll.created`` event as the events table stores it: what
    ``record_roll_event`` records for it, compact (the roll's row holds its data). Its body
    is neither stored nor published (nobody hears a campaign being made): none is built."""
    event = EventOut(
        values["campaign_id"],
        values["seq"],
        "roll.created",
        values["created_at"],
        {},
        values["visibility"],
        values["user_id"],
        values["prev_hash"],
        values["hash"],
    )
    return EVENTS.values(event.row(values["seq"]))


async def _insert(db: Db, rolls: list[tuple[Any, ...]], events: list[tuple[Any, ...]]) -> None:
    await ROLLS.insert_many(db, rolls)
    await EVENTS.insert_many(db, events)


async def _roll_batch(
    job: Job,
    campaign_id: str,
    members: list[_Player],
    bodies: list[RollBody],
    start: int,
    n: int,
) -> None:
    """``n`` rolls in one ledger: one lock, one transaction, one commit. Their rows go
    ``CHUNK`` at a time, each chunk's insert on its way while the next chunk is made (on
    PostgreSQL the server writes one while this process rolls the next); the counters go
    back when the ledger closes, after the last chunk."""
    ledger = await Ledger.open(job, campaign_id)
    turns = await _turns(job, ledger, campaign_id, members, bodies)
    rolls: list[tuple[Any, ...]] = []
    events: list[tuple[Any, ...]] = []
    sending: asyncio.Future[None] | None = None
    try:
        for i in range(start, start + n):
            values = await _roll(ledger, turns[i % len(turns)])
            tally.record(ledger, None, values)  # written with the ledger's batch
            if i % YIELD_EVERY == 0 and sending is not None and not sending.done():
                await asyncio.sleep(0)  # the driver sends what the socket takes, reads answers
            rolls.append(ROLLS.encode(ROLLS.values(values)))
            events.append(EVENTS.encode(_event_row(values)))
            if len(rolls) == CHUNK or i == start + n - 1:
                if sending is not None:
                    await sending  # one statement at a time on the job's connection
                sending = asyncio.ensure_future(_insert(job.db, rolls, events))
                await asyncio.sleep(0)  # let it reach the server before rolling on
                rolls, events = [], []
    finally:
        if sending is not None:
            await sending
    await ledger.close()


async def generate(
    database: Database,
    settings: Settings,
    rolls: int,
    *,
    name: str = "Demo campaign",
    batch: int = BATCH,
    progress: Callable[[int], None] | None = None,
    writer: Writer | None = None,
) -> Demo:
    """Make a new 3d6 campaign on ``database`` (migrated) and roll ``rolls`` times in it,
    ``batch`` rolls a job. A running app passes its ``writer`` (one writer per SQLite
    database); the command line has one of its own, whose events nobody hears."""
    own = writer is None
    writer = writer or create_writer(database, lambda events: None)
    try:
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
                await _roll_batch(job, campaign_id, members, bodies, start, n)

            await writer.run(job)
            done += n
            if progress is not None:
                progress(done)
        return Demo(campaign_id, keys, rolls, time.perf_counter() - started)
    finally:
        if own:
            await writer.close()

"""Writing a checked campaign into the database: shared by the API import (which seats
only the importer and commits to a fresh seed) and the operator's restore (which puts
everything back as it was, the current secret seed included). A line import's pass 2
(app/exchange/importing.py) is here: its spool (``app.exchange.spool``) read back and
written in batches."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import IO, Any

from app.campaigns import repository as campaigns_repo
from app.characters import repository as characters_repo
from app.core import tables
from app.core.database import Db
from app.core.db import utcnow
from app.core.errors import Unprocessable
from app.core.i18n import msg
from app.events.repository import EVENTS
from app.exchange import repository as exchange_repo
from app.exchange.checks import flows
from app.exchange.preparing import TABLES, LogRows, event_row
from app.exchange.records import FLOWS, Checked
from app.exchange.schemas import CampaignExport
from app.exchange.seen import STAGES
from app.exchange.spool import read as read_spool
from app.fairness.repository import SEEDS
from app.grants import repository as grants_repo
from app.rolls import repository as rolls_repo
from app.stats import tally
from app.stats.staging import StagedTallies
from app.table import repository as table_repo

BATCH = 200  # records of a kind inserted together (the log's: ``Db.statement_rows``)
LOG_HELD = 4_000  # log rows held before they are written: one COPY a table on PostgreSQL
_LOG_STAGE = STAGES["roll"]  # that of every record type of the log
TALLY_ROWS = 20_000  # tally rows held at most before they are written (a few MB)


@dataclass(frozen=True, slots=True)
class Placement:
    """What the writing decides that the document does not: seats, owners, seeds."""

    seats: Mapping[str, str]  # user id -> role
    owners: Mapping[str, str | None]  # character id -> owner here
    seeds: list[dict[str, Any]]  # seed rows, oldest first; the last one is current
    joined: Mapping[str, datetime]


async def write_campaign(
    db: Db,
    doc: CampaignExport,
    settings: dict[str, Any],
    sheets: list[dict[str, Any]],
    place: Placement,
) -> None:
    campaign, fairness = doc.campaign, doc.fairness
    current = place.seeds[-1]
    await tables.insert(
        db,
        campaigns_repo.CAMPAIGNS,
        {
            "id": campaign.id,
            "name": campaign.name,
            "ruleset": campaign.ruleset,
            "settings": settings,
            "last_seq": fairness.last_seq,
            "seed_number": current["number"],
            "client_seed": current["client_seed"],
            "next_nonce": fairness.next_nonce,
            "last_hash": fairness.chain_head,
            "created_at": campaign.created_at,
        },
    )
    for user_id, role in place.seats.items():
        member = {"campaign_id": campaign.id, "user_id": user_id, "role": role}
        await tables.insert(
            db, campaigns_repo.MEMBERSHIPS, {**member, "joined_at": place.joined[user_id]}
        )
    for seed in place.seeds:
        await tables.insert(db, SEEDS, {**seed, "campaign_id": campaign.id})
    for character, sheet in zip(doc.characters, sheets, strict=True):
        row = {
            **character.model_dump(),
            "campaign_id": campaign.id,
            "owner_id": place.owners[character.id],
            "sheet": sheet,
        }
        await tables.insert(db, characters_repo.CHARACTERS, row)
    rows = [roll.model_dump() for roll in doc.rolls]
    for row in rows:
        await tables.insert(db, rolls_repo.ROLLS, row)
    for sql, params in tally.of_rolls(campaign.id, rows):  # the luck statistics
        await db.execute(sql, *params)
    for event in doc.events:
        # Whole: the single-document format is read in memory, not the way of long
        # campaigns; the line import (``write_lines``) stores compact what it can.
        await tables.insert(db, EVENTS, event_row(campaign.id, event.model_dump()))
    for table, found in flows(doc):
        for flow in found:
            sql, params = table_repo.insert(table, flow.model_dump())
            await db.execute(sql, *params)
    for grant in doc.grants:
        await tables.insert(db, grants_repo.GRANTS, grant.model_dump())


@dataclass(slots=True)
class LinePlacement:
    """Pass 2 of a line import (``app.exchange.importing``): what the writing decides
    that the file does not. ``seats`` None: the members of the file, each of whom must
    be a user here (a backup); otherwise only these seats (an import), and the members
    the instance does not recognise become placeholders."""

    importer_id: str | None
    seeds: list[dict[str, Any]]
    known: set[str] = field(default_factory=set)
    strangers: list[str] = field(default_factory=list)
    placeholders: list[dict[str, Any]] = field(default_factory=list)


async def write_lines(db: Db, checked: Checked, place: LinePlacement) -> None:
    """The campaign row, its seats and seeds, then the spool in batches."""
    campaign, fairness = checked.campaign, checked.fairness
    current = place.seeds[-1]
    now = utcnow()
    await tables.insert(db, campaigns_repo.CAMPAIGNS, {
        "id": campaign.id, "name": campaign.name, "ruleset": campaign.ruleset,
        "settings": checked.settings, "last_seq": fairness.last_seq,
        "seed_number": current["number"], "client_seed": current["client_seed"],
        "next_nonce": fairness.next_nonce, "last_hash": fairness.chain_head,
        "created_at": campaign.created_at,
    })  # fmt: skip
    if place.importer_id is not None:
        seat = {"campaign_id": campaign.id, "user_id": place.importer_id}
        await tables.insert(db, campaigns_repo.MEMBERSHIPS,
                            {**seat, "role": "storyteller", "joined_at": now})  # fmt: skip
    for seed in place.seeds:
        await tables.insert(db, SEEDS, {**seed, "campaign_id": campaign.id})

    # The luck statistics of the rolls, gathered over many batches: a tally row of a busy
    # hour is then written once, not once a batch; on PostgreSQL each flush is staged and
    # the whole is added up at the end (app/stats/staging.py).
    tallies = tally.Tallies(campaign.id)
    staged = StagedTallies(db)

    async def write_tallies() -> None:
        nonlocal tallies
        await staged.add(tallies)  # the loop given back between its statements
        tallies = tally.Tallies(campaign.id)

    async def insert(kind: str, rows: list[Any]) -> None:
        if kind == "member":
            await _members(db, campaign.id, rows, place)
        elif kind == "character":
            values = [{**c, "campaign_id": campaign.id, "owner_id": _owner(c, place)} for c in rows]
            await _many(db, characters_repo.CHARACTERS, values)
        elif kind == "grant":  # as they were: an open grant stays its character's to cite
            await _many(db, grants_repo.GRANTS, rows)
        else:
            for flow in rows:
                sql, params = table_repo.insert(FLOWS[kind], flow)  # type: ignore[arg-type]
                await db.execute(sql, *params)

    # The log's rows of several pieces, held and then written table by table, in TABLES
    # order (a parent row is written with or before its children). On PostgreSQL one COPY
    # a table: fewer, bigger statements took a tenth off pass 2's time there.
    held: dict[str, list[Any]] = {}
    held_rows = 0

    async def write_held() -> None:
        nonlocal held, held_rows
        await _write_tables(db, held)
        held, held_rows = {}, 0

    async def write_log(rows: LogRows | None) -> None:
        """Hold a piece's rows; None: the log ends, write what is held."""
        nonlocal held_rows
        if rows is None:
            await write_held()
            return
        for name, encoded in rows.tables:
            held.setdefault(name, []).extend(encoded)
            held_rows += len(encoded)
        if held_rows >= LOG_HELD:
            await write_held()
        tallies.merge(rows.tallies)
        if len(tallies) >= TALLY_ROWS:
            await write_tallies()
        await asyncio.sleep(0)

    await write_spool(checked.spool, insert, write_log)
    await write_tallies()
    await staged.finish()


async def _write_tables(db: Db, held: dict[str, list[Any]]) -> None:
    """Held log rows, table by table in ``TABLES`` order, ``Db.statement_rows`` a statement."""
    for name, table in TABLES.items():
        rows = held.get(name)
        if not rows:
            continue
        step = db.statement_rows or len(rows)
        for start in range(0, len(rows), step):
            await table.insert_many(db, rows[start : start + step])
            await asyncio.sleep(0)


def _owner(character: dict[str, Any], place: LinePlacement) -> str | None:
    owner: str | None = character["owner_id"]
    if place.importer_id is None or owner is None or owner in place.known:
        return owner
    return place.importer_id


async def _members(
    db: Db, campaign_id: str, rows: list[dict[str, Any]], place: LinePlacement
) -> None:
    for member in rows:  # as pass 1 validated them
        user_id, username, role = member["user_id"], member["username"], member["role"]
        here = await exchange_repo.username_of(db, user_id) == username
        if place.importer_id is None:
            if not here:
                raise Unprocessable(
                    msg(
                        "members: {member_username} ({member_user_id}) is not a user here; restore "
                        "the accounts first",
                        member_username=username,
                        member_user_id=user_id,
                    )
                )
            seat = {"campaign_id": campaign_id, "user_id": user_id, "role": role}
            await tables.insert(
                db, campaigns_repo.MEMBERSHIPS, {**seat, "joined_at": member["joined_at"]}
            )
            continue
        if here:
            place.known.add(user_id)
        else:
            place.strangers.append(username)
        if user_id != place.importer_id:
            place.placeholders.append({"user_id": user_id, "username": username, "role": role})


async def _many(db: Db, table: tables.TableSql, rows: list[dict[str, Any]]) -> None:
    """One statement for a batch (``TableSql.insert_many``)."""
    await table.insert_many(db, [table.encode(table.values(row)) for row in rows])


async def write_spool(
    spool: IO[bytes],
    insert: Callable[[str, list[Any]], Awaitable[None]],
    write_log: Callable[[LogRows | None], Awaitable[None]],
) -> None:
    """Pass 2's loop over the spool (``app.exchange.spool``): every record of a stage
    (members, characters, the log, the flows) written before the next; the log's rows to
    ``write_log`` as pass 1 made them, then None once the log ends (it may hold rows until
    then), the other records to ``insert`` in batches (rows: the part models' values)."""
    batches: dict[str, list[Any]] = {}
    stage = 0

    async def finish_stage() -> None:
        if stage == _LOG_STAGE:
            await write_log(None)
        for name, rows in batches.items():
            if rows:
                await insert(name, rows)
        batches.clear()

    for found in read_spool(spool):
        if isinstance(found, LogRows):
            if stage != _LOG_STAGE:
                await finish_stage()
                stage = _LOG_STAGE
            await write_log(found)
            continue
        kind, row = found
        if STAGES[kind] != stage:
            await finish_stage()
            stage = STAGES[kind]
        rows = batches.setdefault(kind, [])
        if len(rows) >= BATCH:
            await insert(kind, rows)
            rows = batches[kind] = []
            await asyncio.sleep(0)
        rows.append(row)
    await finish_stage()

"""Writing a checked campaign into the database: shared by the API import (which seats
only the importer and commits to a fresh seed) and the operator's restore (which puts
everything back as it was, the current secret seed included). A line import's pass 2
(app/exchange/importing.py) is here: its spool read back and written in batches."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import IO, Any, get_args

from pydantic import AwareDatetime, BaseModel

from app.campaigns import repository as campaigns_repo
from app.characters import repository as characters_repo
from app.core import tables
from app.core.database import Db
from app.core.db import utcnow
from app.core.errors import Unprocessable
from app.core.i18n import msg
from app.core.jsontext import dumps, loads
from app.events.repository import EVENTS, roll_body
from app.exchange import repository as exchange_repo
from app.exchange.checks import flows
from app.exchange.importing import FLOWS, PARTS, STAGES, Checked
from app.exchange.schemas import CampaignExport, TargetPart
from app.fairness.repository import SEEDS
from app.grants import repository as grants_repo
from app.messages import repository as messages_repo
from app.messages.service import audience_of
from app.roll_requests import repository as requests_repo
from app.rolls import repository as rolls_repo
from app.rules.verify_requests import is_link_type
from app.stats import tally
from app.table import repository as table_repo

BATCH = 200  # records a statement
TALLY_ROWS = 20_000  # tally rows held at most before they are written (a few MB)


@dataclass(frozen=True, slots=True)
class Placement:
    """What the writing decides that the document does not: seats, owners, seeds."""

    seats: Mapping[str, str]  # user id -> role
    owners: Mapping[str, str | None]  # character id -> owner here
    seeds: list[dict[str, Any]]  # seed rows, oldest first; the last one is current
    joined: Mapping[str, datetime]


def _time_fields(model: type[BaseModel]) -> tuple[str, ...]:
    return tuple(name for name, info in model.model_fields.items() if _is_time(info.annotation))


def _is_time(annotation: Any) -> bool:
    return annotation in (datetime, AwareDatetime) or any(_is_time(a) for a in get_args(annotation))


# The fields pass 2 turns back into datetimes, by record type (a roll request's targets too).
_TIMES = {kind: _time_fields(model) for kind, model in PARTS.items()}
_TARGET_TIMES = _time_fields(TargetPart)


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
        await tables.insert(db, EVENTS, _event_row(campaign.id, event.model_dump()))
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
    # hour is then written once, not once a batch (each upsert of a row is a new row
    # version on PostgreSQL).
    tallies = tally.Tallies(campaign.id)

    async def write_tallies() -> None:
        nonlocal tallies
        for sql, params in tallies.statements():
            await db.execute(sql, *params)
        tallies = tally.Tallies(campaign.id)

    async def insert(kind: str, rows: list[Any]) -> None:
        if kind == "member":
            await _members(db, campaign.id, rows, place)
        elif kind == "character":
            values = [{**c, "campaign_id": campaign.id, "owner_id": _owner(c, place)} for c in rows]
            await _many(db, characters_repo.CHARACTERS, values)
        elif kind == "roll":
            await _many(db, rolls_repo.ROLLS, rows)
            for roll in rows:
                tally.change(tallies, None, roll)
            if len(tallies) >= TALLY_ROWS:
                await write_tallies()
        elif kind == "event":
            await _many(db, EVENTS, [_event_row(campaign.id, e) for e in rows])
        elif kind == "roll_request":
            requests = [{k: v for k, v in r.items() if k != "targets"} for r in rows]
            await _many(db, requests_repo.REQUESTS, requests)
            targets = [{**t, "request_id": r["id"]} for r in rows for t in r["targets"]]
            await _many(db, requests_repo.TARGETS, targets)
        elif kind == "grant":  # as they were: an open grant stays its character's to cite
            await _many(db, grants_repo.GRANTS, rows)
        elif kind == "message":
            messages = [{**m, "idempotency_key": None} for m in rows]
            await _many(db, messages_repo.MESSAGES, messages)
            readers = [{"message_id": m["id"], "user_id": reader}
                       for m in messages for reader in audience_of(m) or ()]  # fmt: skip
            if readers:
                await _many(db, messages_repo.READERS, readers)
        else:
            for flow in rows:
                sql, params = table_repo.insert(FLOWS[kind], flow)  # type: ignore[arg-type]
                await db.execute(sql, *params)

    await write_spool(checked.spool, insert)
    await write_tallies()


def _event_row(campaign_id: str, event: dict[str, Any] | CompactEvent) -> dict[str, Any]:
    """An event as stored: whole, or compact when its roll's row holds its data."""
    if isinstance(event, CompactEvent):
        return {**event.event, "data": None, "roll_seq": event.roll_seq,
                "campaign_id": campaign_id}  # fmt: skip
    return {**event, "roll_seq": None, "campaign_id": campaign_id}


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


@dataclass(frozen=True, slots=True)
class CompactEvent:
    """An event to store compact (app/events/models.py): the state it carries is its roll's
    latest, which the roll's row of the same import holds, to the byte."""

    event: dict[str, Any]
    roll_seq: int


def _holds(roll: dict[str, Any], event: dict[str, Any]) -> bool:
    """Whether ``event`` is ``roll``'s latest link and its data the very body the roll's
    row will rebuild once stored (times in UTC, as the database gives them back), so that
    storing it compact exports the same bytes as storing it whole."""
    if event["hash"] != roll["hash"] or not is_link_type(event["type"]):
        return False
    if event["data"].get("id") != roll["id"]:
        return False
    stored = {**roll, "created_at": roll["created_at"].astimezone(UTC),
              "updated_at": roll["updated_at"].astimezone(UTC)}  # fmt: skip
    return dumps(roll_body(stored)) == dumps(event["data"])


def _revive(kind: str, row: dict[str, Any]) -> dict[str, Any]:
    """A spooled record's times back to datetimes: its values otherwise are the part
    model's, as pass 1 validated them."""
    for name in _TIMES[kind]:
        text = row[name]
        if text is not None:
            row[name] = datetime.fromisoformat(text)
    if kind == "roll_request":
        for target in row["targets"]:
            for name in _TARGET_TIMES:
                if target[name] is not None:
                    target[name] = datetime.fromisoformat(target[name])
    return row


async def write_spool(
    spool: IO[bytes], insert: Callable[[str, list[Any]], Awaitable[None]]
) -> None:
    """Pass 2's loop: each record type gathered into batches for ``insert`` (rows: the
    part models' values); every batch of a stage (members, characters, the log, the
    flows) is written before the next.

    A roll comes right after its latest link (docs/export.md): when that event's data is
    the roll's body, it goes to ``insert`` as a ``CompactEvent``. A full batch is written
    only when the next record of its type comes, so the event is still at hand then."""
    batches: dict[str, list[Any]] = {}
    stage = 0
    last_event: dict[str, Any] | None = None
    for line in spool:
        record = loads(line)
        kind = record.pop("t")
        if STAGES[kind] != stage:
            for name, rows in batches.items():
                if rows:
                    await insert(name, rows)
            batches, stage = {}, STAGES[kind]
        rows = batches.setdefault(kind, [])
        if len(rows) >= BATCH:
            await insert(kind, rows)
            rows = batches[kind] = []
            await asyncio.sleep(0)
        row = _revive(kind, record)
        events = batches.get("event")
        if kind == "roll" and events and events[-1] is last_event and _holds(row, last_event):
            events[-1] = CompactEvent(last_event, row["seq"])
        rows.append(row)
        last_event = row if kind == "event" else None
    for name, rows in batches.items():
        if rows:
            await insert(name, rows)

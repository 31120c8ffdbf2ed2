"""Campaign export and import: one JSON document holding a campaign's whole history.

The log (rolls and events) is history and travels verbatim: ids, authors, dice, proofs and
hash links, so the imported chain verifies exactly as the exported one did. What lives on
(memberships, character ownership) is resolved on the importing instance: a member is
recognised when a user there has the same id *and* the same username; everyone else's seat
and characters go to the importer, who becomes the campaign's storyteller.

The source's current server seed is never exported (it is secret until revealed), so the
import cannot roll from it: it keeps that seed's commitment (forever unrevealed here) and
commits to a fresh seed that continues at the source's next nonce.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from app.campaigns import repository as campaigns_repo
from app.campaigns.seats import take_seat
from app.campaigns.service import validate_settings
from app.characters import repository as characters_repo
from app.characters.sheets import normalise
from app.core import tables
from app.core.database import Db
from app.core.db import rfc3339, utcnow
from app.core.errors import Conflict, NotFound, Unprocessable
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.events.repository import EVENTS
from app.exchange import repository as repo
from app.exchange.schemas import CampaignExport, FlowPart, RollPart
from app.fairness import service as fairness_service
from app.fairness.repository import SEEDS
from app.rolls import repository as rolls_repo
from app.rules import RulesError
from app.rules.chain import GENESIS
from app.table import repository as table_repo
from app.table.repository import Table as FlowTable

FORMAT, VERSION = "fairtable-campaign", 1


async def export(db: Db, principal: Principal, campaign_id: str) -> dict[str, Any]:
    """The whole campaign, for its storytellers; read in one transaction."""
    await take_seat(db, principal, campaign_id, "read", ("storyteller",))
    campaign = await repo.campaign(db, campaign_id)
    if campaign is None:
        raise NotFound("no such campaign")
    audit: list[dict[str, Any]] = []
    after = 0
    while True:  # the whole chain, page by page, unredacted
        page = await fairness_service.audit(db, campaign_id, None, True, after=after)
        audit.extend(page["audit"])
        if page["next_after"] is None:
            break
        after = page["next_after"]
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": rfc3339(utcnow()),
        "campaign": campaign,
        "members": await repo.members(db, campaign_id),
        "characters": await repo.characters(db, campaign_id),
        "rolls": await repo.rolls(db, campaign_id),
        "events": await repo.events(db, campaign_id),
        "fairness": page["fairness"],  # as of the chain's last page
        "audit": audit,
        "contests": await repo.flows(db, "contests", campaign_id),
        "group_rolls": await repo.flows(db, "group_rolls", campaign_id),
        "tasks": await repo.flows(db, "tasks", campaign_id),
    }


# --- import -----------------------------------------------------------------------------------


def _bad(where: str, why: str) -> Unprocessable:
    return Unprocessable(f"{where}: {why}")


def _check_history(doc: CampaignExport) -> None:
    """What pydantic cannot see: the parts must agree with each other."""
    campaign, fairness = doc.campaign, doc.fairness
    if fairness.campaign_id != campaign.id:
        raise _bad("fairness.campaign_id", "is not campaign.id")
    seqs = [e.seq for e in doc.events]
    if seqs != sorted(set(seqs)):
        raise _bad("events", "seqs must be unique and in increasing order")
    if seqs and seqs[-1] > fairness.last_seq:
        raise _bad("events", f"seq {seqs[-1]} is after fairness.last_seq {fairness.last_seq}")
    links = [e for e in doc.events if e.type.startswith("roll.") and e.hash is not None]
    head = links[-1].hash if links else GENESIS
    if fairness.chain_head != head:
        raise _bad("fairness.chain_head", "is not the hash of the last roll event")
    roll_seqs = [r.seq for r in doc.rolls]
    if roll_seqs != sorted(set(roll_seqs)):
        raise _bad("rolls", "seqs must be unique and in increasing order")
    for index, roll in enumerate(doc.rolls):
        _check_roll(index, roll, campaign.id, campaign.ruleset, fairness.next_nonce)
    for index, seed in enumerate(fairness.seeds):
        where = f"fairness.seeds.{index}"
        current = seed.number == fairness.seed_number
        if current and (seed.server_seed is not None or seed.end_nonce is not None):
            raise _bad(where, "the current seed is secret and open-ended")
        secret = None if current or seed.server_seed is None else bytes.fromhex(seed.server_seed)
        if secret is not None and hashlib.sha256(secret).hexdigest() != seed.commitment:
            raise _bad(where, "server_seed does not match its commitment")
    numbers = [s.number for s in fairness.seeds]
    if numbers != sorted(set(numbers)) or fairness.seed_number != numbers[-1]:
        raise _bad("fairness.seeds", "numbers must increase and end at the current seed")
    if fairness.seeds[-1].commitment != fairness.commitment:
        raise _bad("fairness.commitment", "is not the current seed's commitment")
    character_ids = [c.id for c in doc.characters]
    if len(set(character_ids)) != len(character_ids):
        raise _bad("characters", "ids must be unique")
    member_ids = [m.user_id for m in doc.members]
    if len(set(member_ids)) != len(member_ids):
        raise _bad("members", "user ids must be unique")
    for name, flows in _flows(doc):
        if flows and campaign.ruleset != "3d6":
            raise _bad(name, "only a 3d6 campaign has a table flow")
        if any(flow.campaign_id != campaign.id for flow in flows):
            raise _bad(name, "belongs to another campaign")
        if len({flow.id for flow in flows}) != len(flows):
            raise _bad(name, "ids must be unique")


def _flows(doc: CampaignExport) -> list[tuple[FlowTable, Sequence[FlowPart]]]:
    return [
        ("contests", doc.contests),
        ("group_rolls", doc.group_rolls),
        ("tasks", doc.tasks),
    ]


def _check_roll(
    index: int, roll: RollPart, campaign_id: str, ruleset: str, next_nonce: int
) -> None:
    where = f"rolls.{index}"
    if roll.campaign_id != campaign_id or roll.ruleset != ruleset:
        raise _bad(where, "belongs to another campaign or ruleset")
    for draw in roll.proof:
        nonce = draw.get("nonce")
        if type(nonce) is not int or not 0 <= nonce < next_nonce:
            raise _bad(where, f"proof nonce {nonce!r} is not below fairness.next_nonce")


async def _resolve_members(
    db: Db, doc: CampaignExport, importer_id: str
) -> tuple[dict[str, str], list[str]]:
    """user id -> role of every seat in the new campaign; and the usernames not known here."""
    seats: dict[str, str] = {}
    strangers: list[str] = []
    for member in doc.members:
        if await repo.username_of(db, member.user_id) == member.username:
            seats[member.user_id] = member.role
        else:
            strangers.append(member.username)
    seats[importer_id] = "storyteller"
    return seats, strangers


async def import_campaign(
    writer: Writer, principal: Principal, doc: CampaignExport
) -> dict[str, Any]:
    """Recreate the campaign of ``doc`` with the caller as storyteller; all or nothing."""
    _check_history(doc)
    settings = validate_settings(
        doc.campaign.ruleset, doc.campaign.settings, loc=("body", "campaign", "settings")
    )
    sheets: list[dict[str, Any]] = []
    for index, character in enumerate(doc.characters):
        try:
            sheets.append(normalise(doc.campaign.ruleset, character.sheet)[0])
        except RulesError as exc:
            raise _bad(f"characters.{index}.sheet", str(exc)) from exc

    async def job(job: Job) -> dict[str, Any]:
        db = job.db
        try:
            return await _write(db, principal.user_id, doc, settings, sheets)
        except Exception as exc:
            if db.is_unique_violation(exc):
                raise Conflict(
                    "this campaign (or one of its characters, rolls, contests, group rolls or "
                    "tasks) already exists here; delete it first, or import into another instance"
                ) from exc
            raise

    return await writer.run(job)


async def _write(
    db: Db,
    importer_id: str,
    doc: CampaignExport,
    settings: dict[str, Any],
    sheets: list[dict[str, Any]],
) -> dict[str, Any]:
    campaign, fairness = doc.campaign, doc.fairness
    seats, strangers = await _resolve_members(db, doc, importer_id)
    fresh_number = fairness.seed_number + 1
    await tables.insert(
        db,
        campaigns_repo.CAMPAIGNS,
        {
            "id": campaign.id,
            "name": campaign.name,
            "ruleset": campaign.ruleset,
            "settings": settings,
            "last_seq": fairness.last_seq,
            "seed_number": fresh_number,
            "client_seed": fairness.client_seed,
            "next_nonce": fairness.next_nonce,
            "last_hash": fairness.chain_head,
            "created_at": campaign.created_at,
        },
    )
    joined = {m.user_id: m.joined_at for m in doc.members}
    now = utcnow()
    for user_id, role in seats.items():
        member = {"campaign_id": campaign.id, "user_id": user_id, "role": role}
        await tables.insert(
            db, campaigns_repo.MEMBERSHIPS, {**member, "joined_at": joined.get(user_id, now)}
        )
    await _write_seeds(db, doc, fresh_number, now)
    for character, sheet in zip(doc.characters, sheets, strict=True):
        owner = character.owner_id
        if owner is not None and owner not in seats:
            owner = importer_id
        values = character.model_dump()
        row = {**values, "campaign_id": campaign.id, "owner_id": owner, "sheet": sheet}
        await tables.insert(db, characters_repo.CHARACTERS, row)
    for roll in doc.rolls:
        await tables.insert(db, rolls_repo.ROLLS, roll.model_dump())
    for event in doc.events:
        await tables.insert(db, EVENTS, {**event.model_dump(), "campaign_id": campaign.id})
    for table, flows in _flows(doc):
        for flow in flows:
            sql, params = table_repo.insert(table, flow.model_dump())
            await db.execute(sql, *params)
    return {
        "id": campaign.id,
        "name": campaign.name,
        "ruleset": campaign.ruleset,
        "settings": settings,
        "created_at": rfc3339(campaign.created_at),
        "members": len(seats),
        "characters": len(doc.characters),
        "rolls": len(doc.rolls),
        "events": len(doc.events),
        "mapped_to_you": strangers,
    }


async def _write_seeds(db: Db, doc: CampaignExport, fresh_number: int, now: datetime) -> None:
    """Past seeds as they were; the source's current seed as a commitment only (its secret
    stays with the source: ``server_seed`` is empty and it is never revealed here); then a
    fresh seed of our own, current from the source's next nonce on."""
    fairness = doc.fairness
    for seed in fairness.seeds:
        current = seed.number == fairness.seed_number
        values = seed.model_dump()
        values["server_seed"] = b"" if current else bytes.fromhex(seed.server_seed or "")
        values["end_nonce"] = fairness.next_nonce if current else seed.end_nonce
        values["created_at"] = seed.revealed_at or now
        await tables.insert(db, SEEDS, {**values, "campaign_id": doc.campaign.id})
    secret = secrets.token_bytes(32)
    await tables.insert(
        db,
        SEEDS,
        {
            "campaign_id": doc.campaign.id,
            "number": fresh_number,
            "server_seed": secret,
            "commitment": hashlib.sha256(secret).hexdigest(),
            "client_seed": fairness.client_seed,
            "first_nonce": fairness.next_nonce,
            "end_nonce": None,
            "created_at": now,
            "revealed_at": None,
        },
    )

"""Campaign export and import: one JSON document holding a campaign's history.

The API export follows the authorisation table (docs/authorization.md): it is the
storyteller's view, so a roll the storyteller may not read (a player's private roll) is
a redacted link and a stub event, never its content. It first reveals the current seed (a
rotation like any other, a ``fairness.rotated`` event) when that seed has served a draw or
salted a link, so every draw and link in the document can be checked.

An import recomputes every link and every die with the verifier (``app.exchange.checks``)
and writes nothing that does not verify. It seats only the importer, as storyteller;
every other member is a placeholder, named in the answer, to be invited again. The log
(rolls and events) travels verbatim, so the imported chain verifies as the exported one.

An operator's full backup and restore (every roll unredacted, the current secret seed) is
``app.exchange.backup``, for the ``fairtable`` command: never an API answer.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from app.campaigns.seats import take_seat
from app.campaigns.service import validate_settings
from app.characters.sheets import normalise
from app.core.database import Database, Db
from app.core.db import rfc3339, utcnow
from app.core.errors import Conflict, NotFound
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.exchange import repository as repo
from app.exchange.checks import bad, verify_document
from app.exchange.schemas import CampaignExport
from app.exchange.writing import Placement, write_campaign
from app.fairness import repository as seeds_repo
from app.fairness import service as fairness_service
from app.rolls.visibility import can_see
from app.rules import RulesError

FORMAT, VERSION = "fairtable-campaign", 2
_EXPORT_TRIES = 3


async def _current_seed_used(db: Db, campaign_id: str) -> bool:
    """Whether the current seed served a draw or salted a link: the export must reveal it."""
    state = await fairness_service.fairness(db, campaign_id)
    current = state["seeds"][-1]
    if state["next_nonce"] > current["first_nonce"]:
        return True
    start = current["links_from"]
    return start is not None and bool(
        await seeds_repo.links(db, campaign_id, start - 1, state["last_seq"], 1)
    )


async def export(
    database: Database, writer: Writer, principal: Principal, campaign_id: str
) -> dict[str, Any]:
    """The storyteller's export, every draw in it under a revealed seed."""
    for _ in range(_EXPORT_TRIES):
        async with database.read() as db:
            seat = await take_seat(db, principal, campaign_id, "read", ("storyteller",))
            used = await _current_seed_used(db, campaign_id)
        if used:
            await fairness_service.rotate(
                writer, principal, campaign_id, None, ("storyteller",), scope="read"
            )
        async with database.snapshot() as db:
            if not await _current_seed_used(db, campaign_id):
                return await document(db, campaign_id, seat.user_id)
    raise Conflict("the campaign kept rolling while it was exported; try again")


async def document(db: Db, campaign_id: str, viewer_id: str | None) -> dict[str, Any]:
    """The campaign as storyteller ``viewer_id`` may read it (None: everything, for the
    operator's backup); read in one snapshot."""
    campaign = await repo.campaign(db, campaign_id)
    if campaign is None:
        raise NotFound("no such campaign")

    def visible(visibility: str, user_id: str | None) -> bool:
        return viewer_id is None or can_see(visibility, user_id or "", viewer_id, True)

    audit: list[dict[str, Any]] = []
    after = 0
    while True:  # the whole chain, page by page
        page = await fairness_service.audit(db, campaign_id, viewer_id, True, after=after)
        audit.extend(page["audit"])
        if page["next_after"] is None:
            break
        after = page["next_after"]
    rolls = [r for r in await repo.rolls(db, campaign_id) if visible(r["visibility"], r["user_id"])]
    events = []
    for event in await repo.events(db, campaign_id):
        if visible(event["visibility"], event["user_id"]):
            events.append(event)
        elif event["hash"] is not None and event["type"].startswith("roll."):
            # Its place in the chain travels, not its content.
            events.append({**event, "data": {"id": event["data"]["id"], "redacted": True}})
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": rfc3339(utcnow()),
        "campaign": campaign,
        "members": await repo.members(db, campaign_id),
        "characters": await repo.characters(db, campaign_id),
        "rolls": rolls,
        "events": events,
        "fairness": page["fairness"],  # as of the chain's last page
        "audit": audit,
        "contests": await repo.flows(db, "contests", campaign_id),
        "group_rolls": await repo.flows(db, "group_rolls", campaign_id),
        "tasks": await repo.flows(db, "tasks", campaign_id),
    }


# --- import -----------------------------------------------------------------------------------


def checked_parts(doc: CampaignExport) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Settings and sheets, checked again as this instance's rules say; 422 otherwise."""
    settings = validate_settings(
        doc.campaign.ruleset, doc.campaign.settings, loc=("body", "campaign", "settings")
    )
    sheets: list[dict[str, Any]] = []
    for index, character in enumerate(doc.characters):
        try:
            sheets.append(normalise(doc.campaign.ruleset, character.sheet)[0])
        except RulesError as exc:
            raise bad(f"characters.{index}.sheet", str(exc)) from exc
    return settings, sheets


def duplicate(db: Db, exc: BaseException) -> Conflict | None:
    if not db.is_unique_violation(exc):
        return None
    return Conflict(
        "this campaign (or one of its characters, rolls, contests, group rolls or "
        "tasks) already exists here; delete it first, or import into another instance"
    )


async def import_campaign(
    writer: Writer, principal: Principal, doc: CampaignExport
) -> dict[str, Any]:
    """Recreate the campaign of ``doc`` with the caller as its only member; all or nothing."""
    verify_document(doc)
    settings, sheets = checked_parts(doc)

    async def job(job: Job) -> dict[str, Any]:
        db = job.db
        try:
            return await _write(db, principal.user_id, doc, settings, sheets)
        except Exception as exc:
            conflict = duplicate(db, exc)
            if conflict is not None:
                raise conflict from exc
            raise

    return await writer.run(job)


def _seed_rows(doc: CampaignExport, now: datetime) -> list[dict[str, Any]]:
    """Past seeds as they were; the source's current one as a commitment only, closed at
    the source's next nonce (it has served nothing: the export revealed what it had to);
    then a fresh seed of our own, salting every link after the imported chain."""
    fairness = doc.fairness
    rows = []
    for seed in fairness.seeds:
        current = seed.number == fairness.seed_number
        values = seed.model_dump()
        values["server_seed"] = bytes.fromhex(seed.server_seed or "")
        values["end_nonce"] = fairness.next_nonce if current else seed.end_nonce
        values["created_at"] = seed.revealed_at or now
        rows.append(values)
    secret = secrets.token_bytes(32)
    rows.append(
        {
            "number": fairness.seed_number + 1,
            "server_seed": secret,
            "commitment": seeds_repo.commitment_of(secret),
            "client_seed": fairness.client_seed,
            "first_nonce": fairness.next_nonce,
            "end_nonce": None,
            "created_at": now,
            "revealed_at": None,
            "links_from": fairness.last_seq + 1,
        }
    )
    return rows


async def _write(
    db: Db,
    importer_id: str,
    doc: CampaignExport,
    settings: dict[str, Any],
    sheets: list[dict[str, Any]],
) -> dict[str, Any]:
    known = {m.user_id for m in doc.members if await repo.username_of(db, m.user_id) == m.username}
    strangers = [m.username for m in doc.members if m.user_id not in known]
    owners = {
        c.id: c.owner_id if c.owner_id is None or c.owner_id in known else importer_id
        for c in doc.characters
    }
    now = utcnow()
    place = Placement(
        {importer_id: "storyteller"}, owners, _seed_rows(doc, now), {importer_id: now}
    )
    await write_campaign(db, doc, settings, sheets, place)
    campaign = doc.campaign
    return {
        "id": campaign.id,
        "name": campaign.name,
        "ruleset": campaign.ruleset,
        "settings": settings,
        "created_at": rfc3339(campaign.created_at),
        "members": 1,
        "characters": len(doc.characters),
        "rolls": len(doc.rolls),
        "events": len(doc.events),
        "mapped_to_you": strangers,
        "placeholders": [
            {"user_id": m.user_id, "username": m.username, "role": m.role}
            for m in doc.members
            if m.user_id != importer_id
        ],
    }

"""Campaign export and import: a campaign's history in the line format (one record a line,
``app.exchange.lines``), streamed both ways; the single-JSON document of version 2 is still
imported (``import_campaign``), bounded by ``VTT_MAX_IMPORT_BYTES``.

The API export follows the authorisation table (docs/authorization.md): it is the
storyteller's view, so a roll the storyteller may not read (a player's private roll) is
a redacted link and a stub event, never its content. It first reveals the current seed (a
rotation like any other, a ``fairness.rotated`` event) when that seed has served a draw or
salted a link, so every draw and link in the document can be checked.

An import recomputes every link and every die with the verifier (``app.exchange.importing``
for lines, ``app.exchange.checks`` for a document) and writes nothing that does not
verify. It seats only the importer, as storyteller; every other member is a placeholder,
named in the answer, to be invited again. The log (rolls and events) travels verbatim,
so the imported chain verifies as the exported one.

An operator's full backup and restore (every roll unredacted, the current secret seed) is
``app.exchange.backup``, for the ``fairtable`` command: never an API answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterable, AsyncIterator
from datetime import datetime
from typing import Any

from app.campaigns.seats import take_seat
from app.campaigns.service import validate_settings
from app.characters.sheets import normalise
from app.core.database import Database, Db
from app.core.db import rfc3339, utcnow
from app.core.errors import Conflict
from app.core.i18n import message_of, msg
from app.core.security import Principal
from app.core.tables import RowsFor
from app.core.writer import Job, Writer
from app.exchange import lines
from app.exchange import repository as repo
from app.exchange.checks import bad, verify_document
from app.exchange.importing import check, discard
from app.exchange.schemas import CampaignExport, FairnessPart
from app.exchange.stream import campaign_records
from app.exchange.writing import LinePlacement, Placement, write_campaign, write_lines
from app.fairness import repository as seeds_repo
from app.fairness import service as fairness_service
from app.rules import RulesError
from app.stats import retention

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
    database: Database, writer: Writer, principal: Principal, campaign_id: str, gzip: bool
) -> AsyncIterator[bytes]:
    """The storyteller's export in the line format, every draw in it under a revealed
    seed. The checks and the rotation happen here, before the first byte (so a refusal
    is an ordinary answer); the stream then owns a snapshot of its own until it ends."""
    for _ in range(_EXPORT_TRIES):
        async with database.read() as db:
            seat = await take_seat(db, principal, campaign_id, "read", ("storyteller",))
            used = await _current_seed_used(db, campaign_id)
        if used:
            await fairness_service.rotate(
                writer, principal, campaign_id, None, ("storyteller",), scope="read"
            )
        stack = contextlib.AsyncExitStack()
        try:
            db = await stack.enter_async_context(database.stream_snapshot())
            fresh = not await _current_seed_used(db, campaign_id)
        except BaseException:
            await stack.aclose()
            raise
        if fresh:
            header = {"format": lines.FORMAT, "version": lines.VERSION}
            pages = campaign_records(db, campaign_id, seat.user_id, header)
            return _bytes(stack, pages, gzip)
        await stack.aclose()
    raise Conflict(msg("the campaign kept rolling while it was exported; try again"))


async def _bytes(
    stack: contextlib.AsyncExitStack, pages: AsyncIterator[list[dict[str, Any]]], gzip: bool
) -> AsyncIterator[bytes]:
    """Each page encoded (and compressed) in a worker thread: the loop only waits."""
    zipper = lines.Gzip() if gzip else None

    def encode(page: list[dict[str, Any]]) -> bytes:
        data = lines.encode(page)
        return data if zipper is None else zipper.chunk(data)

    async with stack:
        async for page in pages:
            data = await asyncio.to_thread(encode, page)
            if data:
                yield data
        if zipper is not None:
            yield zipper.end()


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
            raise bad(f"characters.{index}.sheet", message_of(exc)) from exc
    return settings, sheets


def duplicate(db: Db, exc: BaseException) -> Conflict | None:
    if not db.is_unique_violation(exc):
        return None
    return Conflict(
        msg(
            "this campaign (or one of its characters, rolls, roll requests, contests, "
            "group rolls, tasks or grants) already exists here; delete it first, or "
            "import into another instance",
        )
    )


async def import_lines(
    writer: Writer,
    principal: Principal,
    chunks: AsyncIterable[bytes],
    max_line: int,
    times_as_text: bool = False,
) -> dict[str, Any]:
    """Recreate the campaign of a line-format export (``app.exchange.importing``) with the
    caller as its only member: checked whole as it arrives, then written in one
    transaction; all or nothing. ``times_as_text``: the database's (``Database``). The
    luck tallies' minute rows past their retention are left out, their purge's floor
    raised first (a job of its own: app/stats/retention.py)."""
    minutes_from = await retention.raise_floor(writer)
    checked = await check(chunks, max_line, rows_for=RowsFor(times_as_text, minutes_from))
    try:

        async def job(job: Job) -> dict[str, Any]:
            checked.spool.seek(0)
            seeds = _seed_rows(checked.fairness, utcnow())
            place = LinePlacement(principal.user_id, seeds)
            try:
                await write_lines(job.db, checked, place)
            except Exception as exc:
                conflict = duplicate(job.db, exc)
                if conflict is not None:
                    raise conflict from exc
                raise
            campaign, counts = checked.campaign, checked.counts
            return {
                "id": campaign.id,
                "name": campaign.name,
                "ruleset": campaign.ruleset,
                "settings": checked.settings,
                "created_at": rfc3339(campaign.created_at),
                "members": 1,
                "characters": counts.get("character", 0),
                "rolls": counts.get("roll", 0),
                "events": counts.get("event", 0),
                "mapped_to_you": place.strangers,
                "placeholders": place.placeholders,
            }

        return await writer.run(job)
    finally:
        await discard(checked.spool)


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


def _seed_rows(fairness: FairnessPart, now: datetime) -> list[dict[str, Any]]:
    """Past seeds as they were; the source's current one as a commitment only, closed at
    the source's next nonce (it has served nothing: the export revealed what it had to);
    then a fresh seed of our own, salting every link after the imported chain."""
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
        {importer_id: "storyteller"}, owners, _seed_rows(doc.fairness, now), {importer_id: now}
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

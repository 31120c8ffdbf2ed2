"""An operator's full backup and restore of one campaign, for the ``fairtable`` command
(database access, no API): every roll and event unredacted, every seat, and the current
secret seed. The file is as secret as the database: whoever holds it can read every
private roll and predict every die until the next rotation.

A restore puts the campaign back as it was (same seats, same current seed, the game goes
on where it stopped) after checking it like an import does: every link, salt and die is
recomputed, the current seed's draws too (the backup holds its secret)."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from app.core.database import Database
from app.core.db import utcnow
from app.core.errors import NotFound, Unprocessable
from app.core.jsontext import dumps
from app.exchange import repository as repo
from app.exchange.checks import verify_document
from app.exchange.schemas import CampaignBackup
from app.exchange.service import checked_parts, document, duplicate
from app.exchange.writing import Placement, write_campaign
from app.fairness import repository as seeds_repo

FORMAT, VERSION = "fairtable-backup", 1


async def backup(database: Database, campaign_id: str) -> bytes:
    """The whole campaign with its current secret seed, as JSON bytes."""
    async with database.snapshot() as db:
        if await repo.campaign(db, campaign_id) is None:
            raise NotFound(f"no campaign {campaign_id}")
        found = await document(db, campaign_id, None)
        fairness = found["fairness"]
        secret, _, _ = await seeds_repo.current_seed(db, campaign_id, fairness["seed_number"])
    for seed in fairness["seeds"]:
        if seed["number"] == fairness["seed_number"]:
            seed["server_seed"] = secret.hex()
    found["format"], found["version"] = FORMAT, VERSION
    return dumps(found)


def parse(text: bytes) -> CampaignBackup:
    """The backup document, or ``Unprocessable`` saying the first thing wrong with it."""
    try:
        return CampaignBackup.model_validate(json.loads(text))
    except ValueError as exc:
        if isinstance(exc, ValidationError):
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"])
            raise Unprocessable(f"{where}: {first['msg']}") from exc
        raise Unprocessable(f"not JSON: {exc}") from exc


async def restore(database: Database, text: bytes) -> dict[str, Any]:
    """Recreate the campaign of a backup, seats and current seed included; all or nothing.
    Every member must already be a user here (same id and username)."""
    doc = parse(text)
    verify_document(doc, backup=True)
    settings, sheets = checked_parts(doc)
    now = utcnow()
    seeds = [
        {
            **seed.model_dump(),
            "server_seed": bytes.fromhex(seed.server_seed or ""),
            "created_at": seed.revealed_at or now,
        }
        for seed in doc.fairness.seeds
    ]
    place = Placement(
        {m.user_id: m.role for m in doc.members},
        {c.id: c.owner_id for c in doc.characters},
        seeds,
        {m.user_id: m.joined_at for m in doc.members},
    )
    async with database.transaction() as db:
        for member in doc.members:
            if await repo.username_of(db, member.user_id) != member.username:
                raise Unprocessable(
                    f"members: {member.username} ({member.user_id}) is not a user here; "
                    "restore the accounts first"
                )
        try:
            await write_campaign(db, doc, settings, sheets, place)
        except Exception as exc:
            conflict = duplicate(db, exc)
            if conflict is not None:
                raise conflict from exc
            raise
    return {"id": doc.campaign.id, "rolls": len(doc.rolls), "members": len(doc.members)}

"""Writing a checked campaign document into the database: shared by the API import (which
seats only the importer and commits to a fresh seed) and the operator's restore (which
puts everything back as it was, the current secret seed included)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.campaigns import repository as campaigns_repo
from app.characters import repository as characters_repo
from app.core import tables
from app.core.database import Db
from app.events.repository import EVENTS
from app.exchange.checks import flows
from app.exchange.schemas import CampaignExport
from app.fairness.repository import SEEDS
from app.rolls import repository as rolls_repo
from app.table import repository as table_repo


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
    for roll in doc.rolls:
        await tables.insert(db, rolls_repo.ROLLS, roll.model_dump())
    for event in doc.events:
        await tables.insert(db, EVENTS, {**event.model_dump(), "campaign_id": campaign.id})
    for table, found in flows(doc):
        for flow in found:
            sql, params = table_repo.insert(table, flow.model_dump())
            await db.execute(sql, *params)

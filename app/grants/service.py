"""Grants: a storyteller's reroll for a clever idea, given to a character before the roll.

The storyteller grants (``create``: a campaign job, one row and a public ``grant.created``
event); the character's player then cites ``{"source": "storyteller"}`` on a 3d6 test, and
the roll's job uses one open grant up (``claim`` under the campaign's lock, then ``use``:
the row turns ``used`` with the roll's id, a public ``grant.used`` event). A cited grant is
used up by the roll that cites it, spent or not, so what happens to it never depends on
the dice (a blind roll's included). A grant made *after* a roll is another matter: it is a
step of that roll (``POST /rolls/{id}/grant``) and needs no row here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.campaigns.jobs import CampaignJob, Idempotent, campaign_job
from app.campaigns.ledger import Ledger
from app.campaigns.seats import STORYTELLER, Seat
from app.characters.repository import CharacterRow
from app.characters.service import CharacterLookup, seat_for
from app.core import idempotency
from app.core.database import Db
from app.core.db import rfc3339, utcnow
from app.core.errors import Conflict, Unprocessable
from app.core.i18n import msg
from app.core.ids import new_id
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.grants import repository as repo
from app.grants.schemas import GrantCreate

MAX_OPEN = 20
"""Open grants one character may hold: as many as one roll may cite rerolls."""


def to_read(row: Mapping[str, Any]) -> dict[str, Any]:
    used_at = row["used_at"]
    return {
        "id": row["id"],
        "campaign_id": row["campaign_id"],
        "character_id": row["character_id"],
        "name": row["name"],
        "status": row["status"],
        "granted_by": row["granted_by"],
        "roll_id": row["roll_id"],
        "created_at": rfc3339(row["created_at"]),
        "used_at": None if used_at is None else rfc3339(used_at),
    }


def _require_3d6(seat: Seat) -> None:
    if seat.campaign.ruleset != "3d6":
        raise Unprocessable(
            msg(
                "grants are a 3d6 rule; this campaign plays {ruleset}",
                ruleset=seat.campaign.ruleset,
            )
        )


async def create(
    writer: Writer, principal: Principal, character_id: str, body: GrantCreate, key: str | None
) -> bytes:
    """A storyteller grants the character one reroll ahead of its roll; answer the
    character's open grants, the new one last."""
    digest = idempotency.fingerprint("grant", character_id, body.name)
    lookup = CharacterLookup(character_id)

    async def prepare(job: Job, seat: Seat) -> CharacterRow:
        _require_3d6(seat)
        return lookup.found()

    async def act(cj: CampaignJob, character: CharacterRow) -> tuple[int, dict[str, Any]]:
        held = await repo.open_of(cj.db, character.campaign_id, character.id)
        if len(held) >= MAX_OPEN:
            raise Conflict(
                msg(
                    "{character_name} holds {max_open} open grants, the most one may",
                    character_name=character.name,
                    max_open=MAX_OPEN,
                )
            )
        now = utcnow()
        row: dict[str, Any] = {
            "id": new_id(),
            "campaign_id": character.campaign_id,
            "character_id": character.id,
            "name": body.name,
            "status": "open",
            "granted_by": cj.seat.user_id,
            "roll_id": None,
            "created_at": now,
            "used_at": None,
        }
        cj.ledger.add(repo.GRANTS, row)
        granted = to_read(row)
        cj.ledger.record("grant.created", granted, user_id=cj.seat.user_id)
        items = [*(to_read(r) for r in held), granted]
        return 201, {"character_id": character.id, "granted": granted, "items": items}

    _, answer = await campaign_job(
        writer,
        principal,
        lookup.campaign,
        act,
        scope="roll",
        roles=STORYTELLER,
        what=msg("character"),
        prepare=prepare,
        once=Idempotent(key, digest),
    )
    return answer


async def open_grants(db: Db, principal: Principal, character_id: str) -> dict[str, Any]:
    """The character's open grants, for any member of its campaign."""
    seat, character = await seat_for(db, principal, character_id, "read")
    _require_3d6(seat)
    held = await repo.open_of(db, character.campaign_id, character.id)
    return {"character_id": character.id, "granted": None, "items": [to_read(r) for r in held]}


# --- used up by a roll ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Claimed:
    """The reroll cites of a roll with the grants they use up named (``grant_id``)."""

    cites: list[dict[str, Any]]
    grants: list[dict[str, Any]]


def _needs_grant(seat: Seat, cite: Mapping[str, Any]) -> bool:
    """A player's storyteller reroll comes from an open grant; a storyteller's only when it
    names one (otherwise the storyteller grants it there and then, as before)."""
    if cite.get("source") != "storyteller":
        return False
    return cite.get("grant_id") is not None or not seat.is_storyteller


async def claim(
    db: Db, seat: Seat, character: CharacterRow, cites: Sequence[Mapping[str, Any]]
) -> Claimed:
    """Match each storyteller cite that needs a grant to one of the character's open ones:
    the one it names by ``grant_id``, else the oldest with its ``name``, else the oldest.
    Runs in the roll's job, after the campaign's lock; 409 when none is left to match."""
    listed = [dict(cite) for cite in cites]
    if not any(_needs_grant(seat, cite) for cite in listed):
        return Claimed(listed, [])  # the hot path: no query
    left = await repo.open_of(db, character.campaign_id, character.id)
    taken: list[dict[str, Any]] = []
    for index, cite in enumerate(listed):
        if not _needs_grant(seat, cite):
            continue
        grant = _match(left, cite)
        if grant is None:
            raise Conflict(
                msg(
                    "rerolls[{index}]: {none_left}",
                    index=index,
                    none_left=_none_left(character, cite),
                )
            )
        left.remove(grant)
        taken.append(grant)
        listed[index] = {"source": "storyteller", "name": grant["name"], "grant_id": grant["id"]}
    return Claimed(listed, taken)


def _match(left: list[dict[str, Any]], cite: Mapping[str, Any]) -> dict[str, Any] | None:
    if cite.get("grant_id") is not None:
        return next((g for g in left if g["id"] == cite["grant_id"]), None)
    if cite.get("name") is not None:
        return next((g for g in left if g["name"] == cite["name"]), None)
    return left[0] if left else None


def _none_left(character: CharacterRow, cite: Mapping[str, Any]) -> str:
    if cite.get("grant_id") is not None:
        return msg(
            "grant {grant_id} is not an open grant of {character}",
            grant_id=cite["grant_id"],
            character=character.name,
        )
    if cite.get("name") is not None:
        return msg(
            "{character} holds no open storyteller grant named {name!r}: a storyteller grants "
            "one with POST /characters/{character_id}/grants",
            character=character.name,
            name=cite["name"],
            character_id=character.id,
        )
    return msg(
        "{character} holds no open storyteller grant: a storyteller grants one with POST "
        "/characters/{character_id}/grants",
        character=character.name,
        character_id=character.id,
    )


def use(ledger: Ledger, seat: Seat, grants: Sequence[Mapping[str, Any]], roll_id: str) -> None:
    """The roll ``roll_id`` uses ``grants`` up: their rows, and a ``grant.used`` event each."""
    now = utcnow()
    for grant in grants:
        ledger.write(repo.use(grant["id"], roll_id, now))
        used = {**grant, "status": "used", "roll_id": roll_id, "used_at": now}
        ledger.record("grant.used", to_read(used), user_id=seat.user_id)

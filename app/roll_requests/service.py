"""Roll request use cases: ask, cancel, read one, read a page. Answering is a roll
(``app.roll_requests.answering``); expiry is read at once and written by the sweep
(``app.roll_requests.sweep``).

Every write is a ``campaign_job`` act by a storyteller with the ``roll`` scope (a request
decides rolls, like every step of the table flow); the request is read again under the
campaign's lock. A keyed retry replays the first answer.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from app.campaigns import repository as campaigns_repo
from app.campaigns.jobs import CampaignJob, Idempotent, campaign_job
from app.campaigns.seats import ROLES, STORYTELLER, Seat, take_seat
from app.characters import repository as characters_repo
from app.core import idempotency
from app.core.database import Db
from app.core.db import utcnow
from app.core.errors import Conflict, Forbidden, NotFound, Unprocessable
from app.core.i18n import msg
from app.core.ids import new_id
from app.core.jsontext import dumps
from app.core.pagination import decode_cursor, encode_cursor
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.delegations import service as delegations
from app.roll_requests import records, terms
from app.roll_requests import repository as repo
from app.roll_requests.events import link, record_change
from app.roll_requests.repository import Asked, Target
from app.roll_requests.schemas import RollRequestCreate

WHAT = msg("roll request")


async def create(
    writer: Writer, principal: Principal, cid: str, body: RollRequestCreate, key: str | None
) -> tuple[int, bytes]:
    """A storyteller asks each of ``body.character_ids`` for the same roll."""
    digest = idempotency.fingerprint("roll_request", cid, body.model_dump(mode="json"))
    seconds = terms.expires_in(body.expires_in)

    async def act(cj: CampaignJob, _: None) -> tuple[int, dict[str, Any]]:
        seat, ledger = cj.seat, cj.ledger
        ruleset = seat.campaign.ruleset
        fixed = terms.check_terms(ruleset, body)
        targets = await _targets(cj.db, seat, body)
        now = utcnow()
        asked = Asked(
            {
                "id": new_id(),
                "campaign_id": seat.campaign.id,
                "seq": 0,
                "ruleset": ruleset,
                "kind": body.kind,
                "trait": body.trait,
                "terms": fixed,
                "visibility": body.visibility,
                "note": body.note,
                "status": "open",
                "expires_at": None if seconds is None else now + timedelta(seconds=seconds),
                "created_by": seat.user_id,
                "cancelled_by": None,
                "cancelled_at": None,
                "prev_hash": "",
                "hash": "",
                "created_at": now,
                "updated_at": now,
            },
            targets,
        )
        asked.row["seq"] = seq = ledger.next_seq()
        link(ledger, asked, seq)
        ledger.add(repo.REQUESTS, asked.row)
        for target in targets:
            ledger.add(repo.TARGETS, target.row(asked.id))
        record_change(ledger, "roll_request.created", asked, now, seq)
        return 201, records.to_read(asked, now)

    return await campaign_job(
        writer,
        principal,
        cid,
        act,
        scope="roll",
        roles=STORYTELLER,
        once=Idempotent(key, digest),
    )


async def _targets(db: Db, seat: Seat, body: RollRequestCreate) -> list[Target]:
    """Each named character: of this campaign, named once, with the trait on its sheet."""
    found: list[Target] = []
    for i, character_id in enumerate(body.character_ids):
        field = f"character_ids[{i}]"
        if character_id in body.character_ids[:i]:
            raise Unprocessable(
                msg(
                    "{field}: character {character_id} is named twice",
                    field=field,
                    character_id=character_id,
                )
            )
        character = await characters_repo.read(db, character_id)
        if character is None or character.campaign_id != seat.campaign.id:
            raise Unprocessable(
                msg(
                    "{field}: no character {character_id} in this campaign",
                    field=field,
                    character_id=character_id,
                )
            )
        terms.check_trait(seat.campaign.ruleset, body.trait, character.sheet, field)
        found.append(Target(character_id, i, "waiting", None, None, character.owner_id, None))
    roles = await _roles(db, seat.campaign.id, [t.owner_id for t in found])
    for target in found:
        target.owner_role = roles.get(target.owner_id or "")
    return found


async def _roles(db: Db, campaign_id: str, owners: list[str | None]) -> dict[str, str]:
    roles: dict[str, str] = {}
    for owner in {o for o in owners if o is not None}:
        role = await campaigns_repo.role_of(db, campaign_id, owner)
        if role is not None:
            roles[owner] = role
    return roles


async def cancel(
    writer: Writer, principal: Principal, request_id: str, key: str | None
) -> tuple[int, bytes]:
    """A storyteller cancels what is still waiting; answered characters keep their rolls.
    409 when nothing waits (every character answered, or the request expired)."""
    digest = idempotency.fingerprint("roll_request.cancel", request_id)

    async def where(db: Db) -> str | None:
        return await repo.campaign_of(db, request_id)

    async def prepare(job: Job, seat: Seat) -> None:
        # Whoever may not read the request learns nothing of it, not even that it exists.
        asked = await repo.get(job.db, request_id)
        if asked is None or not records.may_read(asked, seat.user_id, seat.is_storyteller):
            raise NotFound(msg("no such {what}", what=WHAT))
        if not seat.is_storyteller:
            raise Forbidden(
                msg("a {seat_role} may not do this; it needs: storyteller", seat_role=seat.role)
            )

    async def act(cj: CampaignJob, _: None) -> tuple[int, dict[str, Any]]:
        ledger, now = cj.ledger, utcnow()
        asked = await repo.get(cj.db, request_id)
        if asked is None:  # deleted with its campaign between the seat check and the lock
            raise NotFound(msg("no such {what}", what=WHAT))
        state = records.status(asked, now)
        if state != "open":
            raise Conflict(
                msg("the request is {state}: nothing waits to be cancelled", state=state)
            )
        for target in asked.targets:
            if target.status == "waiting":
                target.status, target.at = "cancelled", now
        asked.row.update(status="cancelled", cancelled_by=cj.seat.user_id, cancelled_at=now,
                         updated_at=now)  # fmt: skip
        seq = ledger.next_seq()
        link(ledger, asked, seq)
        ledger.write(repo.close(asked, "cancelled", now))
        ledger.write(repo.close_waiting(asked.id, "cancelled", now))
        record_change(ledger, "roll_request.cancelled", asked, now, seq)
        return 200, records.to_read(asked, now)

    _exists(request_id)
    return await campaign_job(
        writer,
        principal,
        where,
        act,
        scope="roll",
        what=WHAT,
        prepare=prepare,
        once=Idempotent(key, digest),
    )


def _exists(request_id: str) -> None:
    if "\x00" in request_id:  # names nothing (and PostgreSQL refuses it as a parameter)
        raise NotFound(msg("no such {what}", what=WHAT))


# --- reads -----------------------------------------------------------------------------------


async def read_one(db: Db, principal: Principal, request_id: str) -> dict[str, Any]:
    """One request for a member who may read it, or for a bot as the player who delegated
    it an addressed character reads it; 404 otherwise, as for no request at all."""
    asked = await repo.get(db, request_id)
    if asked is None:
        raise NotFound(msg("no such {what}", what=WHAT))
    campaign_id = asked.row["campaign_id"]
    seat: Seat | None
    try:
        seat = await take_seat(db, principal, campaign_id, "read", ROLES)
    except NotFound:
        addressed = [t.character_id for t in asked.targets]
        seat = await delegations.delegator_seat(db, principal, campaign_id, addressed, "read")
    if seat is None or not records.may_read(asked, seat.user_id, seat.is_storyteller):
        raise NotFound(msg("no such {what}", what=WHAT))
    return records.to_read(asked, utcnow())


async def read_page_for(
    db: Db, principal: Principal, cid: str, limit: int, cursor: str | None, status: str | None
) -> bytes:
    """``read_page`` for a member; for a bot that sits nowhere there, the requests
    addressed to the characters delegated to it (each read by that character's player,
    who may read every request addressed to their character); 404 for anyone else."""
    try:
        seat = await take_seat(db, principal, cid, "read", ROLES)
    except NotFound:
        characters = await delegations.delegated_characters(db, principal, cid, "read")
        if not characters:
            raise
        return await _page(db, cid, None, limit, cursor, status, characters)
    return await read_page(db, seat, limit, cursor, status)


async def read_page(
    db: Db, seat: Seat, limit: int, cursor: str | None, status: str | None
) -> bytes:
    """A page of the requests the member may read, newest first, in the list shape."""
    viewer = None if seat.is_storyteller else seat.user_id
    return await _page(db, seat.campaign.id, viewer, limit, cursor, status)


async def _page(
    db: Db,
    campaign_id: str,
    viewer: str | None,
    limit: int,
    cursor: str | None,
    status: str | None,
    addressing: list[str] | None = None,
) -> bytes:
    now = utcnow()
    found = await repo.page(
        db, campaign_id, viewer, limit + 1, decode_cursor(cursor), status, now, addressing
    )
    page = found[:limit]
    next_cursor = encode_cursor(page[-1].id) if len(found) > limit else None
    items = [records.to_read(asked, now) for asked in page]
    return dumps({"items": items, "next_cursor": next_cursor})


async def open_for(db: Db, seat: Seat) -> list[dict[str, Any]]:
    """Every open request the member may read, newest first (an overview's)."""
    now, found, before = utcnow(), list[dict[str, Any]](), None
    viewer = None if seat.is_storyteller else seat.user_id
    while True:
        page = await repo.page(db, seat.campaign.id, viewer, 200, before, "open", now)
        found.extend(records.to_read(asked, now) for asked in page)
        if len(page) < 200:
            return found
        before = page[-1].id


async def stored_links(db: Db, ids: list[str]) -> dict[str, dict[str, Any]]:
    """The requests among ``ids`` as their latest link would show them now, rebuilt from
    the stored rows (with their ``hash``): what the audit compares each request's latest
    link with, so a row changed after its link is caught like a changed roll."""
    return {asked.id: records.chain_view(asked) for asked in await repo.by_ids(db, ids)}

"""Delegation use cases: a player links a bot to some of their characters, a player or a
storyteller revokes it, the table lists them; and the seat a bot acts from.

A bot sits nowhere through a delegation. When its own seat refuses a request about a
delegated character, it acts from the **delegating player's seat, narrowed**: the player's
user id and role, only that character, and only the scopes both the bot's credential and
the delegation allow (``Principal.acted_by``, ``delegation``, ``characters``). So it never
reads or does more than that player may, and everything it reads goes through the rules
the player's reads go through (app/rolls/visibility.py, app/characters/held.py,
app/roll_requests/records.py). Nothing caches a delegation: each request of a bot reads it,
and a bot's write is guarded by it (``repository.live``), so a revocation holds on every
instance as soon as it commits.

A delegation serves only while the character is its delegating player's: given to someone
else, deleted (its rows go with it), or the player gone from the table (their delegations
are revoked in the job of their leaving), and the bot is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.accounts import repository as accounts_repo
from app.campaigns import service as campaigns
from app.campaigns.jobs import CampaignJob, Delegate, campaign_job
from app.campaigns.seats import PLAYING, Seat, take_seat
from app.characters import repository as characters_repo
from app.core.database import Db
from app.core.db import rfc3339, utcnow
from app.core.errors import AppError, Conflict, Forbidden, NotFound, Unprocessable
from app.core.i18n import msg
from app.core.ids import new_id
from app.core.jsontext import dumps
from app.core.pagination import decode_cursor, encode_cursor
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.delegations import repository as repo
from app.delegations.repository import Held
from app.delegations.schemas import DelegationCreate

WHAT = msg("delegation")


def to_read(held: Held) -> dict[str, Any]:
    row = held.row
    return {
        "id": row["id"],
        "campaign_id": row["campaign_id"],
        "user_id": row["user_id"],
        "bot_user_id": row["bot_user_id"],
        "character_ids": held.character_ids,
        "scopes": row["scopes"],
        "created_at": rfc3339(row["created_at"]),
        "revoked_at": None if row["revoked_at"] is None else rfc3339(row["revoked_at"]),
        "revoked_by": row["revoked_by"],
    }


async def create(
    writer: Writer, principal: Principal, cid: str, body: DelegationCreate
) -> tuple[int, bytes]:
    """A player (or a storyteller) lets a bot act for some of their own characters."""
    scopes = [s for s in ("read", "roll") if s in body.scopes]

    async def act(cj: CampaignJob, _: None) -> tuple[int, dict[str, Any]]:
        seat, ledger = cj.seat, cj.ledger
        if body.bot_user_id == seat.user_id:
            raise Unprocessable(msg("bot_user_id: a player does not delegate to themself"))
        if not await accounts_repo.user_exists(cj.db, body.bot_user_id):
            raise Unprocessable(msg("bot_user_id: no such user"))
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
            character = await characters_repo.read(cj.db, character_id)
            if character is None or character.campaign_id != seat.campaign.id:
                raise Unprocessable(
                    msg(
                        "{field}: no character {character_id} in this campaign",
                        field=field,
                        character_id=character_id,
                    )
                )
            if character.owner_id != seat.user_id:
                raise Forbidden(msg("a player delegates only their own characters"))
            ledger.guard(characters_repo.unchanged(character))  # still theirs at the write
        row = {
            "id": new_id(),
            "campaign_id": seat.campaign.id,
            "user_id": seat.user_id,
            "bot_user_id": body.bot_user_id,
            "scopes": scopes,
            "created_at": utcnow(),
            "revoked_at": None,
            "revoked_by": None,
        }
        ledger.add(repo.DELEGATIONS, row)
        for character_id in body.character_ids:
            ledger.add(repo.COVERS, {"delegation_id": row["id"], "character_id": character_id})
        answer = to_read(Held(row, sorted(body.character_ids)))
        ledger.record("delegation.created", answer)
        return 201, answer

    return await campaign_job(writer, principal, cid, act, scope="manage", roles=PLAYING)


async def revoke(writer: Writer, principal: Principal, delegation_id: str) -> None:
    """Its player or a storyteller ends a delegation; 409 for one that ended already."""

    async def where(db: Db) -> str | None:
        return await repo.campaign_of(db, delegation_id)

    async def prepare(job: Job, seat: Seat) -> Held:
        held = await repo.get(job.db, delegation_id)
        if held is None:
            raise NotFound(msg("no such {what}", what=WHAT))
        if held.row["user_id"] != seat.user_id and not seat.is_storyteller:
            raise Forbidden(msg("only its player or a storyteller revokes a delegation"))
        if not held.live:
            raise Conflict(msg("the delegation was revoked already"))
        return held

    async def act(cj: CampaignJob, held: Held) -> tuple[int, None]:
        cj.ledger.guard(repo.live(held.id))  # of two revocations, the second is a 409
        _revoke(cj, held, cj.seat.user_id)
        return 204, None

    await campaign_job(writer, principal, where, act, scope="manage", what=WHAT, prepare=prepare)


def _revoke(cj: CampaignJob, held: Held, by: str) -> None:
    now = utcnow()
    cj.ledger.write(repo.revoke(held.id, by, now))
    held.row.update(revoked_at=now, revoked_by=by)
    cj.ledger.record("delegation.revoked", to_read(held))


async def _revoke_on_leave(cj: CampaignJob, user_id: str) -> None:
    """A member leaving (or removed) takes their delegations with them."""
    for held in await repo.live_of(cj.db, cj.seat.campaign.id, user_id):
        _revoke(cj, held, cj.seat.user_id)


campaigns.when_leaving(_revoke_on_leave)


# --- reads -----------------------------------------------------------------------------------


async def read_page(
    db: Db, principal: Principal, cid: str, limit: int, cursor: str | None
) -> bytes:
    """Every delegation of the campaign for a member; for a bot that sits nowhere there,
    those made to it (live or not); 404 for anyone else."""
    bot: str | None = None
    try:
        await take_seat(db, principal, cid, "read")
    except NotFound:
        if not await repo.held_by(db, cid, principal.user_id):
            raise NotFound(msg("no such campaign")) from None
        bot = principal.user_id
    found = await repo.page(db, cid, bot, limit + 1, decode_cursor(cursor))
    page = found[:limit]
    next_cursor = encode_cursor(page[-1].id) if len(found) > limit else None
    return dumps({"items": [to_read(h) for h in page], "next_cursor": next_cursor})


# --- the seat a bot acts from ----------------------------------------------------------------


def _narrowed(principal: Principal, held: Held, character_ids: Sequence[str]) -> Principal:
    """The delegating player, as far as the bot's credential and the delegation allow."""
    return Principal(
        held.row["user_id"],
        principal.username,
        principal.display_name,
        principal.scopes & frozenset(held.row["scopes"]),
        principal.via_api_key,
        principal.expires_at,
        acted_by=principal.user_id,
        delegation=held.id,
        characters=frozenset(character_ids),
    )


async def _owner(db: Db, campaign_id: str, character_id: str) -> str | None:
    character = await characters_repo.read(db, character_id)
    if character is None or character.campaign_id != campaign_id:
        return None
    return character.owner_id


def acting(character_id: str | None, scope: str, roles: tuple[str, ...] = PLAYING) -> Delegate:
    """The ``delegate`` of a write a bot may make for ``character_id``: the seat of the
    player who delegated that character to the caller with ``scope``. A caller who holds
    no delegation in the campaign gets the refusal its own seat got (404 for a stranger);
    one who does gets a 403 naming why none serves (revoked, another character, a missing
    scope, the character no longer its player's, the player gone)."""

    async def delegate(db: Db, principal: Principal, campaign_id: str, refused: AppError) -> Seat:
        if principal.acted_by is not None:  # never a delegation of a delegation
            raise refused
        held = await repo.held_by(db, campaign_id, principal.user_id)
        if not held:
            raise refused
        if character_id is None:
            raise Forbidden(msg("a bot acts only for the characters delegated to it"))
        covering = [h for h in held if character_id in h.character_ids]
        live = [h for h in covering if h.live]
        if not live:
            if covering:
                raise Forbidden(
                    msg(
                        "your delegation for character {character_id} was revoked",
                        character_id=character_id,
                    )
                )
            raise Forbidden(
                msg(
                    "no delegation lets you act for character {character_id}",
                    character_id=character_id,
                )
            )
        owner = await _owner(db, campaign_id, character_id)
        theirs = [h for h in live if h.row["user_id"] == owner]
        if not theirs:
            raise Forbidden(
                msg(
                    "character {character_id} no longer belongs to the player who delegated it",
                    character_id=character_id,
                )
            )
        allowed = [h for h in theirs if scope in h.row["scopes"]]
        if not allowed:
            raise Forbidden(
                msg(
                    "your delegation for character {character_id} lacks the '{scope}' scope",
                    character_id=character_id,
                    scope=scope,
                )
            )
        acting = _narrowed(principal, allowed[0], [character_id])
        try:
            return await take_seat(db, acting, campaign_id, scope, roles)
        except NotFound:
            raise Forbidden(
                msg(
                    "the player who delegated character {character_id} no longer sits at this"
                    " campaign",
                    character_id=character_id,
                )
            ) from None

    return delegate


async def delegator_seat(
    db: Db, principal: Principal, campaign_id: str, character_ids: Sequence[str], scope: str
) -> Seat | None:
    """For a read (or a refusal that must tell nothing): the narrowed seat of a player who
    delegated one of ``character_ids`` to the caller with ``scope``, or None. Never
    raises, so whoever may not read learns nothing more than a stranger."""
    if principal.acted_by is not None or not character_ids:
        return None
    held = await repo.held_by(db, campaign_id, principal.user_id)
    for character_id in character_ids:
        covering = [h for h in held if h.live and character_id in h.character_ids]
        if not any(scope in h.row["scopes"] for h in covering):
            continue
        owner = await _owner(db, campaign_id, character_id)
        for h in covering:
            if h.row["user_id"] == owner and scope in h.row["scopes"]:
                try:
                    return await take_seat(
                        db, _narrowed(principal, h, [character_id]), campaign_id, scope
                    )
                except (NotFound, Forbidden):
                    break
    return None


async def delegated_characters(
    db: Db, principal: Principal, campaign_id: str, scope: str
) -> list[str]:
    """The characters of the campaign the caller may read as a bot: each covered by a live
    delegation with ``scope``, still its delegating player's, that player seated."""
    if principal.acted_by is not None:
        return []
    found: list[str] = []
    for held in await repo.held_by(db, campaign_id, principal.user_id):
        if not held.live or scope not in held.row["scopes"] or not principal.allows(scope):
            continue
        for character_id in held.character_ids:
            if character_id in found:
                continue
            if await delegator_seat(db, principal, campaign_id, [character_id], scope):
                found.append(character_id)
    return found

"""Campaign use cases: create, edit, invite, join, and who sits where. Every write is one
writer job; those that change the campaign's record are ``campaign_job`` acts."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from collections.abc import Set as AbstractSet
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import ValidationError

from app.campaigns import repository as repo
from app.campaigns.jobs import CampaignJob, campaign_job
from app.campaigns.ledger import Ledger
from app.campaigns.schemas import SETTINGS_MODELS, CampaignRead
from app.campaigns.seats import STORYTELLER, CampaignInfo, Seat
from app.core import tables
from app.core.database import Db
from app.core.db import utcnow
from app.core.errors import Conflict, Forbidden, InvalidFields, NotFound, Unprocessable
from app.core.i18n import DEFAULT_LANGUAGE, msg
from app.core.ids import hash_secret, new_id
from app.core.pagination import encode_cursor
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.fairness import repository as seeds_repo

OnLeave = Callable[[CampaignJob, str], Awaitable[None]]
"""What a feature does in the job of a member's leaving or removal (the job, the member's
user id): the delegations feature revokes the delegations the member made."""

_ON_LEAVE: list[OnLeave] = []


def when_leaving(hook: OnLeave) -> None:
    """Register ``hook`` to run in the job of every leave or removal, under the campaign's
    lock, so a feature built on seats (app/delegations) ends with the seat, and this lower
    feature never imports it."""
    if hook not in _ON_LEAVE:
        _ON_LEAVE.append(hook)


def validate_settings(
    ruleset: str, settings: dict[str, Any] | None, loc: tuple[str, ...] = ("body", "settings")
) -> dict[str, Any]:
    """``settings`` checked against the ruleset's model, with defaults filled in.

    The model depends on the ruleset, so this runs after request parsing; its refusal still
    lists every refused field under ``loc`` (where the settings sit in the request), as a
    request that does not parse would."""
    try:
        model = SETTINGS_MODELS[ruleset].model_validate(settings or {})
    except ValidationError as exc:
        raise InvalidFields(exc.errors(), under=loc) from exc
    return model.model_dump()


def answer(campaign: CampaignInfo, role: str) -> CampaignRead:
    return CampaignRead(
        id=campaign.id,
        name=campaign.name,
        ruleset=campaign.ruleset,  # type: ignore[arg-type]
        settings=campaign.settings,
        created_at=campaign.created_at,
        role=role,  # type: ignore[arg-type]
    )


async def create(
    writer: Writer,
    user_id: str,
    name: str,
    ruleset: str,
    settings: dict[str, Any] | None,
    language: str = DEFAULT_LANGUAGE,
) -> CampaignInfo:
    """A new campaign, its first committed seed, and its creator as storyteller; its
    ``language`` setting is ``language`` (the creator's) unless ``settings`` name one."""
    given = settings if isinstance(settings, dict) else {}
    if "language" not in given:
        settings = {**given, "language": language}
    settings = validate_settings(ruleset, settings)
    campaign_id = new_id()

    async def job(job: Job) -> CampaignInfo:
        now = utcnow()
        # The client seed starts as the campaign's id; any member may set their own.
        row = {"id": campaign_id, "name": name, "ruleset": ruleset, "settings": settings,
               "client_seed": campaign_id, "created_at": now}  # fmt: skip
        await tables.insert(job.db, repo.CAMPAIGNS, row)
        await seeds_repo.create_seed(job.db, campaign_id, 1, campaign_id, 0)
        member = {"campaign_id": campaign_id, "user_id": user_id, "role": "storyteller"}
        await tables.insert(job.db, repo.MEMBERSHIPS, {**member, "joined_at": now})
        return CampaignInfo(campaign_id, name, ruleset, settings, now)

    return await writer.run(job)


async def update(
    writer: Writer,
    principal: Principal,
    cid: str,
    name: str | None,
    settings: dict[str, Any] | None,
) -> tuple[int, bytes]:
    async def act(cj: CampaignJob, _: None) -> tuple[int, dict[str, Any]]:
        current = await repo.settings(cj.db, cj.seat.campaign.id)
        if current is None:  # never: the campaign row is locked
            raise NotFound(msg("no such campaign"))
        new_name, ruleset, new_settings = current
        if name is not None:
            new_name = name
        if settings is not None:
            new_settings = validate_settings(ruleset, {**new_settings, **settings})
        # The campaign row itself: not in the ledger's batch, whose write-back updates it too.
        sql, params = repo.update(cj.seat.campaign.id, new_name, new_settings)
        await cj.db.execute(sql, *params)
        data = {"id": cj.seat.campaign.id, "name": new_name, "settings": new_settings}
        cj.ledger.record("campaign.updated", data)
        info = CampaignInfo(cid, new_name, ruleset, new_settings, cj.seat.campaign.created_at)
        return 200, answer(info, cj.seat.role).model_dump(mode="json")

    return await campaign_job(writer, principal, cid, act, scope="manage", roles=STORYTELLER)


async def delete(writer: Writer, seat: Seat) -> None:
    async def job(job: Job) -> None:
        await repo.delete_campaign(job.db, seat.campaign.id)

    await writer.run(job)


async def create_invite(
    writer: Writer, seat: Seat, role: str, ttl_seconds: int
) -> tuple[str, datetime]:
    code = secrets.token_urlsafe(12)
    expires_at = utcnow() + timedelta(seconds=ttl_seconds)
    row = {
        "code_hash": hash_secret(code),
        "campaign_id": seat.campaign.id,
        "role": role,
        "created_by": seat.user_id,
        "expires_at": expires_at,
        "created_at": utcnow(),
    }

    async def job(job: Job) -> None:
        await tables.insert(job.db, repo.INVITES, row)

    await writer.run(job)
    return code, expires_at


async def accept_invite(writer: Writer, user_id: str, code: str) -> tuple[str, str]:
    """Seat the caller with the invite's role; answers (campaign_id, role)."""

    async def job(job: Job) -> tuple[str, str]:
        invite = await repo.invite(job.db, hash_secret(code))
        if invite is None or invite[2] <= utcnow():
            raise NotFound(msg("this invite code is unknown or has expired"))
        campaign_id, role, _ = invite
        ledger = await Ledger.open(job, campaign_id)
        existing = await repo.role_of(job.db, campaign_id, user_id)
        if existing is not None:
            raise Conflict(msg("you already sit at this campaign as {existing}", existing=existing))
        member = {"campaign_id": campaign_id, "user_id": user_id, "role": role}
        ledger.add(repo.MEMBERSHIPS, {**member, "joined_at": utcnow()})
        ledger.record("member.joined", {"user_id": user_id, "role": role})
        await ledger.close()
        return campaign_id, role

    return await writer.run(job)


async def change_role(
    writer: Writer, principal: Principal, cid: str, user_id: str, role: str
) -> None:
    async def act(cj: CampaignJob, _: None) -> tuple[int, None]:
        current = await repo.role_of(cj.db, cid, user_id)
        if current is None:
            raise NotFound(msg("no such member"))
        if current == "storyteller" and role != "storyteller":
            await _keep_a_storyteller(cj.db, cid)
        cj.ledger.write(repo.set_role(cid, user_id, role))
        cj.ledger.record("member.updated", {"user_id": user_id, "role": role})
        return 200, None

    await campaign_job(writer, principal, cid, act, scope="manage", roles=STORYTELLER)


async def remove_member(writer: Writer, principal: Principal, cid: str, user_id: str) -> None:
    """A storyteller removes anyone; anyone may leave. The last storyteller stays."""

    async def act(cj: CampaignJob, _: None) -> tuple[int, None]:
        if user_id != cj.seat.user_id and not cj.seat.is_storyteller:
            raise Forbidden(msg("only a storyteller removes other members"))
        current = await repo.role_of(cj.db, cid, user_id)
        if current is None:
            raise NotFound(msg("no such member"))
        if current == "storyteller":
            await _keep_a_storyteller(cj.db, cid)
        cj.ledger.write(repo.leave(cid, user_id))
        cj.ledger.record("member.left", {"user_id": user_id})
        for hook in _ON_LEAVE:
            await hook(cj, user_id)
        return 204, None

    await campaign_job(writer, principal, cid, act, scope="manage")


async def _keep_a_storyteller(db: Db, campaign_id: str) -> None:
    if await repo.storyteller_count(db, campaign_id) <= 1:
        raise Conflict(msg("a campaign keeps at least one storyteller"))


async def list_campaigns(
    db: Db, user_id: str, limit: int, cursor: str | None
) -> list[tuple[CampaignInfo, str]]:
    rows = await repo.campaigns_of(db, user_id, limit, cursor)
    return [(CampaignInfo(*row[:5]), str(row[5])) for row in rows]


async def list_members(
    db: Db, campaign_id: str, online: AbstractSet[str] = frozenset()
) -> list[dict[str, Any]]:
    """Everyone seated, in the order they joined (an overview's: no page). ``online``: who
    has a socket open at the table (app/realtime/presence.py)."""
    return [
        {"user_id": uid, "display_name": name, "role": role, "online": uid in online}
        for uid, name, role, _ in await repo.members(db, campaign_id)
    ]


_TIME_DIGITS = 20  # microseconds since 1970, zero-padded: a member cursor's first part


async def members_page(
    db: Db, campaign_id: str, limit: int, cursor: str | None, online: AbstractSet[str]
) -> tuple[list[dict[str, Any]], str | None]:
    """A page of ``list_members`` after ``cursor`` (a ``decode_cursor`` value), and the
    cursor of the next page (None: that was the last)."""
    rows = await repo.members_page(db, campaign_id, limit + 1, _member_key(cursor))
    page = rows[:limit]
    items = [
        {"user_id": uid, "display_name": name, "role": role, "online": uid in online}
        for uid, name, role, _ in page
    ]
    if len(rows) <= limit:
        return items, None
    uid, _, _, joined = page[-1]
    micros = (joined - _EPOCH) // timedelta(microseconds=1)
    return items, encode_cursor(f"{micros:0{_TIME_DIGITS}d}{uid}")


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _member_key(cursor: str | None) -> tuple[datetime, str] | None:
    """(joined_at, user_id) of the member a cursor names; 422 for one this server did not
    issue."""
    if cursor is None:
        return None
    micros, user_id = cursor[:_TIME_DIGITS], cursor[_TIME_DIGITS:]
    if not (micros.isascii() and micros.isdigit()) or not 1 <= len(user_id) <= 26:
        raise Unprocessable(msg("cursor: not a cursor this server issued"))
    try:
        joined = _EPOCH + timedelta(microseconds=int(micros))
    except OverflowError:
        raise Unprocessable(msg("cursor: not a cursor this server issued")) from None
    return joined, user_id


async def last_seq(db: Db, campaign_id: str) -> int:
    """Where a client that has read the campaign resumes its events (``after=``)."""
    return await repo.last_seq(db, campaign_id)

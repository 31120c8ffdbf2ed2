"""Campaign use cases: create, edit, invite, join, and who sits where."""

from __future__ import annotations

import secrets
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from app.campaigns import repository as repo
from app.campaigns.models import Campaign, Invite, Membership
from app.campaigns.schemas import SETTINGS_MODELS
from app.core.db import utcnow
from app.core.errors import Conflict, Forbidden, InvalidFields, NotFound
from app.core.ids import hash_secret, new_id
from app.core.rawsql import Raw, raw
from app.core.security import Principal
from app.events import service as events
from app.fairness import repository as seeds_repo

ROLES = ("storyteller", "player", "spectator")
PLAYING = ("storyteller", "player")


@dataclass(frozen=True, slots=True)
class CampaignInfo:
    """What a request needs to know of its campaign, read once with the caller's seat."""

    id: str
    name: str
    ruleset: str
    settings: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Seat:
    """A caller at a campaign's table: who they are, the campaign, their role."""

    principal: Principal
    campaign: CampaignInfo
    role: str

    @property
    def user_id(self) -> str:
        return self.principal.user_id

    @property
    def is_storyteller(self) -> bool:
        return self.role == "storyteller"


async def take_seat(
    db: Raw,
    principal: Principal,
    campaign_id: str,
    scope: str,
    roles: tuple[str, ...] = ROLES,
) -> Seat:
    """The caller's seat, or 404 for non-members (the campaign's existence is not
    revealed), or 403 for a member whose role or API-key scope does not allow it."""
    row = await repo.seat(db, campaign_id, principal.user_id)
    if row is None:
        raise NotFound("no such campaign")
    *campaign, role = row
    if not principal.allows(scope):
        raise Forbidden(f"this API key lacks the '{scope}' scope")
    if role not in roles:
        raise Forbidden(f"a {role} may not do this; it needs: {', '.join(roles)}")
    return Seat(principal, CampaignInfo(*campaign), role)


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


async def create(
    session: AsyncSession, user_id: str, name: str, ruleset: str, settings: dict[str, Any] | None
) -> Campaign:
    settings = validate_settings(ruleset, settings)
    campaign_id = new_id()
    # The client seed starts as the campaign's id; any member may set their own.
    campaign = Campaign(
        id=campaign_id, name=name, ruleset=ruleset, settings=settings, client_seed=campaign_id
    )
    session.add(campaign)
    await session.flush()
    await seeds_repo.create_seed(await raw(session), campaign_id, 1, campaign_id, 0)
    session.add(Membership(campaign_id=campaign.id, user_id=user_id, role="storyteller"))
    await session.flush()
    return campaign


async def update(
    session: AsyncSession, seat: Seat, name: str | None, settings: dict[str, Any] | None
) -> Campaign:
    seq = await repo.next_seq(await raw(session), seat.campaign.id)
    campaign = await repo.get(session, seat.campaign.id)
    if campaign is None:  # deleted between the seat lookup and now
        raise NotFound("no such campaign")
    if name is not None:
        campaign.name = name
    if settings is not None:
        merged = {**campaign.settings, **settings}
        campaign.settings = validate_settings(campaign.ruleset, merged)
    await session.flush()
    data = {"id": campaign.id, "name": campaign.name, "settings": campaign.settings}
    await events.record(await raw(session), campaign.id, "campaign.updated", data, seq=seq)
    return campaign


async def delete(session: AsyncSession, seat: Seat) -> None:
    await repo.delete_campaign(session, seat.campaign.id)


async def create_invite(
    session: AsyncSession, seat: Seat, role: str, ttl_seconds: int
) -> tuple[str, Invite]:
    code = secrets.token_urlsafe(12)
    invite = Invite(
        code_hash=hash_secret(code),
        campaign_id=seat.campaign.id,
        role=role,
        created_by=seat.user_id,
        expires_at=utcnow() + timedelta(seconds=ttl_seconds),
    )
    session.add(invite)
    await session.flush()
    return code, invite


async def accept_invite(session: AsyncSession, user_id: str, code: str) -> Membership:
    invite = await repo.invite(session, hash_secret(code))
    if invite is None or invite.expires_at <= utcnow():
        raise NotFound("this invite code is unknown or has expired")
    existing = await repo.membership(session, invite.campaign_id, user_id)
    if existing is not None:
        raise Conflict(f"you already sit at this campaign as {existing.role}")
    db = await raw(session)
    seq = await repo.next_seq(db, invite.campaign_id)
    membership = Membership(campaign_id=invite.campaign_id, user_id=user_id, role=invite.role)
    session.add(membership)
    await session.flush()
    data = {"user_id": user_id, "role": invite.role}
    await events.record(db, invite.campaign_id, "member.joined", data, seq=seq)
    return membership


async def change_role(session: AsyncSession, seat: Seat, user_id: str, role: str) -> Membership:
    membership = await repo.membership(session, seat.campaign.id, user_id)
    if membership is None:
        raise NotFound("no such member")
    if membership.role == "storyteller" and role != "storyteller":
        await _keep_a_storyteller(session, seat.campaign.id)
    db = await raw(session)
    seq = await repo.next_seq(db, seat.campaign.id)
    membership.role = role
    await session.flush()
    data = {"user_id": user_id, "role": role}
    await events.record(db, seat.campaign.id, "member.updated", data, seq=seq)
    return membership


async def remove_member(session: AsyncSession, seat: Seat, user_id: str) -> None:
    """A storyteller removes anyone; anyone may leave. The last storyteller stays."""
    if user_id != seat.user_id and not seat.is_storyteller:
        raise Forbidden("only a storyteller removes other members")
    membership = await repo.membership(session, seat.campaign.id, user_id)
    if membership is None:
        raise NotFound("no such member")
    if membership.role == "storyteller":
        await _keep_a_storyteller(session, seat.campaign.id)
    db = await raw(session)
    seq = await repo.next_seq(db, seat.campaign.id)
    await repo.delete_membership(session, seat.campaign.id, user_id)
    await events.record(db, seat.campaign.id, "member.left", {"user_id": user_id}, seq=seq)


async def _keep_a_storyteller(session: AsyncSession, campaign_id: str) -> None:
    if await repo.storyteller_count(session, campaign_id) <= 1:
        raise Conflict("a campaign keeps at least one storyteller")


async def list_campaigns(
    session: AsyncSession, user_id: str, limit: int, cursor: str | None
) -> list[tuple[Campaign, Membership]]:
    return await repo.campaigns_of(session, user_id, limit, cursor)


async def list_members(
    session: AsyncSession, campaign_id: str, online: AbstractSet[str] = frozenset()
) -> list[dict[str, Any]]:
    """``online``: who has a socket open at the table (app/realtime/presence.py)."""
    return [
        {
            "user_id": m.user_id,
            "display_name": u.display_name,
            "role": m.role,
            "online": m.user_id in online,
        }
        for m, u in await repo.members(session, campaign_id)
    ]

"""Who sits where: the one 404/403 rule every request that names a campaign goes through."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.campaigns import memo
from app.campaigns import repository as repo
from app.core.database import Db, Row
from app.core.errors import Forbidden, NotFound
from app.core.i18n import msg
from app.core.security import Principal

ROLES = ("storyteller", "player", "spectator")
PLAYING = ("storyteller", "player")
STORYTELLER = ("storyteller",)


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
    db: Db,
    principal: Principal,
    campaign_id: str,
    scope: str,
    roles: tuple[str, ...] = ROLES,
) -> Seat:
    """The caller's seat, or 404 for non-members (the campaign's existence is not
    revealed), or 403 for a member whose role or API-key scope does not allow it."""
    if "\x00" in campaign_id:  # names nothing (and PostgreSQL refuses it as a parameter)
        raise NotFound(msg("no such campaign"))
    remembered: Row | None = memo.checked(db, campaign_id, "seat", principal.user_id)
    if remembered is not None:
        with contextlib.suppress(Forbidden):  # a remembered seat refuses nothing by itself
            return _seated(principal, remembered, scope, roles)
    row = await repo.seat(db, campaign_id, principal.user_id)
    if row is None:
        raise NotFound(msg("no such campaign"))
    return _seated(principal, row, scope, roles)


def _seated(principal: Principal, row: Row, scope: str, roles: tuple[str, ...]) -> Seat:
    cid, name, ruleset, settings, created_at, role = row
    if not principal.allows(scope):
        raise Forbidden(msg("this API key lacks the '{scope}' scope", scope=scope))
    if role not in roles:
        raise Forbidden(
            msg("a {role} may not do this; it needs: {join}", role=role, join=", ".join(roles))
        )
    info = CampaignInfo(cid, name, ruleset, settings, created_at)
    return Seat(principal, info, role)


def seat_row(seat: Seat) -> Row:
    """The seat as ``repository.seat`` reads it (for the memo of the next job)."""
    c = seat.campaign
    return (c.id, c.name, c.ruleset, c.settings, c.created_at, seat.role)

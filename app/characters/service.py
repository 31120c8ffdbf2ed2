"""Character use cases, with the ownership rules of docs/authorization.md."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.campaigns import repository as campaigns_repo
from app.campaigns.service import Seat, take_seat
from app.characters import repository as repo
from app.characters.models import Character
from app.characters.repository import CharacterRow, CharacterView
from app.characters.sheets import SHEET_RULES, derived_of, normalise
from app.core.db import utcnow
from app.core.errors import Forbidden, NotFound, PreconditionFailed, Unprocessable
from app.core.rawsql import raw
from app.core.security import Principal
from app.events import service as events


def to_read(character: Character | CharacterRow, ruleset: str) -> dict[str, Any]:
    return {
        "id": character.id,
        "campaign_id": character.campaign_id,
        "name": character.name,
        "npc": character.npc,
        "owner_id": character.owner_id,
        "version": character.version,
        "sheet": character.sheet,
        "derived": derived_of(ruleset, character.sheet),
    }


def may_edit(seat: Seat, character: Character | CharacterView) -> bool:
    """Storytellers edit everything; a player only their own player character."""
    if seat.is_storyteller:
        return True
    return seat.role == "player" and not character.npc and character.owner_id == seat.user_id


def _refuse_guarded_changes(seat: Seat, stored: dict[str, Any], before: dict[str, Any]) -> None:
    """Counters and states (matrix) and conditions (d20) are the storyteller's to set."""
    guarded = SHEET_RULES[seat.campaign.ruleset].storyteller_fields
    if not seat.is_storyteller and any(stored.get(f) != before.get(f) for f in guarded):
        raise Forbidden(f"only a storyteller changes {' or '.join(guarded)}")


async def _check_owner(session: AsyncSession, seat: Seat, owner_id: str | None) -> None:
    if owner_id is None or owner_id == seat.user_id:
        return
    if not seat.is_storyteller:
        raise Forbidden("only a storyteller gives a character to someone else")
    if await campaigns_repo.membership(session, seat.campaign.id, owner_id) is None:
        raise Unprocessable("owner_id: not a member of this campaign")


async def create(
    session: AsyncSession,
    seat: Seat,
    name: str,
    npc: bool,
    owner_id: str | None,
    sheet: dict[str, Any],
) -> Character:
    if npc and not seat.is_storyteller:
        raise Forbidden("only a storyteller creates non-player characters")
    await _check_owner(session, seat, owner_id)
    stored, _ = normalise(seat.campaign.ruleset, sheet)
    # A fresh character starts with no counters, states or conditions (RULES.md): only a
    # storyteller may create one already marked.
    guarded = SHEET_RULES[seat.campaign.ruleset].storyteller_fields
    fresh, _ = normalise(
        seat.campaign.ruleset, {k: v for k, v in sheet.items() if k not in guarded}
    )
    _refuse_guarded_changes(seat, stored, fresh)
    owner = owner_id if owner_id is not None else (None if npc else seat.user_id)
    seq = await _take_seq(session, seat)
    character = Character(
        campaign_id=seat.campaign.id, owner_id=owner, name=name, npc=npc, sheet=stored
    )
    session.add(character)
    await session.flush()
    await _record(
        session, seat, "character.created", to_read(character, seat.campaign.ruleset), seq
    )
    return character


async def _take_seq(session: AsyncSession, seat: Seat) -> int:
    """The event's seq, taken before any other write: every transaction locks the
    campaign row first, so two of them never wait on each other in opposite orders."""
    return await campaigns_repo.next_seq(await raw(session), seat.campaign.id)


async def _record(
    session: AsyncSession, seat: Seat, type: str, data: dict[str, Any], seq: int
) -> None:
    await events.record(await raw(session), seat.campaign.id, type, data, seq=seq)


async def seat_for(
    session: AsyncSession, principal: Principal, character_id: str, scope: str
) -> tuple[Seat, Character]:
    """The caller's seat at the character's campaign; 404 when they do not sit there."""
    character = await repo.get(session, character_id)
    if character is None:
        raise NotFound("no such character")
    try:
        seat = await take_seat(await raw(session), principal, character.campaign_id, scope)
    except NotFound:
        raise NotFound("no such character") from None
    return seat, character


def parse_if_match(header: str | None) -> int:
    if header is None:
        raise PreconditionFailed(
            "PATCH needs If-Match: <version> (the character's current version)", status=428,
            title="Precondition required",
        )  # fmt: skip
    raw = header.strip().removeprefix("W/").strip('"')
    if not raw.isdigit() or len(raw) > 12:
        raise PreconditionFailed(f"If-Match must be a version number, not {header!r}")
    return int(raw)


async def update(
    session: AsyncSession,
    seat: Seat,
    character: Character,
    expected_version: int,
    changes: dict[str, Any],
) -> Character:
    if not may_edit(seat, character):
        raise Forbidden("you may edit only your own characters")
    if character.version != expected_version:
        raise PreconditionFailed(
            f"the character is at version {character.version}, not {expected_version}"
        )
    if not seat.is_storyteller and ({"npc", "owner_id"} & changes.keys()):
        raise Forbidden("only a storyteller changes npc or owner_id")
    if "owner_id" in changes:
        await _check_owner(session, seat, changes["owner_id"])
    seq = await _take_seq(session, seat)
    if changes.get("sheet") is not None:
        stored, _ = normalise(seat.campaign.ruleset, changes["sheet"])
        _refuse_guarded_changes(seat, stored, character.sheet)
        character.sheet = stored
    for field in ("name", "npc", "owner_id"):
        if field in changes and (field == "owner_id" or changes[field] is not None):
            setattr(character, field, changes[field])
    if not await repo.bump_version(session, character, expected_version):
        raise PreconditionFailed("the character was changed by someone else; reload it")
    character.version = expected_version + 1
    character.updated_at = utcnow()
    await session.flush()
    await _record(
        session, seat, "character.updated", to_read(character, seat.campaign.ruleset), seq
    )
    return character


async def delete(session: AsyncSession, seat: Seat, character: Character) -> None:
    if not may_edit(seat, character):
        raise Forbidden("you may delete only your own characters")
    seq = await _take_seq(session, seat)
    await repo.remove(session, character.id)
    await _record(session, seat, "character.deleted", {"id": character.id}, seq)


async def list_for(
    session: AsyncSession, seat: Seat, limit: int, cursor: str | None
) -> list[Character]:
    return await repo.of_campaign(session, seat.campaign.id, limit, cursor)

"""Character use cases, with the ownership rules of docs/authorization.md. Every write is a
``campaign_job`` act, recorded as an event of the campaign."""

from __future__ import annotations

from typing import Any

from app.campaigns import repository as campaigns_repo
from app.campaigns.jobs import CampaignJob, campaign_job
from app.campaigns.seats import PLAYING, Seat, take_seat
from app.characters import repository as repo
from app.characters.repository import CharacterRow
from app.characters.sheets import SHEET_RULES, derived_of, normalise
from app.core.database import Db
from app.core.db import utcnow
from app.core.errors import Forbidden, NotFound, PreconditionFailed, Unprocessable
from app.core.i18n import msg
from app.core.ids import new_id
from app.core.security import Principal
from app.core.writer import Job, Writer


def to_read(character: CharacterRow, ruleset: str) -> dict[str, Any]:
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


def may_edit(seat: Seat, character: CharacterRow) -> bool:
    """Storytellers edit everything; a player only their own player character."""
    if seat.is_storyteller:
        return True
    return seat.role == "player" and not character.npc and character.owner_id == seat.user_id


def _refuse_guarded_changes(seat: Seat, stored: dict[str, Any], before: dict[str, Any]) -> None:
    """Counters and states (matrix) and conditions (d20) are the storyteller's to set."""
    guarded = SHEET_RULES[seat.campaign.ruleset].storyteller_fields
    if not seat.is_storyteller and any(stored.get(f) != before.get(f) for f in guarded):
        raise Forbidden(msg("only a storyteller changes {join}", join=" or ".join(guarded)))


async def _check_owner(db: Db, seat: Seat, owner_id: str | None) -> None:
    if owner_id is None or owner_id == seat.user_id:
        return
    if not seat.is_storyteller:
        raise Forbidden(msg("only a storyteller gives a character to someone else"))
    if await campaigns_repo.role_of(db, seat.campaign.id, owner_id) is None:
        raise Unprocessable(msg("owner_id: not a member of this campaign"))


async def create(
    writer: Writer,
    principal: Principal,
    cid: str,
    name: str,
    npc: bool,
    owner_id: str | None,
    sheet: dict[str, Any],
) -> bytes:
    async def act(cj: CampaignJob, _: None) -> tuple[int, dict[str, Any]]:
        seat = cj.seat
        if npc and not seat.is_storyteller:
            raise Forbidden(msg("only a storyteller creates non-player characters"))
        await _check_owner(cj.db, seat, owner_id)
        stored = normalise(seat.campaign.ruleset, sheet)[0]
        # A fresh character starts with no counters, states or conditions: only a
        # storyteller may create one already marked.
        guarded = SHEET_RULES[seat.campaign.ruleset].storyteller_fields
        fresh = normalise(
            seat.campaign.ruleset, {k: v for k, v in sheet.items() if k not in guarded}
        )[0]
        _refuse_guarded_changes(seat, stored, fresh)
        owner = owner_id if owner_id is not None else (None if npc else seat.user_id)
        character = CharacterRow(new_id(), seat.campaign.id, owner, name, npc, stored, 1)
        cj.ledger.add(repo.CHARACTERS, repo.new_row(character, utcnow()))
        answer = to_read(character, seat.campaign.ruleset)
        cj.ledger.record("character.created", answer)
        return 201, answer

    _, body = await campaign_job(writer, principal, cid, act, scope="manage", roles=PLAYING)
    return body


class CharacterLookup:
    """The ``where`` of a campaign job on one character: finds its campaign and keeps the
    row it read, so the job reads the character once. The row is read before the campaign's
    lock: guard it (``repository.unchanged``) before writing on it."""

    __slots__ = ("_row", "character_id")

    def __init__(self, character_id: str) -> None:
        self.character_id = character_id
        self._row: CharacterRow | None = None

    async def campaign(self, db: Db) -> str | None:
        self._row = await repo.read(db, self.character_id)
        return None if self._row is None else self._row.campaign_id

    def found(self) -> CharacterRow:
        """The row ``campaign`` read (a ``prepare`` step's start)."""
        if self._row is None:  # never: campaign_job stops when the lookup finds nothing
            raise NotFound(msg("no such character"))
        return self._row


async def seat_for(
    db: Db, principal: Principal, character_id: str, scope: str
) -> tuple[Seat, CharacterRow]:
    """The caller's seat at the character's campaign; 404 when they do not sit there."""
    character = await repo.read(db, character_id)
    if character is None:
        raise NotFound(msg("no such character"))
    try:
        seat = await take_seat(db, principal, character.campaign_id, scope)
    except NotFound:
        raise NotFound(msg("no such character")) from None
    return seat, character


def parse_if_match(header: str | None) -> int:
    if header is None:
        raise PreconditionFailed(
            msg("PATCH needs If-Match: <version> (the character's current version)"), status=428,
            title="Precondition required",
        )  # fmt: skip
    raw = header.strip().removeprefix("W/").strip('"')
    if not raw.isdigit() or len(raw) > 12:
        raise PreconditionFailed(
            msg("If-Match must be a version number, not {header!r}", header=header)
        )
    return int(raw)


async def update(
    writer: Writer,
    principal: Principal,
    character_id: str,
    if_match: str | None,
    changes: dict[str, Any],
) -> bytes:
    """Edit a character; answers it at its new version."""

    lookup = CharacterLookup(character_id)

    async def prepare(job: Job, seat: Seat) -> CharacterRow:
        expected = parse_if_match(if_match)
        character = lookup.found()
        if not may_edit(seat, character):
            raise Forbidden(msg("you may edit only your own characters"))
        if character.version != expected:
            raise PreconditionFailed(
                msg(
                    "the character is at version {character_version}, not {expected}",
                    character_version=character.version,
                    expected=expected,
                )
            )
        if not seat.is_storyteller and ({"npc", "owner_id"} & changes.keys()):
            raise Forbidden(msg("only a storyteller changes npc or owner_id"))
        if "owner_id" in changes:
            await _check_owner(job.db, seat, changes["owner_id"])
        return character

    async def act(cj: CampaignJob, character: CharacterRow) -> tuple[int, dict[str, Any]]:
        seat = cj.seat
        cj.ledger.guard(repo.unchanged(character))
        edited = character._replace(version=character.version + 1)
        if changes.get("sheet") is not None:
            stored, _ = normalise(seat.campaign.ruleset, changes["sheet"])
            _refuse_guarded_changes(seat, stored, character.sheet)
            edited = edited._replace(sheet=stored)
        for field in ("name", "npc", "owner_id"):
            if field in changes and (field == "owner_id" or changes[field] is not None):
                edited = edited._replace(**{field: changes[field]})
        cj.ledger.write(repo.save(edited, utcnow()))
        answer = to_read(edited, seat.campaign.ruleset)
        cj.ledger.record("character.updated", answer)
        return 200, answer

    _, body = await campaign_job(
        writer,
        principal,
        lookup.campaign,
        act,
        scope="manage",
        what=msg("character"),
        prepare=prepare,
    )
    return body


async def delete(writer: Writer, principal: Principal, character_id: str) -> None:
    lookup = CharacterLookup(character_id)

    async def prepare(job: Job, seat: Seat) -> CharacterRow:
        character = lookup.found()
        if not may_edit(seat, character):
            raise Forbidden(msg("you may delete only your own characters"))
        return character

    async def act(cj: CampaignJob, character: CharacterRow) -> tuple[int, None]:
        cj.ledger.guard(repo.unchanged(character))
        cj.ledger.write(repo.remove(character.id))
        cj.ledger.record("character.deleted", {"id": character.id})
        return 204, None

    await campaign_job(
        writer,
        principal,
        lookup.campaign,
        act,
        scope="manage",
        what=msg("character"),
        prepare=prepare,
    )


async def list_for(db: Db, seat: Seat, limit: int, cursor: str | None) -> list[CharacterRow]:
    return await repo.of_campaign(db, seat.campaign.id, limit, cursor)


async def all_for(db: Db, seat: Seat) -> list[CharacterRow]:
    """Every character of the campaign, newest first (an overview's: all pages at once)."""
    found: list[CharacterRow] = []
    while True:
        page = await repo.of_campaign(db, seat.campaign.id, 500, found[-1].id if found else None)
        found.extend(page)
        if len(page) < 500:
            return found

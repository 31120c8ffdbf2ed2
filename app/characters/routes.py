"""HTTP edge of characters."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Response

from app.campaigns.deps import MemberSeat, PlayerSeat
from app.characters import held, service
from app.characters.schemas import (
    CHARACTER_EXAMPLE,
    CharacterCreate,
    CharacterList,
    CharacterRead,
    CharacterUpdate,
)
from app.core.deps import Manager, ReadDb, Reader, WriterDep
from app.core.jsontext import loads
from app.core.openapi import AUTH, BODY, no_content, ok, problems
from app.core.pagination import Cursor, Limit, decode_cursor, encode_cursor
from app.core.routing import ApiRoute

router = APIRouter(tags=["characters"], route_class=ApiRoute)

IfMatch = Annotated[
    str | None, Header(description="The version you last read; a stale one answers 412.")
]


def _answer(character_read: dict[str, object], response: Response) -> CharacterRead:
    response.headers["ETag"] = f'"{character_read["version"]}"'
    return CharacterRead.model_validate(character_read)


def _written(body: bytes, status: int) -> Response:
    """A written character's answer, with its version as the ``ETag``."""
    etag = f'"{loads(body)["version"]}"'
    return Response(body, status_code=status, media_type="application/json", headers={"ETag": etag})


@router.post(
    "/campaigns/{cid}/characters",
    status_code=201,
    response_model=CharacterRead,
    summary="Create a character",
    responses={
        **ok(201, CHARACTER_EXAMPLE, "The character; `ETag` holds its version."),
        **problems(
            *AUTH,
            404,
            *BODY,
            s422=("Rules violation", "qualities.strong: score must be an integer 0..6, not 9"),
        ),
    },
)
async def create_character(
    cid: str, body: CharacterCreate, seat: PlayerSeat, writer: WriterDep
) -> Response:
    """Create a character; the sheet is checked by the campaign's ruleset.

    Players create their own player characters; storytellers also create NPCs and may
    give a character to another member with ``owner_id``."""
    answer = await service.create(
        writer, seat.principal, cid, body.name, body.npc, body.owner_id, body.sheet
    )
    return _written(answer, 201)


@router.get(
    "/campaigns/{cid}/characters",
    response_model=CharacterList,
    summary="List the characters",
    responses={
        **ok(200, {"items": [CHARACTER_EXAMPLE], "next_cursor": None}, "One page."),
        **problems(*AUTH, 404, 422),
    },
)
async def list_characters(
    seat: MemberSeat, db: ReadDb, limit: Limit = 50, cursor: Cursor = None
) -> CharacterList:
    """The campaign's characters, player characters and NPCs, for any member."""
    rows = await service.list_for(db, seat, limit + 1, decode_cursor(cursor))
    page = rows[:limit]
    return CharacterList(
        items=[CharacterRead.model_validate(answer) for answer in await held.views(db, seat, page)],
        next_cursor=encode_cursor(page[-1].id) if len(rows) > limit else None,
    )


@router.get(
    "/characters/{character_id}",
    response_model=CharacterRead,
    summary="Read a character",
    responses={
        **ok(200, CHARACTER_EXAMPLE, "The character; `ETag` holds its version."),
        **problems(*AUTH, 404, 422, s404="no such character"),
    },
)
async def get_character(
    character_id: str, principal: Reader, db: ReadDb, response: Response
) -> CharacterRead:
    """One character of a campaign the caller sits at, with the values derived from its
    sheet (``derived``) by the campaign's ruleset."""
    seat, character = await service.seat_for(db, principal, character_id, "read")
    # A hidden roll's held effects show only to who may read that roll (app/characters/held.py).
    return _answer((await held.views(db, seat, [character]))[0], response)


@router.patch(
    "/characters/{character_id}",
    response_model=CharacterRead,
    summary="Edit a character",
    responses={
        **ok(200, {**CHARACTER_EXAMPLE, "version": 2}, "The character at its new version."),
        **problems(*AUTH, 404, 412, 428, *BODY, s404="no such character"),
    },
)
async def update_character(
    character_id: str,
    body: CharacterUpdate,
    principal: Manager,
    writer: WriterDep,
    if_match: IfMatch = None,
) -> Response:
    """Edit a character. Send ``If-Match`` with the version you read: a stale version
    answers 412 and changes nothing."""
    changes = body.model_dump(exclude_unset=True)
    answer = await service.update(writer, principal, character_id, if_match, changes)
    return _written(answer, 200)


@router.delete(
    "/characters/{character_id}",
    status_code=204,
    summary="Delete a character",
    responses={
        **no_content("Deleted."),
        **problems(*AUTH, 404, 422, s404="no such character"),
    },
)
async def delete_character(character_id: str, principal: Manager, writer: WriterDep) -> Response:
    """A storyteller deletes any character; a player only their own."""
    await service.delete(writer, principal, character_id)
    return Response(status_code=204)

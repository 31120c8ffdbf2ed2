"""HTTP edge of grants: a storyteller grants a character a reroll before its roll, and
any member reads the character's open grants."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Request, Response

from app.core.deps import ReadDb, Reader, Roller
from app.core.jsontext import dumps
from app.core.openapi import AUTH, BODY, ok, problems
from app.core.routing import ApiRoute
from app.grants import service
from app.grants.schemas import GRANT_EXAMPLE, GrantCreate, GrantList

router = APIRouter(tags=["grants"], route_class=ApiRoute)

CharacterId = Annotated[str, Path(max_length=26)]
IdempotencyKey = Annotated[
    str | None,
    Header(
        max_length=200,
        description="Retrying with the same key returns the first answer and grants once.",
    ),
]
CHARACTER_ID = GRANT_EXAMPLE["character_id"]
GRANTED: dict[str, Any] = {"character_id": CHARACTER_ID, "granted": GRANT_EXAMPLE,
                           "items": [GRANT_EXAMPLE]}  # fmt: skip
LISTED: dict[str, Any] = {"character_id": CHARACTER_ID, "granted": None, "items": [GRANT_EXAMPLE]}


def _json(status: int, body: bytes) -> Response:
    return Response(content=body, status_code=status, media_type="application/json")


@router.post(
    "/characters/{character_id}/grants",
    status_code=201,
    summary="Grant a reroll before the roll",
    responses={
        201: {"model": GrantList, **ok(201, GRANTED, "The character's open grants.")[201]},
        **problems(
            *AUTH,
            404,
            409,
            *BODY,
            s404="no such character",
            s409="Pelote holds 20 open grants, the most one may",
            s422=("Unprocessable content", "grants are a 3d6 rule; this campaign plays d20"),
        ),
    },
)
async def grant(
    character_id: CharacterId,
    principal: Roller,
    request: Request,
    body: GrantCreate | None = None,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """A storyteller grants the character one reroll for a clever idea, ahead of its roll
    (``name`` says what for). The character's player spends it by citing
    ``{"source": "storyteller"}`` on a test (optionally with the grant's ``name`` or
    ``grant_id``), which uses up one open grant. A grant after the roll is
    ``POST /rolls/{id}/grant`` instead. Answers the character's open grants."""
    answer = await service.create(
        request.app.state.writer, principal, character_id, body or GrantCreate(), idempotency_key
    )
    return _json(201, answer)


@router.get(
    "/characters/{character_id}/grants",
    response_model=GrantList,
    summary="List a character's open grants",
    responses={
        **ok(200, LISTED, "The open grants, oldest first."),
        **problems(*AUTH, 404, 422, s404="no such character"),
    },
)
async def open_grants(character_id: CharacterId, principal: Reader, db: ReadDb) -> Response:
    """The grants the character holds and has not used yet, oldest first, for any member
    of its campaign (a roll citing a grant without naming it uses the oldest)."""
    return _json(200, dumps(await service.open_grants(db, principal, character_id)))

"""HTTP edge of delegations: a player links a bot to their characters, the table lists the
links, the player or a storyteller revokes one. What a bot then does goes through the
ordinary roll and read endpoints (app/rolls/routes.py, app/roll_requests/routes.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from app.campaigns.deps import PlayerSeat
from app.core.deps import Manager, ReadDb, Reader, WriterDep
from app.core.openapi import AUTH, BODY, no_content, ok, problems
from app.core.pagination import Cursor, Limit
from app.core.routing import ApiRoute
from app.delegations import service
from app.delegations.schemas import (
    DELEGATION_EXAMPLE,
    REVOKED_EXAMPLE,
    DelegationCreate,
    DelegationList,
    DelegationRead,
)

router = APIRouter(tags=["delegations"], route_class=ApiRoute)

DelegationId = Annotated[str, Path(max_length=26)]


def _json(status: int, body: bytes) -> Response:
    return Response(content=body, status_code=status, media_type="application/json")


@router.post(
    "/campaigns/{cid}/delegations",
    status_code=201,
    response_model=DelegationRead,
    summary="Let a bot roll for my characters",
    responses={
        **ok(201, DELEGATION_EXAMPLE, "The delegation, live from now on."),
        **problems(
            *AUTH,
            404,
            *BODY,
            s403="a player delegates only their own characters",
            s422=("Unprocessable content", "character_ids[1]: no character 01jd… in this campaign"),
        ),
    },
)
async def create_delegation(
    cid: str, body: DelegationCreate, seat: PlayerSeat, writer: WriterDep
) -> Response:
    """Link the bot account ``bot_user_id`` to some of the caller's own characters, with
    ``scopes``: ``roll`` (roll for them and answer their roll requests) and ``read`` (read
    their rolls and roll requests). The bot acts as the caller for those characters and
    for nothing else: it reads no more than the caller reads, and the steps of its rolls
    (reroll, choice, finalize) stay the caller's. It needs no seat at the table; its rolls
    name it in ``acted_by``. A ``delegation.created`` event tells the table."""
    status, answer = await service.create(writer, seat.principal, cid, body)
    return _json(status, answer)


@router.get(
    "/campaigns/{cid}/delegations",
    response_model=DelegationList,
    summary="List the delegations",
    responses={
        **ok(
            200,
            {"items": [DELEGATION_EXAMPLE, REVOKED_EXAMPLE], "next_cursor": None},
            "One page, newest first.",
        ),
        **problems(*AUTH, 404, 422),
    },
)
async def list_delegations(
    cid: str, principal: Reader, db: ReadDb, limit: Limit = 50, cursor: Cursor = None
) -> Response:
    """Every delegation of the campaign, live and revoked, newest first, for any member;
    a bot that sits nowhere there reads those made to it (how it learns its characters)."""
    return _json(200, await service.read_page(db, principal, cid, limit, cursor))


@router.delete(
    "/delegations/{delegation_id}",
    status_code=204,
    summary="Revoke a delegation",
    responses={
        **no_content("Revoked: the bot is refused from now on, on every instance."),
        **problems(
            *AUTH,
            404,
            409,
            422,
            s403="only its player or a storyteller revokes a delegation",
            s404="no such delegation",
            s409="the delegation was revoked already",
        ),
    },
)
async def revoke_delegation(
    delegation_id: DelegationId, principal: Manager, request: Request
) -> Response:
    """End a delegation: its player or any storyteller. The bot's next request is refused
    (403, naming the revocation), on every instance at once: no instance keeps a
    delegation in a cache. A ``delegation.revoked`` event tells the table."""
    await service.revoke(request.app.state.writer, principal, delegation_id)
    return Response(status_code=204)

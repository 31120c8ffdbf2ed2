"""HTTP edge of fairness: the commitments, seed rotation, and the audit chain."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from app.campaigns.deps import MemberSeat
from app.core.deps import Manager, ReadDb
from app.core.jsontext import dumps
from app.core.openapi import AUTH, BODY, ok, problems
from app.core.routing import ApiRoute
from app.fairness import service
from app.fairness.schemas import (
    AUDIT_EXAMPLE,
    FAIRNESS_EXAMPLE,
    AuditBundle,
    ClientSeedBody,
    FairnessRead,
)

router = APIRouter(tags=["fairness"], route_class=ApiRoute)


def _json(body: dict[str, Any]) -> Response:
    return Response(content=dumps(body), media_type="application/json")


ROTATED = "The fairness state after the rotation: the old seed revealed, a new one committed."
ROTATE_CONFLICT = "the current seed was already revealed; try again"


@router.get(
    "/campaigns/{cid}/fairness",
    response_model=FairnessRead,
    summary="Read the seed commitments",
    responses={
        **ok(200, FAIRNESS_EXAMPLE, "The current commitment and every seed so far."),
        **problems(*AUTH, 404, 422),
    },
)
async def get_fairness(seat: MemberSeat, db: ReadDb) -> Response:
    """The current seed's commitment (never the seed), the client seed, the next nonce, and
    every past seed with its server seed once revealed. Any member may read it."""
    return _json(await service.fairness(db, seat.campaign.id))


@router.put(
    "/campaigns/{cid}/fairness/client-seed",
    response_model=FairnessRead,
    summary="Set the client seed",
    responses={
        **ok(200, FAIRNESS_EXAMPLE, ROTATED),
        **problems(*AUTH, 404, 409, *BODY, s409=ROTATE_CONFLICT),
    },
)
async def set_client_seed(
    cid: str, body: ClientSeedBody, principal: Manager, request: Request
) -> Response:
    """Any member sets the client seed: the current server seed is revealed at once and a
    new one is committed with this client seed, for every draw from now on. Every call
    rotates, also with an unchanged client seed."""
    state = request.app.state
    body_bytes = await service.rotate(state.writer, principal, cid, body.client_seed)
    return Response(content=body_bytes, media_type="application/json")


@router.post(
    "/campaigns/{cid}/fairness/rotate",
    response_model=FairnessRead,
    summary="Rotate the server seed",
    responses={
        **ok(200, FAIRNESS_EXAMPLE, ROTATED),
        **problems(*AUTH, 404, 409, 422, s409=ROTATE_CONFLICT),
    },
)
async def rotate(cid: str, principal: Manager, request: Request) -> Response:
    """A storyteller reveals the current server seed and commits to a new one, keeping
    the client seed."""
    state = request.app.state
    body = await service.rotate(state.writer, principal, cid, None, ("storyteller",))
    return Response(content=body, media_type="application/json")


@router.get(
    "/campaigns/{cid}/audit",
    response_model=AuditBundle,
    summary="Read the roll hash chain",
    responses={
        **ok(200, AUDIT_EXAMPLE, "One page of the chain, with the fairness state it ends at."),
        **problems(*AUTH, 404, 422),
    },
)
async def get_audit(
    seat: MemberSeat,
    db: ReadDb,
    after: Annotated[int, Query(ge=0, le=2**31 - 1, description="Links after this seq.")] = 0,
    limit: Annotated[int, Query(ge=1, le=service.MAX_AUDIT_PAGE)] = 1000,
) -> Response:
    """The roll hash chain in seq order, with the fairness state it ends at: save the answer
    and run ``fairtable verify`` on it. Rolls the caller may not see are redacted links
    (``record: null``): their hashes still chain."""
    bundle = await service.audit(
        db, seat.campaign.id, seat.user_id, seat.is_storyteller, after, limit
    )
    return _json(bundle)

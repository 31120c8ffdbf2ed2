"""HTTP edge of campaign export and import."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from app.core.deps import Manager, Reader
from app.core.jsontext import dumps
from app.core.openapi import AUTH, BODY, ok, problems
from app.exchange import service
from app.exchange.schemas import (
    EXPORT_EXAMPLE,
    IMPORTED_EXAMPLE,
    CampaignExport,
    ImportedCampaign,
)

router = APIRouter(tags=["export"])


@router.get(
    "/campaigns/{cid}/export",
    response_model=CampaignExport,
    summary="Export a campaign",
    responses={
        **ok(200, EXPORT_EXAMPLE, "The campaign, as an attachment `campaign-{cid}.json`."),
        **problems(*AUTH, 404, 409, 422, s409="the campaign kept rolling; try again"),
    },
)
async def export_campaign(cid: str, principal: Reader, request: Request) -> Response:
    """The campaign as its storyteller may read it, as one JSON document: settings,
    members, characters, the rolls with their proofs and links, the events, the fairness
    state and the audit chain (a player's private roll is a redacted link). The current
    seed is revealed first (a rotation, ``fairness.rotated``) when it served anything, so
    ``fairtable verify`` checks every draw and salt; ``POST /campaigns/import`` takes it
    back."""
    state = request.app.state
    document: dict[str, Any] = await service.export(state.database, state.writer, principal, cid)
    body = dumps(document)
    headers = {"Content-Disposition": f'attachment; filename="campaign-{cid}.json"'}
    return Response(content=body, media_type="application/json", headers=headers)


@router.post(
    "/campaigns/import",
    status_code=201,
    response_model=ImportedCampaign,
    summary="Import a campaign",
    responses={
        **ok(201, IMPORTED_EXAMPLE, "The campaign created here, and what it holds."),
        **problems(
            *AUTH,
            409,
            *BODY,
            s409="this campaign (or one of its characters or rolls) already exists here; "
            "delete it first, or import into another instance",
            s422=(
                "Unprocessable content",
                "fairness.commitment: is not the current seed's commitment",
            ),
        ),
    },
)
async def import_campaign(
    document: CampaignExport, principal: Manager, request: Request
) -> dict[str, Any]:
    """Recreate an exported campaign here, with you as its storyteller and only member
    (the others are placeholders, to be invited again). The document is checked whole
    before anything is written, every link and die recomputed: one that does not verify
    answers 422 naming the first bad record and creates nothing; a campaign that already
    exists here answers 409."""
    return await service.import_campaign(request.app.state.writer, principal, document)

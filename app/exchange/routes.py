"""HTTP edge of campaign export and import."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import StreamingResponse
from pydantic import ValidationError

from app.core.deps import Manager, Reader
from app.core.errors import Unprocessable
from app.core.i18n import message_of, msg
from app.core.jsontext import loads
from app.core.limits import BodyTooLarge
from app.core.openapi import AUTH, BODY, document_schema, ok, problems
from app.core.routing import ApiRoute
from app.core.text import LINE_BODY_TYPES
from app.exchange import lines, service
from app.exchange.examples import IMPORTED_EXAMPLE
from app.exchange.schemas import CampaignExport, ImportedCampaign

router = APIRouter(tags=["export"], route_class=ApiRoute)


# Shortened: a real export has every field of each record (docs/export.md).
EXPORT_EXAMPLE = "\n".join(
    (
        '{"t":"header","format":"fairtable-campaign","version":7,"exported_at":"2025-03-01T20:00:00Z",'
        '"campaign":{"id":"01jd…","name":"The Boat","ruleset":"3d6"},'
        '"fairness":{"chain_head":"c819…"}}',
        '{"t":"member","user_id":"01jd…","username":"sophie","role":"storyteller"}',
        '{"t":"event","seq":4,"type":"roll.created","at":"2025-03-01T19:59:00Z",'
        '"visibility":"public","user_id":"01jd…"}',
        '{"t":"roll","id":"01jd…","seq":4,"kind":"test","status":"final","hash":"c819…"}',
        '{"t":"trailer","chain_head":"c819…","last_seq":4,"counts":{"members":1,"events":4,"rolls":1}}',
    )
)


@router.get(
    "/campaigns/{cid}/export",
    response_class=StreamingResponse,
    summary="Export a campaign",
    responses={
        200: {
            "description": "The campaign in the line format (docs/export.md), as an "
            "attachment `campaign-{cid}.ndjson`; gzip when the request accepts it.",
            "content": {
                lines.MEDIA_TYPE: {"schema": {"type": "string"}, "example": EXPORT_EXAMPLE}
            },
        },
        **problems(*AUTH, 404, 409, 422, s409="the campaign kept rolling; try again"),
    },
)
async def export_campaign(cid: str, principal: Reader, request: Request) -> Response:
    """The campaign as its storyteller may read it, streamed one record a line: a header
    (campaign, fairness state), members, characters, the events in seq order with each
    roll after its latest link (a player's private roll is a redacted stub), the table
    flows, the storytellers' grants, and a trailer (chain head, counts). The current seed
    is revealed first (a rotation, ``fairness.rotated``) when it served anything, so
    ``fairtable verify`` checks every draw and salt; ``POST /campaigns/import`` takes it
    back."""
    state = request.app.state
    gzip = "gzip" in request.headers.get("accept-encoding", "").lower()
    body = await service.export(state.database, state.writer, principal, cid, gzip)
    headers = {"Content-Disposition": f'attachment; filename="campaign-{cid}.ndjson"'}
    if gzip:
        headers["Content-Encoding"] = "gzip"
    return StreamingResponse(body, media_type=lines.MEDIA_TYPE, headers=headers)


@router.post(
    "/campaigns/import",
    status_code=201,
    response_model=ImportedCampaign,
    summary="Import a campaign",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                lines.MEDIA_TYPE: {"schema": {"type": "string"}},
                "application/json": {"schema": {"$ref": document_schema(CampaignExport)}},
            },
        }
    },
    responses={
        **ok(201, IMPORTED_EXAMPLE, "The campaign created here, and what it holds."),
        **problems(
            *AUTH,
            409,
            *BODY,
            503,
            s409="this campaign (or one of its characters or rolls) already exists here; "
            "delete it first, or import into another instance",
            s503="the import's verifier process stopped; nothing was written: send the file again",
            s422=(
                "Unprocessable content",
                "line 12: the history does not verify: FAIL at seq 4 (roll 01jd…): …",
            ),
        ),
    },
)
async def import_campaign(principal: Manager, request: Request) -> dict[str, Any]:
    """Recreate an exported campaign here, with you as its storyteller and only member
    (the others are placeholders, to be invited again). A line-format export
    (`application/x-ndjson`, gzip too) of any size is read as it arrives, every link and
    die recomputed, then written in one transaction: a record that does not verify
    answers 422 naming its line and creates nothing; a campaign that already exists here
    answers 409. A version 2 single-JSON document (`application/json`) is still read, up
    to `VTT_MAX_IMPORT_BYTES`."""
    state = request.app.state
    settings = state.settings
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind == "application/json":
        document = await _document(request, settings.max_import_bytes)
        return await service.import_campaign(state.writer, principal, document)
    if kind not in LINE_BODY_TYPES:
        raise Unprocessable(
            msg(
                "Content-Type {value}: send {lines_media_type}",
                value=kind or "none",
                lines_media_type=lines.MEDIA_TYPE,
            )
        )
    return await service.import_lines(
        state.writer,
        principal,
        request.stream(),
        settings.max_import_line_bytes,
        state.database.times_as_text,
    )


async def _document(request: Request, max_bytes: int) -> CampaignExport:
    """A version 2 document, read whole (so bounded: 413 past ``max_bytes``)."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > max_bytes:
            raise BodyTooLarge(max_bytes)
    try:
        return CampaignExport.model_validate(loads(bytes(body)))
    except ValidationError as exc:
        errors = [{**e, "loc": ("body", *e["loc"])} for e in exc.errors()]
        raise RequestValidationError(errors) from exc
    except ValueError as exc:
        raise Unprocessable(msg("the body is not JSON: {exc}", exc=message_of(exc))) from exc

"""HTTP edge of webhooks: a campaign's targets, managed by its storytellers, and each
target's delivery log. Delivering is the worker's (app/webhooks/delivery.py)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Request, Response

from app.campaigns.deps import StorytellerSeat
from app.core.deps import Manager, ReadDb, SettingsDep
from app.core.jsontext import dumps
from app.core.openapi import AUTH, BODY, no_content, ok, problems
from app.core.pagination import Cursor, Limit, decode_cursor
from app.core.routing import ApiRoute
from app.webhooks import service
from app.webhooks.schemas import (
    CREATE_EXAMPLES,
    CREATED_EXAMPLE,
    DELIVERY_EXAMPLE,
    UPDATE_EXAMPLES,
    WEBHOOK_EXAMPLE,
    DeliveryList,
    WebhookCreate,
    WebhookCreated,
    WebhookList,
    WebhookRead,
    WebhookUpdate,
)

router = APIRouter(tags=["webhooks"], route_class=ApiRoute)

WebhookId = Annotated[str, Path(max_length=26)]
PRIVATE = (
    "url: 127.0.0.1 is a loopback, private or otherwise non-public address, or does not "
    "resolve; webhooks go to public addresses only"
)


def _json(status: int, answer: bytes | Any) -> Response:
    content = answer if isinstance(answer, bytes) else dumps(answer)
    return Response(content=content, status_code=status, media_type="application/json")


@router.post(
    "/campaigns/{cid}/webhooks",
    status_code=201,
    summary="Add a webhook",
    responses={
        201: {
            "model": WebhookCreated,
            **ok(201, CREATED_EXAMPLE, "The target, and its secret.")[201],
        },
        **problems(
            *AUTH,
            404,
            409,
            *BODY,
            s403="a player may not do this; it needs: storyteller",
            s409="a campaign has at most 10 webhooks",
            s422=("Unprocessable content", PRIVATE),
        ),
    },
)
async def create_webhook(
    cid: str,
    body: Annotated[WebhookCreate, Body(openapi_examples=CREATE_EXAMPLES)],
    principal: Manager,
    request: Request,
    settings: SettingsDep,
) -> Response:
    """A storyteller sends the campaign's events, from now on, to ``url``: each one POSTed
    once, in seq order, signed per Standard Webhooks (``format: "standard"``) or as a
    readable message for a Discord webhook (``"discord"``). ``events`` picks types (all by
    default). Only what the whole table may read is sent, unless ``include_hidden``: the
    target then carries what its storyteller may read, and is theirs alone.

    The answer holds the signing ``secret`` (``whsec_…``), **shown this once only**. A URL
    on a loopback, private or otherwise non-public address is refused (422). See
    docs/webhooks.md for the headers, retries and how to verify a signature."""
    writer = request.app.state.writer
    answer = await service.create(writer, principal, cid, body, settings.webhook_allow_private)
    worker = getattr(request.app.state, "webhooks", None)
    if worker is not None:  # this instance wakes for the campaign at once, others at a poll
        worker.watch(cid)
    return _json(*answer)


@router.get(
    "/campaigns/{cid}/webhooks",
    response_model=WebhookList,
    summary="List the webhooks",
    responses={
        **ok(200, {"items": [WEBHOOK_EXAMPLE]}, "The campaign's targets (at most 10)."),
        **problems(*AUTH, 404, 422),
    },
)
async def list_webhooks(seat: StorytellerSeat, db: ReadDb) -> Response:
    """The campaign's targets, oldest first, without their secrets; another storyteller's
    ``include_hidden`` targets are not listed."""
    return _json(200, await service.list_for(db, seat))


@router.patch(
    "/webhooks/{webhook_id}",
    response_model=WebhookRead,
    summary="Change a webhook",
    responses={
        **ok(200, WEBHOOK_EXAMPLE, "The target, changed."),
        **problems(*AUTH, 404, *BODY, s404="no such webhook"),
    },
)
async def update_webhook(
    webhook_id: WebhookId,
    body: Annotated[WebhookUpdate, Body(openapi_examples=UPDATE_EXAMPLES)],
    principal: Manager,
    request: Request,
    settings: SettingsDep,
) -> Response:
    """Change ``url``, ``format``, ``events`` or ``enabled``. ``enabled: true`` re-enables a
    target the server disabled after failures: delivery resumes with the event it stopped
    at. ``include_hidden`` cannot change: make another target."""
    writer = request.app.state.writer
    answer = await service.update(
        writer, principal, webhook_id, body, settings.webhook_allow_private
    )
    return _json(*answer)


@router.delete(
    "/webhooks/{webhook_id}",
    status_code=204,
    summary="Delete a webhook",
    responses={
        **no_content("Deleted, with its log."),
        **problems(*AUTH, 404, 422, s404="no such webhook"),
    },
)
async def delete_webhook(webhook_id: WebhookId, principal: Manager, request: Request) -> Response:
    """The target stops at once (an attempt under way finishes) and its log goes with it."""
    await service.delete(request.app.state.writer, principal, webhook_id)
    return Response(status_code=204)


@router.get(
    "/webhooks/{webhook_id}/deliveries",
    response_model=DeliveryList,
    summary="Read a webhook's deliveries",
    responses={
        **ok(200, {"items": [DELIVERY_EXAMPLE], "next_cursor": None}, "One page, newest first."),
        **problems(*AUTH, 404, 422, s404="no such webhook"),
    },
)
async def list_deliveries(
    webhook_id: WebhookId,
    principal: Manager,
    db: ReadDb,
    limit: Limit = 50,
    cursor: Cursor = None,
) -> Response:
    """Every attempt at delivering an event to the target, newest first: its outcome
    (``delivered``; ``rejected``: the receiver answered, not with a 2xx; ``unreachable``:
    no answer in time; ``refused``: the address is not public), the status code and the
    start of the error. Kept ``VTT_WEBHOOK_LOG_SECONDS`` (7 days)."""
    page = await service.deliveries(db, principal, webhook_id, limit, decode_cursor(cursor))
    return _json(200, page)

"""HTTP edge of roll requests: ask, list, read one, cancel. Answering one is a roll
(``POST /campaigns/{cid}/rolls`` citing ``request_id``: app/rolls/routes.py)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Query, Request, Response

from app.core.deps import ReadDb, Reader, Roller
from app.core.jsontext import dumps
from app.core.openapi import AUTH, BODY, ok, problems
from app.core.pagination import Cursor, Limit
from app.core.routing import ApiRoute
from app.roll_requests import service
from app.roll_requests.schemas import (
    CREATE_EXAMPLES,
    REQUEST_EXAMPLE,
    RollRequestCreate,
    RollRequestList,
    RollRequestRead,
)
from app.rolls.routes import IdempotencyKey

router = APIRouter(tags=["roll requests"], route_class=ApiRoute)

CANCELLED_EXAMPLE = {
    **REQUEST_EXAMPLE,
    "status": "cancelled",
    "targets": [{**REQUEST_EXAMPLE["targets"][0], "status": "cancelled",
                 "at": "2026-11-30T08:46:02.117301Z"}],
    "cancelled_by": REQUEST_EXAMPLE["created_by"],
    "updated_at": "2026-11-30T08:46:02.117301Z",
}  # fmt: skip
StatusFilter = Annotated[
    Literal["open", "answered", "expired", "cancelled"] | None,
    Query(description="Only requests in this state (an open one past its deadline is expired)."),
]


def _json(answer: tuple[int, bytes] | tuple[int, Any]) -> Response:
    status, body = answer
    content = body if isinstance(body, bytes) else dumps(body)
    return Response(content=content, status_code=status, media_type="application/json")


@router.post(
    "/campaigns/{cid}/roll-requests",
    status_code=201,
    summary="Request a roll",
    responses={
        201: {
            "model": RollRequestRead,
            **ok(201, REQUEST_EXAMPLE, "The request, every character waiting.")[201],
        },
        **problems(
            *AUTH,
            404,
            *BODY,
            s403="a player may not do this; it needs: storyteller",
            s422=("Rules violation", "trait: the sheet has no quality 'mighty' (character_ids[0])"),
        ),
    },
)
async def create_request(
    cid: str,
    body: Annotated[RollRequestCreate, Body(openapi_examples=CREATE_EXAMPLES)],
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """A storyteller asks one or several characters of the campaign for the same roll: a
    ``test`` (every ruleset) or a d20 ``save`` with its ``condition``, of ``trait``, at
    ``difficulty``, seen as ``visibility`` says (``public``, ``storyteller`` or ``blind``).
    Each is checked as that roll would be, for every character's sheet (422 naming the
    field). ``advantage``/``disadvantage``, when given, are the storyteller's call and the
    answers cannot change them; ``expires_in`` (seconds, or an ISO 8601 duration such as
    ``PT5M``, up to ``P7D``) sets a deadline.

    The storytellers and every player owning an addressed character get a
    ``roll_request.created`` event. Each answers with an ordinary roll,
    ``POST /campaigns/{cid}/rolls`` with ``{"request_id", "character_id"}``."""
    writer = request.app.state.writer
    return _json(await service.create(writer, principal, cid, body, idempotency_key))


@router.get(
    "/campaigns/{cid}/roll-requests",
    response_model=RollRequestList,
    summary="List roll requests",
    responses={
        **ok(200, {"items": [REQUEST_EXAMPLE], "next_cursor": None}, "One page, newest first."),
        **problems(*AUTH, 404, 422),
    },
)
async def list_requests(
    cid: str,
    principal: Reader,
    db: ReadDb,
    limit: Limit = 50,
    cursor: Cursor = None,
    status: StatusFilter = None,
) -> Response:
    """The campaign's roll requests, newest first: every one for a storyteller; for other
    members the public ones and those addressed to a character they own; for a bot, those
    addressed to a character delegated to it (with the ``read`` scope). ``?status=``
    filters."""
    answer = await service.read_page_for(db, principal, cid, limit, cursor, status)
    return _json((200, answer))


@router.get(
    "/roll-requests/{request_id}",
    response_model=RollRequestRead,
    summary="Read a roll request",
    responses={
        **ok(200, REQUEST_EXAMPLE, "The request and where each character stands."),
        **problems(*AUTH, 404, 422, s404="no such roll request"),
    },
)
async def get_request(request_id: str, principal: Reader, db: ReadDb) -> Response:
    """One request with the state of each addressed character (``waiting``, ``rolled``
    with the answering roll's id, ``expired`` or ``cancelled``), never an outcome. 404
    for whoever may not read it (a hidden request is read by the storytellers and the
    players it addresses)."""
    return _json((200, await service.read_one(db, principal, request_id)))


@router.post(
    "/roll-requests/{request_id}/cancel",
    response_model=RollRequestRead,
    summary="Cancel a roll request",
    responses={
        **ok(200, CANCELLED_EXAMPLE, "The request, cancelled."),
        **problems(
            *AUTH,
            404,
            409,
            422,
            s404="no such roll request",
            s409="the request is answered: nothing waits to be cancelled",
        ),
    },
)
async def cancel_request(
    request_id: str, principal: Roller, request: Request, idempotency_key: IdempotencyKey = None
) -> Response:
    """A storyteller cancels a request: the characters still waiting cannot answer any
    more (``cancelled``); those who answered keep their rolls. 409 once nothing waits."""
    writer = request.app.state.writer
    return _json(await service.cancel(writer, principal, request_id, idempotency_key))

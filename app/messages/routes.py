"""HTTP edge of the table chat: send, list, read one, delete. The messages are events of
the campaign too (``message.created``, ``message.deleted``): the websocket carries them."""

from __future__ import annotations

from datetime import UTC
from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query, Request, Response
from pydantic import AwareDatetime

from app.campaigns.deps import MemberSeat
from app.core.deps import ReadDb, Reader, Roller
from app.core.jsontext import dumps
from app.core.openapi import AUTH, BODY, no_content, ok, problems
from app.core.pagination import Cursor, Limit, decode_int_cursor
from app.core.routing import ApiRoute
from app.messages import service
from app.messages.schemas import (
    CREATE_EXAMPLES,
    DELETED_EXAMPLE,
    MESSAGE_EXAMPLE,
    WHISPER_EXAMPLE,
    MessageCreate,
    MessageList,
    MessageRead,
)
from app.rolls.routes import IdempotencyKey

router = APIRouter(tags=["chat"], route_class=ApiRoute)

NOT_A_MEMBER = "to[0]: 01jd8m8e1f2g3h4j5k6m7n8p9z is not a member of this campaign"
UNKNOWN_QUERY = "unknown query parameter(s): author"
PAGE_EXAMPLE = {"items": [DELETED_EXAMPLE, MESSAGE_EXAMPLE], "next_cursor": None}
MessageId = Annotated[str, Path(max_length=26)]
Since = Annotated[
    AwareDatetime | None,
    Query(description="Only messages sent at or after this time (RFC 3339, with its offset)."),
]
Until = Annotated[
    AwareDatetime | None, Query(description="Only messages sent before this time (RFC 3339).")
]
Author = Annotated[
    str | None, Query(max_length=26, description="Only the messages this user sent.")
]


def _json(status: int, answer: bytes | Any) -> Response:
    content = answer if isinstance(answer, bytes) else dumps(answer)
    return Response(content=content, status_code=status, media_type="application/json")


@router.post(
    "/campaigns/{cid}/messages",
    status_code=201,
    summary="Send a chat message or a whisper",
    responses={
        201: {"model": MessageRead, **ok(201, WHISPER_EXAMPLE, "The message, in the log.")[201]},
        **problems(
            *AUTH,
            404,
            *BODY,
            s422=("Unprocessable content", NOT_A_MEMBER),
        ),
    },
)
async def send_message(
    cid: str,
    body: Annotated[MessageCreate, Body(openapi_examples=CREATE_EXAMPLES)],
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Any member (spectators too) says something to the table, or whispers it to ``to``
    (member user ids). A whisper is read by its sender, its recipients and, when the
    campaign's ``storyteller_reads_whispers`` is on as the message is sent (the default),
    every storyteller; by nobody else, in any answer, list, event or export. With
    ``in_character`` the message is spoken by ``character_id``, a character the sender
    may roll for. The text is plain text, kept verbatim: show it as text, never as HTML.

    Every member who may read it gets a ``message.created`` event (its data is this answer),
    with its seq among the rolls. A message counts against the caller's write rate limit;
    a retry with the same ``Idempotency-Key`` answers the first message again."""
    writer = request.app.state.writer
    status, answer = await service.create(writer, principal, cid, body, idempotency_key)
    return _json(status, answer)


@router.get(
    "/campaigns/{cid}/messages",
    response_model=MessageList,
    summary="Read the chat",
    responses={
        **ok(200, PAGE_EXAMPLE, "One page, newest first."),
        **problems(*AUTH, 404, 422, s422=("Unprocessable content", UNKNOWN_QUERY)),
    },
)
async def list_messages(
    seat: MemberSeat,
    db: ReadDb,
    limit: Limit = 50,
    cursor: Cursor = None,
    since: Since = None,
    until: Until = None,
    user_id: Author = None,
) -> Response:
    """The messages the caller may read, newest first (a whisper only for its readers),
    deleted ones as tombstones (``text`` null, ``deleted``). ``since``/``until`` bound the
    sending time, ``user_id`` picks a sender; ``next_cursor`` pages on."""
    page = await service.read_page(
        db,
        seat,
        limit,
        decode_int_cursor(cursor, maximum=2**31 - 1),
        None if since is None else since.astimezone(UTC),
        None if until is None else until.astimezone(UTC),
        user_id,
    )
    return _json(200, page)


@router.get(
    "/campaigns/{cid}/messages/{message_id}",
    response_model=MessageRead,
    summary="Read a chat message",
    responses={
        **ok(200, MESSAGE_EXAMPLE, "The message, or its tombstone."),
        **problems(*AUTH, 404, 422, s404="no such message"),
    },
)
async def get_message(cid: str, message_id: MessageId, principal: Reader, db: ReadDb) -> Response:
    """One message; 404 for whoever may not read it (its existence is not revealed)."""
    return _json(200, await service.read_one(db, principal, cid, message_id))


@router.delete(
    "/campaigns/{cid}/messages/{message_id}",
    status_code=204,
    summary="Delete a chat message",
    responses={
        **no_content("Deleted: a tombstone stays in its place."),
        **problems(
            *AUTH,
            404,
            422,
            s403="an author deletes their message within 5 minutes of sending it; "
            "a storyteller may delete it",
            s404="no such message",
        ),
    },
)
async def delete_message(
    cid: str, message_id: MessageId, principal: Roller, request: Request
) -> Response:
    """Its author deletes a message within the campaign's ``message_delete_minutes`` of
    sending it; a storyteller deletes any, at any time (403 otherwise, 404 for a message
    the caller may not read). The text leaves the database; the message stays listed as a
    tombstone (``text`` null, ``deleted``: who and when) and its readers get a
    ``message.deleted`` event. Deleting it again changes nothing."""
    await service.delete(request.app.state.writer, principal, cid, message_id)
    return Response(status_code=204)

"""The live table: a websocket per member, and the tickets browsers authenticate it with."""

from __future__ import annotations

from fastapi import APIRouter, Request, WebSocket

from app.campaigns.deps import MemberSeat
from app.core.deps import WriterDep, bearer_secret
from app.core.ids import hash_secret
from app.core.openapi import AUTH, ok, problems
from app.core.query_params import unknown_in
from app.core.routing import ApiRoute
from app.realtime import tickets
from app.realtime.schemas import TicketRead
from app.realtime.service import SocketRefused, seat_for_socket

router = APIRouter(tags=["realtime"], route_class=ApiRoute)

MAX_SEQ = 2**31 - 1  # seq is a 32-bit column
BAD_REQUEST = 4400
# Browsers pass the ticket as a websocket subprotocol, beside this one, which the server
# selects: a header, so the ticket never shows in an access log's request line.
SUBPROTOCOL = "fairtable"


TICKET_EXAMPLE = {
    "ticket": "ftw_0f3a9c1e5b7d2f4a6c8e0b1d3f5a7c9e",
    "expires_at": "2026-01-01T12:01:00Z",
}


@router.post(
    "/campaigns/{cid}/ws-ticket",
    status_code=201,
    response_model=TicketRead,
    summary="Get a websocket ticket",
    responses={
        **ok(201, TICKET_EXAMPLE, "A single-use ticket, valid 60 s (docs/realtime.md)."),
        **problems(*AUTH, 404, 422),
    },
)
async def create_ws_ticket(seat: MemberSeat, writer: WriterDep, request: Request) -> TicketRead:
    """A single-use ticket, valid 60 s, to open this campaign's websocket with: browsers
    cannot set an Authorization header on a websocket, so they offer the subprotocols
    ``["fairtable", ticket]`` (or, the old way, ``?ticket=``). The socket lives as long as
    the credential that asked for the ticket: it is closed 4401 when that one dies."""
    credential = hash_secret(bearer_secret(request))
    ticket, expires_at = await tickets.issue(
        writer, seat.user_id, seat.campaign.id, credential_hash=credential
    )
    return TicketRead(ticket=ticket, expires_at=expires_at)


def _after(value: str | None) -> int | None:
    if value is None:
        return None
    if not (value.isascii() and value.isdigit()) or int(value) > MAX_SEQ:
        raise SocketRefused(BAD_REQUEST, "after must be an integer from 0 to 2147483647")
    return int(value)


_READ_BY_HAND = frozenset({"after", "ticket"})  # the resume point, and the legacy ticket


def _known_query(websocket: WebSocket) -> None:
    """The app-wide rule on unknown query parameters (app/core/query_params.py), as a
    websocket can answer it: a 4400 close naming them."""
    unknown = unknown_in(websocket, reads=_READ_BY_HAND)
    if unknown:
        reason = f"unknown query parameter: {', '.join(unknown)}"
        raise SocketRefused(BAD_REQUEST, reason[:120])  # a close reason holds 123 bytes


@router.websocket("/campaigns/{cid}/ws")
async def campaign_socket(websocket: WebSocket, cid: str) -> None:
    """Live events of the campaign, filtered for the caller; see docs/realtime.md.
    Refusals accept first and then close, so the client can read the close code."""
    offered: list[str] = list(websocket.scope.get("subprotocols") or [])
    await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
    state = websocket.app.state
    query = websocket.query_params
    ticket = next((p for p in offered if p.startswith(tickets.TICKET_PREFIX + "_")), None)
    try:
        _known_query(websocket)
        after = _after(query.get("after"))
        seat = await seat_for_socket(
            state, cid, ticket or query.get("ticket"), websocket.headers.get("authorization")
        )
    except SocketRefused as refused:
        await websocket.close(refused.code, refused.reason)
        return
    await state.hub.serve(
        websocket,
        cid,
        seat.user_id,
        seat.role,
        after,
        credential=seat.credential_hash,
        expires_at=seat.expires_at,
    )

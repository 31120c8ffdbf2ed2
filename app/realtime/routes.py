"""The live table: a websocket per member, and the tickets browsers authenticate it with."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from app.campaigns.deps import MemberSeat
from app.core.deps import WriterDep
from app.core.openapi import AUTH, ok, problems
from app.realtime import tickets
from app.realtime.schemas import TicketRead
from app.realtime.service import SocketRefused, seat_for_socket

router = APIRouter(tags=["realtime"])

MAX_SEQ = 2**31 - 1  # seq is a 32-bit column
BAD_REQUEST = 4400


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
        **ok(201, TICKET_EXAMPLE, "A ticket for `?ticket=`, single-use and valid 60 s."),
        **problems(*AUTH, 404, 422),
    },
)
async def create_ws_ticket(seat: MemberSeat, writer: WriterDep) -> TicketRead:
    """A single-use ticket, valid 60 s, to open this campaign's websocket with
    ``?ticket=``: browsers cannot set an Authorization header on a websocket."""
    ticket, expires_at = await tickets.issue(writer, seat.user_id, seat.campaign.id)
    return TicketRead(ticket=ticket, expires_at=expires_at)


def _after(value: str | None) -> int | None:
    if value is None:
        return None
    if not (value.isascii() and value.isdigit()) or int(value) > MAX_SEQ:
        raise SocketRefused(BAD_REQUEST, "after must be an integer from 0 to 2147483647")
    return int(value)


@router.websocket("/campaigns/{cid}/ws")
async def campaign_socket(websocket: WebSocket, cid: str) -> None:
    """Live events of the campaign, filtered for the caller; see docs/realtime.md.
    Refusals accept first and then close, so the client can read the close code."""
    await websocket.accept()
    state = websocket.app.state
    query = websocket.query_params
    try:
        after = _after(query.get("after"))
        user_id, role = await seat_for_socket(
            state, cid, query.get("ticket"), websocket.headers.get("authorization")
        )
    except SocketRefused as refused:
        await websocket.close(refused.code, refused.reason)
        return
    await state.hub.serve(websocket, cid, user_id, role, after)

"""HTTP edge of events: the record of a campaign, for clients without a websocket."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from app.campaigns.deps import MemberSeat
from app.core.deps import ReadDb
from app.core.errors import Unprocessable
from app.core.i18n import msg
from app.core.openapi import AUTH, ok, problems
from app.core.pagination import decode_int_cursor, encode_cursor
from app.core.routing import ApiRoute
from app.events import service
from app.events.schemas import EventList, EventRead
from app.rolls.schemas import ROLL_EXAMPLE

router = APIRouter(tags=["events"], route_class=ApiRoute)

MAX_SEQ = 2**31 - 1
After = Annotated[
    int | None,
    Query(ge=0, le=MAX_SEQ, description="Only events with a larger seq (default 0)."),
]
EventCursor = Annotated[
    str | None,
    Query(max_length=200, description="`next_cursor` of the previous page, instead of `after`."),
]
EventLimit = Annotated[int, Query(ge=1, le=500, description="Events examined, 1..500.")]


EVENT_EXAMPLE = {
    "seq": 42,
    "type": "roll.created",
    "campaign_id": "01jd8m7c4d5e6f7g8h9j0k1m2n",
    "at": "2026-01-01T12:00:00.123456Z",
    "data": {**ROLL_EXAMPLE, "seq": 42},
}
PAGE_EXAMPLE = {"items": [EVENT_EXAMPLE], "next_after": 42, "next_cursor": encode_cursor(42)}


def _start(after: int | None, cursor: str | None) -> int:
    """The seq the page reads after: ``after``, or the one ``cursor`` encodes."""
    if after is not None and cursor is not None:
        raise Unprocessable(msg("after, cursor: give one of them, not both"))
    if cursor is not None:
        return decode_int_cursor(cursor, maximum=MAX_SEQ) or 0
    return after or 0


@router.get(
    "/campaigns/{cid}/events",
    response_model=EventList,
    summary="Read the campaign's events",
    responses={
        **ok(200, PAGE_EXAMPLE, "One page, oldest first."),
        **problems(
            *AUTH,
            404,
            422,
            s422=("Unprocessable content", "after, cursor: give one of them, not both"),
        ),
    },
)
async def list_events(
    seat: MemberSeat,
    db: ReadDb,
    after: After = None,
    cursor: EventCursor = None,
    limit: EventLimit = 100,
) -> EventList:
    """Events after ``after`` that the caller may see, **oldest first**: unlike the other
    lists, this one reads forward, because it is an event stream a client replays in order.

    ``next_after`` is the last seq examined — events the caller may not see are skipped
    without a trace — or null when there is nothing left; pass it back as ``after`` for the
    next page. ``next_cursor`` holds the same position for clients that follow cursors:
    pass it back as ``cursor`` instead (one or the other, not both); it is null exactly
    when ``next_after`` is."""
    start = _start(after, cursor)
    events, last = await service.visible_after(
        db, seat.campaign.id, start, seat.user_id, seat.is_storyteller, limit
    )
    # seqs are gap-free, so a page that examined fewer than ``limit`` events was the end.
    next_after = last if last - start >= limit else None
    items = [EventRead.model_validate(e.message()) for e in events]
    next_cursor = None if next_after is None else encode_cursor(next_after)
    return EventList(items=items, next_after=next_after, next_cursor=next_cursor)

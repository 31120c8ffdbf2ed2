"""HTTP edge of events: the record of a campaign, for clients without a websocket."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from app.campaigns.deps import MemberSeat
from app.core.deps import SessionDep
from app.core.openapi import AUTH, ok, problems
from app.core.rawsql import raw
from app.events import service
from app.events.schemas import EventList, EventRead

router = APIRouter(tags=["events"])

After = Annotated[int, Query(ge=0, le=2**31 - 1, description="Only events with a larger seq.")]
EventLimit = Annotated[int, Query(ge=1, le=500, description="Events examined, 1..500.")]


EVENT_EXAMPLE = {
    "seq": 42,
    "type": "roll.created",
    "campaign_id": "01jd8m7c4d5e6f7g8h9j0k1m2n",
    "at": "2026-01-01T12:00:00.123456Z",
    "data": {"id": "01jd8mb1c2d3e4f5g6h7j8k9m0", "seq": 42, "kind": "formula"},
}


@router.get(
    "/campaigns/{cid}/events",
    response_model=EventList,
    summary="Read the campaign's events",
    responses={
        **ok(200, {"items": [EVENT_EXAMPLE], "next_after": 42}, "One page, oldest first."),
        **problems(*AUTH, 404, 422),
    },
)
async def list_events(
    seat: MemberSeat, session: SessionDep, after: After = 0, limit: EventLimit = 100
) -> EventList:
    """Events after ``after`` that the caller may see, oldest first. ``next_after`` is the
    last seq examined — events the caller may not see are skipped without a trace — or
    null when there is nothing left; pass it back as ``after`` for the next page."""
    events, last = await service.visible_after(
        await raw(session), seat.campaign.id, after, seat.user_id, seat.is_storyteller, limit
    )
    # seqs are gap-free, so a page that examined fewer than ``limit`` events was the end.
    next_after = last if last - after >= limit else None
    items = [EventRead.model_validate(e.message()) for e in events]
    return EventList(items=items, next_after=next_after)

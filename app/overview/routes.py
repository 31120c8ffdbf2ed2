"""HTTP edge of the campaign overview."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.campaigns.deps import MemberSeat
from app.core.deps import ReadDb
from app.core.jsontext import dumps
from app.core.openapi import AUTH, ok, problems
from app.core.routing import ApiRoute
from app.overview import service
from app.overview.schemas import OVERVIEW_EXAMPLE, OverviewRead

router = APIRouter(tags=["campaigns"], route_class=ApiRoute)


@router.get(
    "/campaigns/{cid}/overview",
    response_model=OverviewRead,
    summary="The table at a glance",
    responses={
        **ok(200, OVERVIEW_EXAMPLE, "The campaign, its members, characters, pending rolls "
             "and open roll requests, each as its own endpoint answers it to the caller."),
        **problems(*AUTH, 404, 422),
    },
)  # fmt: skip
async def get_overview(seat: MemberSeat, db: ReadDb, request: Request) -> Response:
    """What a dashboard needs first, in one call, for any member (an API key needs
    ``read``): the campaign; the members with presence (``online``: a websocket open);
    every character with its sheet and derived values; the pending rolls and the open roll
    requests the caller may see; and ``last_seq``, where to resume the events from. Each
    part is filtered as its own endpoint filters it: a player's overview holds no roll or
    request hidden from them, and a held effect shows only to who may read its roll."""
    online = request.app.state.presence.online(seat.campaign.id)
    answer = await service.overview(db, seat, online)
    return Response(dumps(answer), media_type="application/json")

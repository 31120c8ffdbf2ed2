"""HTTP edge of the luck statistics."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Response

from app.campaigns.deps import MemberSeat
from app.core.deps import ReadDb
from app.core.jsontext import dumps
from app.core.openapi import AUTH, ok, problems
from app.core.routing import ApiRoute
from app.rolls.routes import Since, Until, utc
from app.stats import service
from app.stats.schemas import STATS_EXAMPLE, StatsRead

router = APIRouter(tags=["rolls"], route_class=ApiRoute)


@router.get(
    "/campaigns/{cid}/stats",
    response_model=StatsRead,
    summary="Luck statistics",
    responses={
        **ok(200, STATS_EXAMPLE, "Per roller: what the dice gave against what the odds said."),
        **problems(
            *AUTH, 404, 422, s422=("Validation failed", "query.since: since is after until")
        ),
    },
)
async def get_stats(
    seat: MemberSeat,
    db: ReadDb,
    by: Annotated[
        Literal["user", "character"],
        Query(description="One item per roller, or per roller and character."),
    ] = "user",
    since: Since = None,
    until: Until = None,
) -> Response:
    """How lucky each roller was, over the final rolls the caller may see (a roll hidden
    from them counts nowhere) made in [``since``, ``until``): the successes of tests and
    saves against those their stored exact odds expected, with a z-score and its
    percentile; formula totals the same way, apart (``totals``); and every face the server
    drew, per die size, with a chi-square test against fair dice. ``by=character`` gives
    one item per roller and character (rolls without a character are left out). A pending
    roll counts once it is final; the odds are those of its final state."""
    answer = await service.stats(db, seat, by, utc(since, "since"), utc(until, "until"))
    return Response(dumps(answer), media_type="application/json")

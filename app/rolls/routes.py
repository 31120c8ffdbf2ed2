"""HTTP edge of rolls: roll, read the log, step a pending 3d6 roll, reveal a hidden one."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Header, Query, Request, Response
from pydantic import AwareDatetime

from app.campaigns.deps import MemberSeat
from app.core.deps import ReadDb, Reader, Roller
from app.core.errors import InvalidFields, Unprocessable
from app.core.i18n import msg
from app.core.jsontext import dumps
from app.core.openapi import AUTH, BODY, ok, problems
from app.core.pagination import Cursor, Limit, decode_int_cursor, encode_cursor
from app.core.routing import ApiRoute
from app.rolls import reveal as revealing
from app.rolls import service, steps
from app.rolls.repository import RollFilter
from app.rolls.schemas import (
    ROLL_EXAMPLE,
    ROLL_REQUEST_EXAMPLES,
    ChoiceBody,
    GrantBody,
    RerollBody,
    RollCreate,
    RollList,
    RollRead,
)
from app.rules import DiceSource, threed6

router = APIRouter(tags=["rolls"], route_class=ApiRoute)

IdempotencyKey = Annotated[
    str | None,
    Header(
        max_length=200,
        description="Retrying with the same key returns the first answer and never rolls again.",
    ),
]
ROLL_ANSWER: dict[int | str, dict[str, Any]] = {
    201: {"model": RollRead, **ok(201, ROLL_EXAMPLE, "The roll, stored in the log.")[201]}
}
# The steps of a pending 3d6 roll answer the roll as it is now, or these errors.
STEP_ERRORS = problems(
    *AUTH,
    404,
    409,
    *BODY,
    s404="no such roll",
    s409="the roll is already final",
    s422=("Unprocessable content", "die: this roll has dice 0..2"),
)
FINAL_EXAMPLE = {
    **ROLL_EXAMPLE,
    "status": "final",
    "result": {**ROLL_EXAMPLE["result"], "rerolls_left": 0},
}


Since = Annotated[
    AwareDatetime | None,
    Query(
        description="Only rolls made at or after this time (RFC 3339 with its offset, "
        "e.g. `2026-11-30T20:00:00Z`).",
        examples=["2026-11-30T20:00:00Z"],
    ),
]
Until = Annotated[
    AwareDatetime | None,
    Query(
        description="Only rolls made before this time (RFC 3339, exclusive).",
        examples=["2026-12-01T02:00:00Z"],
    ),
]


def _json(status: int, body: bytes) -> Response:
    return Response(content=body, status_code=status, media_type="application/json")


@router.post(
    "/campaigns/{cid}/rolls",
    status_code=201,
    summary="Roll dice",
    responses={
        **ROLL_ANSWER,
        **problems(
            *AUTH,
            404,
            409,
            *BODY,
            s404="no character 01jd8m9f2g3h4j5k6m7n8p9q0r in this campaign",
            s409="the character changed while rolling; roll again",
            s422=("Rules violation", "trait: 'mighty' is not a quality of this character"),
        ),
    },
)
async def create_roll(
    cid: str,
    body: Annotated[RollCreate, Body(openapi_examples=ROLL_REQUEST_EXAMPLES)],
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Roll dice on the server. ``kind`` picks the roll: ``test`` (every ruleset), ``save``
    (d20) or ``formula`` (any). Scores and modifiers are read from the stored sheet, never
    from the request. Storytellers and players roll; a player only for their own characters.

    Send an ``Idempotency-Key``: a retry with the same key answers the first roll again,
    byte for byte, and never rolls twice. A 3d6 test with rerolls left, or a partial success
    awaiting its choice, is ``pending``: see the ``/rolls/{roll_id}/…`` steps."""
    # The seat (a storyteller or a player of this campaign) is checked inside the write.
    state = request.app.state
    status, answer = await service.create(
        state.writer, principal, cid, body, state.dice, idempotency_key
    )  # state.dice: None rolls from the campaign's committed seed
    return _json(status, answer)


@router.get(
    "/campaigns/{cid}/rolls",
    response_model=RollList,
    summary="Read the roll log",
    responses={
        **ok(200, {"items": [ROLL_EXAMPLE], "next_cursor": None}, "One page of the log."),
        **problems(
            *AUTH, 404, 422, s422=("Validation failed", "query.stauts: unknown query parameter")
        ),
    },
)
async def list_rolls(
    seat: MemberSeat,
    db: ReadDb,
    limit: Limit = 50,
    cursor: Cursor = None,
    character_id: Annotated[
        str | None, Query(max_length=26, description="Only this character's rolls.")
    ] = None,
    user_id: Annotated[
        str | None, Query(max_length=26, description="Only the rolls this member made.")
    ] = None,
    status: Annotated[
        Literal["pending", "final"] | None,
        Query(description="Only pending rolls (steps left) or only final ones."),
    ] = None,
    kind: Annotated[
        Literal["test", "save", "formula", "damage"] | None, Query(description="Only this kind.")
    ] = None,
    since: Since = None,
    until: Until = None,
) -> Response:
    """The campaign's roll log, newest first, holding only what the caller may see:
    ``private`` rolls only for their roller, ``storyteller`` ones for their roller and the
    storytellers, ``blind`` ones for the storytellers.

    The filters combine (all must hold) and page with ``cursor`` like the whole log: pass
    the same filters with each ``next_cursor``. ``since`` is inclusive, ``until``
    exclusive, on ``created_at``; ``since`` after ``until`` is a 422. An unknown query
    parameter is a 422 naming it, as on every endpoint."""
    times = utc(since, "since"), utc(until, "until")
    where = RollFilter(character_id, user_id, status, kind, *times)
    rows = await service.log(db, seat, limit + 1, decode_int_cursor(cursor), where)
    page = rows[:limit]
    items = [service.to_answer(r, seat.user_id, seat.is_storyteller) for r in page]
    next_cursor = encode_cursor(page[-1]["seq"]) if len(rows) > limit else None
    return _json(200, dumps({"items": items, "next_cursor": next_cursor}))


def utc(moment: datetime | None, name: str) -> datetime | None:
    """``moment`` in UTC, as the rolls' times are stored; 422 for one UTC cannot hold
    (a year-9999 time with a negative offset)."""
    try:
        return None if moment is None else moment.astimezone(UTC)
    except OverflowError:
        raise InvalidFields([{"loc": ("query", name), "msg": "out of range"}]) from None


@router.get(
    "/rolls/{roll_id}",
    response_model=RollRead,
    summary="Read a roll",
    responses={
        **ok(200, ROLL_EXAMPLE, "The roll as the caller may see it."),
        **problems(*AUTH, 404, 422, s404="no such roll"),
    },
)
async def get_roll(roll_id: str, principal: Reader, db: ReadDb) -> Response:
    """One roll; 404 when the caller may not see it (its existence is not revealed)."""
    seat, roll = await service.seat_for_roll(db, principal, roll_id, "read")
    return _json(200, dumps(service.to_answer(roll, seat.user_id, seat.is_storyteller)))


@router.post(
    "/rolls/{roll_id}/reroll",
    response_model=RollRead,
    summary="Spend a reroll",
    responses={**ok(200, FINAL_EXAMPLE, "The roll after the reroll."), **STEP_ERRORS},
)
async def reroll(
    roll_id: str,
    body: RerollBody,
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Spend one reroll on die ``die`` (a die without success unless the campaign allows
    any), on a pending 3d6 test with rerolls left (409 otherwise). The roller's player
    takes it (a player character's, whoever rolled it); a storyteller, for a non-player
    character."""

    def apply(roll: threed6.ThreeD6Roll, dice: DiceSource | None) -> threed6.ThreeD6Roll:
        # A die the roll does not have is bad input (422), not a conflict with its state.
        if body.die >= len(roll.dice):
            raise Unprocessable(msg("die: this roll has dice 0..{value}", value=len(roll.dice) - 1))
        if dice is None:  # never: the step is declared with draws=True
            raise RuntimeError("a reroll needs its draw")
        return threed6.reroll(roll, body.die, dice)

    state = request.app.state
    answer = await steps.step(
        state.writer,
        principal,
        roll_id,
        f"reroll:{body.die}",
        apply,
        idempotency_key,
        draws=True,
        override=state.dice,
    )
    return _json(200, answer)


@router.post(
    "/rolls/{roll_id}/choice",
    response_model=RollRead,
    summary="Settle a partial success",
    responses={**ok(200, FINAL_EXAMPLE, "The settled roll."), **STEP_ERRORS},
)
async def choose(
    roll_id: str,
    body: ChoiceBody,
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Settle a partial success: ``fail`` or ``complication``, on a pending partial
    success (409 otherwise). The roller's player chooses; a storyteller, for a non-player
    character."""
    answer = await steps.step(
        request.app.state.writer,
        principal,
        roll_id,
        f"choice:{body.choice}",
        lambda r, _: threed6.choose(r, body.choice),
        idempotency_key,
    )
    return _json(200, answer)


@router.post(
    "/rolls/{roll_id}/finalize",
    response_model=RollRead,
    summary="Decline the rerolls left",
    responses={**ok(200, FINAL_EXAMPLE, "The final roll."), **STEP_ERRORS},
)
async def finalize(
    roll_id: str, principal: Roller, request: Request, idempotency_key: IdempotencyKey = None
) -> Response:
    """Decline the rerolls left: the roll becomes final, or awaits its choice if it is a
    partial success, on a pending roll (409 otherwise). The roller's player declines; a
    storyteller, for a non-player character."""
    answer = await steps.step(
        request.app.state.writer,
        principal,
        roll_id,
        "finalize",
        lambda r, _: threed6.finalize(r),
        idempotency_key,
    )
    return _json(200, answer)


@router.post(
    "/rolls/{roll_id}/grant",
    response_model=RollRead,
    summary="Grant one more reroll",
    responses={
        **ok(
            200,
            {**ROLL_EXAMPLE, "result": {**ROLL_EXAMPLE["result"], "rerolls_left": 2}},
            "The roll with one more reroll.",
        ),
        **STEP_ERRORS,
    },
)
async def grant(
    roll_id: str,
    principal: Roller,
    request: Request,
    body: GrantBody | None = None,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """A storyteller grants one more reroll on a 3d6 test, for a clever idea; ``name``
    says what for. On a pending roll it adds a reroll (and reopens declined ones); a final
    roll, a botch included, it reopens for one more reroll, as long as it is the latest
    roll of its character (409 otherwise): a choice made on a partial is undone, and a
    partial after the reroll awaits a new one. A blind roll, or one a contest, group
    action or long task has counted, is not reopened (409): grant before the roll with
    ``POST /characters/{id}/grants``. 409 too when every die is already a success."""
    source = threed6.RerollSource("storyteller", body.name if body else None)
    answer = await steps.step(
        request.app.state.writer,
        principal,
        roll_id,
        f"grant:{source.name}",
        lambda r, _: threed6.grant(r, source),
        idempotency_key,
        grant=True,
    )
    return _json(200, answer)


REVEAL_ERRORS = problems(
    *AUTH,
    404,
    409,
    422,
    s403="only a storyteller reveals a hidden roll (a private one: its roller)",
    s404="no such roll",
    s409="the roll is public already",
)
REVEALED_EXAMPLE = {**FINAL_EXAMPLE, "visibility": "public"}


@router.post(
    "/rolls/{roll_id}/reveal",
    response_model=RollRead,
    summary="Reveal a hidden roll",
    responses={**ok(200, REVEALED_EXAMPLE, "The roll, public now."), **REVEAL_ERRORS},
)
async def reveal(
    roll_id: str, principal: Roller, request: Request, idempotency_key: IdempotencyKey = None
) -> Response:
    """Make a hidden roll public: its dice and result, and the sheet effects it held (a
    failed save's condition, a faith roll ending panic), which are written on the
    character now, in public. A storyteller reveals ``blind`` and ``storyteller`` rolls; a
    ``private`` roll only its roller. 404 for whoever may not read the roll, 403 for a
    member who may read it but not reveal it, 409 for a public roll."""
    answer = await revealing.reveal(request.app.state.writer, principal, roll_id, idempotency_key)
    return _json(200, answer)

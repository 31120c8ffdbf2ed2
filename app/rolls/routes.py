"""HTTP edge of rolls: roll, read the log, and step a pending 3d6 roll."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Header, Query, Request, Response

from app.campaigns.deps import MemberSeat
from app.core.deps import Reader, Roller, SessionDep
from app.core.errors import Unprocessable
from app.core.pagination import Cursor, Limit, decode_int_cursor, encode_cursor
from app.rolls import service
from app.rolls.schemas import ChoiceBody, GrantBody, RerollBody, RollCreate, RollList, RollRead
from app.rules import DiceSource, threed6

router = APIRouter(tags=["rolls"])

IdempotencyKey = Annotated[
    str | None,
    Header(
        max_length=200,
        description="Retrying with the same key returns the first answer and never rolls again.",
    ),
]
ROLL_ANSWER: dict[int | str, dict[str, Any]] = {201: {"model": RollRead}}


def _json(status: int, body: bytes) -> Response:
    return Response(content=body, status_code=status, media_type="application/json")


@router.post("/campaigns/{cid}/rolls", status_code=201, responses=ROLL_ANSWER)
async def create_roll(
    cid: str,
    body: Annotated[RollCreate, Body()],
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Roll dice on the server. ``kind`` picks the roll: ``test`` (every ruleset), ``save``
    (d20) or ``formula`` (any). Scores and modifiers are read from the stored sheet."""
    # The seat (a storyteller or a player of this campaign) is checked inside the write.
    state = request.app.state
    status, answer = await service.create(
        state.writer, principal, cid, body, state.dice, idempotency_key
    )  # state.dice: None rolls from the campaign's committed seed
    return _json(status, answer)


@router.get("/campaigns/{cid}/rolls", response_model=RollList)
async def list_rolls(
    seat: MemberSeat,
    session: SessionDep,
    limit: Limit = 50,
    cursor: Cursor = None,
    character_id: Annotated[str | None, Query(max_length=26)] = None,
) -> Response:
    """The campaign's roll log, newest first, holding only what the caller may see."""
    rows = await service.log(session, seat, limit + 1, decode_int_cursor(cursor), character_id)
    page = rows[:limit]
    items = [service.to_answer(r, seat.user_id, seat.is_storyteller) for r in page]
    next_cursor = encode_cursor(page[-1].seq) if len(rows) > limit else None
    return _json(200, service.encode({"items": items, "next_cursor": next_cursor}))


@router.get("/rolls/{roll_id}", response_model=RollRead)
async def get_roll(roll_id: str, principal: Reader, session: SessionDep) -> Response:
    """One roll; 404 when the caller may not see it (its existence is not revealed)."""
    seat, roll = await service.seat_for_roll(session, principal, roll_id, "read")
    return _json(200, service.encode(service.to_answer(roll, seat.user_id, seat.is_storyteller)))


@router.post("/rolls/{roll_id}/reroll", response_model=RollRead)
async def reroll(
    roll_id: str,
    body: RerollBody,
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Spend one reroll on die ``die`` (a die without success unless the campaign allows any)."""

    def apply(roll: threed6.ThreeD6Roll, dice: DiceSource | None) -> threed6.ThreeD6Roll:
        # A die the roll does not have is bad input (422), not a conflict with its state.
        if body.die >= len(roll.dice):
            raise Unprocessable(f"die: this roll has dice 0..{len(roll.dice) - 1}")
        if dice is None:  # never: the step is declared with draws=True
            raise RuntimeError("a reroll needs its draw")
        return threed6.reroll(roll, body.die, dice)

    state = request.app.state
    answer = await service.step(
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


@router.post("/rolls/{roll_id}/choice", response_model=RollRead)
async def choose(
    roll_id: str,
    body: ChoiceBody,
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Settle a partial success: ``fail`` or ``complication``."""
    answer = await service.step(
        request.app.state.writer,
        principal,
        roll_id,
        f"choice:{body.choice}",
        lambda r, _: threed6.choose(r, body.choice),
        idempotency_key,
    )
    return _json(200, answer)


@router.post("/rolls/{roll_id}/finalize", response_model=RollRead)
async def finalize(
    roll_id: str, principal: Roller, request: Request, idempotency_key: IdempotencyKey = None
) -> Response:
    """Decline the rerolls left."""
    answer = await service.step(
        request.app.state.writer,
        principal,
        roll_id,
        "finalize",
        lambda r, _: threed6.finalize(r),
        idempotency_key,
    )
    return _json(200, answer)


@router.post("/rolls/{roll_id}/grant", response_model=RollRead)
async def grant(
    roll_id: str,
    principal: Roller,
    request: Request,
    body: GrantBody | None = None,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """A storyteller grants one more reroll on a pending roll (for a clever idea)."""
    source = threed6.RerollSource("storyteller", body.name if body else None)
    answer = await service.step(
        request.app.state.writer,
        principal,
        roll_id,
        f"grant:{source.name}",
        lambda r, _: threed6.grant(r, source),
        idempotency_key,
        storyteller_only=True,
    )
    return _json(200, answer)

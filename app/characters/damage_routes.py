"""HTTP edge of what only a storyteller does to a character: matrix damage and lifting a
d20 condition."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Path, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from app.characters import damage
from app.characters.schemas import (
    CHARACTER_EXAMPLE,
    EXAMPLE_D20_SHEET,
    EXAMPLE_MATRIX_SHEET,
    CharacterRead,
)
from app.core.deps import Manager, Roller
from app.core.openapi import AUTH, BODY, ok, problems
from app.core.routing import ApiRoute
from app.rolls.schemas import ROLL_EXAMPLE, DieRead, RollRead
from app.rules import matrix

router = APIRouter(tags=["characters"], route_class=ApiRoute)

EXAMPLE_MATRIX_DERIVED = matrix.derived(
    matrix.parse_sheet({**EXAMPLE_MATRIX_SHEET, "counters": {"fatigue": 5, "mortality": 3}})
)

CharacterId = Annotated[str, Path(max_length=26)]
IdempotencyKey = Annotated[
    str | None,
    Header(
        max_length=200,
        description="Retrying with the same key returns the first answer and never rolls again.",
    ),
]


class DamageBody(BaseModel):
    """A hit: ``physical`` is written ``M+F`` (mortality M, fatigue M+F), ``mental`` is one
    term that goes to madness. Terms are ``NdS`` or a constant."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"type": "physical", "formula": "1d6+1d6"}]},
    )

    type: Literal["physical", "mental"]
    formula: str = Field(min_length=1, max_length=200)


def _json(body: bytes) -> Response:
    return Response(content=body, status_code=200, media_type="application/json")


class DamageAnswer(BaseModel):
    """A hit, applied (answered as the damage service builds it; this model documents it)."""

    dice: list[DieRead] = Field(description="The damage dice.")
    mortality: int = Field(description="The points the hit dealt to each counter.")
    fatigue: int
    madness: int
    checks: list[RollRead] = Field(description="One matrix test per multiple of 10 crossed.")
    character: CharacterRead = Field(description="The character after the hit.")
    roll: RollRead = Field(description="The hit itself, as a roll of the log (`kind: damage`).")


_HIT_ROLL = {
    **ROLL_EXAMPLE,
    "ruleset": "matrix",
    "kind": "damage",
    "status": "final",
    "dice": [{"sides": 6, "value": 3, "history": []}, {"sides": 6, "value": 2, "history": []}],
    "result": {
        "type": "physical",
        "formula": "1d6+1d6",
        "mortality": 3,
        "fatigue": 5,
        "madness": 0,
        "fatigue_only": False,
        "counters": {"fatigue": 5, "mortality": 3, "madness": 0},
    },
    "odds": {},
    "proof": [{**ROLL_EXAMPLE["proof"][0], "rolls": [{"sides": 6, "faces": [3, 2]}]}],
}
DAMAGE_ANSWER: dict[int | str, dict[str, Any]] = {
    200: {
        "model": DamageAnswer,
        **ok(
            200,
            {
                "dice": _HIT_ROLL["dice"],
                "mortality": 3,
                "fatigue": 5,
                "madness": 0,
                "checks": [],
                "character": {
                    **CHARACTER_EXAMPLE,
                    "version": 4,
                    "sheet": {**EXAMPLE_MATRIX_SHEET, "counters": _HIT_ROLL["result"]["counters"]},
                    "derived": EXAMPLE_MATRIX_DERIVED,
                },
                "roll": _HIT_ROLL,
            },
            "The hit, its checks (ordinary rolls of the log) and the character.",
        )[200],
    }
}


NO_CHARACTER = "no such character"


@router.post(
    "/characters/{character_id}/damage",
    summary="Deal matrix damage",
    responses={
        **DAMAGE_ANSWER,
        **problems(
            *AUTH,
            404,
            409,
            *BODY,
            s404=NO_CHARACTER,
            s409="the character changed meanwhile; try again",
            s422=("Unprocessable content", "damage is a matrix rule; this is a d20 campaign"),
        ),
    },
)
async def deal_damage(
    character_id: CharacterId,
    body: DamageBody,
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Deal damage to a matrix character (storyteller only). The server rolls the damage
    dice and then one check per multiple of 10 a counter crosses, in the order mortality,
    fatigue, madness, none after a death; the sheet's counters and states are updated."""
    state = request.app.state
    answer = await damage.damage(
        state.writer,
        principal,
        character_id,
        body.type,
        body.formula,
        state.dice,
        idempotency_key,
    )
    return _json(answer)


@router.delete(
    "/characters/{character_id}/conditions/{condition}",
    summary="Lift a d20 condition",
    responses={
        **ok(
            200,
            {
                **CHARACTER_EXAMPLE,
                "name": "Pip",
                "version": 3,
                "sheet": EXAMPLE_D20_SHEET,
                "derived": {
                    "modifiers": {"str": 2, "dex": 1, "con": 0, "wis": -1, "cha": 3, "int": 1}
                },
            },
            "The character without that condition.",
        ),
        **problems(
            *AUTH,
            404,
            409,
            422,
            s404="the character has no condition 'poisoned' (prone)",
            s409="the character changed meanwhile; try again",
        ),
    },
)
async def remove_condition(
    character_id: CharacterId,
    condition: Annotated[str, Path(min_length=1, max_length=200)],
    principal: Manager,
    request: Request,
) -> Response:
    """Lift a d20 condition (storyteller only; compared without regard to case). Answers
    the character; 404 when it does not have that condition."""
    answer = await damage.remove_condition(
        request.app.state.writer, principal, character_id, condition
    )
    return _json(answer)

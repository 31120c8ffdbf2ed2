"""Exact odds without rolling: what a player sees before deciding to roll."""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Query

from app.core.errors import Unprocessable
from app.core.i18n import msg
from app.core.openapi import ok, problems, shaped
from app.core.routing import ApiRoute
from app.rolls.shapes import D20Odds, FormulaOdds, MatrixOdds, Roll3d6Odds
from app.rules import d20, matrix, threed6, threed6_odds
from app.rules.formula import MAX_FORMULA_LENGTH
from app.rules.formula_odds import formula_odds_json

router = APIRouter(prefix="/odds", tags=["odds"], route_class=ApiRoute)

_INTEGER = re.compile(r"-?[0-9]+")

# Each answer is the engine's dict, answered as it is; the document shows its shape.
Odds3d6 = Annotated[dict[str, Any], shaped(Roll3d6Odds)]
OddsD20 = Annotated[dict[str, Any], shaped(D20Odds)]
OddsMatrix = Annotated[dict[str, Any], shaped(MatrixOdds)]
OddsFormula = Annotated[dict[str, Any], shaped(FormulaOdds)]

ODDS_3D6_EXAMPLE = {
    "outcomes": {"success": 0.6875, "partial": 0.25, "botch": 0.0625},
    "successes": {"0": 0.0625, "1": 0.25, "2": 0.375, "3": 0.3125},
    "boon": 0.041666666666666664,
}
ODDS_D20_EXAMPLE = {"success": 0.64, "critical_success": 0.0975, "critical_failure": 0.0025}
ODDS_MATRIX_EXAMPLE = {
    "success": 0.7,
    "failure": 0.3,
    "margins": {
        "success": {str(m): 0.05 for m in range(1, 15)},
        "failure": {str(m): 0.05 for m in range(1, 7)},
        "below_difficulty": {},
    },
}


@router.get(
    "/3d6",
    summary="Odds of a 3d6 test",
    responses={
        **ok(200, ODDS_3D6_EXAMPLE, "For `score=3&dice=3&rerolls=1&difficulty=2`."),
        **problems(
            422, s422=("Rules violation", "difficulty must be 1..4, a level name or absent, not 7")
        ),
    },
)
def odds_3d6(
    score: Annotated[int, Query(ge=0, le=6)],
    dice: Annotated[int, Query(ge=2, le=4)] = 3,
    rerolls: Annotated[int, Query(ge=0, le=20)] = 0,
    difficulty: Annotated[str | None, Query(max_length=20)] = None,
) -> Odds3d6:
    """Chances of each outcome and of each number of successes, rerolls spent on dice
    without success; ``boon`` is the chance of three equal faces once they are spent.
    ``difficulty`` is 1..4 or easy/medium/difficult/legendary; absent for an open action.
    Needs no credential: nothing is rolled or stored."""
    level = threed6.parse_difficulty(_int_or_name(difficulty))
    return threed6_odds.odds_3d6_json(dice, score, level, rerolls)


@router.get(
    "/d20",
    summary="Odds of a d20 test",
    responses={
        **ok(200, ODDS_D20_EXAMPLE, "For `modifier=2&difficulty=15&advantage=true`."),
        **problems(422),
    },
)
def odds_d20(
    modifier: Annotated[int, Query(ge=-100, le=100)] = 0,
    difficulty: Annotated[str, Query(max_length=20)] = "12",
    advantage: bool = False,
    disadvantage: bool = False,
) -> OddsD20:
    """Chance of success and of each critical; the kept die decides criticals. Advantage
    and disadvantage together cancel out. Needs no credential."""
    level = d20.parse_difficulty(_int_or_name(difficulty))
    mode = "normal"
    if advantage != disadvantage:
        mode = "advantage" if advantage else "disadvantage"
    return d20.d20_odds(modifier, level, mode).to_dict()


@router.get(
    "/matrix",
    summary="Odds of a matrix test",
    responses={**ok(200, ODDS_MATRIX_EXAMPLE, "For `stat=14&difficulty=0`."), **problems(422)},
)
def odds_matrix(
    stat: Annotated[int, Query(ge=0, le=20)],
    difficulty: Annotated[int, Query(ge=0, le=20)] = 0,
) -> OddsMatrix:
    """Chance of success and the distribution of margins for a d20 rolled under ``stat``.
    Needs no credential."""
    return matrix.matrix_odds(stat, difficulty).to_dict()


ODDS_FORMULA_EXAMPLE = {
    "min": 2,
    "max": 7,
    "mean": 5.472222222222222,
    "totals": {str(k + 1): (2 * k - 1) / 36 for k in range(1, 7)},
}


@router.get(
    "/formula",
    summary="Odds of a free formula",
    responses={
        **ok(200, ODDS_FORMULA_EXAMPLE, "For `formula=2d6kh1+1`."),
        **problems(422, s422=("Rules violation", "unexpected 'x' at position 1 of '1x6'")),
    },
)
def odds_formula(
    formula: Annotated[str, Query(min_length=1, max_length=MAX_FORMULA_LENGTH)],
) -> OddsFormula:
    """The chance of every possible total (``totals``), with the bounds and the mean: what a
    formula roll carries as its ``odds``. Exact, except with exploding dice: then
    ``exact: false`` and ``truncated_below: 1e-9``, the chances left out adding up to less
    than that. Without ``totals`` (more than 200 of them, or too costly to count) the answer
    says why in ``no_totals`` and keeps ``mean`` where it is known. Any formula of the
    notation is accepted, with the caps of a roll. Needs no credential."""
    return formula_odds_json(formula)


def _int_or_name(value: str | None) -> int | str | None:
    if value is None:
        return None
    text = value.strip()
    # ASCII digits only: str.isdigit() also accepts "²", which int() then refuses.
    if _INTEGER.fullmatch(text):
        if len(text) > 6:
            raise Unprocessable(msg("difficulty: {value!r} is out of range", value=value))
        return int(text)
    return text

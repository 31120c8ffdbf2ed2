"""The shapes of a roll's ``result`` and ``odds``, per ruleset and kind, for the OpenAPI
document and the clients generated from it.

No route validates with these models: the engine builds ``result`` and ``odds`` as dicts
(app/rules: ``result_dict()``, ``odds_dict()``) and the roll path answers them serialised
as they are. ``RollResult`` and ``RollOdds`` are ``dict`` fields that the document shows
as a ``oneOf`` of the shapes below. A shape's required fields tell it from the others, so
exactly one branch matches each answer; the roll's ``ruleset`` and ``kind`` say which
(tests/service/test_unions.py checks real answers of every ruleset and kind against them).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from app.core.openapi import Absent, Shape, one_of

Number = float  # JSON numbers: an integer total validates too


class Roll3d6Reroll(Shape):
    """A reroll spent on a 3d6 test: which die, from which source, its face before and
    after."""

    die: int = Field(description="Index of the die in `dice`.")
    source: Literal["item", "gift", "storyteller"]
    name: str | None
    grant_id: str | Absent = Field(default=None, description="The grant it used up, if any.")
    old: int
    new: int


class Roll3d6TestResult(Shape):
    """`result` of a 3d6 test (`ruleset: "3d6"`, `kind: "test"`): successes counted
    against the difficulty (docs/rules.md)."""

    successes: int
    difficulty: int | None = Field(description="1..4, or null for an open action.")
    outcome: Literal["success", "partial", "botch", "open"]
    boon: bool = Field(description="Three equal faces.")
    choice: Literal["fail", "complication"] | None = Field(
        description="The choice that settled a partial success."
    )
    rerolls_left: int
    rerolls: list[Roll3d6Reroll]
    helper_id: str | Absent = Field(default=None, description="The character who helped, if any.")
    request_id: str | Absent = Field(
        default=None, description="The roll request it answers, if any."
    )


class MatrixTestResult(Shape):
    """`result` of a matrix test (`ruleset: "matrix"`, `kind: "test"`), a faith roll
    included; a check rolled by damage adds `counter`, `threshold` and `state_set`."""

    stat: int
    face: int
    success: bool
    margin: int
    below_difficulty: bool = Field(
        description="A failure under the stat that fell short of the difficulty."
    )
    shortfall: int | None = Field(description="D − face when `below_difficulty`, else null.")
    difficulty: int
    trait: str | None
    counter: str | Absent = Field(
        default=None, description="Damage checks only: the counter that crossed a multiple of 10."
    )
    threshold: int | Absent = Field(default=None, description="Damage checks only: that multiple.")
    state_set: str | None = Field(
        default=None, description="Damage checks only: the state a failure set."
    )
    request_id: str | Absent = Field(
        default=None, description="The roll request it answers, if any."
    )


class _D20Check(Shape):
    kept: int = Field(description="The face that counts (of two, with advantage or disadvantage).")
    modifier: int
    total: int
    difficulty: int
    success: bool
    critical: Literal["success", "failure"] | None
    mode: Literal["normal", "advantage", "disadvantage"]
    ability: str | None
    request_id: str | Absent = Field(
        default=None, description="The roll request it answers, if any."
    )


class D20TestResult(_D20Check):
    """`result` of a d20 test (`ruleset: "d20"`, `kind: "test"`)."""

    # No `condition`: that tells a test from a save, which has every field of a test.
    model_config = ConfigDict(json_schema_extra=lambda s: _test_only(s))


def _test_only(schema: dict[str, Any]) -> None:
    for prop in schema.get("properties", {}).values():
        prop.pop("default", None)
    schema["not"] = {"required": ["condition"]}


class D20SaveResult(_D20Check):
    """`result` of a d20 saving throw (`ruleset: "d20"`, `kind: "save"`): a test, plus the
    condition a failure puts on the sheet."""

    condition: str
    condition_applied: bool


class FormulaAnnotation(Shape):
    text: str = Field(description="The annotation as written, e.g. `[fire]`.")
    value: Number = Field(description="The value it annotates.")


class FormulaResult(Shape):
    """`result` of a formula (`kind: "formula"`, any ruleset)."""

    total: Number
    formula: str = Field(description="The formula, rewritten in a standard form.")
    terms: list[Number] = Field(description="The signed value of each term of the top-level sum.")
    text: str = Field(description="The roll as the d20 package prints it (Markdown).")
    annotations: list[FormulaAnnotation] | Absent = None


class Counters(Shape):
    fatigue: int
    mortality: int
    madness: int


class DamageResult(Shape):
    """`result` of a matrix hit (`ruleset: "matrix"`, `kind: "damage"`): the points dealt
    and the counters after it (docs/damage-and-conditions.md)."""

    type: Literal["physical", "mental"]
    formula: str
    mortality: int
    fatigue: int
    madness: int
    fatigue_only: bool
    counters: Counters


class Withheld(Shape):
    """Empty: the `result` and `odds` of a redacted roll (a player's own blind roll), and
    the `odds` of a damage roll."""

    model_config = ConfigDict(json_schema_extra={"maxProperties": 0})


class Roll3d6Odds(Shape):
    """`odds` of a 3d6 test, as `GET /odds/3d6` answers them."""

    outcomes: dict[str, float] = Field(
        description="`{success, partial, botch}`, or `{open, botch}` for an open action."
    )
    successes: dict[str, float] = Field(description="The chance of each number of successes.")
    boon: float = Field(description="The chance of three equal faces once rerolls are spent.")


class MatrixMargins(Shape):
    success: dict[str, float]
    failure: dict[str, float]
    below_difficulty: dict[str, float] = Field(
        description="The failures short of the difficulty, also counted in `failure`."
    )


class MatrixOdds(Shape):
    """`odds` of a matrix test, as `GET /odds/matrix` answers them."""

    success: float
    failure: float
    margins: MatrixMargins


class D20Odds(Shape):
    """`odds` of a d20 test or save, as `GET /odds/d20` answers them."""

    success: float
    critical_success: float
    critical_failure: float


class FormulaOdds(Shape):
    """`odds` of a formula, as `GET /odds/formula` answers them: every possible total, or
    why not (`no_totals`)."""

    min: Number
    max: Number
    mean: float | Absent = Field(default=None, description="Absent only when not known exactly.")
    totals: dict[str, float] | Absent = Field(default=None, description="The chance of each total.")
    exact: bool | Absent = Field(
        default=None, description="`false` when exploding dice left out totals."
    )
    truncated_below: float | Absent = Field(
        default=None, description="With `exact: false`: what the left-out totals weigh at most."
    )
    no_totals: str | Absent = Field(default=None, description="Why `totals` is absent.")


RollResult = Annotated[
    dict[str, Any],
    one_of(
        Roll3d6TestResult,
        MatrixTestResult,
        D20SaveResult,
        D20TestResult,
        FormulaResult,
        DamageResult,
        Withheld,
        description="Its shape follows the roll's `ruleset` and `kind`: 3d6 test, matrix"
        " test, d20 save, d20 test, formula (any ruleset), matrix damage; empty when"
        " `redacted`. An answer to a roll request adds `request_id`.",
    ),
]
RollOdds = Annotated[
    dict[str, Any],
    one_of(
        Roll3d6Odds,
        MatrixOdds,
        D20Odds,
        FormulaOdds,
        Withheld,
        description="The exact chances before the dice fell; their shape follows the roll's"
        " `ruleset` and `kind` (a formula's are those of `GET /odds/formula`); empty when"
        " `redacted` and for damage.",
    ),
]

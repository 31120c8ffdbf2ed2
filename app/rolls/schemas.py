"""Request and answer bodies for rolls. Fields that a ruleset does not use are refused by
the service with a message naming the ruleset, not silently ignored."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StrictBool,
    StrictInt,
    Tag,
    ValidationInfo,
    field_validator,
)
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import PydanticCustomError

from app.rolls.shapes import RollOdds, RollResult

# Examples shown in the OpenAPI document (/docs): one request per kind and ruleset, and the
# answer to the first one, a 3d6 test left pending with a reroll to spend.
CHARACTER_ID = "01jd8m9f2g3h4j5k6m7n8p9q0r"
ROLL_REQUEST_EXAMPLES: dict[str, dict[str, Any]] = {
    "3d6 test": {
        "summary": "3d6: a medium Strong test, a ball of yarn as a reroll",
        "value": {
            "kind": "test",
            "character_id": CHARACTER_ID,
            "trait": "strong",
            "difficulty": "medium",
            "rerolls": [{"source": "item", "name": "ball of yarn"}],
            "note": "Leaping onto the mast",
        },
    },
    "matrix test": {
        "summary": "matrix: a Strength test at difficulty 2",
        "value": {
            "kind": "test",
            "character_id": CHARACTER_ID,
            "trait": "strength",
            "difficulty": 2,
        },
    },
    "d20 save": {
        "summary": "d20: a Constitution save against poison, with advantage",
        "value": {
            "kind": "save",
            "character_id": CHARACTER_ID,
            "trait": "con",
            "difficulty": 14,
            "advantage": True,
            "condition": "poisoned",
        },
    },
    "formula": {
        "summary": "any ruleset: a dice formula, seen by the storytellers only",
        "value": {"kind": "formula", "formula": "4d6kh3+2", "visibility": "storyteller"},
    },
    "answer a roll request": {
        "summary": "the roll a roll request asks of one's character (it sets the rest)",
        "value": {"request_id": "01jd8mc3d4e5f6g7h8j9k0m1n2", "character_id": CHARACTER_ID},
    },
}
ROLL_EXAMPLE: dict[str, Any] = {
    "id": "01jd8mb1c2d3e4f5g6h7j8k9m0",
    "campaign_id": "01jd8m7c4d5e6f7g8h9j0k1m2n",
    "seq": 3,
    "ruleset": "3d6",
    "kind": "test",
    "character_id": CHARACTER_ID,
    "user_id": "01jd8m8e1f2g3h4j5k6m7n8p9q",
    "acted_by": None,
    "visibility": "public",
    "note": "Leaping onto the mast",
    "status": "pending",
    "dice": [
        {"sides": 6, "value": 2, "history": [], "success": True},
        {"sides": 6, "value": 5, "history": [], "success": False},
        {"sides": 6, "value": 1, "history": [], "success": True},
    ],
    "result": {
        "successes": 2,
        "difficulty": 2,
        "outcome": "success",
        "boon": False,
        "choice": None,
        "rerolls_left": 1,
        "rerolls": [],
    },
    "odds": {
        "outcomes": {"success": 0.6875, "partial": 0.25, "botch": 0.0625},
        "successes": {"0": 0.0625, "1": 0.25, "2": 0.375, "3": 0.3125},
        "boon": 0.041666666666666664,
    },
    "proof": [
        {
            "nonce": 0,
            "seed": 1,
            "commitment": "e701a2e76e71898ac07e3fd06346ad51b63b110a233fa0d20a21a11375b590d4",
            "client_seed": "01jd8m7c4d5e6f7g8h9j0k1m2n",
            "rolls": [{"sides": 6, "faces": [2, 5, 1]}],
        }
    ],
    "effects": [],
    "created_at": "2026-11-30T08:45:13.641744Z",
    "updated_at": "2026-11-30T08:45:13.641744Z",
    "hash": "c8192d61ffd6c762c1823c1ec205aa051de92cd4dcdc899abb74d47694909be2",
    "redacted": False,
}

Visibility = Literal["public", "storyteller", "blind", "private"]
Difficulty = StrictInt | Annotated[str, Field(max_length=20)] | None


def _not_shown(schema: dict[str, Any]) -> None:
    """The document shows no default for a field a ruleset may not use: a client generator
    sends every field whose schema has a default, and a roll refuses a field its ruleset
    does not use even at its default (``advantage: false`` in a matrix test)."""
    schema.pop("default", None)


_FALSE_UNLESS_SENT = "False when left out: send it only to set it."


class _RollBase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    visibility: Visibility = "public"
    note: str | None = Field(default=None, max_length=500)


class RerollCite(BaseModel):
    """One reroll a roll cites: an item or gift of the character's sheet (by name), or a
    storyteller's. A player's storyteller reroll uses up one of the character's open
    grants (``POST /characters/{id}/grants``): the one ``grant_id`` names, else the
    oldest with this ``name``, else the oldest."""

    model_config = ConfigDict(extra="forbid")

    source: Literal["item", "gift", "storyteller"]
    name: str | None = Field(default=None, min_length=1, max_length=80)
    grant_id: str | None = Field(default=None, min_length=1, max_length=26)


class TestBody(_RollBase):
    """A test of one trait of a character's stored sheet (score and modifier come from it)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "kind": "test",
                    "character_id": "01jd0000000000000000000000",
                    "trait": "strong",
                    "difficulty": 2,
                    "advantage": True,
                    "rerolls": [{"source": "item", "name": "ball of yarn"}],
                }
            ]
        },
    )

    kind: Literal["test"]
    character_id: str = Field(max_length=26)
    trait: str = Field(min_length=1, max_length=40)
    difficulty: Difficulty = None
    advantage: StrictBool = Field(
        default=False, json_schema_extra=_not_shown, description=_FALSE_UNLESS_SENT
    )
    disadvantage: StrictBool = Field(
        default=False, json_schema_extra=_not_shown, description=_FALSE_UNLESS_SENT
    )
    helper_id: str | None = Field(default=None, max_length=26)
    rerolls: list[RerollCite] = Field(default_factory=list, max_length=20)
    on_partial: Literal["fail", "complication"] | None = Field(
        default=None,
        description="3d6: the choice a partial success takes, stated before the roll. A"
        " blind test takes `fail` when it states none.",
    )
    spend_rerolls: StrictBool = Field(
        default=False,
        json_schema_extra=_not_shown,
        description="3d6: spend every cited reroll at once, each on the first die without"
        " success while one is left (a blind test's rerolls need it). " + _FALSE_UNLESS_SENT,
    )


class SaveBody(_RollBase):
    """A d20 saving throw: on failure ``condition`` is added to the character."""

    kind: Literal["save"]
    character_id: str = Field(max_length=26)
    trait: str = Field(min_length=1, max_length=40)
    difficulty: Difficulty = None
    advantage: StrictBool = False
    disadvantage: StrictBool = False
    condition: str = Field(min_length=1, max_length=60)


class FormulaBody(_RollBase):
    """A free dice formula such as ``4d6kh3+2``, in any campaign."""

    kind: Literal["formula"]
    formula: str = Field(min_length=1, max_length=200)
    character_id: str | None = Field(default=None, max_length=26)


class RequestAnswer(BaseModel):
    """An answer to a roll request (app/roll_requests): the request fixes the roll's kind,
    trait, difficulty, condition and visibility (sending one is refused, naming it); the
    answer names the character and adds what the request leaves to the player."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"request_id": "01jd8mc3d4e5f6g7h8j9k0m1n2", "character_id": CHARACTER_ID}]
        },
    )

    request_id: str = Field(min_length=1, max_length=26)
    character_id: str = Field(max_length=26)
    note: str | None = Field(default=None, max_length=500)
    advantage: StrictBool = Field(
        default=False, json_schema_extra=_not_shown, description=_FALSE_UNLESS_SENT
    )
    disadvantage: StrictBool = Field(
        default=False, json_schema_extra=_not_shown, description=_FALSE_UNLESS_SENT
    )
    helper_id: str | None = Field(default=None, max_length=26)
    rerolls: list[RerollCite] = Field(default_factory=list, max_length=20)
    on_partial: Literal["fail", "complication"] | None = None
    spend_rerolls: StrictBool = Field(
        default=False, json_schema_extra=_not_shown, description=_FALSE_UNLESS_SENT
    )
    kind: SkipJsonSchema[Any] = Field(default=None, exclude=True)
    trait: SkipJsonSchema[Any] = Field(default=None, exclude=True)
    difficulty: SkipJsonSchema[Any] = Field(default=None, exclude=True)
    visibility: SkipJsonSchema[Any] = Field(default=None, exclude=True)
    condition: SkipJsonSchema[Any] = Field(default=None, exclude=True)

    @field_validator("kind", "trait", "difficulty", "visibility", "condition", mode="before")
    @classmethod
    def _set_by_the_request(cls, value: Any, info: ValidationInfo) -> Any:
        raise PydanticCustomError(
            "set_by_request",
            "the request sets the {field}; an answer does not send it",
            {"field": info.field_name},
        )


def _roll_kind(body: Any) -> str | None:
    """A body citing a roll request is its answer; any other body's ``kind`` picks it."""
    if isinstance(body, dict):
        return "answer" if "request_id" in body else body.get("kind")
    return "answer" if isinstance(body, RequestAnswer) else getattr(body, "kind", None)


RollCreate = Annotated[
    Annotated[TestBody, Tag("test")]
    | Annotated[SaveBody, Tag("save")]
    | Annotated[FormulaBody, Tag("formula")]
    | Annotated[RequestAnswer, Tag("answer")],
    Discriminator(
        _roll_kind,
        custom_error_type="roll_kind",
        custom_error_message="kind: expected 'test', 'save' or 'formula' (or a request_id,"
        " to answer a roll request)",
    ),
]


class RerollBody(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"die": 1}]})
    die: StrictInt = Field(ge=0, le=3, description="Index of the die in `dice`.")


class ChoiceBody(BaseModel):
    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"choice": "complication"}]}
    )
    choice: Literal["fail", "complication"]


class GrantBody(BaseModel):
    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"name": "a clever use of the rope"}]}
    )
    name: str | None = Field(default=None, min_length=1, max_length=80)


class DieRead(BaseModel):
    sides: int | Literal["%", "F"] = Field(
        description='Faces of the die; a formula\'s "%" die shows 0..90, its "F" die -1..1.'
    )
    value: int
    success: bool | None = None
    kept: bool | None = None
    history: list[int]
    exploded: bool | None = Field(default=None, description="Formula: it made another die.")
    added: bool | None = Field(default=None, description="Formula: an explosion made it.")
    rolled: int | None = Field(default=None, description="Formula: its face before mi/ma.")


class RollRead(BaseModel):
    """A roll as the API answers it. ``redacted`` rolls (blind, seen by their roller) carry
    no dice, result or odds."""

    id: str
    campaign_id: str
    seq: int
    ruleset: str
    kind: Literal["test", "save", "formula", "damage"]
    character_id: str | None
    user_id: str
    acted_by: str | None = Field(
        default=None,
        description="The bot that made the roll for `user_id`, the character's player, through"
        " the player's delegation; null when the roller made it themself.",
    )
    visibility: Visibility
    note: str | None
    status: Literal["final", "pending", "hidden"] = Field(
        description="`hidden` for every redacted roll, whatever its real status."
    )
    dice: list[DieRead]
    result: RollResult
    odds: RollOdds
    proof: list[dict[str, Any]] = Field(
        default_factory=list,
        description="The draws that rolled the dice, from the campaign's committed seed.",
    )
    effects: list[dict[str, Any]] = Field(
        default_factory=list,
        description="What the outcome does to its character's sheet (a failed save's"
        " condition, a faith roll ending panic). A hidden roll holds them until revealed.",
    )
    created_at: datetime
    updated_at: datetime
    hash: str | None = Field(default=None, description="This roll's link of the hash chain.")
    redacted: bool = False


class RollList(BaseModel):
    items: list[RollRead]
    next_cursor: str | None

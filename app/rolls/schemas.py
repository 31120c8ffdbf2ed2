"""Request and answer bodies for rolls. Fields that a ruleset does not use are refused by
the service with a message naming the ruleset, not silently ignored."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

Visibility = Literal["public", "storyteller", "blind", "private"]
Difficulty = StrictInt | Annotated[str, Field(max_length=20)] | None


class _RollBase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    visibility: Visibility = "public"
    note: str | None = Field(default=None, max_length=500)


class RerollCite(BaseModel):
    model_config = ConfigDict(extra="forbid")

    source: Literal["item", "gift", "storyteller"]
    name: str | None = Field(default=None, min_length=1, max_length=80)


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
    advantage: StrictBool = False
    disadvantage: StrictBool = False
    helper_id: str | None = Field(default=None, max_length=26)
    rerolls: list[RerollCite] = Field(default_factory=list, max_length=20)


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


RollCreate = Annotated[TestBody | SaveBody | FormulaBody, Field(discriminator="kind")]


class RerollBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    die: StrictInt = Field(ge=0, le=3, description="Index of the die in `dice`.")


class ChoiceBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    choice: Literal["fail", "complication"]


class GrantBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(default=None, min_length=1, max_length=80)


class DieRead(BaseModel):
    sides: int
    value: int
    success: bool | None = None
    kept: bool | None = None
    history: list[int]


class RollRead(BaseModel):
    """A roll as the API answers it. ``redacted`` rolls (blind, seen by their roller) carry
    no dice, result or odds."""

    id: str
    campaign_id: str
    seq: int
    ruleset: str
    kind: Literal["test", "save", "formula"]
    character_id: str | None
    user_id: str
    visibility: Visibility
    note: str | None
    status: Literal["final", "pending"]
    dice: list[DieRead]
    result: dict[str, Any]
    odds: dict[str, Any]
    created_at: datetime
    updated_at: datetime
    redacted: bool = False


class RollList(BaseModel):
    items: list[RollRead]
    next_cursor: str | None

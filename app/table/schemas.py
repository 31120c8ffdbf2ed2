"""Request and answer bodies of the table flow: contests, group actions, long tasks.

Requests refuse unknown fields (a contest has no ``difficulty``: it is opposed) and
non-strict values (``"2"`` is not a number of rounds). Answers are described for the
OpenAPI document; the service builds them as plain JSON.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    model_validator,
)

from app.core.i18n import msg
from app.rolls.schemas import RerollCite, RollRead
from app.rules.threed6_flow import MAX_GROUP_SIZE, MAX_PARTICIPANTS, MAX_TARGET
from app.table.durations import format_duration, parse_duration

NO_NUL = r"^[^\x00]*$"
"""Text the databases can store: PostgreSQL refuses the NUL character in text."""
CharacterId = Annotated[str, Field(min_length=1, max_length=26, pattern=NO_NUL)]
Quality = Annotated[str, Field(min_length=1, max_length=40, pattern=NO_NUL)]


def _canonical_duration(text: str) -> str:
    return format_duration(parse_duration(text))


Duration = Annotated[
    str,
    Field(min_length=2, max_length=40, examples=["PT30M", "PT1H", "P1D", "P1DT12H"]),
    AfterValidator(_canonical_duration),
]
"""An ISO 8601 duration in weeks, days, hours, minutes and seconds (no years or months)."""


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RollMods(_Body):
    """What one roll of a flow takes, like any test (docs/rules.md: "Every roll of a
    contest, a group action or a long task is a test like any other"): advantage,
    disadvantage, an ally's help (``helper_id``: advantage, the helper rolls nothing) and
    rerolls (items or gifts of the roller's own sheet, or storyteller rerolls: a
    storyteller's own, or a player's open grant). Every roll is stepped by the roller's
    player (the storyteller for a non-player character)."""

    advantage: StrictBool = False
    disadvantage: StrictBool = False
    helper_id: CharacterId | None = None
    rerolls: list[RerollCite] = Field(default_factory=list, max_length=20)


# --- contests --------------------------------------------------------------------------


class ContestSide(_Body):
    """One side of a contest: who rolls, which quality, with advantage or disadvantage."""

    character_id: CharacterId
    quality: Quality
    advantage: StrictBool = False
    disadvantage: StrictBool = False


class ContestCreate(_Body):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "a": {"character_id": "01jd0000000000000000000000", "quality": "strong"},
                    "b": {"character_id": "01jd0000000000000000000001", "quality": "clever"},
                    "rounds_to_win": 2,
                }
            ]
        },
    )

    a: ContestSide
    b: ContestSide
    rounds_to_win: StrictInt = Field(default=1, ge=1, le=3)


class RoundSide(RollMods):
    """What one side's roll takes in this round, besides the side's own advantage or
    disadvantage (set when the contest opened; a round's flags add to them, and an
    advantage with a disadvantage cancel out). Cited rerolls are spent later, each on a die
    its character's player chooses (the storyteller's, for a non-player character)."""


class RoundBody(_Body):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"a": {"rerolls": [{"source": "item", "name": "ball of yarn"}]}}]
        },
    )

    a: RoundSide = Field(default_factory=RoundSide)
    b: RoundSide = Field(default_factory=RoundSide)


class ResolveBody(_Body):
    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"decision": "draw"}]}
    )

    decision: Literal["reroll", "draw"]


class ContestRoundRead(BaseModel):
    number: int
    successes_a: int
    successes_b: int
    winner: Literal["a", "b"] | None
    roll_a: str
    roll_b: str


class PendingRoundRead(BaseModel):
    """A round whose rolls still hold rerolls: it counts once both rolls are final."""

    number: int
    roll_a: str
    roll_b: str


class ContestRead(BaseModel):
    id: str
    campaign_id: str
    status: Literal["running", "tie", "won", "drawn"]
    winner: Literal["a", "b"] | None
    winner_character_id: str | None
    rounds_to_win: int
    wins_a: int
    wins_b: int
    a: ContestSide
    b: ContestSide
    rounds: list[ContestRoundRead]
    pending_round: PendingRoundRead | None = None
    created_by: str
    created_at: datetime
    updated_at: datetime


class RoundRead(BaseModel):
    """A round just played: the round (null while its rolls hold rerolls: see the
    contest's ``pending_round``), both rolls (ordinary rolls of the log), the contest."""

    round: ContestRoundRead | None
    rolls: list[RollRead]
    contest: ContestRead


class ContestList(BaseModel):
    items: list[ContestRead]
    next_cursor: str | None


# --- group actions ---------------------------------------------------------------------


class GroupMember(RollMods):
    """One participant of a group action and what its roll takes."""

    character_id: CharacterId


class GroupCreate(_Body):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "character_ids": ["01jd0000000000000000000000", "01jd0000000000000000000001"],
                    "quality": "clever",
                    "difficulty": "medium",
                },
                {
                    "members": [
                        {
                            "character_id": "01jd0000000000000000000000",
                            "helper_id": "01jd0000000000000000000001",
                        },
                        {
                            "character_id": "01jd0000000000000000000001",
                            "rerolls": [{"source": "item", "name": "ball of yarn"}],
                        },
                    ],
                    "quality": "clever",
                    "difficulty": "medium",
                },
            ]
        },
    )

    character_ids: list[CharacterId] | None = Field(
        default=None,
        min_length=1,
        max_length=MAX_GROUP_SIZE,
        description="The participants, each rolling a plain test; or name them in `members`.",
    )
    members: list[GroupMember] | None = Field(
        default=None,
        min_length=1,
        max_length=MAX_GROUP_SIZE,
        description="The participants with what each roll takes (instead of `character_ids`).",
    )
    quality: Quality
    difficulty: StrictInt | Annotated[str, Field(max_length=20, pattern=NO_NUL)] = Field(
        description="1..4, or easy, medium, difficult, legendary."
    )

    @model_validator(mode="after")
    def _one_list_of_participants(self) -> GroupCreate:
        if (self.character_ids is None) == (self.members is None):
            raise ValueError(
                msg("name the participants in character_ids or in members (one of them)")
            )
        return self

    def participants(self) -> list[GroupMember]:
        """Every participant with its roll's modifiers (none for ``character_ids``)."""
        if self.members is not None:
            return self.members
        return [GroupMember(character_id=c) for c in self.character_ids or ()]


class GroupMemberRead(BaseModel):
    character_id: str
    roll_id: str
    successes: int = Field(description="So far, while the roll is pending.")
    success: bool | None = Field(description="null while the member's roll is pending.")


class GroupRead(BaseModel):
    id: str
    campaign_id: str
    status: Literal["pending", "succeeded", "failed"] = Field(
        description="`pending` while a member's roll holds rerolls its player may spend."
    )
    quality: str
    difficulty: int
    members: list[GroupMemberRead]
    participants: int
    succeeded: int = Field(description="Members who succeeded (so far, while pending).")
    success: bool | None = Field(description="null while the group action is pending.")
    rolls: list[RollRead] | None = Field(
        default=None, description="The members' rolls; left out of lists (see the roll ids)."
    )
    created_by: str
    created_at: datetime


class GroupList(BaseModel):
    items: list[GroupRead]
    next_cursor: str | None


# --- long tasks ------------------------------------------------------------------------


class TaskCreate(_Body):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "name": "Open the pantry door",
                    "quality": "clever",
                    "target": 8,
                    "period": "PT10M",
                    "limit": "PT1H",
                    "cost_per_period": "one sardine",
                    "mode": "together",
                    "participants": ["01jd0000000000000000000000"],
                }
            ]
        },
    )

    name: str = Field(min_length=1, max_length=120, pattern=NO_NUL)
    quality: Quality | None = Field(
        default=None, description="Absent: each roll names the quality its character uses."
    )
    target: StrictInt = Field(ge=1, le=MAX_TARGET)
    period: Duration
    limit: Duration | None = None
    cost_per_period: str | None = Field(default=None, min_length=1, max_length=200, pattern=NO_NUL)
    mode: Literal["together", "relay"] = "together"
    participants: list[CharacterId] = Field(min_length=1, max_length=MAX_PARTICIPANTS)


class TaskRollBody(RollMods):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"character_id": "01jd0000000000000000000000"},
                {"character_id": "01jd0000000000000000000000", "advantage": True},
            ]
        },
    )

    character_id: CharacterId
    quality: Quality | None = Field(
        default=None, description="Only for a task without a quality of its own."
    )


class ProgressRead(BaseModel):
    status: Literal["running", "completed", "failed"]
    successes: int
    target: int
    elapsed: str
    elapsed_seconds: int
    periods_elapsed: int
    periods_left: int | None
    max_periods: int | None
    rolls: int
    rolls_this_period: int
    waiting_for: list[str]


class TaskRollEntry(BaseModel):
    roll_id: str
    character_id: str
    quality: str
    successes: int
    period: int


class TaskPendingRead(BaseModel):
    """A roll whose rerolls its player has yet to spend or decline: it counts once final,
    and the task takes no other roll meanwhile."""

    roll_id: str
    character_id: str
    quality: str
    period: int


class TaskRead(BaseModel):
    id: str
    campaign_id: str
    name: str
    quality: str | None
    target: int
    period: str
    period_seconds: int
    limit: str | None
    limit_seconds: int | None
    cost_per_period: str | None
    mode: Literal["together", "relay"]
    participants: list[str]
    status: Literal["running", "completed", "failed"]
    progress: ProgressRead
    rolls: list[TaskRollEntry]
    pending_roll: TaskPendingRead | None = None
    created_by: str
    created_at: datetime
    updated_at: datetime


class TaskRollAnswer(BaseModel):
    """A task roll just made: the ordinary roll of the log and the task after it."""

    roll: RollRead
    task: TaskRead


class TaskList(BaseModel):
    items: list[TaskRead]
    next_cursor: str | None

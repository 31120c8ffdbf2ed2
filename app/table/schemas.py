"""Request and answer bodies of the table flow: contests, group actions, long tasks.

Requests refuse unknown fields (a contest has no ``difficulty``: it is opposed) and
non-strict values (``"2"`` is not a number of rounds). Answers are described for the
OpenAPI document; the service builds them as plain JSON.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt

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


class RoundSide(_Body):
    """What one side cites for this round's roll: items or gifts on its own sheet, or a
    storyteller's grant. Each is spent later, on a die of the storyteller's choosing."""

    rerolls: list[RerollCite] = Field(default_factory=list, max_length=20)


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


class GroupCreate(_Body):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "character_ids": ["01jd0000000000000000000000", "01jd0000000000000000000001"],
                    "quality": "clever",
                    "difficulty": "medium",
                }
            ]
        },
    )

    character_ids: list[CharacterId] = Field(min_length=1, max_length=MAX_GROUP_SIZE)
    quality: Quality
    difficulty: StrictInt | Annotated[str, Field(max_length=20, pattern=NO_NUL)] = Field(
        description="1..4, or easy, medium, difficult, legendary."
    )


class GroupMemberRead(BaseModel):
    character_id: str
    roll_id: str
    successes: int
    success: bool


class GroupRead(BaseModel):
    id: str
    campaign_id: str
    quality: str
    difficulty: int
    members: list[GroupMemberRead]
    participants: int
    succeeded: int
    success: bool
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


class TaskRollBody(_Body):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"character_id": "01jd0000000000000000000000"}]},
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

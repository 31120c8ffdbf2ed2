"""Request and answer bodies of roll requests. What a field means for each ruleset is
checked by the service (``app.roll_requests.terms``), which names the field it refuses."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from app.rolls.schemas import Difficulty

CHARACTER_A = "01jd8m9f2g3h4j5k6m7n8p9q0r"
CHARACTER_B = "01jd8m9f2g3h4j5k6m7n8p9q0s"
MAX_CHARACTERS = 50
RequestVisibility = Literal["public", "storyteller", "blind"]
Status = Literal["open", "answered", "expired", "cancelled"]
TargetStatus = Literal["waiting", "rolled", "expired", "cancelled"]
ExpiresIn = StrictInt | Annotated[str, Field(min_length=1, max_length=40)] | None

CREATE_EXAMPLES: dict[str, dict[str, Any]] = {
    "d20 blind save": {
        "summary": "d20: Mara, a WIS save against 14, blind; a failure frightens",
        "value": {
            "character_ids": [CHARACTER_A],
            "kind": "save",
            "trait": "wis",
            "difficulty": 14,
            "condition": "frightened",
            "visibility": "blind",
            "expires_in": "PT5M",
        },
    },
    "3d6 test of two": {
        "summary": "3d6: both kittens, a medium Clever test, with advantage",
        "value": {
            "character_ids": [CHARACTER_A, CHARACTER_B],
            "kind": "test",
            "trait": "clever",
            "difficulty": "medium",
            "advantage": True,
            "note": "Who spots the mouse first?",
            "expires_in": 120,
        },
    },
}


class RollRequestCreate(BaseModel):
    """What a storyteller asks for: the roll every addressed character makes. Its kind,
    trait, difficulty, condition and visibility are the request's, never the answer's;
    ``advantage``/``disadvantage``, when given, are fixed too (otherwise each player may
    claim them, as on any roll). ``expires_in``: seconds, or an ISO 8601 duration."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [CREATE_EXAMPLES["d20 blind save"]["value"]]}
    )

    character_ids: list[Annotated[str, Field(min_length=1, max_length=26)]] = Field(
        min_length=1, max_length=MAX_CHARACTERS
    )
    kind: Literal["test", "save"]
    trait: str = Field(min_length=1, max_length=40)
    difficulty: Difficulty = None
    advantage: StrictBool | None = None
    disadvantage: StrictBool | None = None
    condition: str | None = Field(default=None, min_length=1, max_length=60)
    visibility: RequestVisibility = "public"
    note: str | None = Field(default=None, max_length=500)
    expires_in: ExpiresIn = Field(
        default=None, description="Seconds (1..604800) or an ISO 8601 duration (PT5M, P1D)."
    )


class TargetRead(BaseModel):
    """One addressed character and where it stands; never the outcome of its roll."""

    character_id: str
    status: TargetStatus
    roll_id: str | None = Field(description="The roll that answered, once `rolled`.")
    at: datetime | None = Field(description="When it was answered, cancelled or expired.")


class RollRequestRead(BaseModel):
    """A roll request as a member who may read it sees it."""

    id: str
    campaign_id: str
    seq: int
    ruleset: str
    kind: Literal["test", "save"]
    trait: str
    difficulty: int | str | None
    advantage: bool | None
    disadvantage: bool | None
    condition: str | None
    visibility: RequestVisibility
    note: str | None
    status: Status = Field(
        description="`open` while a character may answer; `answered` once every one has; "
        "`expired` past `expires_at`, `cancelled` after a cancel (with some unanswered)."
    )
    expires_at: datetime | None
    targets: list[TargetRead]
    created_by: str
    cancelled_by: str | None
    created_at: datetime
    updated_at: datetime
    hash: str = Field(description="The request's latest link of the hash chain.")


class RollRequestList(BaseModel):
    items: list[RollRequestRead]
    next_cursor: str | None


NOW = "2026-11-30T08:45:13.641744Z"
REQUEST_EXAMPLE: dict[str, Any] = {
    "id": "01jd8mc3d4e5f6g7h8j9k0m1n2",
    "campaign_id": "01jd8m7c4d5e6f7g8h9j0k1m2n",
    "seq": 7,
    "ruleset": "d20",
    "kind": "save",
    "trait": "wis",
    "difficulty": 14,
    "advantage": None,
    "disadvantage": None,
    "condition": "frightened",
    "visibility": "blind",
    "note": None,
    "status": "open",
    "expires_at": "2026-11-30T08:50:13.641744Z",
    "targets": [{"character_id": CHARACTER_A, "status": "waiting", "roll_id": None, "at": None}],
    "created_by": "01jd8m8e1f2g3h4j5k6m7n8p9q",
    "cancelled_by": None,
    "created_at": NOW,
    "updated_at": NOW,
    "hash": "c6515031c2b05109010c6b84f8803650a82911ee1b94d82503fb3187404c8fbd",
}

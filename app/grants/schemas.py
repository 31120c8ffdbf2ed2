"""Request and answer bodies of grants."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

GRANT_EXAMPLE: dict[str, Any] = {
    "id": "01jd8mc4d5e6f7g8h9j0k1m2n3",
    "campaign_id": "01jd8m7c4d5e6f7g8h9j0k1m2n",
    "character_id": "01jd8m9f2g3h4j5k6m7n8p9q0r",
    "name": "the rope trick",
    "status": "open",
    "granted_by": "01jd8m8e1f2g3h4j5k6m7n8p9q",
    "roll_id": None,
    "created_at": "2026-11-30T08:44:02.118310Z",
    "used_at": None,
}


class GrantCreate(BaseModel):
    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"name": "the rope trick"}]}
    )
    name: str | None = Field(
        default=None,
        min_length=1,
        max_length=80,
        pattern=r"^[^\x00]*$",
        description="What the reroll is for; a roll may cite the grant by it.",
    )


class GrantRead(BaseModel):
    id: str
    campaign_id: str
    character_id: str
    name: str | None
    status: Literal["open", "used"]
    granted_by: str
    roll_id: str | None = Field(description="The roll that used the grant up.")
    created_at: datetime
    used_at: datetime | None


class GrantList(BaseModel):
    """A character's open grants, oldest first (a roll citing one without naming it uses
    the oldest); after a grant, ``granted`` is the new one."""

    character_id: str
    granted: GrantRead | None = None
    items: list[GrantRead]

"""Request and answer bodies for characters."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

EXAMPLE_3D6_SHEET = {
    "qualities": {"strong": 3, "clever": 4, "quick": 2},
    "items": ["ball of yarn"],
    "gifts": ["climber"],
}


class CharacterCreate(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"name": "Ficelle", "npc": False, "sheet": EXAMPLE_3D6_SHEET}]
        },
    )

    name: str = Field(min_length=1, max_length=80)
    npc: bool = False
    owner_id: str | None = Field(default=None, max_length=26)
    sheet: dict[str, Any]


class CharacterUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, min_length=1, max_length=80)
    npc: bool | None = None
    owner_id: str | None = Field(default=None, max_length=26)
    sheet: dict[str, Any] | None = None


class CharacterRead(BaseModel):
    id: str
    campaign_id: str
    name: str
    npc: bool
    owner_id: str | None
    version: int
    sheet: dict[str, Any]
    derived: dict[str, Any]


class CharacterList(BaseModel):
    items: list[CharacterRead]
    next_cursor: str | None

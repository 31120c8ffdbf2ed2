"""Request and answer bodies for characters."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from app.characters.shapes import Derived, Sheet

EXAMPLE_3D6_SHEET: dict[str, Any] = {
    "qualities": {"strong": 3, "clever": 4, "quick": 2},
    "items": ["ball of yarn"],
    "gifts": ["climber"],
}
EXAMPLE_MATRIX_SHEET: dict[str, Any] = {
    "rows": {"body": 6, "mind": 5, "soul": 4},
    "columns": {"power": 9, "resistance": 7, "maneuver": 5, "precision": 6},
}
EXAMPLE_D20_SHEET: dict[str, Any] = {
    "abilities": {"str": 14, "dex": 12, "con": 10, "wis": 8, "cha": 16, "int": 13},
    "conditions": [],
}
# A character answer as the OpenAPI document (/docs) shows it.
CHARACTER_EXAMPLE = {
    "id": "01jd8m9f2g3h4j5k6m7n8p9q0r",
    "campaign_id": "01jd8m7c4d5e6f7g8h9j0k1m2n",
    "name": "Ficelle",
    "npc": False,
    "owner_id": "01jd8m8e1f2g3h4j5k6m7n8p9q",
    "version": 1,
    "sheet": EXAMPLE_3D6_SHEET,
    "derived": {"qualities": ["clever", "quick", "strong"], "reroll_sources": 2},
}


class CharacterCreate(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"name": "Ficelle", "npc": False, "sheet": EXAMPLE_3D6_SHEET},
                {"name": "Brother Anselm", "npc": True, "sheet": EXAMPLE_MATRIX_SHEET},
                {"name": "Pip", "sheet": EXAMPLE_D20_SHEET},
            ]
        },
    )

    name: str = Field(min_length=1, max_length=80)
    npc: bool = False
    owner_id: str | None = Field(default=None, max_length=26)
    sheet: Sheet


class CharacterUpdate(BaseModel):
    """Only the fields sent change; ``sheet`` replaces the whole sheet."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"name": "Ficelle the Bold"},
                {"sheet": {**EXAMPLE_3D6_SHEET, "items": ["ball of yarn", "rope"]}},
            ]
        },
    )

    name: str | None = Field(default=None, min_length=1, max_length=80)
    npc: bool | None = None
    owner_id: str | None = Field(default=None, max_length=26)
    sheet: Sheet | None = None


class CharacterRead(BaseModel):
    id: str
    campaign_id: str
    name: str
    npc: bool
    owner_id: str | None
    version: int
    sheet: Sheet
    derived: Derived


class CharacterList(BaseModel):
    items: list[CharacterRead]
    next_cursor: str | None

"""Request and answer bodies of delegations."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MAX_CHARACTERS = 50
BOT = "01jd8mf7g8h9j0k1m2n3p4q5r6"
DELEGATION_EXAMPLE: dict[str, Any] = {
    "id": "01jd8mg2h3j4k5m6n7p8q9r0s1",
    "campaign_id": "01jd8m7c4d5e6f7g8h9j0k1m2n",
    "user_id": "01jd8m8e1f2g3h4j5k6m7n8p9q",
    "bot_user_id": BOT,
    "character_ids": ["01jd8m9f2g3h4j5k6m7n8p9q0r"],
    "scopes": ["read", "roll"],
    "created_at": "2026-11-30T08:40:11.204518Z",
    "revoked_at": None,
    "revoked_by": None,
}
REVOKED_EXAMPLE = {
    **DELEGATION_EXAMPLE,
    "revoked_at": "2026-11-30T09:12:40.551002Z",
    "revoked_by": DELEGATION_EXAMPLE["user_id"],
}

Scope = Literal["read", "roll"]


class DelegationCreate(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "bot_user_id": BOT,
                    "character_ids": DELEGATION_EXAMPLE["character_ids"],
                    "scopes": ["read", "roll"],
                }
            ]
        },
    )

    bot_user_id: str = Field(
        min_length=1, max_length=26, description="The bot's user id (its `GET /users/me`)."
    )
    character_ids: list[Annotated[str, Field(min_length=1, max_length=26)]] = Field(
        min_length=1,
        max_length=MAX_CHARACTERS,
        description="Characters of the campaign the caller owns, each once.",
    )
    scopes: list[Scope] = Field(
        min_length=1,
        max_length=2,
        description="`roll`: roll for the characters and answer their roll requests;"
        " `read`: read their rolls and roll requests as the player reads them.",
    )


class DelegationRead(BaseModel):
    id: str
    campaign_id: str
    user_id: str = Field(description="The player who delegated.")
    bot_user_id: str
    character_ids: list[str] = Field(
        description="The characters it still covers (a deleted character leaves it), by id."
    )
    scopes: list[Scope]
    created_at: datetime
    revoked_at: datetime | None = Field(description="When it ended; null while it is live.")
    revoked_by: str | None = Field(
        description="Who ended it: its player, a storyteller, or its player by leaving."
    )


class DelegationList(BaseModel):
    items: list[DelegationRead]
    next_cursor: str | None

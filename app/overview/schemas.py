"""The answer of the campaign overview: the table at a glance, in one call."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from app.campaigns.schemas import CAMPAIGN_EXAMPLE, MEMBER_EXAMPLES, CampaignRead, MemberRead
from app.characters.schemas import CHARACTER_EXAMPLE, CharacterRead
from app.roll_requests.schemas import REQUEST_EXAMPLE, RollRequestRead
from app.rolls.schemas import ROLL_EXAMPLE, RollRead

OVERVIEW_EXAMPLE: dict[str, Any] = {
    "campaign": CAMPAIGN_EXAMPLE,
    "members": MEMBER_EXAMPLES,
    "characters": [CHARACTER_EXAMPLE],
    "pending_rolls": [ROLL_EXAMPLE],
    "open_requests": [REQUEST_EXAMPLE],
    "last_seq": 42,
}


class OverviewRead(BaseModel):
    campaign: CampaignRead
    members: list[MemberRead] = Field(description="As `GET /campaigns/{cid}/members` answers.")
    characters: list[CharacterRead] = Field(
        description="Every character, newest first, as `GET /characters/{id}` answers each."
    )
    pending_rolls: list[RollRead] = Field(
        description="The pending rolls the caller may see, newest first, as the log has them."
    )
    open_requests: list[RollRequestRead] = Field(
        description="The open roll requests the caller may read, newest first."
    )
    last_seq: int = Field(
        description="The campaign's latest event seq, read before the rest: open the "
        "websocket (or poll the events) with `after=last_seq` and nothing is missed."
    )

from typing import Literal

CampaignReadRole = Literal["player", "spectator", "storyteller"]

CAMPAIGN_READ_ROLE_VALUES: set[CampaignReadRole] = {
    "player",
    "spectator",
    "storyteller",
}


def check_campaign_read_role(value: str) -> CampaignReadRole:
    if value in CAMPAIGN_READ_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CAMPAIGN_READ_ROLE_VALUES!r}")

from typing import Literal

CampaignReadRuleset = Literal["3d6", "d20", "matrix"]

CAMPAIGN_READ_RULESET_VALUES: set[CampaignReadRuleset] = {
    "3d6",
    "d20",
    "matrix",
}


def check_campaign_read_ruleset(value: str) -> CampaignReadRuleset:
    if value in CAMPAIGN_READ_RULESET_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CAMPAIGN_READ_RULESET_VALUES!r}")

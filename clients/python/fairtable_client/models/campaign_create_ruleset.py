from typing import Literal

CampaignCreateRuleset = Literal["3d6", "d20", "matrix"]

CAMPAIGN_CREATE_RULESET_VALUES: set[CampaignCreateRuleset] = {
    "3d6",
    "d20",
    "matrix",
}


def check_campaign_create_ruleset(value: str) -> CampaignCreateRuleset:
    if value in CAMPAIGN_CREATE_RULESET_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CAMPAIGN_CREATE_RULESET_VALUES!r}")

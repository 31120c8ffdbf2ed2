from typing import Literal

CampaignPartRuleset = Literal["3d6", "d20", "matrix"]

CAMPAIGN_PART_RULESET_VALUES: set[CampaignPartRuleset] = {
    "3d6",
    "d20",
    "matrix",
}


def check_campaign_part_ruleset(value: str) -> CampaignPartRuleset:
    if value in CAMPAIGN_PART_RULESET_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CAMPAIGN_PART_RULESET_VALUES!r}")

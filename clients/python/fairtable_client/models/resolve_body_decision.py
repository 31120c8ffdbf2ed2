from typing import Literal

ResolveBodyDecision = Literal["draw", "reroll"]

RESOLVE_BODY_DECISION_VALUES: set[ResolveBodyDecision] = {
    "draw",
    "reroll",
}


def check_resolve_body_decision(value: str) -> ResolveBodyDecision:
    if value in RESOLVE_BODY_DECISION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RESOLVE_BODY_DECISION_VALUES!r}")

from typing import Literal

RollPartRuleset = Literal["3d6", "d20", "matrix"]

ROLL_PART_RULESET_VALUES: set[RollPartRuleset] = {
    "3d6",
    "d20",
    "matrix",
}


def check_roll_part_ruleset(value: str) -> RollPartRuleset:
    if value in ROLL_PART_RULESET_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_PART_RULESET_VALUES!r}")

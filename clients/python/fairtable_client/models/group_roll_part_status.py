from typing import Literal

GroupRollPartStatus = Literal["failed", "pending", "succeeded"]

GROUP_ROLL_PART_STATUS_VALUES: set[GroupRollPartStatus] = {
    "failed",
    "pending",
    "succeeded",
}


def check_group_roll_part_status(value: str) -> GroupRollPartStatus:
    if value in GROUP_ROLL_PART_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GROUP_ROLL_PART_STATUS_VALUES!r}")

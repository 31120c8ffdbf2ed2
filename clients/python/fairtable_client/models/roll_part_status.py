from typing import Literal

RollPartStatus = Literal["final", "pending"]

ROLL_PART_STATUS_VALUES: set[RollPartStatus] = {
    "final",
    "pending",
}


def check_roll_part_status(value: str) -> RollPartStatus:
    if value in ROLL_PART_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_PART_STATUS_VALUES!r}")

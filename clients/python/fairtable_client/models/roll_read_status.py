from typing import Literal

RollReadStatus = Literal["final", "hidden", "pending"]

ROLL_READ_STATUS_VALUES: set[RollReadStatus] = {
    "final",
    "hidden",
    "pending",
}


def check_roll_read_status(value: str) -> RollReadStatus:
    if value in ROLL_READ_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_READ_STATUS_VALUES!r}")

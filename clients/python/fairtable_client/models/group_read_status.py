from typing import Literal

GroupReadStatus = Literal["failed", "pending", "succeeded"]

GROUP_READ_STATUS_VALUES: set[GroupReadStatus] = {
    "failed",
    "pending",
    "succeeded",
}


def check_group_read_status(value: str) -> GroupReadStatus:
    if value in GROUP_READ_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GROUP_READ_STATUS_VALUES!r}")

from typing import Literal

TargetReadStatus = Literal["cancelled", "expired", "rolled", "waiting"]

TARGET_READ_STATUS_VALUES: set[TargetReadStatus] = {
    "cancelled",
    "expired",
    "rolled",
    "waiting",
}


def check_target_read_status(value: str) -> TargetReadStatus:
    if value in TARGET_READ_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TARGET_READ_STATUS_VALUES!r}")

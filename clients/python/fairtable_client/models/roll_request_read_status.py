from typing import Literal

RollRequestReadStatus = Literal["answered", "cancelled", "expired", "open"]

ROLL_REQUEST_READ_STATUS_VALUES: set[RollRequestReadStatus] = {
    "answered",
    "cancelled",
    "expired",
    "open",
}


def check_roll_request_read_status(value: str) -> RollRequestReadStatus:
    if value in ROLL_REQUEST_READ_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_REQUEST_READ_STATUS_VALUES!r}")

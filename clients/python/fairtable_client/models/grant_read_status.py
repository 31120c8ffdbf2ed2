from typing import Literal

GrantReadStatus = Literal["open", "used"]

GRANT_READ_STATUS_VALUES: set[GrantReadStatus] = {
    "open",
    "used",
}


def check_grant_read_status(value: str) -> GrantReadStatus:
    if value in GRANT_READ_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GRANT_READ_STATUS_VALUES!r}")

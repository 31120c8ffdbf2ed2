from typing import Literal

ContestReadStatus = Literal["drawn", "running", "tie", "won"]

CONTEST_READ_STATUS_VALUES: set[ContestReadStatus] = {
    "drawn",
    "running",
    "tie",
    "won",
}


def check_contest_read_status(value: str) -> ContestReadStatus:
    if value in CONTEST_READ_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTEST_READ_STATUS_VALUES!r}")

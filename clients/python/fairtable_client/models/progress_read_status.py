from typing import Literal

ProgressReadStatus = Literal["completed", "failed", "running"]

PROGRESS_READ_STATUS_VALUES: set[ProgressReadStatus] = {
    "completed",
    "failed",
    "running",
}


def check_progress_read_status(value: str) -> ProgressReadStatus:
    if value in PROGRESS_READ_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROGRESS_READ_STATUS_VALUES!r}")

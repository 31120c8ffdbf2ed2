from typing import Literal

TaskReadStatus = Literal["completed", "failed", "running"]

TASK_READ_STATUS_VALUES: set[TaskReadStatus] = {
    "completed",
    "failed",
    "running",
}


def check_task_read_status(value: str) -> TaskReadStatus:
    if value in TASK_READ_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_READ_STATUS_VALUES!r}")

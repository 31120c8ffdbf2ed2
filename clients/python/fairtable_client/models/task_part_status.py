from typing import Literal

TaskPartStatus = Literal["completed", "failed", "running"]

TASK_PART_STATUS_VALUES: set[TaskPartStatus] = {
    "completed",
    "failed",
    "running",
}


def check_task_part_status(value: str) -> TaskPartStatus:
    if value in TASK_PART_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_PART_STATUS_VALUES!r}")

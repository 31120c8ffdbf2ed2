from typing import Literal

TaskReadMode = Literal["relay", "together"]

TASK_READ_MODE_VALUES: set[TaskReadMode] = {
    "relay",
    "together",
}


def check_task_read_mode(value: str) -> TaskReadMode:
    if value in TASK_READ_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_READ_MODE_VALUES!r}")

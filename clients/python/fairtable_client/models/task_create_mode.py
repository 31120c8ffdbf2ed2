from typing import Literal

TaskCreateMode = Literal["relay", "together"]

TASK_CREATE_MODE_VALUES: set[TaskCreateMode] = {
    "relay",
    "together",
}


def check_task_create_mode(value: str) -> TaskCreateMode:
    if value in TASK_CREATE_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASK_CREATE_MODE_VALUES!r}")

from typing import Literal

TasksListStatusType0 = Literal["completed", "failed", "running"]

TASKS_LIST_STATUS_TYPE_0_VALUES: set[TasksListStatusType0] = {
    "completed",
    "failed",
    "running",
}


def check_tasks_list_status_type_0(value: str) -> TasksListStatusType0:
    if value in TASKS_LIST_STATUS_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TASKS_LIST_STATUS_TYPE_0_VALUES!r}")

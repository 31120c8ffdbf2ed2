from typing import Literal

GroupEventType = Literal["group.rolled", "group.updated"]

GROUP_EVENT_TYPE_VALUES: set[GroupEventType] = {
    "group.rolled",
    "group.updated",
}


def check_group_event_type(value: str) -> GroupEventType:
    if value in GROUP_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GROUP_EVENT_TYPE_VALUES!r}")

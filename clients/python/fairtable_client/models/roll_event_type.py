from typing import Literal

RollEventType = Literal["roll.created", "roll.updated"]

ROLL_EVENT_TYPE_VALUES: set[RollEventType] = {
    "roll.created",
    "roll.updated",
}


def check_roll_event_type(value: str) -> RollEventType:
    if value in ROLL_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_EVENT_TYPE_VALUES!r}")

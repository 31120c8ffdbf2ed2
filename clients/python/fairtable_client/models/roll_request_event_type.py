from typing import Literal

RollRequestEventType = Literal[
    "roll_request.answered", "roll_request.cancelled", "roll_request.created", "roll_request.expired"
]

ROLL_REQUEST_EVENT_TYPE_VALUES: set[RollRequestEventType] = {
    "roll_request.answered",
    "roll_request.cancelled",
    "roll_request.created",
    "roll_request.expired",
}


def check_roll_request_event_type(value: str) -> RollRequestEventType:
    if value in ROLL_REQUEST_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_REQUEST_EVENT_TYPE_VALUES!r}")

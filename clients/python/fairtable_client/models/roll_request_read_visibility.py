from typing import Literal

RollRequestReadVisibility = Literal["blind", "public", "storyteller"]

ROLL_REQUEST_READ_VISIBILITY_VALUES: set[RollRequestReadVisibility] = {
    "blind",
    "public",
    "storyteller",
}


def check_roll_request_read_visibility(value: str) -> RollRequestReadVisibility:
    if value in ROLL_REQUEST_READ_VISIBILITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_REQUEST_READ_VISIBILITY_VALUES!r}")

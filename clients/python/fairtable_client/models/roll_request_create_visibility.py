from typing import Literal

RollRequestCreateVisibility = Literal["blind", "public", "storyteller"]

ROLL_REQUEST_CREATE_VISIBILITY_VALUES: set[RollRequestCreateVisibility] = {
    "blind",
    "public",
    "storyteller",
}


def check_roll_request_create_visibility(value: str) -> RollRequestCreateVisibility:
    if value in ROLL_REQUEST_CREATE_VISIBILITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_REQUEST_CREATE_VISIBILITY_VALUES!r}")

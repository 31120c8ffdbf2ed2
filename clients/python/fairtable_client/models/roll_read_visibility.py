from typing import Literal

RollReadVisibility = Literal["blind", "private", "public", "storyteller"]

ROLL_READ_VISIBILITY_VALUES: set[RollReadVisibility] = {
    "blind",
    "private",
    "public",
    "storyteller",
}


def check_roll_read_visibility(value: str) -> RollReadVisibility:
    if value in ROLL_READ_VISIBILITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_READ_VISIBILITY_VALUES!r}")

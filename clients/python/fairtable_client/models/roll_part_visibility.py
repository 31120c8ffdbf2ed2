from typing import Literal

RollPartVisibility = Literal["blind", "private", "public", "sealed", "storyteller", "whisper"]

ROLL_PART_VISIBILITY_VALUES: set[RollPartVisibility] = {
    "blind",
    "private",
    "public",
    "sealed",
    "storyteller",
    "whisper",
}


def check_roll_part_visibility(value: str) -> RollPartVisibility:
    if value in ROLL_PART_VISIBILITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_PART_VISIBILITY_VALUES!r}")

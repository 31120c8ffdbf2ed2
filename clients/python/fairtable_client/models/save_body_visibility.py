from typing import Literal

SaveBodyVisibility = Literal["blind", "private", "public", "storyteller"]

SAVE_BODY_VISIBILITY_VALUES: set[SaveBodyVisibility] = {
    "blind",
    "private",
    "public",
    "storyteller",
}


def check_save_body_visibility(value: str) -> SaveBodyVisibility:
    if value in SAVE_BODY_VISIBILITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SAVE_BODY_VISIBILITY_VALUES!r}")

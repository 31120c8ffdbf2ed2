from typing import Literal

EventPartVisibility = Literal["blind", "private", "public", "sealed", "storyteller", "whisper"]

EVENT_PART_VISIBILITY_VALUES: set[EventPartVisibility] = {
    "blind",
    "private",
    "public",
    "sealed",
    "storyteller",
    "whisper",
}


def check_event_part_visibility(value: str) -> EventPartVisibility:
    if value in EVENT_PART_VISIBILITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_PART_VISIBILITY_VALUES!r}")

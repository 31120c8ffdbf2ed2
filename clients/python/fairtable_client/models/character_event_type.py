from typing import Literal

CharacterEventType = Literal["character.created", "character.updated"]

CHARACTER_EVENT_TYPE_VALUES: set[CharacterEventType] = {
    "character.created",
    "character.updated",
}


def check_character_event_type(value: str) -> CharacterEventType:
    if value in CHARACTER_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHARACTER_EVENT_TYPE_VALUES!r}")

from typing import Literal

Roll3D6RerollSource = Literal["gift", "item", "storyteller"]

ROLL_3D6_REROLL_SOURCE_VALUES: set[Roll3D6RerollSource] = {
    "gift",
    "item",
    "storyteller",
}


def check_roll_3d6_reroll_source(value: str) -> Roll3D6RerollSource:
    if value in ROLL_3D6_REROLL_SOURCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_3D6_REROLL_SOURCE_VALUES!r}")

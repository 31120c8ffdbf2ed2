from typing import Literal

RollReadKind = Literal["damage", "formula", "save", "test"]

ROLL_READ_KIND_VALUES: set[RollReadKind] = {
    "damage",
    "formula",
    "save",
    "test",
}


def check_roll_read_kind(value: str) -> RollReadKind:
    if value in ROLL_READ_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_READ_KIND_VALUES!r}")

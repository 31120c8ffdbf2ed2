from typing import Literal

RollsListKindType0 = Literal["damage", "formula", "save", "test"]

ROLLS_LIST_KIND_TYPE_0_VALUES: set[RollsListKindType0] = {
    "damage",
    "formula",
    "save",
    "test",
}


def check_rolls_list_kind_type_0(value: str) -> RollsListKindType0:
    if value in ROLLS_LIST_KIND_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLLS_LIST_KIND_TYPE_0_VALUES!r}")

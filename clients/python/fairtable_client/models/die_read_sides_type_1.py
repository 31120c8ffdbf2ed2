from typing import Literal

DieReadSidesType1 = Literal["%", "F"]

DIE_READ_SIDES_TYPE_1_VALUES: set[DieReadSidesType1] = {
    "%",
    "F",
}


def check_die_read_sides_type_1(value: str) -> DieReadSidesType1:
    if value in DIE_READ_SIDES_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DIE_READ_SIDES_TYPE_1_VALUES!r}")

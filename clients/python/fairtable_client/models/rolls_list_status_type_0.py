from typing import Literal

RollsListStatusType0 = Literal["final", "pending"]

ROLLS_LIST_STATUS_TYPE_0_VALUES: set[RollsListStatusType0] = {
    "final",
    "pending",
}


def check_rolls_list_status_type_0(value: str) -> RollsListStatusType0:
    if value in ROLLS_LIST_STATUS_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLLS_LIST_STATUS_TYPE_0_VALUES!r}")

from typing import Literal

ContestsListStatusType0 = Literal["drawn", "running", "tie", "won"]

CONTESTS_LIST_STATUS_TYPE_0_VALUES: set[ContestsListStatusType0] = {
    "drawn",
    "running",
    "tie",
    "won",
}


def check_contests_list_status_type_0(value: str) -> ContestsListStatusType0:
    if value in CONTESTS_LIST_STATUS_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTESTS_LIST_STATUS_TYPE_0_VALUES!r}")

from typing import Literal

ContestPartStatus = Literal["drawn", "running", "tie", "won"]

CONTEST_PART_STATUS_VALUES: set[ContestPartStatus] = {
    "drawn",
    "running",
    "tie",
    "won",
}


def check_contest_part_status(value: str) -> ContestPartStatus:
    if value in CONTEST_PART_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTEST_PART_STATUS_VALUES!r}")

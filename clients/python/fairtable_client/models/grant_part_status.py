from typing import Literal

GrantPartStatus = Literal["open", "used"]

GRANT_PART_STATUS_VALUES: set[GrantPartStatus] = {
    "open",
    "used",
}


def check_grant_part_status(value: str) -> GrantPartStatus:
    if value in GRANT_PART_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GRANT_PART_STATUS_VALUES!r}")

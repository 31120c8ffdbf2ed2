from typing import Literal

RollRequestsListStatusType0 = Literal["answered", "cancelled", "expired", "open"]

ROLL_REQUESTS_LIST_STATUS_TYPE_0_VALUES: set[RollRequestsListStatusType0] = {
    "answered",
    "cancelled",
    "expired",
    "open",
}


def check_roll_requests_list_status_type_0(value: str) -> RollRequestsListStatusType0:
    if value in ROLL_REQUESTS_LIST_STATUS_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_REQUESTS_LIST_STATUS_TYPE_0_VALUES!r}")

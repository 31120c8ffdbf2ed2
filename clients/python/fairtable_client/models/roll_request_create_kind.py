from typing import Literal

RollRequestCreateKind = Literal["save", "test"]

ROLL_REQUEST_CREATE_KIND_VALUES: set[RollRequestCreateKind] = {
    "save",
    "test",
}


def check_roll_request_create_kind(value: str) -> RollRequestCreateKind:
    if value in ROLL_REQUEST_CREATE_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_REQUEST_CREATE_KIND_VALUES!r}")

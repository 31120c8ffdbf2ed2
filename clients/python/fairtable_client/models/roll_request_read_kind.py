from typing import Literal

RollRequestReadKind = Literal["save", "test"]

ROLL_REQUEST_READ_KIND_VALUES: set[RollRequestReadKind] = {
    "save",
    "test",
}


def check_roll_request_read_kind(value: str) -> RollRequestReadKind:
    if value in ROLL_REQUEST_READ_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_REQUEST_READ_KIND_VALUES!r}")

from typing import Literal

ContestReadWinnerType0 = Literal["a", "b"]

CONTEST_READ_WINNER_TYPE_0_VALUES: set[ContestReadWinnerType0] = {
    "a",
    "b",
}


def check_contest_read_winner_type_0(value: str) -> ContestReadWinnerType0:
    if value in CONTEST_READ_WINNER_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTEST_READ_WINNER_TYPE_0_VALUES!r}")

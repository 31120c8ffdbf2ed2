from typing import Literal

ContestRoundReadWinnerType0 = Literal["a", "b"]

CONTEST_ROUND_READ_WINNER_TYPE_0_VALUES: set[ContestRoundReadWinnerType0] = {
    "a",
    "b",
}


def check_contest_round_read_winner_type_0(value: str) -> ContestRoundReadWinnerType0:
    if value in CONTEST_ROUND_READ_WINNER_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONTEST_ROUND_READ_WINNER_TYPE_0_VALUES!r}")

from typing import Literal

RollsStatsBy = Literal["character", "user"]

ROLLS_STATS_BY_VALUES: set[RollsStatsBy] = {
    "character",
    "user",
}


def check_rolls_stats_by(value: str) -> RollsStatsBy:
    if value in ROLLS_STATS_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLLS_STATS_BY_VALUES!r}")

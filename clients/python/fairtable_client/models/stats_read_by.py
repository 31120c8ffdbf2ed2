from typing import Literal

StatsReadBy = Literal["character", "user"]

STATS_READ_BY_VALUES: set[StatsReadBy] = {
    "character",
    "user",
}


def check_stats_read_by(value: str) -> StatsReadBy:
    if value in STATS_READ_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {STATS_READ_BY_VALUES!r}")

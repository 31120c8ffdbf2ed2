from typing import Literal

RerollCiteSource = Literal["gift", "item", "storyteller"]

REROLL_CITE_SOURCE_VALUES: set[RerollCiteSource] = {
    "gift",
    "item",
    "storyteller",
}


def check_reroll_cite_source(value: str) -> RerollCiteSource:
    if value in REROLL_CITE_SOURCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REROLL_CITE_SOURCE_VALUES!r}")

from typing import Literal

D20SaveResultMode = Literal["advantage", "disadvantage", "normal"]

D20_SAVE_RESULT_MODE_VALUES: set[D20SaveResultMode] = {
    "advantage",
    "disadvantage",
    "normal",
}


def check_d20_save_result_mode(value: str) -> D20SaveResultMode:
    if value in D20_SAVE_RESULT_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {D20_SAVE_RESULT_MODE_VALUES!r}")

from typing import Literal

D20TestResultMode = Literal["advantage", "disadvantage", "normal"]

D20_TEST_RESULT_MODE_VALUES: set[D20TestResultMode] = {
    "advantage",
    "disadvantage",
    "normal",
}


def check_d20_test_result_mode(value: str) -> D20TestResultMode:
    if value in D20_TEST_RESULT_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {D20_TEST_RESULT_MODE_VALUES!r}")

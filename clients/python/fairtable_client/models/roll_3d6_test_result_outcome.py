from typing import Literal

Roll3D6TestResultOutcome = Literal["botch", "open", "partial", "success"]

ROLL_3D6_TEST_RESULT_OUTCOME_VALUES: set[Roll3D6TestResultOutcome] = {
    "botch",
    "open",
    "partial",
    "success",
}


def check_roll_3d6_test_result_outcome(value: str) -> Roll3D6TestResultOutcome:
    if value in ROLL_3D6_TEST_RESULT_OUTCOME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_3D6_TEST_RESULT_OUTCOME_VALUES!r}")

from typing import Literal

Roll3D6TestResultChoiceType0 = Literal["complication", "fail"]

ROLL_3D6_TEST_RESULT_CHOICE_TYPE_0_VALUES: set[Roll3D6TestResultChoiceType0] = {
    "complication",
    "fail",
}


def check_roll_3d6_test_result_choice_type_0(value: str) -> Roll3D6TestResultChoiceType0:
    if value in ROLL_3D6_TEST_RESULT_CHOICE_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROLL_3D6_TEST_RESULT_CHOICE_TYPE_0_VALUES!r}")

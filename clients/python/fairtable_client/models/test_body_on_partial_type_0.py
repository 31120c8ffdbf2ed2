from typing import Literal

TestBodyOnPartialType0 = Literal["complication", "fail"]

TEST_BODY_ON_PARTIAL_TYPE_0_VALUES: set[TestBodyOnPartialType0] = {
    "complication",
    "fail",
}


def check_test_body_on_partial_type_0(value: str) -> TestBodyOnPartialType0:
    if value in TEST_BODY_ON_PARTIAL_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TEST_BODY_ON_PARTIAL_TYPE_0_VALUES!r}")

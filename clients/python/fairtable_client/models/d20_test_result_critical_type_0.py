from typing import Literal

D20TestResultCriticalType0 = Literal["failure", "success"]

D20_TEST_RESULT_CRITICAL_TYPE_0_VALUES: set[D20TestResultCriticalType0] = {
    "failure",
    "success",
}


def check_d20_test_result_critical_type_0(value: str) -> D20TestResultCriticalType0:
    if value in D20_TEST_RESULT_CRITICAL_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {D20_TEST_RESULT_CRITICAL_TYPE_0_VALUES!r}")

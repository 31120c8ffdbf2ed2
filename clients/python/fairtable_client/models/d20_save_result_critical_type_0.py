from typing import Literal

D20SaveResultCriticalType0 = Literal["failure", "success"]

D20_SAVE_RESULT_CRITICAL_TYPE_0_VALUES: set[D20SaveResultCriticalType0] = {
    "failure",
    "success",
}


def check_d20_save_result_critical_type_0(value: str) -> D20SaveResultCriticalType0:
    if value in D20_SAVE_RESULT_CRITICAL_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {D20_SAVE_RESULT_CRITICAL_TYPE_0_VALUES!r}")

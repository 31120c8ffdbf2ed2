from typing import Literal

RequestAnswerOnPartialType0 = Literal["complication", "fail"]

REQUEST_ANSWER_ON_PARTIAL_TYPE_0_VALUES: set[RequestAnswerOnPartialType0] = {
    "complication",
    "fail",
}


def check_request_answer_on_partial_type_0(value: str) -> RequestAnswerOnPartialType0:
    if value in REQUEST_ANSWER_ON_PARTIAL_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REQUEST_ANSWER_ON_PARTIAL_TYPE_0_VALUES!r}")

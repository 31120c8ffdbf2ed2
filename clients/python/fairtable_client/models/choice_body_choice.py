from typing import Literal

ChoiceBodyChoice = Literal["complication", "fail"]

CHOICE_BODY_CHOICE_VALUES: set[ChoiceBodyChoice] = {
    "complication",
    "fail",
}


def check_choice_body_choice(value: str) -> ChoiceBodyChoice:
    if value in CHOICE_BODY_CHOICE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHOICE_BODY_CHOICE_VALUES!r}")

from typing import Literal

TestBodyVisibility = Literal["blind", "private", "public", "storyteller"]

TEST_BODY_VISIBILITY_VALUES: set[TestBodyVisibility] = {
    "blind",
    "private",
    "public",
    "storyteller",
}


def check_test_body_visibility(value: str) -> TestBodyVisibility:
    if value in TEST_BODY_VISIBILITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TEST_BODY_VISIBILITY_VALUES!r}")

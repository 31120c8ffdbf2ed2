from typing import Literal

FormulaBodyVisibility = Literal["blind", "private", "public", "storyteller"]

FORMULA_BODY_VISIBILITY_VALUES: set[FormulaBodyVisibility] = {
    "blind",
    "private",
    "public",
    "storyteller",
}


def check_formula_body_visibility(value: str) -> FormulaBodyVisibility:
    if value in FORMULA_BODY_VISIBILITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FORMULA_BODY_VISIBILITY_VALUES!r}")

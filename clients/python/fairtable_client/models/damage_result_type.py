from typing import Literal

DamageResultType = Literal["mental", "physical"]

DAMAGE_RESULT_TYPE_VALUES: set[DamageResultType] = {
    "mental",
    "physical",
}


def check_damage_result_type(value: str) -> DamageResultType:
    if value in DAMAGE_RESULT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DAMAGE_RESULT_TYPE_VALUES!r}")

from typing import Literal

DamageBodyType = Literal["mental", "physical"]

DAMAGE_BODY_TYPE_VALUES: set[DamageBodyType] = {
    "mental",
    "physical",
}


def check_damage_body_type(value: str) -> DamageBodyType:
    if value in DAMAGE_BODY_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DAMAGE_BODY_TYPE_VALUES!r}")

from typing import Literal

DeliveryReadOutcome = Literal["delivered", "refused", "rejected", "unreachable"]

DELIVERY_READ_OUTCOME_VALUES: set[DeliveryReadOutcome] = {
    "delivered",
    "refused",
    "rejected",
    "unreachable",
}


def check_delivery_read_outcome(value: str) -> DeliveryReadOutcome:
    if value in DELIVERY_READ_OUTCOME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DELIVERY_READ_OUTCOME_VALUES!r}")

from typing import Literal

GrantEventType = Literal["grant.created", "grant.used"]

GRANT_EVENT_TYPE_VALUES: set[GrantEventType] = {
    "grant.created",
    "grant.used",
}


def check_grant_event_type(value: str) -> GrantEventType:
    if value in GRANT_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GRANT_EVENT_TYPE_VALUES!r}")

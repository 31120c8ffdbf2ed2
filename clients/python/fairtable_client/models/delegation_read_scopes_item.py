from typing import Literal

DelegationReadScopesItem = Literal["read", "roll"]

DELEGATION_READ_SCOPES_ITEM_VALUES: set[DelegationReadScopesItem] = {
    "read",
    "roll",
}


def check_delegation_read_scopes_item(value: str) -> DelegationReadScopesItem:
    if value in DELEGATION_READ_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DELEGATION_READ_SCOPES_ITEM_VALUES!r}")

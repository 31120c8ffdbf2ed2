from typing import Literal

DelegationCreateScopesItem = Literal["read", "roll"]

DELEGATION_CREATE_SCOPES_ITEM_VALUES: set[DelegationCreateScopesItem] = {
    "read",
    "roll",
}


def check_delegation_create_scopes_item(value: str) -> DelegationCreateScopesItem:
    if value in DELEGATION_CREATE_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DELEGATION_CREATE_SCOPES_ITEM_VALUES!r}")

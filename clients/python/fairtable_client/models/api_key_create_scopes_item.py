from typing import Literal

ApiKeyCreateScopesItem = Literal["join", "manage", "read", "roll"]

API_KEY_CREATE_SCOPES_ITEM_VALUES: set[ApiKeyCreateScopesItem] = {
    "join",
    "manage",
    "read",
    "roll",
}


def check_api_key_create_scopes_item(value: str) -> ApiKeyCreateScopesItem:
    if value in API_KEY_CREATE_SCOPES_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {API_KEY_CREATE_SCOPES_ITEM_VALUES!r}")

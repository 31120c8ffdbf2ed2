from typing import Literal

InviteCreateRole = Literal["player", "spectator", "storyteller"]

INVITE_CREATE_ROLE_VALUES: set[InviteCreateRole] = {
    "player",
    "spectator",
    "storyteller",
}


def check_invite_create_role(value: str) -> InviteCreateRole:
    if value in INVITE_CREATE_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVITE_CREATE_ROLE_VALUES!r}")

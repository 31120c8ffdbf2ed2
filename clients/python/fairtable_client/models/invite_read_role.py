from typing import Literal

InviteReadRole = Literal["player", "spectator", "storyteller"]

INVITE_READ_ROLE_VALUES: set[InviteReadRole] = {
    "player",
    "spectator",
    "storyteller",
}


def check_invite_read_role(value: str) -> InviteReadRole:
    if value in INVITE_READ_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVITE_READ_ROLE_VALUES!r}")

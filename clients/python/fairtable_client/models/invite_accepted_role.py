from typing import Literal

InviteAcceptedRole = Literal["player", "spectator", "storyteller"]

INVITE_ACCEPTED_ROLE_VALUES: set[InviteAcceptedRole] = {
    "player",
    "spectator",
    "storyteller",
}


def check_invite_accepted_role(value: str) -> InviteAcceptedRole:
    if value in INVITE_ACCEPTED_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVITE_ACCEPTED_ROLE_VALUES!r}")

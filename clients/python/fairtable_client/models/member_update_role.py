from typing import Literal

MemberUpdateRole = Literal["player", "spectator", "storyteller"]

MEMBER_UPDATE_ROLE_VALUES: set[MemberUpdateRole] = {
    "player",
    "spectator",
    "storyteller",
}


def check_member_update_role(value: str) -> MemberUpdateRole:
    if value in MEMBER_UPDATE_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMBER_UPDATE_ROLE_VALUES!r}")

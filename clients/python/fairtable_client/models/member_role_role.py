from typing import Literal

MemberRoleRole = Literal["player", "spectator", "storyteller"]

MEMBER_ROLE_ROLE_VALUES: set[MemberRoleRole] = {
    "player",
    "spectator",
    "storyteller",
}


def check_member_role_role(value: str) -> MemberRoleRole:
    if value in MEMBER_ROLE_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMBER_ROLE_ROLE_VALUES!r}")

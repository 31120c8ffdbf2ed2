from typing import Literal

MemberReadRole = Literal["player", "spectator", "storyteller"]

MEMBER_READ_ROLE_VALUES: set[MemberReadRole] = {
    "player",
    "spectator",
    "storyteller",
}


def check_member_read_role(value: str) -> MemberReadRole:
    if value in MEMBER_READ_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMBER_READ_ROLE_VALUES!r}")

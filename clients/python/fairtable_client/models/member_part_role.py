from typing import Literal

MemberPartRole = Literal["player", "spectator", "storyteller"]

MEMBER_PART_ROLE_VALUES: set[MemberPartRole] = {
    "player",
    "spectator",
    "storyteller",
}


def check_member_part_role(value: str) -> MemberPartRole:
    if value in MEMBER_PART_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMBER_PART_ROLE_VALUES!r}")

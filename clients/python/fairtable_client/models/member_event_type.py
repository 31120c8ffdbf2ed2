from typing import Literal

MemberEventType = Literal["member.joined", "member.updated"]

MEMBER_EVENT_TYPE_VALUES: set[MemberEventType] = {
    "member.joined",
    "member.updated",
}


def check_member_event_type(value: str) -> MemberEventType:
    if value in MEMBER_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMBER_EVENT_TYPE_VALUES!r}")

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.member_part_role import MemberPartRole, check_member_part_role

T = TypeVar("T", bound="MemberPart")


@_attrs_define
class MemberPart:
    """
    Attributes:
        user_id (str):
        username (str):
        display_name (str):
        role (MemberPartRole):
        joined_at (datetime.datetime):
    """

    user_id: str
    username: str
    display_name: str
    role: MemberPartRole
    joined_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        username = self.username

        display_name = self.display_name

        role: str = self.role

        joined_at = self.joined_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user_id": user_id,
                "username": username,
                "display_name": display_name,
                "role": role,
                "joined_at": joined_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        username = d.pop("username")

        display_name = d.pop("display_name")

        role = check_member_part_role(d.pop("role"))

        joined_at = datetime.datetime.fromisoformat(d.pop("joined_at"))

        member_part = cls(
            user_id=user_id,
            username=username,
            display_name=display_name,
            role=role,
            joined_at=joined_at,
        )

        return member_part

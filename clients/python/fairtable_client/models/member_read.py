from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.member_read_role import MemberReadRole, check_member_read_role
from ..types import UNSET, Unset

T = TypeVar("T", bound="MemberRead")


@_attrs_define
class MemberRead:
    """
    Attributes:
        user_id (str):
        display_name (str):
        role (MemberReadRole):
        online (bool | Unset):  Default: False.
    """

    user_id: str
    display_name: str
    role: MemberReadRole
    online: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        display_name = self.display_name

        role: str = self.role

        online = self.online

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "user_id": user_id,
                "display_name": display_name,
                "role": role,
            }
        )
        if online is not UNSET:
            field_dict["online"] = online

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        display_name = d.pop("display_name")

        role = check_member_read_role(d.pop("role"))

        online = d.pop("online", UNSET)

        member_read = cls(
            user_id=user_id,
            display_name=display_name,
            role=role,
            online=online,
        )

        member_read.additional_properties = d
        return member_read

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invite_read_role import InviteReadRole, check_invite_read_role

T = TypeVar("T", bound="InviteRead")


@_attrs_define
class InviteRead:
    """
    Attributes:
        code (str):
        role (InviteReadRole):
        expires_at (datetime.datetime):
    """

    code: str
    role: InviteReadRole
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        role: str = self.role

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "role": role,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        role = check_invite_read_role(d.pop("role"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        invite_read = cls(
            code=code,
            role=role,
            expires_at=expires_at,
        )

        invite_read.additional_properties = d
        return invite_read

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

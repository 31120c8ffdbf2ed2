from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.invite_create_role import InviteCreateRole, check_invite_create_role
from ..types import UNSET, Unset

T = TypeVar("T", bound="InviteCreate")


@_attrs_define
class InviteCreate:
    """
    Attributes:
        role (InviteCreateRole | Unset):  Default: 'player'.
        expires_in (int | None | Unset): Seconds; default 7 days.
    """

    role: InviteCreateRole | Unset = "player"
    expires_in: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role

        expires_in: int | None | Unset
        if isinstance(self.expires_in, Unset):
            expires_in = UNSET
        else:
            expires_in = self.expires_in

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if role is not UNSET:
            field_dict["role"] = role
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _role = d.pop("role", UNSET)
        role: InviteCreateRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_invite_create_role(_role)

        def _parse_expires_in(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in = _parse_expires_in(d.pop("expires_in", UNSET))

        invite_create = cls(
            role=role,
            expires_in=expires_in,
        )

        return invite_create

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GroupMemberRead")


@_attrs_define
class GroupMemberRead:
    """
    Attributes:
        character_id (str):
        roll_id (str):
        successes (int): So far, while the roll is pending.
        success (bool | None): null while the member's roll is pending.
    """

    character_id: str
    roll_id: str
    successes: int
    success: bool | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        character_id = self.character_id

        roll_id = self.roll_id

        successes = self.successes

        success: bool | None
        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "character_id": character_id,
                "roll_id": roll_id,
                "successes": successes,
                "success": success,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        character_id = d.pop("character_id")

        roll_id = d.pop("roll_id")

        successes = d.pop("successes")

        def _parse_success(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        success = _parse_success(d.pop("success"))

        group_member_read = cls(
            character_id=character_id,
            roll_id=roll_id,
            successes=successes,
            success=success,
        )

        group_member_read.additional_properties = d
        return group_member_read

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

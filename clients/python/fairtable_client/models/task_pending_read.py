from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TaskPendingRead")


@_attrs_define
class TaskPendingRead:
    """A roll whose rerolls its player has yet to spend or decline: it counts once final,
    and the task takes no other roll meanwhile.

        Attributes:
            roll_id (str):
            character_id (str):
            quality (str):
            period (int):
    """

    roll_id: str
    character_id: str
    quality: str
    period: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        roll_id = self.roll_id

        character_id = self.character_id

        quality = self.quality

        period = self.period

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "roll_id": roll_id,
                "character_id": character_id,
                "quality": quality,
                "period": period,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        roll_id = d.pop("roll_id")

        character_id = d.pop("character_id")

        quality = d.pop("quality")

        period = d.pop("period")

        task_pending_read = cls(
            roll_id=roll_id,
            character_id=character_id,
            quality=quality,
            period=period,
        )

        task_pending_read.additional_properties = d
        return task_pending_read

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

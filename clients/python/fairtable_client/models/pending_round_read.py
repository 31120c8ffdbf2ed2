from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PendingRoundRead")


@_attrs_define
class PendingRoundRead:
    """A round whose rolls still hold rerolls: it counts once both rolls are final.

    Attributes:
        number (int):
        roll_a (str):
        roll_b (str):
    """

    number: int
    roll_a: str
    roll_b: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        roll_a = self.roll_a

        roll_b = self.roll_b

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "roll_a": roll_a,
                "roll_b": roll_b,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        roll_a = d.pop("roll_a")

        roll_b = d.pop("roll_b")

        pending_round_read = cls(
            number=number,
            roll_a=roll_a,
            roll_b=roll_b,
        )

        pending_round_read.additional_properties = d
        return pending_round_read

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

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.d20_abilities import D20Abilities


T = TypeVar("T", bound="SheetD20")


@_attrs_define
class SheetD20:
    """A d20 sheet: six abilities, 1..30, and the conditions the character suffers.

    Attributes:
        abilities (D20Abilities):
        conditions (list[str] | Unset): Only a storyteller changes them.
    """

    abilities: D20Abilities
    conditions: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        abilities = self.abilities.to_dict()

        conditions: list[str] | Unset = UNSET
        if not isinstance(self.conditions, Unset):
            conditions = self.conditions

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "abilities": abilities,
            }
        )
        if conditions is not UNSET:
            field_dict["conditions"] = conditions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.d20_abilities import D20Abilities  # noqa: PLC0415

        d = dict(src_dict)
        abilities = D20Abilities.from_dict(d.pop("abilities"))

        conditions = cast(list[str], d.pop("conditions", UNSET))

        sheet_d20 = cls(
            abilities=abilities,
            conditions=conditions,
        )

        sheet_d20.additional_properties = d
        return sheet_d20

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

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sheet_3d6_qualities import Sheet3D6Qualities


T = TypeVar("T", bound="Sheet3D6")


@_attrs_define
class Sheet3D6:
    """A 3d6 sheet: qualities scored 0..6, and the items and gifts that grant rerolls.

    Attributes:
        qualities (Sheet3D6Qualities): 1..32 qualities, each 0..6, by name.
        items (list[str] | Unset): Each cites one reroll per roll.
        gifts (list[str] | Unset): Each cites one reroll per roll.
    """

    qualities: Sheet3D6Qualities
    items: list[str] | Unset = UNSET
    gifts: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        qualities = self.qualities.to_dict()

        items: list[str] | Unset = UNSET
        if not isinstance(self.items, Unset):
            items = self.items

        gifts: list[str] | Unset = UNSET
        if not isinstance(self.gifts, Unset):
            gifts = self.gifts

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "qualities": qualities,
            }
        )
        if items is not UNSET:
            field_dict["items"] = items
        if gifts is not UNSET:
            field_dict["gifts"] = gifts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sheet_3d6_qualities import Sheet3D6Qualities  # noqa: PLC0415

        d = dict(src_dict)
        qualities = Sheet3D6Qualities.from_dict(d.pop("qualities"))

        items = cast(list[str], d.pop("items", UNSET))

        gifts = cast(list[str], d.pop("gifts", UNSET))

        sheet_3d6 = cls(
            qualities=qualities,
            items=items,
            gifts=gifts,
        )

        sheet_3d6.additional_properties = d
        return sheet_3d6

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

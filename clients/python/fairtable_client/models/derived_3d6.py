from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Derived3D6")


@_attrs_define
class Derived3D6:
    """What a 3d6 sheet implies.

    Attributes:
        qualities (list[str]): The quality names, sorted.
        reroll_sources (int): Items and gifts together.
    """

    qualities: list[str]
    reroll_sources: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        qualities = self.qualities

        reroll_sources = self.reroll_sources

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "qualities": qualities,
                "reroll_sources": reroll_sources,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        qualities = cast(list[str], d.pop("qualities"))

        reroll_sources = d.pop("reroll_sources")

        derived_3d6 = cls(
            qualities=qualities,
            reroll_sources=reroll_sources,
        )

        derived_3d6.additional_properties = d
        return derived_3d6

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

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.d20_abilities import D20Abilities


T = TypeVar("T", bound="DerivedD20")


@_attrs_define
class DerivedD20:
    """What a d20 sheet implies: each ability's modifier.

    Attributes:
        modifiers (D20Abilities):
    """

    modifiers: D20Abilities
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        modifiers = self.modifiers.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "modifiers": modifiers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.d20_abilities import D20Abilities  # noqa: PLC0415

        d = dict(src_dict)
        modifiers = D20Abilities.from_dict(d.pop("modifiers"))

        derived_d20 = cls(
            modifiers=modifiers,
        )

        derived_d20.additional_properties = d
        return derived_d20

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="MatrixCounters")


@_attrs_define
class MatrixCounters:
    """
    Attributes:
        fatigue (int | Unset):
        mortality (int | Unset):
        madness (int | Unset):
    """

    fatigue: int | Unset = UNSET
    mortality: int | Unset = UNSET
    madness: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        fatigue = self.fatigue

        mortality = self.mortality

        madness = self.madness

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if fatigue is not UNSET:
            field_dict["fatigue"] = fatigue
        if mortality is not UNSET:
            field_dict["mortality"] = mortality
        if madness is not UNSET:
            field_dict["madness"] = madness

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fatigue = d.pop("fatigue", UNSET)

        mortality = d.pop("mortality", UNSET)

        madness = d.pop("madness", UNSET)

        matrix_counters = cls(
            fatigue=fatigue,
            mortality=mortality,
            madness=madness,
        )

        matrix_counters.additional_properties = d
        return matrix_counters

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

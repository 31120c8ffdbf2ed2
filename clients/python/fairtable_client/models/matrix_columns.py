from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MatrixColumns")


@_attrs_define
class MatrixColumns:
    """
    Attributes:
        power (int):
        resistance (int):
        maneuver (int):
        precision (int):
    """

    power: int
    resistance: int
    maneuver: int
    precision: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        power = self.power

        resistance = self.resistance

        maneuver = self.maneuver

        precision = self.precision

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "power": power,
                "resistance": resistance,
                "maneuver": maneuver,
                "precision": precision,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        power = d.pop("power")

        resistance = d.pop("resistance")

        maneuver = d.pop("maneuver")

        precision = d.pop("precision")

        matrix_columns = cls(
            power=power,
            resistance=resistance,
            maneuver=maneuver,
            precision=precision,
        )

        matrix_columns.additional_properties = d
        return matrix_columns

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

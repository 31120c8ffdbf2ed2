from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="FaceHistogram")


@_attrs_define
class FaceHistogram:
    """
    Attributes:
        sides (int):
        counts (list[int]): How often each face 1..sides fell.
        chi_square (float): Pearson's statistic against a fair die.
        p_value (float): P(χ² ≥ chi_square) with sides − 1 degrees of freedom.
    """

    sides: int
    counts: list[int]
    chi_square: float
    p_value: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sides = self.sides

        counts = self.counts

        chi_square = self.chi_square

        p_value = self.p_value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sides": sides,
                "counts": counts,
                "chi_square": chi_square,
                "p_value": p_value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sides = d.pop("sides")

        counts = cast(list[int], d.pop("counts"))

        chi_square = d.pop("chi_square")

        p_value = d.pop("p_value")

        face_histogram = cls(
            sides=sides,
            counts=counts,
            chi_square=chi_square,
            p_value=p_value,
        )

        face_histogram.additional_properties = d
        return face_histogram

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

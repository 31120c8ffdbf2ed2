from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Totals")


@_attrs_define
class Totals:
    """
    Attributes:
        observed (float): What the dice gave: successes, or totals.
        expected (float): What the stored odds expected, summed over the rolls.
        variance (float): The variance of that sum (the rolls are independent).
        z (float): (observed − expected) / √variance; 0 without variance.
        percentile (float): 100·Φ(z): how many tables would have done worse.
        rolls (int): Formula and damage rolls whose odds hold every total.
    """

    observed: float
    expected: float
    variance: float
    z: float
    percentile: float
    rolls: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        observed = self.observed

        expected = self.expected

        variance = self.variance

        z = self.z

        percentile = self.percentile

        rolls = self.rolls

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "observed": observed,
                "expected": expected,
                "variance": variance,
                "z": z,
                "percentile": percentile,
                "rolls": rolls,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        observed = d.pop("observed")

        expected = d.pop("expected")

        variance = d.pop("variance")

        z = d.pop("z")

        percentile = d.pop("percentile")

        rolls = d.pop("rolls")

        totals = cls(
            observed=observed,
            expected=expected,
            variance=variance,
            z=z,
            percentile=percentile,
            rolls=rolls,
        )

        totals.additional_properties = d
        return totals

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

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.damage_result_type import DamageResultType, check_damage_result_type

if TYPE_CHECKING:
    from ..models.counters import Counters


T = TypeVar("T", bound="DamageResult")


@_attrs_define
class DamageResult:
    """`result` of a matrix hit (`ruleset: "matrix"`, `kind: "damage"`): the points dealt
    and the counters after it (docs/damage-and-conditions.md).

        Attributes:
            type_ (DamageResultType):
            formula (str):
            mortality (int):
            fatigue (int):
            madness (int):
            fatigue_only (bool):
            counters (Counters):
    """

    type_: DamageResultType
    formula: str
    mortality: int
    fatigue: int
    madness: int
    fatigue_only: bool
    counters: Counters
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        formula = self.formula

        mortality = self.mortality

        fatigue = self.fatigue

        madness = self.madness

        fatigue_only = self.fatigue_only

        counters = self.counters.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "formula": formula,
                "mortality": mortality,
                "fatigue": fatigue,
                "madness": madness,
                "fatigue_only": fatigue_only,
                "counters": counters,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.counters import Counters  # noqa: PLC0415

        d = dict(src_dict)
        type_ = check_damage_result_type(d.pop("type"))

        formula = d.pop("formula")

        mortality = d.pop("mortality")

        fatigue = d.pop("fatigue")

        madness = d.pop("madness")

        fatigue_only = d.pop("fatigue_only")

        counters = Counters.from_dict(d.pop("counters"))

        damage_result = cls(
            type_=type_,
            formula=formula,
            mortality=mortality,
            fatigue=fatigue,
            madness=madness,
            fatigue_only=fatigue_only,
            counters=counters,
        )

        damage_result.additional_properties = d
        return damage_result

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.damage_body_type import DamageBodyType, check_damage_body_type

T = TypeVar("T", bound="DamageBody")


@_attrs_define
class DamageBody:
    """A hit: ``physical`` is written ``M+F`` (mortality M, fatigue M+F), ``mental`` is one
    term that goes to madness. Terms are ``NdS`` or a constant.

        Attributes:
            type_ (DamageBodyType):
            formula (str):
    """

    type_: DamageBodyType
    formula: str

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        formula = self.formula

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "formula": formula,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_damage_body_type(d.pop("type"))

        formula = d.pop("formula")

        damage_body = cls(
            type_=type_,
            formula=formula,
        )

        return damage_body

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="D20Abilities")


@_attrs_define
class D20Abilities:
    """
    Attributes:
        str_ (int):
        dex (int):
        con (int):
        wis (int):
        cha (int):
        int_ (int):
    """

    str_: int
    dex: int
    con: int
    wis: int
    cha: int
    int_: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        str_ = self.str_

        dex = self.dex

        con = self.con

        wis = self.wis

        cha = self.cha

        int_ = self.int_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "str": str_,
                "dex": dex,
                "con": con,
                "wis": wis,
                "cha": cha,
                "int": int_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        str_ = d.pop("str")

        dex = d.pop("dex")

        con = d.pop("con")

        wis = d.pop("wis")

        cha = d.pop("cha")

        int_ = d.pop("int")

        d20_abilities = cls(
            str_=str_,
            dex=dex,
            con=con,
            wis=wis,
            cha=cha,
            int_=int_,
        )

        d20_abilities.additional_properties = d
        return d20_abilities

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

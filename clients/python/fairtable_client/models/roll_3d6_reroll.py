from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.roll_3d6_reroll_source import Roll3D6RerollSource, check_roll_3d6_reroll_source
from ..types import UNSET, Unset

T = TypeVar("T", bound="Roll3D6Reroll")


@_attrs_define
class Roll3D6Reroll:
    """A reroll spent on a 3d6 test: which die, from which source, its face before and
    after.

        Attributes:
            die (int): Index of the die in `dice`.
            source (Roll3D6RerollSource):
            name (None | str):
            old (int):
            new (int):
            grant_id (str | Unset): The grant it used up, if any.
    """

    die: int
    source: Roll3D6RerollSource
    name: None | str
    old: int
    new: int
    grant_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        die = self.die

        source: str = self.source

        name: None | str
        name = self.name

        old = self.old

        new = self.new

        grant_id = self.grant_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "die": die,
                "source": source,
                "name": name,
                "old": old,
                "new": new,
            }
        )
        if grant_id is not UNSET:
            field_dict["grant_id"] = grant_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        die = d.pop("die")

        source = check_roll_3d6_reroll_source(d.pop("source"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        old = d.pop("old")

        new = d.pop("new")

        grant_id = d.pop("grant_id", UNSET)

        roll_3d6_reroll = cls(
            die=die,
            source=source,
            name=name,
            old=old,
            new=new,
            grant_id=grant_id,
        )

        roll_3d6_reroll.additional_properties = d
        return roll_3d6_reroll

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

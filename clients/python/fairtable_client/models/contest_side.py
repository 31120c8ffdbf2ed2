from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContestSide")


@_attrs_define
class ContestSide:
    """One side of a contest: who rolls, which quality, with advantage or disadvantage.

    Attributes:
        character_id (str):
        quality (str):
        advantage (bool | Unset):  Default: False.
        disadvantage (bool | Unset):  Default: False.
    """

    character_id: str
    quality: str
    advantage: bool | Unset = False
    disadvantage: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        character_id = self.character_id

        quality = self.quality

        advantage = self.advantage

        disadvantage = self.disadvantage

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "character_id": character_id,
                "quality": quality,
            }
        )
        if advantage is not UNSET:
            field_dict["advantage"] = advantage
        if disadvantage is not UNSET:
            field_dict["disadvantage"] = disadvantage

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        character_id = d.pop("character_id")

        quality = d.pop("quality")

        advantage = d.pop("advantage", UNSET)

        disadvantage = d.pop("disadvantage", UNSET)

        contest_side = cls(
            character_id=character_id,
            quality=quality,
            advantage=advantage,
            disadvantage=disadvantage,
        )

        return contest_side
